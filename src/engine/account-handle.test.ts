import { describe, expect, it } from 'vitest'
import { accountHandles } from './account-handle.js'
import { Engine } from './engine.js'
import { Problem } from './problem.js'

const START = Date.parse('2026-01-01T00:00:00.000Z')

describe('accountHandles (simulator.accounts)', () => {
  it("create({ clock: 'own' }) gives a handle whose advance() moves only that account's tasks", async () => {
    const engine = new Engine({ seed: 7, clock: { mode: 'manual', start: START } })
    const own = accountHandles(engine).create({ clock: 'own', credits: 50 })
    expect(own).toMatchObject({ credits: 50, apiKey: expect.stringMatching(/^sk_test_/) })
    const { response } = await engine.submit(engine.authenticate({ kind: 'key', key: own.apiKey }), 'image', {
      model: 'base-image-2',
      prompt: 'a fox',
    })
    engine.advanceClock(3600)
    expect(own.clock()).toEqual({ mode: 'manual', speed: 1, now: new Date(START).toISOString(), own: true })
    const advanced = own.advance({ until: 'idle' })
    expect(advanced.idle).toBe(true)
    expect(advanced.changes.at(-1)).toMatchObject({ taskId: response.taskId, status: 1 })
    expect(own.advance(30).now).toBe(new Date(Date.parse(advanced.now) + 30_000).toISOString())
  })

  it('refuses what POST /__mock/accounts refuses, and advancing an account on the server clock', () => {
    const accounts = accountHandles(new Engine())
    expect(() => accounts.create({ credits: -1 })).toThrow(Problem)
    const shared = accounts.create()
    expect(() => shared.advance(5)).toThrow(/reads the server clock/)
    expect(() => accounts.create({ clock: 'own' }).advance(-1)).toThrow(Problem)
  })
})
