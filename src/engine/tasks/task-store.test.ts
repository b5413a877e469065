import { describe, expect, it } from 'vitest'
import type { TaskRecord } from './task-record.js'
import { pendingRecord } from './task-record.fixtures.js'
import { TaskStore } from './task-store.js'

const record = (id: string, seq: number) => pendingRecord(id, { seq, at: seq })

async function storeWith(maxTasks: number, count: number) {
  const store = new TaskStore(maxTasks)
  for (let i = 0; i < count; i++) store.add(record(`t${i}`, i))
  return store
}

describe('TaskStore: the maxTasks cap', () => {
  it('never evicts a pending task, however many there are', async () => {
    const store = await storeWith(3, 5)
    expect(store.size).toBe(5)
    expect(store.page().tasks.map((t) => t.id)).toEqual(['t4', 't3', 't2', 't1', 't0'])
  })

  it('evicts the tasks that finished first, down to the cap, from the index and from queries', async () => {
    const store = await storeWith(3, 5)
    for (const id of ['t3', 't0', 't4']) {
      store.get(id)!.status = 1
      store.finished(id)
    }
    expect(store.size).toBe(3)
    expect(store.has('t3')).toBe(false)
    expect(store.has('t0')).toBe(false)
    expect(store.get('t4')?.status).toBe(1)
    expect(store.page().tasks.map((t) => t.id)).toEqual(['t4', 't2', 't1'])
  })

  it('at the cap exactly, nothing is evicted; one over, the oldest finished goes', async () => {
    const store = await storeWith(2, 2)
    store.finished('t0')
    expect(store.size).toBe(2)
    store.add(record('t2', 2))
    expect([store.size, store.has('t0'), store.has('t1'), store.has('t2')]).toEqual([2, false, true, true])
  })

  it('lists a task under the status it finished with, and by account', async () => {
    const store = await storeWith(10, 3)
    store.get('t1')!.status = 2
    store.finished('t1')
    expect(store.page({ status: 0 }).tasks.map((t) => t.id)).toEqual(['t2', 't0'])
    expect(store.page({ status: 2 }).tasks.map((t) => t.id)).toEqual(['t1'])
    expect(store.page({ accountId: 'acct_a', status: 2 }).tasks[0]).toBe(store.get('t1'))
    expect(store.page({ accountId: 'acct_b' }).tasks).toEqual([])
  })

  it('keeps working over many evictions', async () => {
    const store = new TaskStore(10)
    for (let i = 0; i < 3000; i++) {
      store.add(record(`t${i}`, i))
      store.finished(`t${i}`)
    }
    expect(store.size).toBe(10)
    expect(store.page().tasks.map((t) => t.id)).toEqual(Array.from({ length: 10 }, (_, i) => `t${2999 - i}`))
  })

  it('lists a task still pending among thousands evicted around it, and an evicted id drawn again once', async () => {
    const store = new TaskStore(10)
    for (let i = 0; i < 1000; i++) {
      store.add(record(`t${i}`, i))
      if (i % 200 === 7) continue
      store.get(`t${i}`)!.status = 1
      store.finished(`t${i}`)
    }
    const pending = ['t807', 't607', 't407', 't207', 't7']
    expect(store.page({ status: 0 }).tasks.map((t) => t.id)).toEqual(pending)
    expect(store.page().tasks.map((t) => t.id)).toEqual(['t999', 't998', 't997', 't996', 't995', ...pending])
    store.add(record('t3', 1000))
    expect(store.page().tasks.filter((t) => t.id === 't3')).toHaveLength(1)
  })
})

describe('TaskStore: pages', () => {
  const ids = (page: { tasks: TaskRecord[] }) => page.tasks.map((t) => t.id)

  it('gives a page, a cursor to the next one, and none after the last', () => {
    const store = new TaskStore()
    for (let i = 0; i < 5; i++) store.add(record(`t${i}`, i))
    const first = store.page({}, { limit: 2 })
    expect([ids(first), first.total, first.next]).toEqual([['t4', 't3'], 5, 3])
    const second = store.page({}, { limit: 2, before: first.next })
    expect([ids(second), second.total, second.next]).toEqual([['t2', 't1'], 5, 1])
    const last = store.page({}, { limit: 2, before: second.next })
    expect([ids(last), last.next]).toEqual([['t0'], undefined])
    expect(store.page({}, { limit: 5 }).next).toBeUndefined() // exactly full: nothing after it
  })

  it('skips offset matches, with a filter, after a cursor too', () => {
    const store = new TaskStore()
    for (let i = 0; i < 10; i++) store.add({ ...record(`t${i}`, i), accountId: i % 2 ? 'acct_b' : 'acct_a' })
    expect(ids(store.page({ accountId: 'acct_b' }, { limit: 2, offset: 1 }))).toEqual(['t7', 't5'])
    expect(ids(store.page({ accountId: 'acct_b' }, { limit: 9, offset: 1, before: 7 }))).toEqual(['t3', 't1'])
    expect(store.page({ accountId: 'acct_b' }, { limit: 1, offset: 99 })).toEqual({ total: 5, tasks: [] })
  })

  it('a cursor whose task was evicted still finds its place', () => {
    const store = new TaskStore(3)
    for (let i = 0; i < 6; i++) store.add(record(`t${i}`, i))
    const first = store.page({}, { limit: 2 })
    for (const id of ['t3', 't4']) {
      store.get(id)!.status = 1
      store.finished(id)
    }
    expect(ids(store.page({}, { limit: 2, before: first.next }))).toEqual(['t2', 't1'])
  })

  it('the first page of 100,000 tasks in milliseconds', () => {
    const store = new TaskStore()
    for (let i = 0; i < 100_000; i++) store.add(record(`t${i}`, i))
    store.page({}, { limit: 100 })
    const started = performance.now()
    const page = store.page({}, { limit: 100 })
    expect(performance.now() - started).toBeLessThan(50)
    expect([page.tasks.length, page.total]).toEqual([100, 100_000])
  })
})
