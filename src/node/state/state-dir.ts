// The files of a --state DIR (docs/state.md): state.json, a whole saved state written by
// write-then-rename with fsync; changes.log, the changes saved since, one checksummed line each,
// appended and fsynced; genmock.lock, the process that keeps the folder. Every refusal is a
// StateDirError: one line naming the file and what is wrong with it.
import { createHash } from 'node:crypto'
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
  ftruncateSync,
  utimesSync,
} from 'node:fs'
import { open, rename } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join, resolve } from 'node:path'
import { SNAPSHOT_FORMAT } from '../../contract/saved-engine.js'
import type { DriftChanges } from '../../drift/saved-drift.js'
import type { SavedChanges } from '../../engine/state-changes.js'
import type { Snapshot } from '../../snapshot/snapshot.js'

export const STATE_FILE = 'state.json'
export const LOG_FILE = 'changes.log'
export const LOCK_FILE = 'genmock.lock'
/**
 * The folder's format (docs/state.md, Versions and refusals). 2: a log line says how many values
 * the random generator drew rather than its whole state, and carries the drift report's changes.
 * A folder of format 1 is read, and written anew in format 2 at start.
 */
export const STATE_DIR_FORMAT = 2
const OURS = new Set([STATE_FILE, LOG_FILE, LOCK_FILE, `${STATE_FILE}.tmp`, `${LOCK_FILE}.tmp`])
/** How often the lock says its process is alive, and how long another machine's lock counts without it. */
export const LOCK_BEAT_MS = 5_000
const LOCK_STALE_MS = 3 * LOCK_BEAT_MS

/** The lock files this process holds: its own pid in a lock is not enough to tell (see takeLock). */
const HELD = new Set<string>()

/** genmock will not start on this folder: the message names the file and what is wrong. */
export class StateDirError extends Error {}

/** state.json's first line: what the rest is, and how to check it is whole. */
export interface StateHeader {
  format: typeof SNAPSHOT_FORMAT
  version: number
  genmock: string
  /** Raised by each whole save: the log's lines of an older generation are already in it. */
  generation: number
  savedAt: string
  bytes: number
  sha256: string
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
/** A log line's checksum: the first 16 hex digits of its text's SHA-256. */
const lineSum = (text: string) => sha256(text).slice(0, 16)

/** The folder is made if missing; one holding files that are not genmock's is refused. */
export function prepareDir(dir: string): void {
  try {
    if (statSync(dir, { throwIfNoEntry: false })?.isFile())
      throw new StateDirError(`--state ${dir}: is a file, not a folder`)
    mkdirSync(dir, { recursive: true })
  } catch (error) {
    if (error instanceof StateDirError) throw error
    throw new StateDirError(`--state ${dir}: cannot be made (${(error as NodeJS.ErrnoException).code})`)
  }
  // A volume's own (lost+found) and hidden files (.DS_Store) are not in the way.
  const foreign = readdirSync(dir).filter((name) => !OURS.has(name) && !name.startsWith('.') && name !== 'lost+found')
  if (foreign.length > 0)
    throw new StateDirError(
      `--state ${dir}: holds files that are not genmock's (${foreign.slice(0, 3).join(', ')}` +
        `${foreign.length > 3 ? ', …' : ''}); give an empty or new folder`,
    )
}

interface LockOwner {
  pid: number
  host: string
  since: string
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Takes the folder's lock, or refuses when another genmock holds it: one on this machine whose
 * process is alive, or one on another (a container sharing the volume) that said so lately. A lock
 * left by a process that is gone is taken over: `stale` says so (the last run did not stop cleanly).
 * @example
 * const lock = takeLock(dir); … lock.release()
 */
export function takeLock(dir: string): { stale: boolean; beat(): void; release(): void } {
  const file = join(dir, LOCK_FILE)
  const held = resolve(file)
  if (HELD.has(held))
    throw new StateDirError(
      `${file}: the folder is in use by another server of this process; one genmock per --state DIR`,
    )
  const me: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString() }
  let stale = false
  let text: string | undefined
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw unreadable(file, error)
  }
  if (text !== undefined) {
    let owner: Partial<LockOwner> = {}
    try {
      owner = JSON.parse(text) as LockOwner
    } catch {}
    const sameHost = owner.host === me.host
    const fresh = Date.now() - statSync(file).mtimeMs < LOCK_STALE_MS
    // In a container genmock is often pid 1 on every start: its own pid is a previous run's.
    const taken = sameHost ? owner.pid !== process.pid && alive(owner.pid ?? -1) : fresh
    if (taken)
      throw new StateDirError(
        `${file}: the folder is in use by genmock pid ${owner.pid} on ${owner.host} since ${owner.since}; ` +
          'one genmock per --state DIR',
      )
    stale = true
  }
  HELD.add(held)
  try {
    // Not fsynced: a lock is about processes, and a machine that crashed runs none of them.
    writeFileSync(file, JSON.stringify(me))
  } catch (error) {
    throw new StateDirError(`--state ${dir}: cannot be written (${(error as NodeJS.ErrnoException).code})`)
  }
  return {
    stale,
    beat: () => {
      const now = new Date()
      try {
        utimesSync(file, now, now)
      } catch {}
    },
    release: () => {
      HELD.delete(held)
      rmSync(file, { force: true })
    },
  }
}

