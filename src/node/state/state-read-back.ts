// A --state DIR read back into a simulator (docs/state.md): the folder's state.json and the changes
// of its log handed to the snapshot's read back (snapshot/snapshot.ts), which checks them as a
// snapshot is checked; what it refuses named by file and line. What a start does, and what a failed
// save under `request` does to undo the changes it could not write.
import { join } from 'node:path'
import type { Drift } from '../../drift/drift-state.js'
import type { Engine } from '../../engine/engine.js'
import { KeptRefusal, restoreKept } from '../../snapshot/snapshot-restore.js'
import { type DirContents, LOG_FILE, STATE_FILE, StateDirError } from './state-dir.js'

/**
 * The folder's contents (`readDir(dir)`) into `engine` and `drift`, which count their changes from
 * there. Throws StateDirError naming the file, and the log's line, that cannot be restored.
 * @example
 * readBack(dir, readDir(dir), engine, drift)
 */
export function readBack(
  dir: string,
  { saved, changes, lines, drift: driftLines }: DirContents,
  engine: Engine,
  drift: Drift,
): void {
  try {
    restoreKept(engine, drift, { saved: saved!, changes, drift: driftLines })
  } catch (error) {
    if (!(error instanceof KeptRefusal)) throw error
    if (error.change !== undefined)
      throw new StateDirError(
        `${join(dir, LOG_FILE)}: line ${lines[error.change]} cannot be replayed (${error.message})`,
      )
    throw new StateDirError(`${join(dir, STATE_FILE)}: cannot be restored (${error.message})`)
  }
}
