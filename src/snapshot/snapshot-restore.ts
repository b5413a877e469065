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

/**
 * A kept snapshot that cannot be read back; `change` is the index of the change that cannot be
 * replayed or that makes it a state the live API could not have made, none for the snapshot itself;
 * `checked`: the check refused the state the changes made, not yet blamed on one of them (blameKept).
 */
export class KeptRefusal extends Error {
  readonly change: number | undefined
  readonly checked: boolean
  constructor(message: string, change?: number, checked = false) {
    super(message)
    this.change = change
    this.checked = checked
  }
}

/** A kept snapshot (kept-document.ts) and the changes saved after it, in order: the engine's, the drift report's. */
export interface KeptState {
  saved: Snapshot
  changes: readonly SavedChanges[]
  drift: readonly DriftChanges[]
  /** For each of `drift`, how many of `changes` come before it. */
  driftAt: readonly number[]
}

/** The kept snapshot and its first `upTo` changes replayed (`saved` changed in place) and checked. */
function replayed(kept: KeptState, upTo: number) {
  const { drift: driftSaved, ...engineSaved } = kept.saved
  const driftRead = replayDrift(
    driftSaved,
    kept.drift.filter((_, i) => kept.driftAt[i]! < upTo),
  )
  const replay = new StateReplay(engineSaved)
  for (let i = 0; i < upTo; i++)
    try {
      replay.apply(kept.changes[i]!)
    } catch (error) {
      throw new KeptRefusal(`cannot be replayed (${(error as Error).message})`, i)
    }
  const { saved, records } = replay.result()
  const [issue] = snapshotIssues({ ...saved, ...(driftRead ? { drift: driftRead } : {}) }, records)
  return { saved, records, driftRead, issue: issue && `${issue.path || '(top)'} ${issue.message}` }
}

/**
 * Replaces the state with a kept snapshot brought up to date by its changes, checked as any snapshot
 * is (the drift report's part with the rest); the engine and the drift report count their changes
 * from there. Refused with a KeptRefusal, nothing changed.
 * @example
 * restoreKept(engine, drift, { saved, changes, drift: driftChanges, driftAt })
 */
export function restoreKept(engine: Engine, drift: Drift, kept: KeptState): void {
  const { saved, records, driftRead, issue } = replayed(kept, kept.changes.length)
  if (issue) throw new KeptRefusal(issue, undefined, true)
  try {
    engine.restore(saved, { trusted: true, records })
  } catch (error) {
    throw new KeptRefusal((error as Error).message)
  }
  drift.restore(driftRead)
  engine.saving.markSaved()
  drift.markSaved()
}

/**
 * Why the check refuses a kept state (restoreKept's `checked` refusal): the snapshot itself, or the
 * first change after which the state is one the live API could not have made. Each try replays a
 * copy, so `kept` is left as it is.
 * @example
 * throw blameKept(keptStateReadAfresh)
 */
export function blameKept(kept: KeptState): KeptRefusal {
  const copy = (): KeptState => ({ ...kept, saved: structuredClone(kept.saved) })
  const alone = replayed(copy(), 0).issue
  if (alone !== undefined) return new KeptRefusal(alone)
  // The first k whose replay has an issue: the snapshot alone (0) has none, all of them (hi) have one.
  let [lo, hi, last] = [0, kept.changes.length, '']
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1
    const found = replayed(copy(), mid).issue
    if (found === undefined) lo = mid
    else [hi, last] = [mid, found]
  }
  if (last === '') last = replayed(copy(), hi).issue ?? 'the state it makes is refused'
  return new KeptRefusal(`makes a state the live API could not have made (${last})`, hi - 1)
}
