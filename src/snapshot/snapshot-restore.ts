/**
 * A snapshot read back into the simulator (docs/state.md, Snapshots), the one place it is: one
 * given whole (PUT /__mock/state, --state-from, the browser worker's saved state), or one a
 * --state DIR keeps (kept-document.ts) brought up to date by the changes saved after it. Both pass
 * the one check (snapshot-check.ts) before anything changes.
 */
import type { Drift } from '../drift/drift-state.js'
import { type DriftChanges, replayDrift } from '../drift/saved-drift.js'
import type { Engine } from '../engine/engine.js'
import type { SavedChanges } from '../engine/state-changes.js'
import { StateReplay } from '../engine/state-replay.js'
import type { Snapshot } from './snapshot.js'
import { snapshotIssues } from './snapshot-check.js'

/**
 * Replaces the state with a snapshot that passed the check (`snapshotIssues`, snapshot-check.ts):
 * the engine's part, then the drift report's (none: cleared). One that cannot be taken up is
 * refused with an Error, nothing changed.
 * @example
 * restoreSnapshot(engine, drift, JSON.parse(readFileSync('fixture.json', 'utf8')))
 */
export function restoreSnapshot(engine: Engine, drift: Drift, snapshot: Snapshot): void {
  const { drift: saved, ...rest } = snapshot
  engine.restore(rest)
  drift.restore(saved)
}

/** A kept snapshot that cannot be read back; `change` is the index of the changes that cannot be replayed. */
export class KeptRefusal extends Error {
  readonly change: number | undefined
  constructor(message: string, change?: number) {
    super(message)
    this.change = change
  }
}

/** A kept snapshot (kept-document.ts) and the changes saved after it, in order: the engine's, the drift report's. */
export interface KeptState {
  saved: Snapshot
  changes: readonly SavedChanges[]
  drift: readonly DriftChanges[]
}

/**
 * Replaces the state with a kept snapshot brought up to date by its changes, checked as any snapshot
 * is (the drift report's part with the rest); the engine and the drift report count their changes
 * from there. Refused with a KeptRefusal, nothing changed.
 * @example
 * restoreKept(engine, drift, { saved, changes, drift: driftChanges })
 */
export function restoreKept(engine: Engine, drift: Drift, kept: KeptState): void {
  const { drift: driftSaved, ...engineSaved } = kept.saved
  const driftRead = replayDrift(driftSaved, kept.drift)
  const replay = new StateReplay(engineSaved)
  kept.changes.forEach((line, i) => {
    try {
      replay.apply(line)
    } catch (error) {
      throw new KeptRefusal((error as Error).message, i)
    }
  })
  const { saved, records } = replay.result()
  const [issue] = snapshotIssues({ ...saved, ...(driftRead ? { drift: driftRead } : {}) }, records)
  if (issue) throw new KeptRefusal(`${issue.path || '(top)'} ${issue.message}`)
  try {
    engine.restore(saved, { trusted: true, records })
  } catch (error) {
    throw new KeptRefusal((error as Error).message)
  }
  drift.restore(driftRead)
  engine.saving.markSaved()
  drift.markSaved()
}
