import { describe, expect, it } from 'vitest'
import { Clock } from './clock.js'
import { Ledger } from '../accounts/ledger.js'
import { TaskLife } from '../tasks/task-life.js'
import { pendingRecord } from '../tasks/task-record.fixtures.js'
import { TaskStore } from '../tasks/task-store.js'
import { IDLE_CAP_MS, World } from './account-clocks.js'

const record = (id: string, seq: number) => pendingRecord(id, { seq })

async function world(...ids: string[]) {
  const tasks = new TaskStore()
  const ledger = new Ledger()
  ledger.open('acct_a', 100, 0)
  for (const [i, id] of ids.entries()) tasks.add(record(id, i))
  const life = new TaskLife(tasks, ledger)
  return { tasks, life, world: new World(new Clock({ mode: 'manual', start: 0 }), life) }
}

describe('World.advance', () => {
  it('by seconds: the changes due within, in time order, and whether anything is still pending', async () => {
    const { life, world: w } = await world('t1', 't2')
    life.schedule('t1', [{ kind: 'time', at: 3000, set: { status: 1 } }])
    life.schedule('t2', [
      { kind: 'time', at: 1000, set: { relayStatus: 'running' } },
      { kind: 'time', at: 9000, set: { status: 1 } },
    ])
    expect(w.advance({ seconds: 5 })).toEqual({
      mode: 'manual',
      speed: 1,
      now: '1970-01-01T00:00:05.000Z',
      changes: [
        { taskId: 't2', at: '1970-01-01T00:00:01.000Z', status: 0, relayStatus: 'running' },
        { taskId: 't1', at: '1970-01-01T00:00:03.000Z', status: 1 },
      ],
      idle: false,
    })
  })

  it('next-event passes over the leftover events of tasks that finished first', async () => {
    const { life, world: w } = await world('t1', 't2')
    life.schedule('t1', [
      { kind: 'time', at: 1000, set: { status: 2 }, refund: true },
      { kind: 'time', at: 2000, set: { status: 1 } },
    ])
    life.schedule('t2', [{ kind: 'time', at: 5000, set: { status: 1 } }])
    expect(w.advance({ until: 'next-event' }).changes.map((c) => c.taskId)).toEqual(['t1'])
    const next = w.advance({ until: 'next-event' })
    expect(next).toMatchObject({ now: '1970-01-01T00:00:05.000Z', changes: [{ taskId: 't2', status: 1 }], idle: true })
  })

  it('idle stops at 7 days from where it started, at the last change within them', async () => {
    const { life, world: w } = await world('t1', 't2')
    life.schedule('t1', [{ kind: 'time', at: IDLE_CAP_MS, set: { status: 1 } }])
    life.schedule('t2', [{ kind: 'time', at: IDLE_CAP_MS + 1, set: { status: 1 } }])
    const advanced = w.advance({ until: 'idle' })
    expect(advanced).toMatchObject({
      now: new Date(IDLE_CAP_MS).toISOString(),
      idle: false,
      changes: [{ taskId: 't1' }],
    })
    expect(w.advance({ until: 'idle' })).toMatchObject({ now: new Date(IDLE_CAP_MS + 1).toISOString(), idle: true })
  })

  it('idle with nothing pending and next-event with nothing scheduled leave the clock where it is', async () => {
    const { world: w } = await world()
    expect(w.advance({ until: 'idle' })).toMatchObject({ now: '1970-01-01T00:00:00.000Z', changes: [], idle: true })
    expect(w.advance({ until: 'next-event' })).toMatchObject({
      now: '1970-01-01T00:00:00.000Z',
      changes: [],
      idle: true,
    })
  })
})
