/**
 * The snapshot a door keeps on disk (docs/state.md, Crash safety and cost): state.json's body, the
 * engine's whole state and the drift report's as one JSON document, from which the changes of
 * both count. Made at once (a start), or a slice at a time: a whole save of 100 000 tasks is some
 * 30 MB of JSON, which made in one piece held every request up for about a second. Everything but
 * the task records is taken and serialised in the first slice; the records, the bulk, a few
 * milliseconds at a time, the caller letting requests in between slices. A record that changes
 * meanwhile may be saved as it is after the change: that change is also in the changes taken next
 * (the log's next line), which replace the record, so the document reads back the same.
 */
import type { Drift } from '../drift/drift-state.js'
import type { Engine } from '../engine/engine.js'
import { TableRows } from '../lib/keyed-table.js'
import type { Snapshot } from './snapshot.js'

/** How long making one slice takes at most, in milliseconds (about: the clock is read every 256 rows). */
const SLICE_MS = 5
const ROWS_PER_CHECK = 256

/**
 * The kept document at once: what a start writes when the folder is new or of an older format.
 * @example
 * writeFileSync('state.json', keptDocument(engine, drift))
 */
export function keptDocument(engine: Engine, drift: Drift): string {
  const saved: Snapshot = { ...engine.saving.checkpoint(), drift: drift.save() }
  drift.markSaved()
  return JSON.stringify(saved)
}

/**
 * The kept document in slices (its task records' table has its rows before its columns): the
 * state is taken when the first slice is asked for; ask for the next ones in later turns of the
 * event loop, each a few milliseconds of work. `sliceMs` 0 ends a slice every 256 rows, whatever
 * the machine's speed (tests).
 * @example
 * for (const slice of keptDocumentSlices(engine, drift)) {
 *   chunks.push(slice)
 *   await nextTurn()
 * }
 */
export function* keptDocumentSlices(engine: Engine, drift: Drift, sliceMs = SLICE_MS): Generator<string, void, void> {
  const { saved, records } = engine.saving.checkpointLive()
  const { tasks, ...rest } = saved
  // In this turn: the lists that only grow at one end are saved as they are now (the next changes add
  // what comes after).
  const head = JSON.stringify({ ...rest, drift: drift.save() })
  drift.markSaved()
  let opening = `${head.slice(0, -1)},"tasks":{"finished":${JSON.stringify(tasks.finished)},"records":{"rows":[`
  const table = new TableRows()
  let started = performance.now()
  let rows: unknown[][] = []
  let first = true
  for (let i = 0; i < records.length; i++) {
    rows.push(table.row(records[i]!))
    const last = i === records.length - 1
    if (!last && (i + 1) % ROWS_PER_CHECK !== 0) continue
    if (!last && performance.now() - started < sliceMs) continue
    const slice = `${first ? '' : ','}${JSON.stringify(rows).slice(1, -1)}`
    first = false
    rows = []
    if (last) {
      opening += slice
      break
    }
    yield opening + slice
    opening = ''
    started = performance.now()
  }
  yield `${opening}],"columns":${JSON.stringify(table.columns)}}}}`
}
