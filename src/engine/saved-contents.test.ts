import { describe, expect, it } from 'vitest'
import { Engine } from './engine.js'
import type { SavedEngine } from './saved-state.js'
import { START, KEYS, IMAGE, scenario, engineOptions } from './saved-state.fixtures.js'

describe('saved state: what it holds', () => {
  it('restores a replaced scenario that uses one loaded after it', async () => {
    const wall = { now: START }
    const given = { scenario: scenario({ name: 'mine', rules: [{ use: 'default' }] }), origin: 'options' }
    const a = new Engine({ ...engineOptions(wall), scenarios: [given] })
    a.loadScenario(scenario({ name: 'helper', rules: [{ use: 'default' }] }))
    a.loadScenario(scenario({ name: 'mine', rules: [{ use: 'helper' }] }))
    const b = new Engine({ ...engineOptions(wall), scenarios: [given] })
    b.restore(JSON.parse(JSON.stringify(a.save())) as SavedEngine)
    expect(b.scenario('mine')?.scenario.rules).toEqual([{ use: 'helper' }])
    expect(b.save()).toEqual(a.save())
  })

  it('drops an Idempotency-Key still in progress: its request does not outlive the page', async () => {
    const wall = { now: START }
    let release = () => {}
    const a = new Engine({ ...engineOptions(wall), sleep: () => new Promise<void>((resolve) => (release = resolve)) })
    const alice = a.authenticate({ kind: 'key', key: KEYS.alice })
    const slow = { name: 'slow', header: 'x-mock-scenario' }
    a.loadScenario(scenario({ name: 'slow', rules: [{ submit: { latency: '1s' }, use: 'default' }] }))
    const first = a.submit(alice, 'image', IMAGE, { idempotencyKey: 'slow-key-0001', scenario: slow })
    const saved = a.save()
    release()
    await first
    const b = new Engine(engineOptions(wall))
    b.restore(saved)
    const retry = await b.submit(b.authenticate({ kind: 'key', key: KEYS.alice }), 'image', IMAGE, {
      idempotencyKey: 'slow-key-0001',
      scenario: slow,
    })
    expect(retry.replayed).toBe(false)
  })
})

describe('saved state size', () => {
  it('stays lean: about 500 characters of JSON a finished task, ledger and history included', async () => {
    const wall = { now: START }
    const engine = new Engine(engineOptions(wall))
    engine.patchAccount('acct_alice', { credits: 1_000_000 })
    const alice = engine.authenticate({ kind: 'key', key: KEYS.alice })
    for (let i = 0; i < 1000; i++) await engine.submit(alice, 'image', { ...IMAGE, prompt: `a red fox, number ${i}` })
    engine.advanceClock({ until: 'idle' })
    const saved = engine.save()
    expect(JSON.stringify(saved).length).toBeLessThan(550_000)
    // The records as a table: their keys once, not a thousand times.
    expect(JSON.stringify(saved.tasks).length).toBeLessThan(300_000)
  })
})
