import { describe, expect, it } from 'vitest'
import { type AppliedChange, Engine } from '../engine.js'
import { POLLED } from '../saved-state.fixtures.js'
import { Ledger } from '../accounts/ledger.js'
import { comingChange, pastChange } from './task-detail.js'
import { TaskHistory } from './task-history.js'
import { TaskLife } from './task-life.js'
import { pendingRecord } from './task-record.fixtures.js'
import type { TaskRecord } from './task-record.js'
import { TaskStore } from './task-store.js'

const record = (id: string, seq = 0) => pendingRecord(id, { seq, at: 100 })

async function setup(ids = ['t1']) {
  const tasks = new TaskStore()
  const ledger = new Ledger()
  ledger.open('acct_a', 100, 0)
  for (const [i, id] of ids.entries()) tasks.add(record(id, i))
  const life = new TaskLife(tasks, ledger)
  return { tasks, ledger, life, history: life.history }
}

describe('TaskHistory', () => {
  it("keeps a task's creation, then each change with its state right after it, in order", () => {
    const history = new TaskHistory()
    const task = { ...record('t1'), relayStatus: 'queued' }
    history.created(task)
    expect(history.of(task)).toEqual([{ at: 100, status: 0, relayStatus: 'queued' }])
    history.changing(task)
    Object.assign(task, { relayStatus: 'running' })
    history.changed(task, 200, 'timeline', false)
    history.changing(task)
    Object.assign(task, { status: 2, relayStatus: 'failed', errorCode: 'UPSTREAM_FAILED' })
    history.changed(task, 300, 'transition', true)
    expect(history.of(task)).toEqual([
      { at: 100, status: 0, relayStatus: 'queued' },
      { at: 200, status: 0, relayStatus: 'running', by: 'timeline' },
      { at: 300, status: 2, relayStatus: 'failed', errorCode: 'UPSTREAM_FAILED', refunded: true, by: 'transition' },
    ])
  })

  it('keeps the histories of the most recently created tasks, up to its capacity; a let-go task gets none back', () => {
    const history = new TaskHistory(3)
    const tasks = Array.from({ length: 5 }, (_, i) => record(`t${i}`, i))
    for (const task of tasks) history.created(task)
    expect(history.of(tasks[1]!)).toBeUndefined()
    expect(history.of(tasks[4]!)).toHaveLength(1)
    const change = (task: TaskRecord, at: number) => {
      history.changing(task)
      task.status = 1
      history.changed(task, at, 'poll', false)
    }
    change(tasks[0]!, 500)
    change(tasks[3]!, 600)
    expect(history.of(tasks[0]!)).toBeUndefined()
    expect(history.of(tasks[3]!)?.map((e) => e.status)).toEqual([0, 1])
    const saved = history.save(tasks)
    expect(saved.map(([id, entries]) => [id, entries.length])).toEqual([
      ['t2', 1],
      ['t3', 2],
      ['t4', 1],
    ])
    const restored = new TaskHistory(3)
    restored.restore(saved, tasks)
    expect(restored.save(tasks)).toEqual(saved)
    // Three newer tasks later, t3 has left the newest, its kept history with it.
    for (let i = 5; i < 8; i++) history.created(record(`t${i}`, i))
    expect(history.of(tasks[3]!)).toBeUndefined()
  })

  it('a dropped task has no history left, and a task created again under its id starts a new one', () => {
    const history = new TaskHistory(3)
    const first = record('t1', 0)
    history.created(first)
    history.changing(first)
    first.status = 2
    history.changed(first, 200, 'transition', false)
    history.drop('t1')
    const again = { ...record('t1', 1), createdAt: 900 }
    history.created(again)
    expect(history.of(again)).toEqual([{ at: 900, status: 0 }])
  })

  it('keeps nothing for tasks that change only once they are no longer among the newest, over many of them', () => {
    const history = new TaskHistory(10)
    const tasks = Array.from({ length: 50_000 }, (_, i) => record(`t${i}`, i))
    for (const [i, task] of tasks.entries()) {
      history.created(task)
      // Each task changes 20 tasks after it was created: the last 10 changed ones are kept.
      const old = tasks[i - 20]
      if (old) {
        history.changing(old)
        old.status = 1
        history.changed(old, i, 'timeline', false)
      }
      if (i % 3 === 0) history.drop(`t${i}`)
    }
    expect(history.save(tasks).map(([id, entries]) => [id, entries.length])).toEqual(
      tasks.slice(-10).map(({ id }) => [id, 1]),
    )
    expect(history.of(tasks[49_975]!)).toBeUndefined()
  })
})

