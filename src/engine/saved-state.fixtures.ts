// What the saved-state tests share: a fixed start, the keys, bodies and one scenario.
import { scenarioSchema, type ScenarioInput } from '../contract/scenario.js'
import type { EngineOptions } from './engine.js'

// What the saved-state tests share: a fixed start, the keys, bodies and one scenario.
export const START = Date.parse('2026-01-01T00:00:00.000Z')
export const ORIGIN = 'http://localhost:4600'
export const KEYS = {
  alice: 'sk_test_alice',
  bob: 'sk_test_bob',
  carol: 'sk_test_carol_0001',
  owner: 'sk_test_owner_0001',
}

export const IMAGE = { model: 'vendor-a/base-image', prompt: 'a red fox in the snow' }
export const RELAY = { provider: 'relay', model: 'base-image-2', prompt: 'a lighthouse', resolution: '1K' }
export const VIDEO = { model: 'video-d', inputMode: 'text_to_video', prompt: 'waves at dusk' }

export const scenario = (input: Omit<ScenarioInput, 'description'>) =>
  scenarioSchema.parse({ description: `test scenario ${input.name}`, ...input })

/** Image tasks finish at their second poll, or fail with a refund after ten minutes. */
export const POLLED = scenario({
  name: 'polled',
  rules: [
    {
      match: { endpoint: 'image' },
      timeline: [
        { at: 'poll 2', set: { status: 1 } },
        { at: '10m', set: { status: 2, errorCode: 'GAVE_UP' }, refund: true },
      ],
    },
    { use: 'default' },
  ],
})

/** Same options for the engine saved and the one restored; the wall clock is the test's. */
export function engineOptions(
  wall: { now: number },
  clock: EngineOptions['clock'] = { mode: 'manual', start: START },
): EngineOptions {
  return { seed: 11, clock: { ...clock, wallNow: () => wall.now }, sleep: async () => {} }
}
