// changes.log of a --state DIR (docs/state.md, Crash safety and cost): an opening line naming the
// folder and the generation of the state.json it follows, then one checksummed line per save. Read
// back, only a torn last write (a crash mid-write, never acknowledged) is dropped, and the original
// kept beside; anything else that does not check out is damage, reported by line and byte offset.
import { createHash } from 'node:crypto'
import { closeSync, constants, copyFileSync, fstatSync } from 'node:fs'
import { join } from 'node:path'
import type { DriftChanges } from '../../drift/saved-drift.js'
import type { SavedChanges } from '../../engine/state-changes.js'
import { StateDirError } from './state-error.js'
import {
  closeFileLater,
  openFile,
  renameFile,
  renameFileLater,
  syncFile,
  syncFileLater,
  syncFolder,
  truncateFile,
  truncateFileLater,
  writeAll,
  writeAllLater,
} from './state-fs.js'

export const LOG_FILE = 'changes.log'
const OPENING = 'genmock-changes'

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
/** A line's checksum: the first 16 hex digits of the SHA-256 of its text (after its folder's id, from format 3). */
export const lineSum = (text: string, folder = '') => sha256(folder + text).slice(0, 16)

/** A log line: its checksum, the generation of the state it follows, the changes (the engine's, the drift report's). */
export function logLine(changes: SavedChanges, generation: number, drift?: DriftChanges, folder?: string): string {
  const text = JSON.stringify({ generation, changes, ...(drift ? { drift } : {}) })
  return `${lineSum(text, folder)} ${text}\n`
}

/** The log's first line: the folder it belongs to and the generation of the state.json it follows. */
export function openingLine(folder: string, generation: number): string {
  const text = JSON.stringify({ log: OPENING, folder, generation })
  return `${lineSum(text)} ${text}\n`
}

/** What the folder's state.json says the log must be. */
export interface LogExpected {
  generation: number
  /** The folder's id (format 3 on); without it, a log of format 1 or 2: no opening line, plain checksums. */
  folder?: string | undefined
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
  drift: DriftChanges[]
  /** Bytes of whole lines (all that is kept): the log is cut there when it is opened. */
  logBytes: number
  /** The generation of the state.json the log follows (older than state.json's: the log is stale). */
  generation: number
  /** A torn last write: where it starts and how long it is. */
  torn?: { offset: number; bytes: number }
  damage?: LogDamage
}

type Entry = { generation: number; changes: SavedChanges; drift?: DriftChanges }

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

/** An opening line read: its folder and generation, or what is wrong with it. */
function parseOpening(line: string): { folder: unknown; generation: number } | string {
  const json = line.slice(17)
  if (line[16] !== ' ' || lineSum(json) !== line.slice(0, 16)) return 'its opening line is corrupted'
  let value: { log?: unknown; folder?: unknown; generation?: unknown } | null | undefined
  try {
    value = JSON.parse(json) as typeof value
  } catch {}
  if (value?.log !== OPENING || typeof value.generation !== 'number') return 'its opening line is not genmock'
  return { folder: value.folder, generation: value.generation }
}

/** The line is a whole opening line (of any folder). */
export const isOpeningLine = (line: string) => typeof parseOpening(line) !== 'string'

/** The opening line's verdict: the log's generation, or what is wrong with it. */
function opening(line: string, expected: LogExpected & { folder: string }): number | string {
  const value = parseOpening(line)
  if (typeof value === 'string') return value
  if (value.folder !== expected.folder)
    return `belongs to another folder than state.json (its id ${String(value.folder)}, state.json's ${expected.folder})`
  if (value.generation > expected.generation) return 'follows a state.json newer than the one there'
  return value.generation
}

/** Reads the text of a log against what state.json says (see LogContents). */
export function scanLog(log: string, expected: LogExpected): LogContents {
  const bytes = Buffer.from(log)
  const out: LogContents = { changes: [], lines: [], drift: [], logBytes: 0, generation: expected.generation }
  let offset = 0
  let number = 0
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
    out.generation = verdict
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
    if (entry.generation === expected.generation) {
      out.changes.push(entry.changes)
      out.lines.push(number)
      if (entry.drift) out.drift.push(entry.drift)
    }
    offset = end + 1
  }
  out.logBytes = offset
  return out
}

