import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine/engine.js'
import { logRefusal, parseStateFile, type StateHeader, StateDirError } from '../../src/node/state/state-dir.js'
import { type LogContents, scanLog } from '../../src/node/state/log-scan.js'
import { type FsFault, type FsOperation, injectFaults } from '../../src/node/state/state-fs.js'
import { run } from '../support/cli.js'
import { quickExpect } from '../support/quick-expect.js'
import { crashCopy, keep, keptFolder, options, startOn, submit, tmp } from './folder-kit.js'
import { oldStateFile } from './old-folders.js'

/**
 * Fault injection in the manner of SQLite's (docs/state.md, Damage and crashes): every single
 * open, write, fsync, rename and ftruncate of a scripted session made to fail (EIO, ENOSPC, a
 * short write), then the folder read back as a crash leaves it; and, for the last records of
 * changes.log and for state.json, a truncation at every byte and a flipped bit at every byte. Each
 * run either loads exactly what was acknowledged or refuses naming the file: never a silent loss,
 * never a cut original, never a stack trace.
 */

afterEach(() => injectFaults(undefined))

/** Every operation and every byte tried is seconds of CPU: a generous limit, for a busy machine. */
const FAULTS_LIMIT_MS = 180_000

type Template = { dir: string; ids: string[] }

/** A folder of format 4 holding 2 tasks and a torn last write (the start cuts it: an ftruncate). */
async function tornFolder(): Promise<Template> {
  const { dir, ids } = await keptFolder(2)
  writeFileSync(join(dir, 'changes.log'), `${readFileSync(join(dir, 'changes.log'), 'utf8')}0123456789abcdef {"gen`)
  return { dir, ids }
}

/** A folder of format 2 holding 2 tasks (the start writes it anew: a whole save at once). */
async function formatTwoFolder(): Promise<Template> {
  const live = new Engine(options())
  const ids = [await submit(live), await submit(live)].sort()
  const dir = tmp()
  writeFileSync(join(dir, 'state.json'), oldStateFile(JSON.stringify(live.saving.checkpoint()), 2))
  writeFileSync(join(dir, 'changes.log'), '')
  return { dir, ids }
}

/**
 * The scripted session on a copy of `template`: a start, five submissions each saved (the fourth
 * by a whole save), stopping at the first save that fails, as a crash would. The folder as the
 * crash leaves it, and the ids acknowledged.
 */
async function session(template: Template): Promise<{ copy: string; acked: string[] }> {
  const dir = tmp('genmock-faults-')
  cpSync(template.dir, dir, { recursive: true })
  const acked = [...template.ids]
  let kept: ReturnType<typeof keep> | undefined
  try {
    kept = keep(dir)
    for (let step = 0; step < 5; step++) {
      const id = await submit(kept.engine)
      await (step === 3 ? kept.keeper.compact() : kept.keeper.save())
      acked.push(id)
    }
  } catch (error) {
    expect(error).toBeInstanceOf(Error)
    if (kept === undefined) expect(error).toBeInstanceOf(StateDirError)
  }
  injectFaults(undefined)
  const copy = crashCopy(dir)
  await kept?.keeper.close()
  return { copy, acked: acked.sort() }
}

/** The operations of a session with no fault, in order. */
async function operations(template: Template): Promise<FsOperation[]> {
  const seen: FsOperation[] = []
  injectFaults((operation) => {
    seen.push(operation)
    return undefined
  })
  await session(template)
  return seen
}

describe('every single file operation of a session failing', () => {
  for (const [name, make] of [
    ['on a folder with a torn last write', tornFolder],
    ['on a folder of format 2', formatTwoFolder],
  ] as const)
    it(name, { timeout: FAULTS_LIMIT_MS }, async () => {
      const template = await make()
      const ops = await operations(template)
      expect(new Set(ops)).toEqual(
        new Set(['open', 'write', 'fsync', 'rename', 'ftruncate'].slice(0, new Set(ops).size)),
      )
      let runs = 0
      for (let at = 0; at < ops.length; at++)
        for (const fault of (ops[at] === 'write' ? ['EIO', 'ENOSPC', 'short'] : ['EIO', 'ENOSPC']) as FsFault[]) {
          let count = 0
          injectFaults(() => (count++ === at ? fault : undefined))
          const { copy, acked } = await session(template)
          // Every fault here is of an operation whose failure was reported before an acknowledgement.
          expect({ at, fault, loaded: startOn(copy) }).toEqual({ at, fault, loaded: acked })
          runs++
        }
      expect(runs).toBeGreaterThan(40)
    })
})

