import { Collection } from '@msw/data'
import { afterEach, describe, expect, it, vi } from 'vitest'
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
    expect(store.list().map((t) => t.id)).toEqual(['t4', 't3', 't2', 't1', 't0'])
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
    expect(store.list().map((t) => t.id)).toEqual(['t4', 't2', 't1'])
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
    expect(store.list({ status: 0 }).map((t) => t.id)).toEqual(['t2', 't0'])
    expect(store.list({ status: 2 }).map((t) => t.id)).toEqual(['t1'])
    expect(store.list({ accountId: 'acct_a', status: 2 })[0]).toBe(store.get('t1'))
    expect(store.list({ accountId: 'acct_b' })).toEqual([])
  })

  it('keeps working over many evictions', async () => {
    const store = new TaskStore(10)
    for (let i = 0; i < 3000; i++) {
      store.add(record(`t${i}`, i))
      store.finished(`t${i}`)
    }
    expect(store.size).toBe(10)
    expect(store.list().map((t) => t.id)).toEqual(Array.from({ length: 10 }, (_, i) => `t${2999 - i}`))
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
    expect(store.list({ status: 0 }).map((t) => t.id)).toEqual(pending)
    expect(store.list().map((t) => t.id)).toEqual(['t999', 't998', 't997', 't996', 't995', ...pending])
    store.add(record('t3', 1000))
    expect(store.list().filter((t) => t.id === 't3')).toHaveLength(1)
  })
})

describe('TaskStore: rows built when tasks are first listed', () => {
  afterEach(() => vi.restoreAllMocks())
  const rowsIn = () => new Promise((resolve) => setTimeout(resolve, 0))

  // And answers the same before and after they are in.
  it('builds no row while nothing is listed, then one per task', async () => {
    const create = vi.spyOn(Collection.prototype, 'create')
    const findMany = vi.spyOn(Collection.prototype, 'findMany')
    const store = await storeWith(10, 300)
    expect(create).not.toHaveBeenCalled()
    const newest = Array.from({ length: 300 }, (_, i) => `t${299 - i}`)
    expect(store.list().map((t) => t.id)).toEqual(newest)
    expect(create).toHaveBeenCalledTimes(300)
    expect(store.list().map((t) => t.id)).toEqual(newest) // rows still on their way
    await rowsIn()
    findMany.mockClear()
    expect(store.list().map((t) => t.id)).toEqual(newest)
    // answered by the collections
    expect(findMany.mock.results.flatMap((result) => result.value as unknown[])).toHaveLength(300)
    expect(create).toHaveBeenCalledTimes(300) // built once
  })

  // Whether they finished before, during or after their rows were built.
  it('lists tasks by status and account', async () => {
    const store = await storeWith(100, 6)
    const finish = (id: string, status: 1 | 2) => {
      store.get(id)!.status = status
      store.finished(id)
    }
    finish('t0', 1) // before any row
    store.list()
    finish('t1', 2) // while the rows are being built
    await rowsIn()
    finish('t2', 1) // after
    store.add({ ...record('t6', 6), accountId: 'acct_b' })
    expect(store.list({ status: 0 }).map((t) => t.id)).toEqual(['t6', 't5', 't4', 't3'])
    expect(store.list({ status: 1 }).map((t) => t.id)).toEqual(['t2', 't0'])
    expect(store.list({ status: 2 }).map((t) => t.id)).toEqual(['t1'])
    expect(store.list({ accountId: 'acct_b' }).map((t) => t.id)).toEqual(['t6'])
    await rowsIn()
    expect(store.list({ status: 1, accountId: 'acct_a' }).map((t) => t.id)).toEqual(['t2', 't0'])
    expect(store.list({ status: 0, accountId: 'acct_b' }).map((t) => t.id)).toEqual(['t6'])
  })

  it('drops the collection of tasks all evicted while their rows were being built', async () => {
    const findMany = vi.spyOn(Collection.prototype, 'findMany')
    const store = await storeWith(0, 3)
    store.list()
    for (const id of ['t0', 't1', 't2']) {
      store.get(id)!.status = 1
      store.finished(id) // over a cap of 0: evicted at once
    }
    await rowsIn()
    findMany.mockClear()
    expect(store.list()).toEqual([])
    expect(findMany).not.toHaveBeenCalled() // no collection is left to ask
  })

  it('keeps rows still being built for a cleared store out of the collections built after it', async () => {
    const store = await storeWith(10, 3)
    store.list()
    store.clear()
    store.add(record('t9', 0)) // the same shard number as the cleared tasks
    store.list()
    await rowsIn()
    expect(store.list().map((t) => t.id)).toEqual(['t9'])
    await rowsIn()
    expect(store.list({ status: 0 }).map((t) => t.id)).toEqual(['t9'])
  })
})
