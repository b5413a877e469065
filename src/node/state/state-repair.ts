// `genmock state repair DIR` (docs/state.md, Check and repair): a repaired copy of a --state DIR
// written beside it (a sibling, whatever spelling of the path is given), holding state.json as it
// is and changes.log up to the record that explains the damage, saying exactly what was dropped.
// The copy is checked as a start reads it until it loads. The original is never changed.
import { mkdirSync, realpathSync } from 'node:fs'
import { join } from 'node:path'
import { checkDir, type DirReport } from './state-check.js'
import { LOG_FILE, STATE_FILE, writeDurably } from './state-dir.js'
import { StateDirError } from './state-error.js'
import { readText } from './state-fs.js'
import { besideName, openingLine } from './state-log.js'

/** The log cut so that the first thing a start refuses in it is gone: the text kept and what was dropped, in words. */
function cut(report: DirReport, log: string): { kept: string; dropped: string } | undefined {
  const fault = report.refusal?.log
  if (fault === undefined) return undefined
  const { line, offset, what } = fault
  // A whole last line that lost its newline: its change is kept, the newline added.
  if (what === 'ends without its newline')
    return { kept: `${log}\n`, dropped: `nothing (${LOG_FILE}'s last newline added)` }
  const header = report.header!
  const bytes = Buffer.from(log)
  const left = bytes.subarray(offset).toString().split('\n').filter(Boolean).length
  const kept =
    header.folder && line <= 1 ? openingLine(header.folder, header.generation) : bytes.subarray(0, offset).toString()
  const dropped =
    `${LOG_FILE} lines ${line}–${line + left - 1} (${bytes.length - offset} bytes from byte ${offset}; ` +
    `line ${line} ${what}): the changes saved in them are lost`
  return { kept, dropped }
}

/** The log a start would keep of a folder that loads: all of it but a torn last write. */
function loaded(report: DirReport, log: string | undefined): { kept: string; dropped: string } {
  const header = report.header!
  if (log === undefined)
    return header.folder
      ? {
          kept: openingLine(header.folder, header.generation),
          dropped: `nothing (no ${LOG_FILE}: its opening line written)`,
        }
      : { kept: '', dropped: `nothing (no ${LOG_FILE})` }
  const torn = report.contents?.torn
  if (torn === undefined) return { kept: log, dropped: 'nothing' }
  const dropped = `${LOG_FILE}'s torn last write (${torn.bytes} bytes from byte ${torn.offset}, never acknowledged)`
  return { kept: Buffer.from(log).subarray(0, torn.offset).toString(), dropped }
}

/**
 * Writes a repaired copy of `dir` beside it (state.json as it is; changes.log up to the first record
 * a start refuses, again until the copy loads), or throws a StateDirError when state.json itself
 * cannot be kept. Returns the copy's folder and what was dropped.
 */
export function repairDir(dir: string): { to: string; dropped: string } {
  const real = realpathSync(dir)
  let report = checkDir(real)
  if (report.header === undefined)
    throw new StateDirError(
      `${report.lines.find((line) => !line.includes(`${STATE_FILE}: none`)) ?? `${dir}: no ${STATE_FILE}`}: ` +
        `no repair keeps a state whose ${STATE_FILE} is not whole; ` +
        'move the folder aside and start anew (or from a snapshot with --state-from)',
    )
  const log = readText(join(real, LOG_FILE))
  const first = cut(report, log ?? '') ?? (report.contents ? loaded(report, log) : undefined)
  if (first === undefined)
    throw new StateDirError(`${report.lines.at(-1)}: no repair keeps this folder's ${STATE_FILE}`)
  const to = besideName(real, 'repaired')
  mkdirSync(to)
  writeDurably(join(to, STATE_FILE), readText(join(real, STATE_FILE))!)
  let { kept } = first
  const dropped = [first.dropped]
  // Each cut is shorter than the last: a forged record before the first damage, say, goes too.
  for (;;) {
    writeDurably(join(to, LOG_FILE), kept)
    report = checkDir(to)
    if (report.loads) return { to, dropped: dropped.join('; then ') }
    const next = cut(report, kept)
    if (next === undefined || next.kept === kept)
      throw new StateDirError(`${report.lines.at(-1)}: the copy ${to} does not load; no repair keeps this folder`)
    ;({ kept } = next)
    dropped.push(next.dropped)
  }
}
