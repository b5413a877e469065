/**
 * The snapshot: the simulator's whole state as one JSON document (docs/state.md, Snapshots), the
 * engine's saved value and the drift report's side by side. GET /__mock/state gives one (made
 * here; the document a --state DIR keeps is made by kept-document.ts); PUT /__mock/state,
 * --state-from, a --state DIR and the browser worker's saved state take one back
 * (snapshot-restore.ts), each checked by snapshot-check.ts first.
 */
import pkg from '../../package.json' with { type: 'json' }
import { LIMITS } from '../contract/limits.js'
import { SNAPSHOT_FORMAT } from '../contract/saved-engine.js'
import type { Drift } from '../drift/drift-state.js'
import type { SavedDrift } from '../drift/saved-drift.js'
import type { Engine } from '../engine/engine.js'
import type { SavedEngine } from '../engine/saved-state.js'

/** A snapshot (docs/state.md): the saved engine and, beside it, the drift report. */
export type Snapshot = SavedEngine & { drift?: SavedDrift }

/**
 * The state as a snapshot: a saved engine with the format's name and the genmock that wrote it,
 * and the drift report. The browser worker keeps the same document across page reloads. The drift
 * report's objects are live: serialise the snapshot at once.
 * @example
 * writeFileSync('fixture.json', JSON.stringify(snapshotOf(engine, drift)))
 */
export function snapshotOf(engine: Engine, drift: Drift): Snapshot {
  const saved = engine.save()
  return {
    format: SNAPSHOT_FORMAT,
    genmock: pkg.version,
    savedAt: new Date().toISOString(),
    ...saved,
    drift: drift.save(),
  }
}

/**
 * The largest body a door reads for a request: a snapshot may be far larger than any other body.
 * @example
 * bodyLimit('PUT', '/__mock/state') // LIMITS.maxStateBytes
 */
export const bodyLimit = (method: string, path: string): number =>
  method === 'PUT' && path === '/__mock/state' ? LIMITS.maxStateBytes : LIMITS.maxBodyBytes
