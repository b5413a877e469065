// Undoing what a failed save could not write, with `--state-save request` (docs/state.md, When a
// save fails): the state back to what the folder holds, as a start reads it, but for the journal and
// the findings (the record of what was answered); ids from a new random stream, since a read may
// have shown one of those undone.
import { randomInt } from 'node:crypto'
import type { Drift } from '../../drift/drift-state.js'
import type { Engine } from '../../engine/engine.js'
import type { KeptFiles } from './kept-files.js'
import type { SaveFailures } from './save-failures.js'
import type { Unsaved } from './save-step.js'
import { readDir } from './state-dir.js'
import { readBack } from './state-read-back.js'

/**
 * The engine and the drift report read back from `files`' folder; when the folder cannot be read
 * back, the next save writes the state as it is, and the failure says why.
 * @example
 * rollBack(engine, drift, { files, unsaved, failures })
 */
export function rollBack(
  engine: Engine,
  drift: Drift,
  { files, unsaved, failures }: { files: KeptFiles; unsaved: Unsaved; failures: SaveFailures },
): void {
  unsaved.rolledBackAt = performance.now()
  try {
    engine.saving.keepingRecords(() => {
      const contents = readDir(files.dir)
      readBack(files.dir, contents, engine, drift)
      files.readBack(contents)
    })
    // The journal and findings kept are not in the folder: the next save writes them.
    unsaved.touched = true
    engine.saving.newRandomStream(randomInt(2 ** 47))
    unsaved.changed = 0
    files.wholeNext = false // the folder holds the state now: a failed whole save need not be made again
  } catch (error) {
    files.wholeNext = true // the folder cannot be read back: the next save writes the state as it is
    failures.failed(error, true)
  }
}
