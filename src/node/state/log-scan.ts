// changes.log read back (docs/state.md, Damage and crashes): its opening line, then each record
// checked against its checksum and its predecessor (the generation of the state.json it follows,
// and from folder format 4 its record number, one more than the line before). Only a torn last
// write (a crash mid-write, never acknowledged) is dropped; anything else that does not check out
// is damage, reported by line and byte offset. The lines themselves are written by state-log.ts.
import type { DriftChanges } from '../../drift/saved-drift.js'
import type { SavedChanges } from '../../engine/state-changes.js'
import { lineSum, OPENING } from './state-log.js'

/** What the folder's state.json says the log must be. */
export interface LogExpected {
  generation: number
  /** The folder's id (format 3 on); without it, a log of format 1 or 2: no opening line, plain checksums. */
  folder?: string | undefined
  /** state.json's folder format: from 4 a log of its generation numbers its records. */
  version?: number | undefined
}

/** Where the log stops checking out: a line, its byte offset, what is wrong, and how many lines are left from it. */
export interface LogDamage {
  line: number
  offset: number
  what: string
  linesLeft: number
}

/** The log read: the changes of the current generation, and what a start would drop or refuse. */
export interface LogContents {
  changes: SavedChanges[]
  /** The line number of each of `changes`. */
  lines: number[]
  /** The byte offset of each of `changes`. */
  offsets: number[]
  drift: DriftChanges[]
  /** For each of `drift`, the index in `changes` of the record that carried it. */
  driftAt: number[]
  /** Bytes of whole lines (all that is kept): the log is cut there when it is opened. */
  logBytes: number
  /** The generation of the state.json the log follows (older than state.json's: the log is stale). */
  generation: number
  /** The number of the log's last record (format 4; 0 when it holds none): the next one written is one more. */
  record: number
  /** A torn last write: where it starts and how long it is. */
  torn?: { offset: number; bytes: number }
  damage?: LogDamage
}

type Entry = { generation: number; changes: SavedChanges; drift?: DriftChanges; record?: unknown }

/** A checksummed line's content as a change record, or why it is not one. */
function asEntry(json: string): Entry | string {
  let entry: Partial<Entry> | null
  try {
    entry = JSON.parse(json) as Partial<Entry> | null
  } catch {
    return 'is not JSON, though its checksum matches'
  }
  if (typeof entry?.generation !== 'number' || typeof entry.changes !== 'object' || entry.changes === null)
    return 'is not a change record, though its checksum matches'
  if (entry.drift !== undefined && (typeof entry.drift !== 'object' || entry.drift === null))
    return 'carries a malformed drift record'
  return entry as Entry
}

/** An opening line read: its folder, generation and format (3 when it names none), or what is wrong with it. */
export function parseOpening(line: string): { folder: unknown; generation: number; format: number } | string {
  const json = line.slice(17)
  if (line[16] !== ' ' || lineSum(json) !== line.slice(0, 16)) return 'its opening line is corrupted'
  let value: { log?: unknown; folder?: unknown; generation?: unknown; format?: unknown } | null | undefined
  try {
    value = JSON.parse(json) as typeof value
  } catch {}
  if (value?.log !== OPENING || typeof value.generation !== 'number') return 'its opening line is not genmock'
  const format = typeof value.format === 'number' ? value.format : 3
  return { folder: value.folder, generation: value.generation, format }
}

/** The line is a whole opening line (of any folder). */
export const isOpeningLine = (line: string) => typeof parseOpening(line) !== 'string'