describe('TaskLife records into its history, and lists what is still to come', () => {
  it('a timed step (timeline), a poll step (poll) and a forced change (transition, with its refund)', async () => {
    const { life, tasks } = await setup(['t1', 't2'])
    life.schedule('t1', [
      { kind: 'time', at: 2000, set: { status: 1 } },
      { kind: 'time', at: 1000, set: { relayStatus: 'running' } },
      { kind: 'poll', n: 2, set: { errorCode: 'SLOW' } },
    ])
    life.schedule('t2', [{ kind: 'time', at: 9000, set: { status: 1 } }])
    expect(life.upcoming('t1').timed.map(comingChange)).toEqual([
      { at: '1970-01-01T00:00:01.000Z', relayStatus: 'running' },
      { at: '1970-01-01T00:00:02.000Z', status: 1 },
    ])
    expect(life.upcoming('t1').polls.map(comingChange)).toEqual([{ poll: 2, errorCode: 'SLOW' }])

    life.runDue(1500)
    expect(life.upcoming('t1').timed).toHaveLength(1)
    life.polled(tasks.get('t1')!, 2, 1600)
    life.runDue(2000)
    expect(life.upcoming('t1')).toEqual({ timed: [], polls: [] })
    expect(life.history.of(tasks.get('t1')!)!.map(pastChange)).toEqual([
      { at: '1970-01-01T00:00:00.100Z', status: 0 },
      { at: '1970-01-01T00:00:01.000Z', status: 0, relayStatus: 'running', by: 'timeline' },
      { at: '1970-01-01T00:00:01.600Z', status: 0, relayStatus: 'running', errorCode: 'SLOW', by: 'poll' },
      { at: '1970-01-01T00:00:02.000Z', status: 1, relayStatus: 'running', errorCode: 'SLOW', by: 'timeline' },
    ])

    life.apply('t2', { set: { status: 2, errorCode: 'FORCED' }, refund: true }, 3000)
    expect(tasks.get('t2')!.creditRefunded).toBe(true)
    expect(life.history.of(tasks.get('t2')!)!.at(-1)).toEqual({
      at: 3000,
      status: 2,
      errorCode: 'FORCED',
      refunded: true,
      by: 'transition',
    })
    // Terminal: its expiry step and every later change are gone, and nothing more is recorded.
    life.runDue(10_000)
    expect(life.history.of(tasks.get('t2')!)).toHaveLength(2)
  })

  it('a change that neither sets a field nor refunds (the credits went back already) is not a change', async () => {
    const { life, tasks } = await setup()
    life.schedule('t1', [
      { kind: 'time', at: 1000, refund: true },
      { kind: 'time', at: 2000, refund: true },
    ])
    life.runDue(3000)
    expect(life.history.of(tasks.get('t1')!)!.map((e) => e.refunded)).toEqual([undefined, true])
  })

  it("a step list moves with its task to another clock's life, which shares the history", async () => {
    const { life, tasks, ledger } = await setup()
    life.schedule('t1', [{ kind: 'time', at: 1000, set: { status: 1 } }])
    const own = new TaskLife(tasks, ledger, life.history)
    life.moveTo(own, () => true)
    expect(life.upcoming('t1').timed).toEqual([])
    expect(own.upcoming('t1').timed).toHaveLength(1)
    own.runDue(1000)
    expect(life.history.of(tasks.get('t1')!)!.at(-1)).toMatchObject({ status: 1, by: 'timeline' })
  })
})

describe('histories go with their tasks', () => {
  it('the store names each task it evicts, so its history is dropped', async () => {
    const tasks = new TaskStore(2)
    const history = new TaskHistory()
    tasks.onEvict = (id) => history.drop(id)
    const records = [0, 1, 2].map((i) => record(`t${i}`, i))
    for (const task of records) {
      history.created(tasks.add(task))
      history.changing(task)
      task.status = 1
      history.changed(task, 200, 'timeline', false)
      tasks.finished(task.id)
    }
    expect(tasks.get('t0')).toBeUndefined()
    expect(history.save(records).map(([id, entries]) => [id, entries.length])).toEqual([
      ['t0', 1],
      ['t1', 2],
      ['t2', 2],
    ])
  })

  it('in the engine: an evicted task has no detail, a kept one its whole history; reset forgets them', async () => {
    const engine = new Engine({ seed: 7, clock: { mode: 'manual', start: 0 }, maxTasks: 2 })
    const alice = engine.authenticate({ kind: 'key', key: 'sk_test_alice' })
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      ids.push((await engine.submit(alice, 'image', { model: 'base-image-2', prompt: `fox ${i}` })).response.taskId)
      engine.advanceClock({ until: 'idle' })
    }
    expect(() => engine.taskDetail(ids[0]!, 'http://x')).toThrow('task-not-found')
    expect(engine.taskDetail(ids[2]!, 'http://x').history.map((e) => [e.status, e.by])).toEqual([
      [0, undefined],
      [1, 'timeline'],
    ])
    engine.reset()
    expect(() => engine.taskDetail(ids[2]!, 'http://x')).toThrow('task-not-found')
  })
})

describe('a listener of the engine is told each change as it is applied', () => {
  it('of every task, whatever applied it: a timed step, a poll, the control API; then no more once unset', async () => {
    const engine = new Engine({ seed: 7, clock: { mode: 'manual', start: 0 }, scenarios: [POLLED] })
    const alice = engine.authenticate({ kind: 'key', key: 'sk_test_alice' })
    const told: AppliedChange[] = []
    engine.onTaskChange((change) => told.push(change))
    const submit = async (scenario: string, prompt: string) =>
      (
        await engine.submit(
          alice,
          'image',
          { model: 'base-image-2', prompt },
          { scenario: { name: scenario, header: scenario } },
        )
      ).response.taskId
    const timed = await submit('default', 'fox')
    const polled = await submit('polled', 'owl')
    const forced = await submit('polled', 'cat')
    expect(told).toEqual([])
    engine.advanceClock(30)
    expect(told).toEqual([{ taskId: timed, at: expect.any(Number), status: 1, refunded: false, by: 'timeline' }])
    engine.readTask(alice, polled, 'http://x')
    engine.readTask(alice, polled, 'http://x')
    expect(told[1]).toMatchObject({ taskId: polled, status: 1, by: 'poll' })
    engine.transition(forced, { status: 2, errorCode: 'FORCED', refund: true }, 'http://x')
    expect(told[2]).toEqual({
      taskId: forced,
      at: 30_000,
      status: 2,
      errorCode: 'FORCED',
      refunded: true,
      by: 'transition',
    })
    engine.onTaskChange(undefined)
    const later = await submit('default', 'hen')
    engine.advanceClock({ until: 'idle' })
    expect(engine.readTask(alice, later, 'http://x').snapshot.status).toBe(1)
    expect(told).toHaveLength(3)
  })
})
