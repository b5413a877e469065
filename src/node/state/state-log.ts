// changes.log of a --state DIR written (docs/state.md, Crash safety and cost): an opening line
// naming the folder, the generation of the state.json it follows and the log's format, then one
// checksummed, numbered record per save, appended and fsynced; a torn last write dropped at start
// with the original kept beside. The log is read back by log-scan.ts.
import { createHash } from 'node:crypto'
import { closeSync, constants, copyFileSync, fstatSync } from 'node:fs'
import { join } from 'node:path'
import type { DriftChanges } from '../../drift/saved-drift.js'
import type { SavedChanges } from '../../engine/state-changes.js'
import { StateDirError, unwritable } from './state-error.js'
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
export const OPENING = 'genmock-changes'
/** The log's format: from 4 each record carries its number, one more than its predecessor's. */
export const LOG_FORMAT = 4

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
/** A line's checksum: the first 16 hex digits of the SHA-256 of its text (after its folder's id, from format 3). */
export const lineSum = (text: string, folder = '') => sha256(folder + text).slice(0, 16)

/**
 * A log line: its checksum, then its record number (the first after the opening line is 1; none in
 * a log of format 3 or older), the generation of the state it follows, the changes (the engine's,
 * the drift report's).
 */
export function logLine(
  changes: SavedChanges,
  generation: number,
  drift?: DriftChanges,
  folder?: string,
  record?: number,
): string {
  const text = JSON.stringify({
    ...(record === undefined ? {} : { record }),
    generation,
    changes,
    ...(drift ? { drift } : {}),
  })
  return `${lineSum(text, folder)} ${text}\n`
}

/** The log's first line: the folder it belongs to and the generation of the state.json it follows. */
export function openingLine(folder: string, generation: number): string {
  const text = JSON.stringify({ log: OPENING, folder, generation, format: LOG_FORMAT })
  return `${lineSum(text)} ${text}\n`
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
 * The log, opened to append. A torn last write after `bytes` (see log-scan.ts) is dropped: the whole
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
    throw unwritable(file, code, 'cannot be opened to write')
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
    throw unwritable(file, (error as NodeJS.ErrnoException).code)
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
      // The cut failed too: the next start finds the torn last write and drops it (log-scan.ts).
    }
    throw error
  }
}
