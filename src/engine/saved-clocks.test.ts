import { describe, expect, it } from 'vitest'
import { Engine } from './engine.js'
import type { SavedEngine } from './saved-state.js'
import { START, ORIGIN, KEYS, IMAGE, engineOptions } from './saved-state.fixtures.js'

describe('saved state: time', () => {
  it('a manual clock keeps its time; a real clock goes on by the wall time between save and restore', async () => {
    const wall = { now: START }
    const manual = new Engine(engineOptions(wall))
    manual.advanceClock(90)
    const savedManual = manual.save()
    wall.now += 60_000
    const manualAgain = new Engine(engineOptions(wall))
    manualAgain.restore(savedManual)
    expect(manualAgain.clockState()).toEqual({ mode: 'manual', speed: 1, now: new Date(START + 90_000).toISOString() })

    const real = { mode: 'real', speed: 10, start: START } as const
    wall.now = START
    const a = new Engine(engineOptions(wall, real))
    const alice = a.authenticate({ kind: 'key', key: KEYS.alice })
    const { response } = await a.submit(alice, 'image', IMAGE) // done 4 to 12 simulated seconds later
    wall.now += 200 // 2 simulated seconds
    const saved = JSON.parse(JSON.stringify(a.save())) as SavedEngine
    wall.now += 5_000 // the page reloads: 50 simulated seconds
    const b = new Engine(engineOptions(wall, real))
    b.restore(saved)
    expect(b.clockState()).toEqual({ mode: 'real', speed: 10, now: new Date(START + 52_000).toISOString() })
    expect(b.clockState()).toEqual(a.clockState())
    const task = b.readTask(b.authenticate({ kind: 'key', key: KEYS.alice }), response.taskId, ORIGIN).snapshot
    expect(task.status).toBe(1)
    expect(Date.parse(task.updatedAt!)).toBeLessThanOrEqual(START + 12_000)
    wall.now += 1_000
    expect(b.clockState().now).toBe(new Date(START + 62_000).toISOString())
  })

  it('an account’s own clock keeps its time, apart from the server’s', async () => {
    const wall = { now: START }
    const a = new Engine(engineOptions(wall, { mode: 'real', start: START }))
    const { id } = a.createAccount({ credits: 10, clock: 'own' })
    a.advanceAccountClock(id, { seconds: 30 })
    const saved = a.save()
    wall.now += 10_000
    const b = new Engine(engineOptions(wall, { mode: 'real', start: START }))
    b.restore(saved)
    expect(b.accountClock(id)).toEqual({
      mode: 'manual',
      speed: 1,
      now: new Date(START + 30_000).toISOString(),
      own: true,
    })
    expect(b.clockState().now).toBe(new Date(START + 10_000).toISOString())
  })
})
