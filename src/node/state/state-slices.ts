// state.json's body made a slice at a time (docs/state.md, Crash safety and cost): a whole save of
// 100 000 tasks is some 30 MB of JSON, which made in one piece held every request up for about a
// second. Everything but the task records is taken and serialised at once; the records, the bulk,
// are serialised a few milliseconds at a time between turns of the event loop, so requests are
// answered meanwhile. A record that changes meanwhile may be saved as it is after the change: that
// change is also in the log's next line, which replaces the record, so the folder reads back the same.
import { createHash } from 'node:crypto'
import { setImmediate } from 'node:timers/promises'
import type { Drift } from '../../drift/drift-state.js'
import type { Engine } from '../../engine/engine.js'
import { TableRows } from '../../lib/keyed-table.js'

/** How long one slice holds the event loop at most, in milliseconds (about: a row is checked every 256). */
const SLICE_MS = 5
const ROWS_PER_CHECK = 256

/** state.json's body in pieces, with what its header says of it. */
export interface SlicedBody {
  chunks: string[]
  bytes: number
  sha256: string
}

/**
 * The engine's whole state and the drift report's, as one JSON document (a snapshot: its task
 * records' table has its rows before its columns), from which the engine's and the drift report's
 * changes count. Resolves once the last slice is made.
 * @example
 * const { chunks, bytes, sha256 } = await stateInSlices(engine, drift)
 */
export async function stateInSlices(engine: Engine, drift: Drift): Promise<SlicedBody> {
  const { saved, records } = engine.saving.checkpointLive()
  const { tasks, ...rest } = saved
  // In this turn: the lists that only grow at one end are saved as they are now (the log's next
  // line adds what comes after).
  const head = JSON.stringify({ ...rest, drift: drift.save() })
  drift.markSaved()
  const hash = createHash('sha256')
  const body: SlicedBody = { chunks: [], bytes: 0, sha256: '' }
  const push = (text: string) => {
    body.chunks.push(text)
    hash.update(text)
    body.bytes += Buffer.byteLength(text)
  }
  push(`${head.slice(0, -1)},"tasks":{"finished":${JSON.stringify(tasks.finished)},"records":{"rows":[`)
  const table = new TableRows()
  let started = performance.now()
  let rows: unknown[][] = []
  for (let i = 0; i < records.length; i++) {
    rows.push(table.row(records[i]!))
    const last = i === records.length - 1
    if (!last && (i + 1) % ROWS_PER_CHECK !== 0) continue
    if (!last && performance.now() - started < SLICE_MS) continue
    push(`${body.chunks.length > 1 ? ',' : ''}${JSON.stringify(rows).slice(1, -1)}`)
    rows = []
    if (!last) {
      await setImmediate()
      started = performance.now()
    }
  }
  push(`],"columns":${JSON.stringify(table.columns)}}}}`)
  body.sha256 = hash.digest('hex')
  return body
}
