// What the engine's tests share: a fixed start, two accounts' keys, a body of each kind, and an engine on a
// manual clock with Alice authenticated.
import { Engine } from './engine.js'
import type { EngineOptions } from './engine-options.js'

export const START = Date.parse('2026-01-01T00:00:00.000Z')
export const ORIGIN = 'http://localhost:4600'
export const ALICE = { kind: 'key', key: 'sk_test_alice' } as const
export const BOB = { kind: 'key', key: 'sk_test_bob' } as const

export const IMAGE = { model: 'vendor-a/base-image', prompt: 'a red fox in the snow' } // 3 credits per call
export const UPSTREAM_A = { ...IMAGE, provider: 'upstream-a' }
export const RELAY = { provider: 'relay', model: 'base-image-2', prompt: 'a lighthouse', resolution: '1K' }
export const VIDEO = { model: 'video-d', inputMode: 'text_to_video', prompt: 'waves at dusk' }

export function engineWith(options: EngineOptions = {}) {
  const engine = new Engine({ seed: 7, clock: { mode: 'manual', start: START }, ...options })
  const alice = engine.authenticate(ALICE)
  return { engine, alice, credits: () => engine.getAccount(alice.id).credits }
}
