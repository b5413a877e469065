import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkDir } from '../../src/node/state/state-check.js'
import { lineSum } from '../../src/node/state/state-log.js'
import { repairDir } from '../../src/node/state/state-repair.js'
import { BIN, ROOT, run } from '../support/cli.js'
import { keptFolder, startOn, tmp } from './folder-kit.js'

/**
 * Recovery explains everything it reads (docs/state.md, Damage and crashes; Check and repair): a
 * leftover changes.log.tmp never stands in for a damaged changes.log; a duplicated, swapped,
 * removed or forged record at any line is refused by line and byte, whatever lies beside; `state
 * check` says what the start says; `state repair` writes a sibling copy that starts, holding the
 * records before the first bad one. The original is never changed.
 */

const LOG = 'changes.log'
const TASKS = 7

const files = (dir: string) => Object.fromEntries(readdirSync(dir).map((n) => [n, readFileSync(join(dir, n), 'utf8')]))
const logLines = (dir: string) => readFileSync(join(dir, LOG), 'utf8').split('\n').slice(0, -1)
const offsetOf = (lines: string[], line: number) =>
  Buffer.byteLength(
    lines
      .slice(0, line - 1)
      .map((l) => `${l}\n`)
      .join(''),
  )

/** A start on `dir`: the refusal's message (the folder's files left as they were), or the ids loaded. */
function start(dir: string): string | string[] {
  const before = files(dir)
  const loaded = startOn(dir)
  if (typeof loaded === 'string') expect(files(dir)).toEqual(before)
  return loaded
}

/** The start, check and repair agree on `dir`: refused at `line`; the repaired copy starts holding `kept`. */
function refusedAt(dir: string, line: number, lines: string[], what: RegExp, kept: string[]): void {
  const at = new RegExp(`changes\\.log: line ${line} \\(byte ${offsetOf(lines, line)}\\) ${what.source}`)
  const refusal = start(dir)
  expect(refusal, `line ${line}`).toMatch(at)
  const report = checkDir(dir)
  expect(report.loads).toBe(false)
  expect(report.lines.join('\n')).toMatch(at)
  const before = files(dir)
  const { to, dropped } = repairDir(dir)
  expect(files(dir)).toEqual(before)
  expect(dirname(to)).toBe(dirname(realpathSync(dir)))
  expect(dropped).toMatch(new RegExp(`changes\\.log lines ${line}–`))
  expect(start(to)).toEqual([...kept].sort())
  rmSync(to, { recursive: true })
}

/** The log of `dir` rewritten as `change` says. */
const rewrite = (dir: string, change: (lines: string[]) => string[]) =>
  writeFileSync(join(dir, LOG), `${change(logLines(dir)).join('\n')}\n`)

/** A record line with its number changed and its checksum made anew, as someone who knows the format can. */
function forged(line: string, record: number, folder: string, edit = (text: string) => text): string {
  const text = edit(JSON.stringify({ ...JSON.parse(line.slice(17)), record }))
  return `${lineSum(text, folder)} ${text}`
}

describe('a leftover changes.log.tmp is compared, never preferred', () => {
  it("holding the log's first line, beside a log damaged at any line: refused by line, nothing changed", {
    timeout: 60_000,
  }, async () => {
    const { dir, saved: ids } = await keptFolder(TASKS)
    const lines = logLines(dir)
    for (let line = 2; line <= lines.length; line++) {
      const copy = tmp('genmock-leftover-')
      writeFileSync(join(copy, 'state.json'), readFileSync(join(dir, 'state.json')))
      writeFileSync(join(copy, `${LOG}.tmp`), `${lines[0]}\n`)
      const flipped = [...lines]
      flipped[line - 1] = flipped[line - 1]!.replace('"generation":1', '"generation":1 ')
      writeFileSync(join(copy, LOG), `${flipped.join('\n')}\n`)
      const size = readFileSync(join(copy, LOG)).length
      refusedAt(copy, line, lines, /is corrupted \(its checksum does not match\)/, ids.slice(0, line - 2))
      expect(readFileSync(join(copy, LOG)).length).toBe(size)
    }
  })

  it("the issue's case through the command: exit 2 naming line 7, changes.log not shrunk, no copy kept", async () => {
    const { dir } = await keptFolder(TASKS)
    const lines = logLines(dir)
    writeFileSync(join(dir, `${LOG}.tmp`), `${lines[0]}\n`)
    const at = offsetOf(lines, 7) + 30
    const log = readFileSync(join(dir, LOG))
    log[at]! ^= 1
    writeFileSync(join(dir, LOG), log)
    const { code, stderr } = await run(['--port', '0', '--state', dir])
    expect(code).toBe(2)
    expect(stderr).toMatch(/changes\.log: line 7 \(byte \d+\) is corrupted/)
    expect(readFileSync(join(dir, LOG))).toEqual(log)
    expect(readdirSync(dir).sort()).toEqual([LOG, `${LOG}.tmp`, 'state.json'])
  })
})

