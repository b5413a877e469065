// A --state DIR read back into a simulator (docs/state.md): the folder's state.json and the changes
// of its log handed to the snapshot's read back (snapshot/snapshot-restore.ts), which checks them as
// a snapshot is checked; what it refuses named by file, and for the log by line and byte. What a
// start does, what `genmock state check` does to say whether a start loads, and what a failed save
// under `request` does to undo the changes it could not write. A state the checks refuse is blamed
// on the first log record that makes it so, or on state.json when it is so alone.
import { join } from 'node:path'
import type { Drift } from '../../drift/drift-state.js'
import type { Engine } from '../../engine/engine.js'
import { blameKept, type KeptState, KeptRefusal, restoreKept } from '../../snapshot/snapshot-restore.js'
import { type DirContents, LOG_FILE, readDir, STATE_FILE, StateDirError } from './state-dir.js'
import { logDamaged } from './state-error.js'

const keptOf = ({ saved, changes, drift, driftAt }: DirContents): KeptState => ({
  saved: saved!,
  changes,
  drift,
  driftAt,
})

/** A refusal of the read back, named by the folder's file: the log's line and byte, or state.json. */
function refusalOf(dir: string, { lines, offsets }: DirContents, refusal: KeptRefusal): StateDirError {
  const { change, message } = refusal
  if (change === undefined) return new StateDirError(`${join(dir, STATE_FILE)}: cannot be restored (${message})`)
  return logDamaged(dir, join(dir, LOG_FILE), { line: lines[change]!, offset: offsets[change]!, what: message })
}

/**
 * The folder's contents (`readDir(dir)`) into `engine` and `drift`, which count their changes from
 * there. Throws StateDirError naming the file, and the log's line and byte, that cannot be restored.
 * @example
 * readBack(dir, readDir(dir), engine, drift)
 */
export function readBack(dir: string, contents: DirContents, engine: Engine, drift: Drift): void {
  try {
    restoreKept(engine, drift, keptOf(contents))
  } catch (error) {
    if (!(error instanceof KeptRefusal)) throw error
    // The check refused the whole: which record made it so, read afresh (the replay used what it read).
    throw refusalOf(dir, contents, error.checked ? blameKept(keptOf(readDir(dir))) : error)
  }
}
