// `genmock state check DIR` and `genmock state repair DIR` (docs/state.md, Check and repair): what
// a start would load from a --state DIR and what is damaged; and a repaired copy of the folder
// written beside it, saying exactly what was dropped. The original is never changed.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { readDir, readStateFile, STATE_FILE, type StateHeader, writeDurably } from './state-dir.js'
import { StateDirError } from './state-error.js'
import { readText } from './state-fs.js'
import { LOCK_FILE } from './state-lock.js'
import { besideName, LOG_FILE, type LogContents, openingLine, scanLog } from './state-log.js'

/** A folder looked at: each file's verdict, and whether a start would load it. */
export interface DirReport {
  /** One line per file: what it holds, or what is wrong with it. */
  lines: string[]
  /** A start would load the folder (a torn last write is dropped, with a warning). */
  loads: boolean
  header?: StateHeader
  /** The log's verdict, when state.json is whole. */
  log?: LogContents & { text: string; missing: boolean }
}

/** A refusal's message without the repair commands (check is one of them). */
const withoutHint = (error: Error) => error.message.split('; see what')[0]!
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** What a start would find in `dir`, file by file (nothing is written). */
export function checkDir(dir: string): DirReport {
  const stateFile = join(dir, STATE_FILE)
  const logFile = join(dir, LOG_FILE)
  let state: ReturnType<typeof readStateFile>
  try {
    state = readStateFile(dir)
  } catch (error) {
    if (!(error instanceof StateDirError)) throw error
    return { lines: [withoutHint(error)], loads: false }
  }
  const lock = readText(join(dir, LOCK_FILE))
  const lockLine = lock === undefined ? [] : [`${join(dir, LOCK_FILE)}: ${lock.slice(0, 120)}`]
  const logText = readText(logFile)
  if (state === undefined) {
    const none = `${stateFile}: none (a start makes a new state)`
    try {
      readDir(dir)
      return { lines: [none, ...lockLine], loads: true }
    } catch (error) {
      return { lines: [none, withoutHint(error as Error), ...lockLine], loads: false }
    }
  }
  const { header, saved } = state
  const tasks = (saved as { tasks?: { records?: { rows?: unknown[] } } }).tasks?.records?.rows?.length ?? 0
  const lines = [
    `${stateFile}: whole (format ${header.version}, generation ${header.generation}, ` +
      `${plural(tasks, 'task')}, ${header.bytes} bytes${header.folder ? `, folder ${header.folder}` : ''})`,
  ]
  const missing = logText === undefined
  const log = { ...scanLog(logText ?? '', header), text: logText ?? '', missing }
  if (missing && header.folder !== undefined) {
    lines.push(`${logFile}: missing, though ${STATE_FILE} (generation ${header.generation}) has one`)
    return { lines: [...lines, ...lockLine], loads: false, header, log }
  }
  if (log.damage) {
    const { line, offset, what, linesLeft } = log.damage
    lines.push(
      `${logFile}: line ${line} (byte ${offset}) ${what}; ${plural(log.changes.length, 'change')} before it, ` +
        `${plural(linesLeft, 'line')} from it on`,
    )
  } else {
    const stale = log.generation < header.generation ? ` (of an older generation: already in ${STATE_FILE})` : ''
    lines.push(`${logFile}: ${plural(log.changes.length, 'change')} to replay${stale}`)
    if (log.torn)
      lines.push(
        `${logFile}: a torn last write (${log.torn.bytes} bytes from byte ${log.torn.offset}, never acknowledged) ` +
          'would be dropped, the original kept beside it',
      )
  }
  return { lines: [...lines, ...lockLine], loads: log.damage === undefined, header, log }
}

/** What repair drops from the log, in words, and the bytes of it kept. */
function logCut(report: DirReport): { kept: string; dropped: string } {
  const { log, header } = report
  const opening = openingLine(header!.folder ?? '', header!.generation)
  if (log === undefined || log.missing)
    return { kept: header!.folder ? opening : '', dropped: 'nothing (no changes.log)' }
  const bytes = Buffer.from(log.text)
  if (log.damage) {
    const { line, offset, what, linesLeft } = log.damage
    // A whole last line that lost its newline: its change is kept, the newline added.
    if (what === 'ends without its newline')
      return { kept: `${log.text}\n`, dropped: `nothing (${LOG_FILE}'s last newline added)` }
    const kept = header!.folder && line <= 1 ? opening : bytes.subarray(0, offset).toString()
    const dropped =
      `${LOG_FILE} lines ${line}–${line + linesLeft - 1} (${bytes.length - offset} bytes from byte ${offset}; ` +
      `line ${line} ${what}): the changes saved in them are lost`
    return { kept, dropped }
  }
  if (log.torn) {
    const { bytes: torn, offset } = log.torn
    const dropped = `${LOG_FILE}'s torn last write (${torn} bytes from byte ${offset}, never acknowledged)`
    return { kept: bytes.subarray(0, offset).toString(), dropped }
  }
  return { kept: log.text, dropped: 'nothing' }
}

/**
 * Writes a repaired copy of `dir` beside it (state.json as it is; changes.log up to its first
 * damage), or throws a StateDirError when state.json itself is damaged. Returns the copy's folder
 * and what was dropped.
 */
export function repairDir(dir: string): { to: string; dropped: string } {
  const report = checkDir(dir)
  if (report.header === undefined)
    throw new StateDirError(
      `${report.lines[0]}: no repair keeps a state whose ${STATE_FILE} is not whole; ` +
        `move the folder aside and start anew (or from a snapshot with --state-from)`,
    )
  const { kept, dropped } = logCut(report)
  const to = besideName(dir.replace(/[/\\]+$/, ''), 'repaired')
  mkdirSync(to)
  writeDurably(join(to, STATE_FILE), readText(join(dir, STATE_FILE))!)
  writeDurably(join(to, LOG_FILE), kept)
  return { to, dropped }
}