describe('a replayed record at every line', () => {
  it('duplicated, swapped, removed or forged: refused by line and byte; check agrees; repair starts', {
    timeout: 120_000,
  }, async () => {
    const { dir, saved: ids } = await keptFolder(TASKS)
    const lines = logLines(dir)
    const folder = JSON.parse(lines[0]!.slice(17)).folder as string
    const copy = () => {
      const to = tmp('genmock-replayed-case-')
      writeFileSync(join(to, 'state.json'), readFileSync(join(dir, 'state.json')))
      writeFileSync(join(to, LOG), readFileSync(join(dir, LOG)))
      return to
    }
    for (let line = 2; line <= lines.length; line++) {
      // Line `line` holds record line-1, task line-2 (0-based): what comes before it is kept.
      const before = ids.slice(0, line - 2)
      const duplicated = copy()
      rewrite(duplicated, (l) => [...l.slice(0, line), l[line - 1]!, ...l.slice(line)])
      refusedAt(duplicated, line + 1, lines, /is record \d+ again or out of order/, ids.slice(0, line - 1))
      if (line < lines.length) {
        const swapped = copy()
        rewrite(swapped, (l) => [...l.slice(0, line - 1), l[line]!, l[line - 1]!, ...l.slice(line + 1)])
        refusedAt(
          swapped,
          line,
          lines,
          /is record \d+ where record \d+ follows record \d+: a record is missing/,
          before,
        )
        const removed = copy()
        rewrite(removed, (l) => [...l.slice(0, line - 1), ...l.slice(line)])
        refusedAt(
          removed,
          line,
          lines,
          /is record \d+ where record \d+ follows record \d+: a record is missing/,
          before,
        )
      }
      if (line > 2) {
        // The record before, replayed under this line's number with a checksum made anew.
        const replayed = copy()
        rewrite(replayed, (l) => l.map((text, i) => (i === line - 1 ? forged(l[line - 2]!, line - 1, folder) : text)))
        refusedAt(replayed, line, lines, /makes a state the live API could not have made \(/, before)
      }
      // A record whose checksum is made anew over a change the live API could not make.
      const made = copy()
      const overdrawn = (text: string) => text.replace(/"amount":-(\d+)/, '"amount":-$1000')
      rewrite(made, (l) => l.map((text, i) => (i === line - 1 ? forged(text, line - 1, folder, overdrawn) : text)))
      refusedAt(made, line, lines, /makes a state the live API could not have made \(/, before)
    }
  })
})

describe('state repair', () => {
  it('`repair .` writes a sibling of the folder, never inside it; its copy starts', async () => {
    const { dir, saved: ids } = await keptFolder(TASKS)
    rewrite(dir, (l) => [...l.slice(0, 4), ...l.slice(5)])
    const before = files(dir)
    const done = spawnSync(process.execPath, [join(ROOT, BIN), 'state', 'repair', '.'], { cwd: dir, encoding: 'utf8' })
    expect(done.status).toBe(0)
    const to = done.stdout.match(/repaired copy written to (\S+);/)![1]!
    expect(dirname(to)).toBe(dirname(realpathSync(dir)))
    expect(basename(to)).toMatch(new RegExp(`^${basename(dir)}\\.repaired-`))
    expect(files(dir)).toEqual(before)
    expect(existsSync(to)).toBe(true)
    expect(start(to)).toEqual(ids.slice(0, 3).sort())
    rmSync(to, { recursive: true })
  })
})