/** The loader's verdict on a changes.log text beside a whole state.json: what it loads, or the refusal. */
function readLog(dir: string, header: StateHeader, text: Buffer): LogContents | string {
  const scan = scanLog(text.toString(), header)
  return scan.damage ? logRefusal(dir, scan.damage).message : scan
}

/** The loader's verdict on a state.json text: its header, or the refusal. */
function readState(dir: string, text: Buffer): StateHeader | string {
  try {
    return parseStateFile(dir, text.toString()).header
  } catch (error) {
    quickExpect(error).toBeInstanceOf(StateDirError)
    return (error as Error).message
  }
}

describe('every byte of the last records of changes.log and of state.json', () => {
  it('truncated, and with a bit flipped, changes.log loads its whole acknowledged lines or refuses by line', {
    timeout: FAULTS_LIMIT_MS,
  }, async () => {
    const { dir } = await keptFolder(3)
    const log = readFileSync(join(dir, 'changes.log'))
    const ends: number[] = []
    for (let i = log.indexOf(10); i >= 0; i = log.indexOf(10, i + 1)) ends.push(i + 1)
    // Lines 1 (the opening) and 2 stay whole; lines 3 and 4, the last records, are cut and flipped.
    const from = ends[1]!
    const { header } = parseStateFile(dir, readFileSync(join(dir, 'state.json'), 'utf8'))
    let refusals = 0
    for (let at = from; at < log.length; at++) {
      const whole = ends.filter((end) => end <= at).length - 1
      const read = readLog(dir, header, log.subarray(0, at))
      if (typeof read === 'string') {
        // Only a last line missing nothing but its newline is refused: its change may have been acknowledged.
        quickExpect(ends).toContain(at + 1)
        quickExpect(read).toMatch(/changes\.log: line \d+ \(byte \d+\) ends without its newline; see what/)
        refusals++
        continue
      }
      quickExpect(read.changes).toHaveLength(whole)
      quickExpect(read.logBytes).toBe(ends[whole]!)
    }
    expect(refusals).toBe(2)
    for (let at = from; at < log.length; at++) {
      const flipped = Buffer.from(log)
      flipped[at]! ^= 1 << (at % 8)
      quickExpect(readLog(dir, header, flipped)).toMatch(/changes\.log: line [34] \(byte \d+\) .*; see what/)
    }
  })

  it('truncated, and with a bit flipped, state.json is refused by name', { timeout: FAULTS_LIMIT_MS }, async () => {
    const { dir } = await keptFolder(2)
    const state = readFileSync(join(dir, 'state.json'))
    for (let at = 0; at < state.length; at++) {
      quickExpect(readState(dir, state.subarray(0, at))).toMatch(/state\.json: /)
      const flipped = Buffer.from(state)
      flipped[at]! ^= 1 << (at % 8)
      quickExpect(readState(dir, flipped)).toMatch(/state\.json: /)
    }
    expect(readState(dir, state)).toMatchObject({ generation: 1 })
  })

  it('through the command: exit 2, one line naming the file, no stack; a torn write loads', {
    timeout: FAULTS_LIMIT_MS,
  }, async () => {
    const { dir } = await keptFolder(2)
    const log = readFileSync(join(dir, 'changes.log'))
    const flipped = crashCopy(dir)
    const at = log.length - 40
    writeFileSync(
      join(flipped, 'changes.log'),
      Buffer.concat([log.subarray(0, at), Buffer.from([log[at]! ^ 4]), log.subarray(at + 1)]),
    )
    const cut = crashCopy(dir)
    const state = readFileSync(join(dir, 'state.json'))
    writeFileSync(join(cut, 'state.json'), state.subarray(0, state.length >> 1))
    for (const [folder, file] of [
      [flipped, 'changes.log'],
      [cut, 'state.json'],
    ] as const) {
      const { code, stderr } = await run(['--port', '0', '--state', folder])
      expect(code).toBe(2)
      expect(stderr.trim().split('\n')).toHaveLength(1)
      expect(stderr).toContain(join(folder, file))
      expect(stderr).toContain(`genmock state repair ${folder}`)
      expect(stderr).not.toMatch(/^\s+at /m)
    }
    const torn = crashCopy(dir)
    writeFileSync(join(torn, 'changes.log'), log.subarray(0, log.length - 40))
    const check = await run(['state', 'check', torn])
    expect(check.code).toBe(0)
    expect(check.stdout).toMatch(/a torn last write \(\d+ bytes from byte \d+, never acknowledged\) would be dropped/)
  })
})
