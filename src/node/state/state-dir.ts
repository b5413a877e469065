// The files of a --state DIR (docs/state.md): state.json, a whole saved state written by
// write-then-rename with fsync, its header checksummed and naming the folder's id; changes.log,
// the changes saved since (state-log.ts); genmock.lock, the process that keeps the folder
// (state-lock.ts). Every refusal is a StateDirError: one line naming the file and what is wrong.
import { createHash, randomBytes } from 'node:crypto'
import { closeSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { SNAPSHOT_FORMAT } from '../../contract/saved-engine.js'
import type { Snapshot } from '../../snapshot/snapshot.js'
import { damaged, logDamaged, StateDirError, unwritable } from './state-error.js'
import {
  closeFileLater,
  openFile,
  readText,
  renameFile,
  renameFileLater,
  syncFile,
  syncFileLater,
  syncFolder,
  writeAll,
  writeAllLater,
} from './state-fs.js'
import { isOpeningLine, type LogContents, type LogDamage, parseOpening, scanLog } from './log-scan.js'
import { LOG_FILE, lineSum } from './state-log.js'

export { StateDirError } from './state-error.js'
export { LOCK_BEAT_MS, LOCK_FILE, takeLock } from './state-lock.js'
export { appendLine, LOG_FILE, logLine, openLog, renewLog, renewLogLater } from './state-log.js'

export const STATE_FILE = 'state.json'
/**
 * The folder's format (docs/state.md, Versions and refusals). 2: a log line says how many values
 * the random generator drew rather than its whole state, and carries the drift report's changes.
 * 3: the folder has an id, in state.json's header (itself checksummed) and the log's opening line,
 * and each log line's checksum covers it. 4: each log record carries its number, one more than the
 * record before it. A folder of an older format is read, and written anew at start.
 */
export const STATE_DIR_FORMAT = 4
/** Our files, and the copies kept beside them (a torn log's original; a temporary file a crash left). */
const OURS = /^(state\.json|changes\.log|genmock\.lock)(\.tmp|\.torn-[\w-]+)?$/

/** state.json's first line: what the rest is, and how to check it is whole. */
export interface StateHeader {
  format: typeof SNAPSHOT_FORMAT
  version: number
  genmock: string
  /** The folder's id, made when it was: its log must name the same (format 3 on). */
  folder?: string
  /** Raised by each whole save: the log's lines of an older generation are already in it. */
  generation: number
  savedAt: string
  bytes: number
  sha256: string
  /** The checksum of the header's other fields (format 3 on). */
  check?: string
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** A new folder's id. */
export const newFolderId = () => `dir_${randomBytes(9).toString('base64url')}`

/** The folder is made if missing; one holding files that are not genmock's is refused. */
export function prepareDir(dir: string): void {
  try {
    if (statSync(dir, { throwIfNoEntry: false })?.isFile())
      throw new StateDirError(`--state ${dir}: is a file, not a folder`)
    mkdirSync(dir, { recursive: true })
  } catch (error) {
    if (error instanceof StateDirError) throw error
    throw unwritable(`--state ${dir}`, (error as NodeJS.ErrnoException).code, 'cannot be made')
  }
  refuseForeign(dir)
}

/** A folder holding files that are not genmock's is refused. */
export function refuseForeign(dir: string): void {
  // A volume's own (lost+found) and hidden files (.DS_Store) are not in the way.
  const foreign = readdirSync(dir).filter((name) => !OURS.test(name) && !name.startsWith('.') && name !== 'lost+found')
  if (foreign.length > 0)
    throw new StateDirError(
      `--state ${dir}: holds files that are not genmock's (${foreign.slice(0, 3).join(', ')}` +
        `${foreign.length > 3 ? ', …' : ''}); give an empty or new folder`,
    )
}

/**
 * Writes a file whole or not at all: a temporary file, fsynced, renamed over it, the folder fsynced.
 * A write that fails removes its temporary file, which would hold the room a full disk lacks.
 */
export function writeDurably(file: string, text: string): void {
  const temporary = `${file}.tmp`
  const fd = openFile(temporary, 'create')
  try {
    writeAll(fd, text, temporary)
    syncFile(fd, temporary)
  } catch (error) {
    closeSync(fd)
    rmSync(temporary, { force: true })
    throw error
  }
  closeSync(fd)
  renameFile(temporary, file)
  syncFolder(join(file, '..'))
}

/** writeDurably without holding up the requests: the writes and fsyncs on libuv's threads. */
export async function writeDurablyLater(file: string, text: string | readonly string[]): Promise<void> {
  const temporary = `${file}.tmp`
  const fd = openFile(temporary, 'create')
  try {
    for (const piece of typeof text === 'string' ? [text] : text) await writeAllLater(fd, piece, temporary)
    await syncFileLater(fd, temporary)
  } catch (error) {
    await closeFileLater(fd)
    rmSync(temporary, { force: true })
    throw error
  }
  await closeFileLater(fd)
  await renameFileLater(temporary, file)
  syncFolder(join(file, '..'))
}

/** state.json's text: its header line, then the saved state. */
export function stateFileText(saved: string, generation: number, genmock: string, folder: string): string {
  const body = { bytes: Buffer.byteLength(saved), sha256: sha256(saved) }
  return `${stateFileHeader(body, generation, genmock, folder)}${saved}`
}

/** state.json's header line, for a body of that size and checksum (only those two are taken from `body`). */
export function stateFileHeader(
  body: Pick<StateHeader, 'bytes' | 'sha256'>,
  generation: number,
  genmock: string,
  folder: string,
): string {
  const header: StateHeader = {
    format: SNAPSHOT_FORMAT,
    version: STATE_DIR_FORMAT,
    genmock,
    folder,
    generation,
    savedAt: new Date().toISOString(),
    bytes: body.bytes,
    sha256: body.sha256,
  }
  return `${JSON.stringify({ ...header, check: lineSum(JSON.stringify(header)) })}\n`
}

/** The header's verdict: a header of a version this genmock reads, whose own checksum holds. */
function checkHeader(dir: string, file: string, line: string): StateHeader {
  let header: Partial<StateHeader> | undefined
  try {
    header = JSON.parse(line) as Partial<StateHeader>
  } catch {}
  if (header?.format !== SNAPSHOT_FORMAT) {
    if (line.startsWith(`{"format":"${SNAPSHOT_FORMAT.slice(0, 4)}`))
      throw damaged(dir, file, 'its header (line 1) is corrupted')
    throw new StateDirError(`${file}: not a genmock state file`)
  }
  if (typeof header.version !== 'number' || header.version > STATE_DIR_FORMAT)
    throw new StateDirError(
      `${file}: written by genmock ${header.genmock} in state format ${header.version}; this genmock reads ` +
        `format ${STATE_DIR_FORMAT}: upgrade genmock, or start on another folder`,
    )
  if (header.version < 1)
    throw new StateDirError(`${file}: state format ${header.version} is older than this genmock reads`)
  // A header with a checksum is checked whatever its version says (a changed digit of it too).
  if (header.version >= 3 || 'check' in header || 'folder' in header) {
    const { check, ...rest } = header
    if (check !== lineSum(JSON.stringify(rest)) || typeof rest.folder !== 'string')
      throw damaged(dir, file, 'its header (line 1) is corrupted (its checksum does not match)')
  }
  if (typeof header.generation !== 'number' || typeof header.bytes !== 'number')
    throw damaged(dir, file, 'its header (line 1) is corrupted')
  return header as StateHeader
}

/** Reads state.json's header and body, and checks both; refuses naming the file and what is wrong. */
export function readStateFile(dir: string): { header: StateHeader; saved: Snapshot } | undefined {
  const text = readText(join(dir, STATE_FILE))
  return text === undefined ? undefined : parseStateFile(dir, text)
}

/** state.json's text checked and read: its header and its saved state (see readStateFile). */
export function parseStateFile(dir: string, text: string): { header: StateHeader; saved: Snapshot } {
  const file = join(dir, STATE_FILE)
  const end = text.indexOf('\n')
  const header = checkHeader(dir, file, end < 0 ? text : text.slice(0, end))
  const body = end < 0 ? '' : text.slice(end + 1)
  const bytes = Buffer.byteLength(body)
  if (bytes !== header.bytes)
    throw damaged(dir, file, `truncated or corrupted (${bytes} bytes where its header says ${header.bytes})`)
  if (sha256(body) !== header.sha256) throw damaged(dir, file, 'corrupted (its checksum does not match)')
  try {
    return { header, saved: JSON.parse(body) as Snapshot }
  } catch (error) {
    throw damaged(dir, file, `corrupted (${(error as Error).message})`)
  }
}

/** What a folder holds: its saved state brought up to date by the log (none in a new folder). */
export interface DirContents
  extends Pick<
    LogContents,
    'changes' | 'lines' | 'offsets' | 'drift' | 'driftAt' | 'logBytes' | 'record' | 'generation' | 'torn'
  > {
  header?: StateHeader
  saved?: Snapshot
  /** The folder is to be written anew at start: of an older format, or its log older than its state.json. */
  rewrite: boolean
  /** A changes.log.tmp that explains a log of an older folder format (a whole save stopped before its rename). */
  logAside?: true
}

const NO_CHANGES = {
  changes: [],
  lines: [],
  offsets: [],
  drift: [],
  driftAt: [],
  logBytes: 0,
  record: 0,
  generation: 0,
}

/**
 * A crash during a whole save that writes a folder of format 1 or 2 anew, after state.json was renamed
 * in place, leaves the new log aside (renewLog): changes.log.tmp the opening line of state.json's
 * generation, and changes.log a whole log of the older format (no opening line), all of it in state.json.
 * Nothing else is explained by a changes.log.tmp.
 */
function explainedAside(dir: string, log: string, header: StateHeader): boolean {
  const aside = readText(join(dir, `${LOG_FILE}.tmp`))
  const opening =
    aside?.endsWith('\n') && aside.indexOf('\n') === aside.length - 1 ? parseOpening(aside.slice(0, -1)) : ''
  if (typeof opening === 'string' || opening.folder !== header.folder || opening.generation !== header.generation)
    return false
  if (isOpeningLine(log.slice(0, log.indexOf('\n')))) return false
  const older = scanLog(log, { generation: header.generation - 1 })
  return older.damage === undefined && older.torn === undefined
}

/** The refusal for log damage: the file, the line and its byte offset, and the repair commands. */
export const logRefusal = (dir: string, damage: LogDamage) => logDamaged(dir, join(dir, LOG_FILE), damage)

/**
 * Reads state.json and changes.log. A torn last write of the log (genmock stopped mid-write, before
 * the write was acknowledged) is left for openLog to drop; anything else that does not check out is refused.
 */
export function readDir(dir: string): DirContents {
  const logFile = join(dir, LOG_FILE)
  const state = readStateFile(dir)
  const log = readText(logFile)
  if (state === undefined) {
    // A log holding only its opening line is what a crash during a first start leaves.
    const lines = (log ?? '').split('\n')
    if (log && !(lines.length === 2 && lines[1] === '' && isOpeningLine(lines[0]!)))
      throw damaged(dir, logFile, `changes without the ${STATE_FILE} they follow`)
    return { ...NO_CHANGES, rewrite: true }
  }
  const { header, saved } = state
  if (log === undefined && header.folder !== undefined)
    throw damaged(dir, logFile, `missing, though ${STATE_FILE} (generation ${header.generation}) has one`)
  const scan = scanLog(log ?? '', header)
  if (scan.damage) {
    if (log === undefined || !explainedAside(dir, log, header)) throw logRefusal(dir, scan.damage)
    return { header, saved, ...NO_CHANGES, logBytes: Buffer.byteLength(log), rewrite: true, logAside: true }
  }
  const rewrite = header.version < STATE_DIR_FORMAT || scan.generation < header.generation
  const { damage: _none, ...read } = scan
  return { header, saved, ...read, rewrite }
}
