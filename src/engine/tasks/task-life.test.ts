import { describe, expect, it } from 'vitest'
import { Ledger } from '../accounts/ledger.js'
import { TaskLife } from './task-life.js'
import { pendingRecord } from './task-record.fixtures.js'
import { TaskStore } from './task-store.js'
import type { ScheduledStep } from './timeline.js'

const record = (id: string) => pendingRecord(id)

async function setup() {
  const tasks = new TaskStore()
  const ledger = new Ledger()
  ledger.open('acct_a', 10, 0)
  ledger.debit('acct_a', 4, 't1', 0)
  const task = tasks.add(record('t1'))
  return { task, ledger, life: new TaskLife(tasks, ledger) }
}

/** Two pending tasks, t1 and t2, of an account with credits, and a life for them. */
function twoTasks() {
  const tasks = new TaskStore()
  const ledger = new Ledger()
  ledger.open('acct_a', 10, 0)
  tasks.add(record('t1'))
  tasks.add({ ...record('t2'), seq: 1 })
  return { tasks, ledger, life: new TaskLife(tasks, ledger) }
}

describe('TaskLife', () => {
  it("keeps the steps to come apart from the caller's array, which stays as it gave it", async () => {
    const { tasks, life } = twoTasks()
    const handed: ScheduledStep[] = [
      { kind: 'time', at: 2000, set: { status: 1 } },
      { kind: 'time', at: 1000, set: { relayStatus: 'running' } },
    ]
    life.schedule('t1', handed)
    expect(life.upcoming('t1').timed.map((step) => step.at)).toEqual([1000, 2000])
    const kept: ScheduledStep[] = [{ kind: 'time', at: 3000, set: { status: 1 } }]
    life.schedule('t2', kept)
    expect(life.next('t2')).toEqual({ at: 3000 })
    life.runDue(5000)
    expect(handed.map((step) => (step.kind === 'time' ? step.at : step.n))).toEqual([2000, 1000])
    expect(kept).toEqual([{ kind: 'time', at: 3000, set: { status: 1 } }])
    expect([tasks.get('t1')?.status, tasks.get('t2')?.status]).toEqual([1, 1])
    expect(life.upcoming('t1')).toEqual({ timed: [], polls: [] })
  })

  it('applies timed steps in time order, each at its own time, and only once due', async () => {
    const { task, life } = await setup()
    life.schedule('t1', [
      { kind: 'time', at: 2000, set: { status: 1 } },
      { kind: 'time', at: 1000, set: { relayStatus: 'running' } },
    ])
    life.runDue(999)
    expect(task.relayStatus).toBeUndefined()
    life.runDue(1500)
    expect(task).toMatchObject({ relayStatus: 'running', status: 0, updatedAt: 1000 })
    life.runDue(5000)
    expect(task).toMatchObject({ status: 1, updatedAt: 2000 })
    expect(life.pendingEvents).toBe(0)
  })

  it('refunds once, at the step time, and leaves a terminal task as it is', async () => {
    const { task, life, ledger } = await setup()
    life.schedule('t1', [
      { kind: 'time', at: 1000, set: { status: 2, errorCode: 'UPSTREAM_FAILED' }, refund: true },
      { kind: 'time', at: 2000, set: { status: 1 }, refund: true },
    ])
    life.runDue(3000)
    expect(task).toMatchObject({ status: 2, creditRefunded: true, updatedAt: 1000 })
    expect(ledger.balance('acct_a')).toBe(10)
    expect(ledger.entries('acct_a').filter((e) => e.kind === 'refund')).toEqual([
      { at: 1000, kind: 'refund', amount: 4, balanceAfter: 10, taskId: 't1' },
    ])
  })

  it('applies poll steps when the poll count reaches them, in order of N, and forgets them once terminal', async () => {
    const { task, life } = await setup()
    life.schedule('t1', [
      { kind: 'poll', n: 3, set: { status: 1 } },
      { kind: 'poll', n: 2, set: { relayStatus: 'running' } },
    ])
    life.polled(task, 1, 10)
    expect(task.relayStatus).toBeUndefined()
    life.polled(task, 2, 20)
    expect(task).toMatchObject({ relayStatus: 'running', status: 0, updatedAt: 20 })
    life.polled(task, 3, 30)
    expect(task).toMatchObject({ status: 1, updatedAt: 30 })
  })

  it('clear() forgets every pending step', async () => {
    const { task, life } = await setup()
    life.schedule('t1', [
      { kind: 'time', at: 1000, set: { status: 1 } },
      { kind: 'poll', n: 1, set: { status: 2 }, refund: false },
    ])
    life.clear()
    life.runDue(5000)
    life.polled(task, 5, 5000)
    expect(task.status).toBe(0)
    expect(life.pendingEvents).toBe(0)
  })
})

describe('TaskLife: events of finished tasks', () => {
  it('are dropped in bulk once they are most of the heap, and pending tasks keep theirs', async () => {
    const tasks = new TaskStore()
    const ledger = new Ledger()
    ledger.open('acct_a', 1_000_000, 0)
    const life = new TaskLife(tasks, ledger)
    for (let i = 0; i < 3000; i++) {
      tasks.add({ ...record(`t${i}`), seq: i })
      // Each task: a completion at 1 s, and an expiry an hour later that will never matter.
      life.schedule(`t${i}`, [
        { kind: 'time', at: 1000, set: { status: 1 } },
        { kind: 'time', at: 3_600_000, set: { status: 2 }, refund: false },
      ])
    }
    tasks.add({ ...record('pending'), seq: 3000 })
    life.schedule('pending', [{ kind: 'time', at: 7_200_000, set: { status: 1 } }])
    life.runDue(1000)
    expect(life.queuedEvents).toBeLessThan(1500)
    expect(life.pendingEvents).toBe(1)
    life.runDue(7_200_000)
    expect(tasks.get('pending')?.status).toBe(1)
    expect(tasks.get('t0')?.status).toBe(1)
  })

  it("stay with their life when the task's other steps move to another clock's", async () => {
    const { tasks, ledger, life } = twoTasks()
    const other = new TaskLife(tasks, ledger, life.history)
    life.schedule('t1', [
      { kind: 'time', at: 1000, set: { status: 1 } },
      { kind: 'time', at: 5000, set: { status: 2 }, refund: false },
    ])
    life.schedule('t2', [{ kind: 'time', at: 3000, set: { status: 1 } }])
    life.runDue(1000)
    expect([life.pendingEvents, life.queuedEvents]).toEqual([1, 2])
    life.moveTo(other, () => true)
    expect([life.pendingEvents, other.pendingEvents]).toEqual([0, 1])
    other.runDue(9000)
    life.runDue(9000)
    expect([life.pendingEvents, life.queuedEvents, other.pendingEvents, other.queuedEvents]).toEqual([0, 0, 0, 0])
    expect(tasks.get('t2')?.status).toBe(1)
  })
})