/** A name for a copy of `file` kept beside it: `changes.log.torn-2026-11-29T01-02-03-456Z`. */
export const besideName = (file: string, what: string) =>
  `${file}.${what}-${new Date().toISOString().replace(/[:.]/g, '-')}`

/** A torn last write dropped when the log was opened: where, how long, and the original's copy. */
export interface TornWrite {
  file: string
  offset: number
  bytes: number
  copy: string
}

/**
 * The log, opened to append. A torn last write after `bytes` (see scanLog) is dropped: the whole
 * original is first copied beside it; `torn` says where and what, for the warning.
 */
export function openLog(dir: string, bytes: number): { fd: number; torn?: TornWrite } {
  const file = join(dir, LOG_FILE)
  let fd: number
  try {
    fd = openFile(file, 'append')
  } catch (error) {
    if (error instanceof StateDirError) throw error
    const code = (error as NodeJS.ErrnoException).code
    throw new StateDirError(`${file}: cannot be opened to write (${code}): genmock appends each save to it`)
  }
  const size = fstatSync(fd).size
  if (size <= bytes) return { fd }
  const copy = besideName(file, 'torn')
  try {
    copyFileSync(file, copy, constants.COPYFILE_EXCL)
    truncateFile(fd, bytes, file)
    syncFile(fd, file)
  } catch (error) {
    closeSync(fd)
    throw new StateDirError(`${file}: cannot be written (${(error as NodeJS.ErrnoException).code})`)
  }
  return { fd, torn: { file, offset: bytes, bytes: size - bytes, copy } }
}

/**
 * The log made anew, holding only its opening line, around a whole save: written aside and fsynced,
 * then `commit` (state.json renamed in place), then renamed over the old log. A crash after the
 * commit leaves the old log beside the new state.json and this one aside, which readDir accepts.
 */
export function renewLog(dir: string, folder: string, generation: number, commit: () => void): number {
  const file = join(dir, LOG_FILE)
  const fd = openFile(`${file}.tmp`, 'create')
  try {
    writeAll(fd, openingLine(folder, generation), `${file}.tmp`)
    syncFile(fd, `${file}.tmp`)
  } finally {
    closeSync(fd)
  }
  commit()
  renameFile(`${file}.tmp`, file)
  syncFolder(dir)
  return openFile(file, 'append')
}

/**
 * renewLog on libuv's threads; the old log's descriptor `old` is closed once the new one is in
 * place. Undefined when the commit was made but the new log could not be put in place.
 */
export async function renewLogLater(
  dir: string,
  folder: string,
  generation: number,
  commit: () => Promise<void>,
  old: number,
): Promise<number | undefined> {
  const file = join(dir, LOG_FILE)
  const aside = openFile(`${file}.tmp`, 'create')
  try {
    await writeAllLater(aside, openingLine(folder, generation), `${file}.tmp`)
    await syncFileLater(aside, `${file}.tmp`)
  } finally {
    await closeFileLater(aside)
  }
  await commit()
  let fd: number
  try {
    await renameFileLater(`${file}.tmp`, file)
    syncFolder(dir)
    fd = openFile(file, 'append')
  } catch {
    // The save is durable (state.json); the old log, still open, is stale: the next save is whole again.
    return undefined
  }
  await closeFileLater(old)
  return fd
}

/**
 * Appends one line and makes it durable; if either fails, the log is cut back to its size before,
 * its last whole line (bytes of our own unfinished write, never the user's), and the error thrown.
 */
export async function appendLine(fd: number, line: string, dir: string): Promise<void> {
  const file = join(dir, LOG_FILE)
  const wholeBytes = fstatSync(fd).size
  try {
    await writeAllLater(fd, line, file)
    await syncFileLater(fd, file)
  } catch (error) {
    try {
      await truncateFileLater(fd, wholeBytes, file)
      await syncFileLater(fd, file)
    } catch {
      // The cut failed too: the next start finds the torn last write and drops it (scanLog).
    }
    throw error
  }
}
