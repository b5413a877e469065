// The few file operations the --state DIR is written with (docs/state.md, Crash safety and cost),
// in one place so that a test can make any single one fail, as SQLite's fault-injection tests do:
// an open, write, fsync, rename or ftruncate failing with EIO or ENOSPC, or a write cut short.
// Files are opened without following links, and only regular files of one name are written.
import {
  close,
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  lstatSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
  fdatasync,
  ftruncate,
  rename,
  write,
} from 'node:fs'
import { promisify } from 'node:util'
import { StateDirError } from './state-error.js'

/** An operation a fault can be injected into. */
export type FsOperation = 'open' | 'write' | 'fsync' | 'rename' | 'ftruncate'
/** What an injected fault does: fail with that code, or write only part of the bytes and then fail with EIO. */
export type FsFault = 'EIO' | 'ENOSPC' | 'short'
/** Decides, for each operation about to run, whether it fails: tests only. */
export type FaultHook = (operation: FsOperation, file: string) => FsFault | undefined

let hook: FaultHook | undefined

/** Makes the operations fail as `next` says, until it is set again (undefined: no faults). */
export function injectFaults(next: FaultHook | undefined): void {
  hook = next
}

function failure(code: 'EIO' | 'ENOSPC', operation: FsOperation, file: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`${code}: ${operation} ${file}`)
  error.code = code
  return error
}

/** Runs the hook for one operation: throws its error, or says the write is to be cut short. */
function faultOf(operation: FsOperation, file: string): boolean {
  const fault = hook?.(operation, file)
  if (fault === undefined) return false
  if (fault === 'short' && operation === 'write') return true
  throw failure(fault === 'short' ? 'EIO' : fault, operation, file)
}

const { O_RDONLY, O_RDWR, O_WRONLY, O_CREAT, O_TRUNC, O_APPEND, O_NOFOLLOW, O_NONBLOCK } = constants
const FLAGS = {
  read: O_RDONLY | O_NOFOLLOW | O_NONBLOCK,
  append: O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK,
  create: O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK,
}

/** The refusal for a path that is a link or not a regular file of its own. */
function notOurs(file: string, what: string): StateDirError {
  return new StateDirError(`${file}: ${what}; genmock writes only its own regular files (move it out of the folder)`)
}

/** Refuses a name that is a link, not a regular file, or a file with other names (a hard link). */
function checkKind(file: string, stat: { isFile(): boolean; isSymbolicLink(): boolean; nlink: number }): void {
  if (stat.isSymbolicLink()) throw notOurs(file, 'is a symbolic link')
  if (!stat.isFile()) throw notOurs(file, 'is not a regular file')
  if (stat.nlink > 1) throw notOurs(file, `is a hard link (${stat.nlink} names)`)
}

/**
 * Opens a state file without following a link: `read` (undefined when missing), `append` (made
 * when missing), `create` (emptied). A link, a folder, a FIFO, a hard link is refused by name.
 */
export function openFile(file: string, mode: 'read'): number | undefined
export function openFile(file: string, mode: 'append' | 'create'): number
export function openFile(file: string, mode: keyof typeof FLAGS): number | undefined {
  // Checked before opening: `create` empties what it opens, so a hard link is refused before.
  const before = lstatSync(file, { throwIfNoEntry: false })
  if (before === undefined && mode === 'read') return undefined
  if (before) checkKind(file, before)
  let fd: number
  try {
    faultOf('open', file)
    fd = openSync(file, FLAGS[mode], 0o644)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ELOOP') throw notOurs(file, 'is a symbolic link')
    if (code === 'ENOENT' && mode === 'read') return undefined
    // Reading, the refusal says so; writing, the caller does (a failed save is not a refusal).
    if (mode === 'read') throw new StateDirError(`${file}: cannot be read (${code})`)
    throw error
  }
  try {
    checkKind(file, fstatSync(fd))
  } catch (error) {
    closeSync(fd)
    throw error
  }
  return fd
}

/** A state file's whole text, or undefined when it is missing. */
export function readText(file: string): string | undefined {
  const fd = openFile(file, 'read')
  if (fd === undefined) return undefined
  try {
    return readFileSync(fd, 'utf8')
  } catch (error) {
    throw new StateDirError(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code})`)
  } finally {
    closeSync(fd)
  }
}

/** Writes all of `text` at the file's end (or position), or throws. */
export function writeAll(fd: number, text: string, file: string): void {
  const bytes = Buffer.from(text)
  if (faultOf('write', file)) {
    writeSync(fd, bytes, 0, bytes.length >> 1)
    throw failure('EIO', 'write', file)
  }
  let done = 0
  while (done < bytes.length) done += writeSync(fd, bytes, done)
}

export function syncFile(fd: number, file: string): void {
  faultOf('fsync', file)
  fsyncSync(fd)
}

export function truncateFile(fd: number, bytes: number, file: string): void {
  faultOf('ftruncate', file)
  ftruncateSync(fd, bytes)
}

export function renameFile(from: string, to: string): void {
  faultOf('rename', to)
  renameSync(from, to)
}

const writeLater = promisify(write) as (fd: number, bytes: Buffer) => Promise<{ bytesWritten: number }>
const datasyncLater = promisify(fdatasync)
const truncateLater = promisify(ftruncate)
const renameLater = promisify(rename)
const closeLater = promisify(close)

/** writeAll on libuv's threads: the requests are answered meanwhile. */
export async function writeAllLater(fd: number, text: string, file: string): Promise<void> {
  const bytes = Buffer.from(text)
  if (faultOf('write', file)) {
    await writeLater(fd, bytes.subarray(0, bytes.length >> 1))
    throw failure('EIO', 'write', file)
  }
  let done = 0
  while (done < bytes.length) done += (await writeLater(fd, bytes.subarray(done))).bytesWritten
}

/** The file's data made durable (fdatasync), on libuv's threads. */
export async function syncFileLater(fd: number, file: string): Promise<void> {
  faultOf('fsync', file)
  await datasyncLater(fd)
}

export async function truncateFileLater(fd: number, bytes: number, file: string): Promise<void> {
  faultOf('ftruncate', file)
  await truncateLater(fd, bytes)
}

export async function renameFileLater(from: string, to: string): Promise<void> {
  faultOf('rename', to)
  await renameLater(from, to)
}

export const closeFileLater = (fd: number) => closeLater(fd)

/** Blocks the thread for `ms`: a start waiting for a lock, a check for a live folder's writer, do nothing else. */
export const sleepSync = (ms: number) => void Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/** Fsyncs a folder, so that a rename in it lasts (where the file system can). */
export function syncFolder(dir: string): void {
  let fd: number | undefined
  try {
    fd = openSync(dir, O_RDONLY)
    fsyncSync(fd)
  } catch {
    // As the comment says.
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}
