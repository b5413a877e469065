import { describe, expect, it } from 'vitest'
import type { SavedChanges } from '../../src/engine/state-changes.js'
import { StateReplay } from '../../src/engine/state-replay.js'
import { toTable } from '../../src/lib/keyed-table.js'
import { createSimulator, type Simulator } from '../../src/index.js'
import { appSender, mixedStep, normal, START } from './mixed-load.js'

/**
 * A saved state and the changes saved after it give back the state they were taken from: random
 * mixes of requests through the route core, changes taken between them, whole saves now and then.
 */

const options = () => ({
  seed: 3,
  clock: { mode: 'manual' as const, start: START, wallNow: () => START },
  maxTasks: 25,
  journalLimit: 15,
  sleep: async () => {},
})

const roundTrip = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

describe('a snapshot and its log of changes replay to the state they were taken from', () => {
  for (const run of [1, 2, 3, 4, 5, 6]) {
    it(`run ${run}: 300 mixed requests, changes taken every few, a whole save now and then`, async () => {
      const simulator: Simulator = createSimulator(options())
      const { engine } = simulator
      const send = appSender(simulator.app)
      let random = run * 7919
      const next = () => {
        random = (random * 48271) % 2147483647
        return random / 2147483647
      }
      let snapshot = roundTrip(engine.saving.checkpoint())
      let log: SavedChanges[] = []
      const ids: string[] = []
      for (let i = 0; i < 300; i++) {
        await mixedStep(send, next, ids)
        if (next() < 0.3) {
          const changes = engine.saving.takeChanges()
          if (changes) log.push(roundTrip(changes))
          else {
            snapshot = roundTrip(engine.saving.checkpoint())
            log = []
          }
        }
        if (next() < 0.02) {
          snapshot = roundTrip(engine.saving.checkpoint())
          log = []
        }
      }
      const last = engine.saving.takeChanges()
      if (last) log.push(roundTrip(last))
      else {
        snapshot = roundTrip(engine.saving.checkpoint())
        log = []
      }
      const replay = new StateReplay(snapshot)
      for (const changes of log) replay.apply(changes)
      const restored = createSimulator(options())
      const { saved, records } = replay.result()
      saved.tasks.records = toTable(records)
      restored.engine.restore(roundTrip(saved))
      expect(normal(restored.engine.save())).toEqual(normal(engine.save()))
    })
  }
})