const unreadable = (file: string, error: unknown) =>
  new StateDirError(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)

/** Writes a file whole or not at all: a temporary file, fsynced, renamed over it, the folder fsynced. */
export function writeDurably(file: string, text: string): void {
  const temporary = `${file}.tmp`
  const fd = openSync(temporary, 'w')
  try {
    writeSync(fd, text)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(temporary, file)
  syncDir(join(file, '..'))
}

/** writeDurably without holding up the requests: the writes and fsyncs on libuv's threads. */
export async function writeDurablyLater(file: string, text: string | readonly string[]): Promise<void> {
  const handle = await open(`${file}.tmp`, 'w')
  try {
    for (const piece of typeof text === 'string' ? [text] : text) await handle.writeFile(piece)
    await handle.sync()
  } finally {
    await handle.close()
  }
  await rename(`${file}.tmp`, file)
  try {
    const folder = await open(join(file, '..'), 'r')
    await folder.sync().finally(() => folder.close())
  } catch {
    // As syncDir.
  }
}

function syncDir(dir: string): void {
  let fd: number | undefined
  try {
    fd = openSync(dir, 'r')
    fsyncSync(fd)
  } catch {
    // Some file systems cannot fsync a folder; the rename is as durable as they make it.
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/** state.json's text: its header line, then the saved state. */
export function stateFileText(saved: string, generation: number, genmock: string): string {
  return `${stateFileHeader({ bytes: Buffer.byteLength(saved), sha256: sha256(saved) }, generation, genmock)}${saved}`
}

/** state.json's header line, for a body of that size and checksum. */
export function stateFileHeader(body: Pick<StateHeader, 'bytes' | 'sha256'>, generation: number, genmock: string) {
  const savedAt = new Date().toISOString()
  const header: StateHeader = {
    format: SNAPSHOT_FORMAT,
    version: STATE_DIR_FORMAT,
    genmock,
    generation,
    savedAt,
    ...body,
  }
  return `${JSON.stringify(header)}\n`
}

/** A log line: its checksum, the generation of the state it follows, the changes (the engine's, the drift report's). */
export function logLine(changes: SavedChanges, generation: number, drift?: DriftChanges): string {
  const text = JSON.stringify({ generation, changes, ...(drift ? { drift } : {}) })
  return `${lineSum(text)} ${text}\n`
}

/** What a folder holds: its saved state brought up to date by the log (none in a new folder). */
export interface DirContents {
  header?: StateHeader
  saved?: Snapshot
  changes: SavedChanges[]
  /** The drift report's changes, in order. */
  drift: DriftChanges[]
  /** Bytes of the log that are whole lines of this generation (a torn last line is cut off). */
  logBytes: number
}

function readHeader(file: string, text: string): { header: StateHeader; body: string } {
  const end = text.indexOf('\n')
  let header: Partial<StateHeader> | undefined
  try {
    header = JSON.parse(end < 0 ? text : text.slice(0, end)) as Partial<StateHeader>
  } catch {}
  if (header?.format !== SNAPSHOT_FORMAT) throw new StateDirError(`${file}: not a genmock state file`)
  if (typeof header.version !== 'number' || header.version > STATE_DIR_FORMAT)
    throw new StateDirError(
      `${file}: written by genmock ${header.genmock} in state format ${header.version}; this genmock reads ` +
        `format ${STATE_DIR_FORMAT}: upgrade genmock, or start on another folder`,
    )
  if (header.version < 1)
    throw new StateDirError(`${file}: state format ${header.version} is older than this genmock reads`)
  const body = end < 0 ? '' : text.slice(end + 1)
  if (Buffer.byteLength(body) !== header.bytes)
    throw new StateDirError(
      `${file}: truncated or corrupted (${Buffer.byteLength(body)} bytes where its header says ${header.bytes})`,
    )
  if (sha256(body) !== header.sha256) throw new StateDirError(`${file}: corrupted (its checksum does not match)`)
  return { header: header as StateHeader, body }
}

/**
 * Reads state.json and changes.log. A torn last line (genmock stopped mid-write, before the write
 * was acknowledged) is cut off; anything else that does not check out is refused.
 */
export function readDir(dir: string): DirContents {
  const stateFile = join(dir, STATE_FILE)
  const logFile = join(dir, LOG_FILE)
  let text: string | undefined
  let log = ''
  try {
    text = readFileSync(stateFile, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw unreadable(stateFile, error)
  }
  try {
    log = readFileSync(logFile, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw unreadable(logFile, error)
  }
  if (text === undefined) {
    if (log.length > 0) throw new StateDirError(`${logFile}: changes without the ${STATE_FILE} they follow`)
    return { changes: [], drift: [], logBytes: 0 }
  }
  const { header, body } = readHeader(stateFile, text)
  let saved: Snapshot
  try {
    saved = JSON.parse(body) as Snapshot
  } catch (error) {
    throw new StateDirError(`${stateFile}: corrupted (${(error as Error).message})`)
  }
  const changes: SavedChanges[] = []
  const drift: DriftChanges[] = []
  let offset = 0
  let number = 0
  while (offset < log.length) {
    number++
    const end = log.indexOf('\n', offset)
    const line = end < 0 ? log.slice(offset) : log.slice(offset, end)
    const space = line.indexOf(' ')
    const json = line.slice(space + 1)
    const whole = space === 16 && lineSum(json) === line.slice(0, 16)
    if (!whole) {
      if (end < 0) break // the torn last line of an interrupted write
      throw new StateDirError(`${logFile}: line ${number} is corrupted (its checksum does not match)`)
    }
    const entry = JSON.parse(json) as { generation: number; changes: SavedChanges; drift?: DriftChanges }
    if (entry.generation > header.generation)
      throw new StateDirError(`${logFile}: line ${number} follows a ${STATE_FILE} newer than the one there`)
    if (entry.generation === header.generation) {
      changes.push(entry.changes)
      if (entry.drift) drift.push(entry.drift)
    }
    offset = end < 0 ? log.length : end + 1
  }
  return { header, saved, changes, drift, logBytes: Buffer.byteLength(log.slice(0, offset)) }
}

/** The log, opened to append, cut after its last whole line. */
export function openLog(dir: string, bytes: number): number {
  const fd = openSync(join(dir, LOG_FILE), 'a+')
  ftruncateSync(fd, bytes)
  fsyncSync(fd)
  return fd
}
