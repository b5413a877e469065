// A --state DIR read back into a simulator (docs/state.md): state.json brought up to date by the
// log's lines, checked as a snapshot is, into the engine and the drift report. What a start does,
// and what a failed save under `request` does to undo the changes it could not write.
import { join } from 'node:path'
import type { Drift } from '../../drift/drift-state.js'
import { replayDrift } from '../../drift/saved-drift.js'
import type { Engine } from '../../engine/engine.js'
import { StateReplay } from '../../engine/state-replay.js'
import { snapshotIssues } from '../../snapshot/snapshot-check.js'
import { LOG_FILE, type readDir, STATE_FILE, StateDirError } from './state-dir.js'

/**
 * The folder's contents (`readDir(dir)`) into `engine` and `drift`, which count their changes from
 * there. Throws StateDirError naming the file, and the log's line, that cannot be restored.
 * @example
 * readBack(dir, readDir(dir), engine, drift)
 */
export function readBack(
  dir: string,
  { saved: snapshot, changes, lines, drift: driftLines }: ReturnType<typeof readDir>,
  engine: Engine,
  drift: Drift,
): void {
  const file = join(dir, STATE_FILE)
  const { drift: driftSaved, ...engineSaved } = snapshot!
  // Checked with the rest by snapshotIssues below.
  const driftRead = replayDrift(driftSaved, driftLines)
  const replay = new StateReplay(engineSaved)
  changes.forEach((line, i) => {
    try {
      replay.apply(line)
    } catch (error) {
      throw new StateDirError(
        `${join(dir, LOG_FILE)}: line ${lines[i]} cannot be replayed (${(error as Error).message})`,
      )
    }
  })
  const { saved, records } = replay.result()
  const [issue] = snapshotIssues({ ...saved, ...(driftRead ? { drift: driftRead } : {}) }, records)
  if (issue) throw new StateDirError(`${file}: cannot be restored (${issue.path || '(top)'} ${issue.message})`)
  try {
    engine.restore(saved, { trusted: true, records })
  } catch (error) {
    throw new StateDirError(`${file}: cannot be restored (${(error as Error).message})`)
  }
  drift.restore(driftRead)
  engine.saving.markSaved()
  drift.markSaved()
}