/** The opening line's verdict: the log's generation and format, or what is wrong with it. */
function opening(
  line: string,
  expected: LogExpected & { folder: string },
): { generation: number; format: number } | string {
  const value = parseOpening(line)
  if (typeof value === 'string') return value
  if (value.folder !== expected.folder)
    return `belongs to another folder than state.json (its id ${String(value.folder)}, state.json's ${expected.folder})`
  if (value.generation > expected.generation) return 'follows a state.json newer than the one there'
  if (value.format > 4) return `is of log format ${value.format}, newer than this genmock reads`
  // A log of state.json's own generation is of its format: one of an older format is only a stale one.
  if (value.generation === expected.generation && value.format < 4 && (expected.version ?? 0) >= 4)
    return `is of log format ${value.format} beside a state.json of format ${expected.version}`
  return { generation: value.generation, format: value.format }
}

/** A record's number against its predecessor's (`last`): what is wrong, or undefined when it follows. */
function outOfTurn(record: unknown, last: number): string | undefined {
  if (!Number.isSafeInteger(record)) return `carries no record number, in a log whose records are numbered`
  const n = record as number
  if (n === last + 1) return undefined
  if (n <= last)
    return `is record ${n} again or out of order (record ${last} came before it): a duplicated or reordered record`
  const missing = n - last - 1 === 1 ? 'a record is' : 'records are'
  return `is record ${n} where record ${last + 1} follows record ${last}: ${missing} missing`
}

/** Reads the text of a log against what state.json says (see LogContents). */
export function scanLog(log: string, expected: LogExpected): LogContents {
  const bytes = Buffer.from(log)
  const out: LogContents = {
    ...{ changes: [], lines: [], offsets: [], drift: [], driftAt: [] },
    ...{ logBytes: 0, generation: expected.generation, record: 0 },
  }
  let offset = 0
  let number = 0
  let numbered = false
  const fail = (what: string) => {
    const linesLeft = bytes.subarray(offset).toString().split('\n').filter(Boolean).length
    out.damage = { line: number, offset, what, linesLeft }
    return out
  }
  if (expected.folder !== undefined) {
    if (bytes.length === 0) return fail('is empty, where it begins with a line naming its folder')
    number = 1
    const end = bytes.indexOf(10)
    const verdict = opening(bytes.subarray(0, end < 0 ? bytes.length : end).toString(), {
      ...expected,
      folder: expected.folder,
    })
    if (end < 0 || typeof verdict === 'string')
      return fail(typeof verdict === 'string' ? verdict : 'its opening line is torn')
    out.generation = verdict.generation
    numbered = verdict.format >= 4
    offset = end + 1
  }
  while (offset < bytes.length) {
    number++
    const end = bytes.indexOf(10, offset)
    const line = bytes.subarray(offset, end < 0 ? bytes.length : end).toString()
    const checks = (text: string) => text[16] === ' ' && lineSum(text.slice(17), expected.folder) === text.slice(0, 16)
    const whole = checks(line)
    if (end < 0) {
      // A last line without its newline: a write cut short, unless the line is whole (then its newline was lost)
      // or whole but for its last byte (its newline changed into another).
      if (whole) return fail('ends without its newline')
      if (checks(line.slice(0, -1))) return fail('ends with a damaged newline')
      out.torn = { offset, bytes: bytes.length - offset }
      break
    }
    if (!whole) return fail('is corrupted (its checksum does not match)')
    const entry = asEntry(line.slice(17))
    if (typeof entry === 'string') return fail(entry)
    if (entry.generation > expected.generation) return fail(`follows a state.json newer than the one there`)
    if (expected.folder !== undefined && entry.generation !== out.generation)
      return fail(`is of generation ${entry.generation} in a log of generation ${out.generation}`)
    const turn = numbered ? outOfTurn(entry.record, out.record) : undefined
    if (turn !== undefined) return fail(turn)
    if (numbered) out.record++
    if (entry.generation === expected.generation) {
      if (entry.drift) {
        out.drift.push(entry.drift)
        out.driftAt.push(out.changes.length)
      }
      out.changes.push(entry.changes)
      out.lines.push(number)
      out.offsets.push(offset)
    }
    offset = end + 1
  }
  out.logBytes = offset
  return out
}
