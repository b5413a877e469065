// --state-from FILE (docs/state.md, Snapshots): the one place a snapshot file is read, checked and
// restored, for a server with a --state DIR that holds no state yet and for one without.
import { readFileSync } from 'node:fs'
import type { Drift } from '../../drift/drift-state.js'
import type { Engine } from '../../engine/engine.js'
import { restoreSnapshot } from '../../snapshot/snapshot-restore.js'
import { snapshotFromText } from '../../snapshot/snapshot-check.js'
import { StateDirError } from './state-dir.js'

/**
 * Puts the snapshot of `file` into `engine` and `drift`, or says why not, naming the file
 * (StateDirError: the command exits 2 with it).
 * @example
 * startFromSnapshot(engine, drift, 'fixture.json')
 */
export function startFromSnapshot(engine: Engine, drift: Drift, file: string): void {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new StateDirError(`--state-from ${file}: cannot be read (${(error as NodeJS.ErrnoException).code})`)
  }
  const read = snapshotFromText(text)
  if ('problem' in read) throw new StateDirError(`--state-from ${file}: ${read.problem}`)
  try {
    restoreSnapshot(engine, drift, read.snapshot)
  } catch (error) {
    throw new StateDirError(`--state-from ${file}: ${(error as Error).message.replace(/^genmock: /, '')}`)
  }
}
