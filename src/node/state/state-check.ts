// `genmock state check DIR` (docs/state.md, Check and repair): what a start would do with a --state
// DIR, file by file, found by doing what a start does (the folder read back into a scratch engine),
// writing nothing. A folder a live genmock keeps is read as a consistent view: a state.json that was
// replaced while the log was read, or damage seen while the writer is at work, is read again.
import { accessSync, constants, existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { buildSimulation } from '../../simulator.js'
import {
  type DirContents,
  LOG_FILE,
  readDir,
  readStateFile,
  refuseForeign,
  STATE_FILE,
  type StateHeader,
} from './state-dir.js'
import { StateDirError, unwritable } from './state-error.js'
import { readText, sleepSync } from './state-fs.js'
import { LOCK_FILE, lockRefusal } from './state-lock.js'
import { readBack } from './state-read-back.js'

/** A folder looked at: each file's verdict, and whether a start would load it. */
export interface DirReport {
  /** One line per file: what it holds, or what is wrong with it. */
  lines: string[]
  /** A start would load the folder (a torn last write is dropped, with a warning). */
  loads: boolean
  header?: StateHeader
  /** What a start does with the log, when it reads it whole (a folder it could not write, say). */
  contents?: DirContents
  /** Why a start refuses, when it does. */
  refusal?: StateDirError
  /** A live genmock keeps the folder: its pid, for the last line. */
  inUse?: number
}

/** How often, and how long apart, a folder a live genmock keeps is read again. */
const ATTEMPTS = 20
const AGAIN_MS = 100

/** A refusal's message without the repair commands (check is one of them). */
const withoutHint = (error: Error) => error.message.split('; see what')[0]!
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** A file's identity: a whole save renames a new state.json in place. */
const identity = (file: string) => {
  const stat = statSync(file, { throwIfNoEntry: false })
  return stat ? `${stat.ino}:${stat.size}:${stat.mtimeMs}` : 'none'
}

/** A refusal's line, and for the log's damage how much lies before and after it. */
function refusalLine(dir: string, error: StateDirError, header: StateHeader | undefined): string {
  if (!error.log) return withoutHint(error)
  const log = Buffer.from(readText(join(dir, LOG_FILE)) ?? '')
  const count = (text: Buffer) => text.toString().split('\n').filter(Boolean).length
  const before = Math.max(0, count(log.subarray(0, error.log.offset)) - (header?.folder ? 1 : 0))
  const after = count(log.subarray(error.log.offset))
  return `${withoutHint(error)}; ${plural(before, 'change')} before it, ${plural(after, 'line')} from it on`
}

/** What a start does with the log and the files a crash leaves beside it. */
function logLines(dir: string, contents: DirContents, header: StateHeader, live: boolean): string[] {
  const file = join(dir, LOG_FILE)
  if (contents.logAside)
    return [
      `${file}: of an older folder format, all of it in ${STATE_FILE}; ${file}.tmp (its successor, left by a whole ` +
        'save that stopped before renaming it in place) explains it: a start writes the log anew',
    ]
  const stale = contents.generation < header.generation ? ` (of an older generation: already in ${STATE_FILE})` : ''
  const lines = [`${file}: ${plural(contents.changes.length, 'change')} to replay${stale}`]
  if (contents.torn)
    lines.push(
      live
        ? `${file}: a write under way (${contents.torn.bytes} bytes from byte ${contents.torn.offset}): not read`
        : `${file}: a torn last write (${contents.torn.bytes} bytes from byte ${contents.torn.offset}, never ` +
            'acknowledged) would be dropped, the original kept beside it',
    )
  for (const name of [`${LOG_FILE}.tmp`, `${STATE_FILE}.tmp`])
    if (existsSync(join(dir, name)))
      lines.push(
        `${join(dir, name)}: left by a whole save that did not finish: not read (the next whole save replaces it)`,
      )
  return lines
}

/** Throws what a start throws when it cannot write the folder (as the user this check runs as). */
function writable(dir: string): void {
  for (const [path, what, doing] of [
    [dir, `--state ${dir}`, 'cannot be written'],
    [join(dir, LOG_FILE), join(dir, LOG_FILE), 'cannot be opened to write'],
  ] as const)
    try {
      if (existsSync(path)) accessSync(path, constants.W_OK)
    } catch (error) {
      throw unwritable(what, (error as NodeJS.ErrnoException).code, doing)
    }
}

/** The folder read once, as a start reads it. */
function lookOnce(dir: string, live: boolean): DirReport {
  let header: StateHeader | undefined
  let contents: DirContents | undefined
  const lines: string[] = []
  try {
    if (statSync(dir, { throwIfNoEntry: false })?.isDirectory() === false)
      throw new StateDirError(`--state ${dir}: is a file, not a folder`)
    const state = readStateFile(dir)
    header = state?.header
    if (state === undefined) lines.push(`${join(dir, STATE_FILE)}: none (a start makes a new state)`)
    else {
      const tasks = (state.saved as { tasks?: { records?: { rows?: unknown[] } } }).tasks?.records?.rows?.length ?? 0
      lines.push(
        `${join(dir, STATE_FILE)}: whole (format ${state.header.version}, generation ${state.header.generation}, ` +
          `${plural(tasks, 'task')}, ${state.header.bytes} bytes` +
          `${state.header.folder ? `, folder ${state.header.folder}` : ''})`,
      )
    }
    if (existsSync(dir)) refuseForeign(dir)

    const read = readDir(dir)
    if (read.saved) {
      // A scratch simulation, as a start makes one, to read the folder back into.
      const { engine, drift } = buildSimulation()
      readBack(dir, read, engine, drift)
    }
    contents = read
    if (header) lines.push(...logLines(dir, read, header, live))
    writable(dir)
    return { lines, loads: true, contents, ...(header ? { header } : {}) }
  } catch (error) {
    if (!(error instanceof StateDirError)) throw error
    lines.push(refusalLine(dir, error, header))
    return { lines, loads: false, refusal: error, ...(header ? { header } : {}), ...(contents ? { contents } : {}) }
  }
}

/** The lock's line: who holds the folder and what a start does about it (a refusal's words are a refusal). */
function lockLine(dir: string): { line?: string; refusal?: string; inUse?: number } {
  const file = join(dir, LOCK_FILE)
  const why = lockRefusal(file)
  const text = readText(file)
  if (text === undefined) return {}
  if (why === undefined) return { line: `${file}: left by a process that is gone: a start takes it over` }
  if (typeof why !== 'string') {
    const { owner, touchedMs } = why
    const line =
      `${file}: held by genmock pid ${owner.pid} on ${owner.host} (another machine), last touched ` +
      `${Math.round(touchedMs / 1000)} s ago: a start waits until it is stale, then takes it over`
    return { line, inUse: owner.pid }
  }
  const pid = (JSON.parse(text) as { pid?: number }).pid
  if (why.startsWith('the folder is in use')) return { line: `${file}: ${why}`, inUse: pid ?? 0 }
  return { line: `${file}: ${why}`, refusal: why }
}

/**
 * What a start would find in `dir`, file by file (nothing is written). A folder a live genmock keeps
 * is read until the view is consistent (state.json the same before and after the log was read) and,
 * while its writer may be mid-way, until it loads or damage is seen again and again.
 */
export function checkDir(dir: string): DirReport {
  const lock = lockLine(dir)
  const live = lock.inUse !== undefined
  let report: DirReport
  for (let attempt = 1; ; attempt++) {
    const before = identity(join(dir, STATE_FILE))
    report = lookOnce(dir, live)
    const consistent = identity(join(dir, STATE_FILE)) === before
    if (attempt >= ATTEMPTS || (consistent && (report.loads || !live))) break
    sleepSync(AGAIN_MS)
  }
  if (lock.line) report.lines.push(lock.line)
  if (lock.refusal !== undefined) report.loads = false
  return lock.inUse === undefined ? report : { ...report, inUse: lock.inUse }
}
