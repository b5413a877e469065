import { describe, expect, it } from 'vitest'
import { EngineState } from '../engine-state.js'
import * as service from '../service-calls.js'

const IMAGE = { model: 'vendor-a/base-image', prompt: 'a red fox in the snow' }
const JAN_2026 = Date.parse('2026-01-01T00:00:00Z')
const JAN_1990 = Date.parse('1990-01-01T00:00:00Z')

/** An engine's state on a manual clock from `start`, and its submissions as alice. */
function simulator(start: number) {
  const state = new EngineState({ seed: 7, clock: { mode: 'manual', start } })
  const alice = state.accounts.authenticate({ kind: 'key', key: 'sk_test_alice' }, undefined, start)
  const submit = () => service.submit(state, alice, 'image', IMAGE, {})
  return { state, submit }
}

describe('two engines side by side in one process', () => {
  it("pack their tasks each from their own first task, sharing no field object with the other's", async () => {
    const a = simulator(JAN_2026)
    const b = simulator(JAN_1990)
    for (let i = 0; i < 3; i++) {
      await a.submit()
      await b.submit()
    }
    // Each store's times are offsets from its own first task: 36 years apart, neither is the other's.
    expect([a.state.tasks.packing.base, b.state.tasks.packing.base]).toEqual([JAN_2026, JAN_1990])
    const [taskA] = a.state.tasks.records()
    const [taskB] = b.state.tasks.records()
    expect([taskA!.createdAt, taskB!.createdAt]).toEqual([JAN_2026, JAN_1990])
    // Like tasks share their account's, model's and layout's fields within a store, never across.
    const fields = { ...taskA!, preview: taskA!.preview }
    expect(a.state.tasks.packing.common(fields)).toBe(a.state.tasks.packing.common(fields))
    expect(b.state.tasks.packing.common(fields)).not.toBe(a.state.tasks.packing.common(fields))
  })
})
