import { describe, expect, it } from 'vitest'
import type { TaskRecord } from './task-record.js'
import { TaskStore } from './task-store.js'

const record = (id: string, seq: number): TaskRecord => ({
  id, seq, type: 'image', accountId: 'acct_a', model: 'base-image-2', prompt: 'p', provider: 'standard', scenario: 'default', polls: 0,
  status: 0, creditsUsed: 4, creditRefunded: false, createdAt: seq, updatedAt: seq, providerTaskId: 'prv', requestId: 'req', httpRequestId: 'http',
  submissionUncertain: false, effectiveWatermark: false, demo: false, numOutputs: 1, preview: { width: 256, height: 256 },
})

async function storeWith(maxTasks: number, count: number) {
  const store = new TaskStore(maxTasks)
  for (let i = 0; i < count; i++) await store.add(record(`t${i}`, i))
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
    await store.add(record('t2', 2))
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
      await store.add(record(`t${i}`, i))
      store.finished(`t${i}`)
    }
    expect(store.size).toBe(10)
    expect(store.list().map((t) => t.id)).toEqual(Array.from({ length: 10 }, (_, i) => `t${2999 - i}`))
  })

  it('lists a task still pending among thousands evicted around it, and an evicted id drawn again once', async () => {
    const store = new TaskStore(10)
    for (let i = 0; i < 1000; i++) {
      await store.add(record(`t${i}`, i))
      if (i % 200 === 7) continue
      store.get(`t${i}`)!.status = 1
      store.finished(`t${i}`)
    }
    const pending = ['t807', 't607', 't407', 't207', 't7']
    expect(store.list({ status: 0 }).map((t) => t.id)).toEqual(pending)
    expect(store.list().map((t) => t.id)).toEqual(['t999', 't998', 't997', 't996', 't995', ...pending])
    await store.add(record('t3', 1000))
    expect(store.list().filter((t) => t.id === 't3')).toHaveLength(1)
  })
})
