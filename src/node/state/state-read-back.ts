// A --state DIR read back into a simulator (docs/state.md): state.json brought up to date by the
// log's lines, checked as a snapshot is, into the engine and the drift report. What a start does,
// what `genmock state check` does to say whether a start loads, and what a failed save under
// `request` does to undo the changes it could not write. A state the checks refuse is blamed on
// the first log record that makes it so (by line and byte), or on state.json when it is so alone.
import { join } from 'node:path'
import type { Drift } from '../../drift/drift-state.js'
import { replayDrift } from '../../drift/saved-drift.js'
import type { Engine } from '../../engine/engine.js'
import { StateReplay } from '../../engine/state-replay.js'
import { snapshotIssues } from '../../snapshot/snapshot-check.js'
import { LOG_FILE, type readDir, STATE_FILE, StateDirError } from './state-dir.js'
import { logDamaged } from './state-error.js'

type Contents = ReturnType<typeof readDir>

/** state.json and the first `upTo` records of the log, replayed and checked: the state, or the first issue. */
function replayed(dir: string, contents: Contents, upTo: number) {
  const { saved: snapshot, changes, lines, offsets, drift: driftLines, driftAt } = contents
  const { drift: driftSaved, ...engineSaved } = upTo < changes.length ? structuredClone(snapshot!) : snapshot!
  const driftRead = replayDrift(
    driftSaved,
    driftLines.filter((_, i) => driftAt[i]! < upTo),
  )
  const replay = new StateReplay(engineSaved)
  for (let i = 0; i < upTo; i++)
    try {
      replay.apply(changes[i]!)
    } catch (error) {
      const what = `cannot be replayed (${(error as Error).message})`
      throw logDamaged(dir, join(dir, LOG_FILE), { line: lines[i]!, offset: offsets[i]!, what })
    }
  const { saved, records } = replay.result()
  const [issue] = snapshotIssues({ ...saved, ...(driftRead ? { drift: driftRead } : {}) }, records)
  return { saved, records, driftRead, issue: issue && `${issue.path || '(top)'} ${issue.message}` }
}

/** The refusal for a read-back state the checks refuse: the first record after which it is so, else state.json. */
function blame(dir: string, contents: Contents, issue: string): StateDirError {
  const alone = replayed(dir, contents, 0).issue
  if (alone !== undefined) return new StateDirError(`${join(dir, STATE_FILE)}: cannot be restored (${alone})`)
  // The first k whose replay has an issue: state.json alone (0) has none, all of them (lo < hi) have one.
  let [lo, hi, last] = [0, contents.changes.length, issue]
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1
    const found = replayed(dir, contents, mid).issue
    if (found === undefined) lo = mid
    else [hi, last] = [mid, found]
  }
  const [line, offset] = [contents.lines[hi - 1]!, contents.offsets[hi - 1]!]
  const what = `makes a state the live API could not have made (${last})`
  return logDamaged(dir, join(dir, LOG_FILE), { line, offset, what })
}

/**
 * The folder's contents (`readDir(dir)`) into `engine` and `drift`, which count their changes from
 * there. Throws StateDirError naming the file, and the log's line and byte, that cannot be restored.
 * @example
 * readBack(dir, readDir(dir), engine, drift)
 */
export function readBack(dir: string, contents: Contents, engine: Engine, drift: Drift): void {
  const { saved, records, driftRead, issue } = replayed(dir, contents, contents.changes.length)
  if (issue) throw blame(dir, contents, issue)
  try {
    engine.restore(saved, { trusted: true, records })
  } catch (error) {
    throw new StateDirError(`${join(dir, STATE_FILE)}: cannot be restored (${(error as Error).message})`)
  }
  drift.restore(driftRead)
  engine.saving.markSaved()
  drift.markSaved()
}
