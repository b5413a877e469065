import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine/engine.js'
import { StateDirError } from '../../src/node/state/state-dir.js'
import { crashCopy, keep, keptFolder, options, submit, taskIds, tmp } from './folder-kit.js'
import { oldStateFile } from './old-folders.js'

/**
 * A crash is told from damage (docs/state.md, Damage and crashes): only a torn last write of
 * changes.log is dropped, with the original kept beside it; anything else refuses to start with
 * one line naming the file, the line and byte offset, and the repair commands, and the damaged file
 * is left exactly as it was.
 */

const LOG = 'changes.log'
const STATE = 'state.json'

/** A start on `dir` is refused with a message matching `message`; the folder's files are left as they were. */
function refused(dir: string, message: RegExp): void {
  const before = Object.fromEntries(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), 'utf8')]))
  let error: unknown
  try {
    keep(dir)
  } catch (caught) {
    error = caught
  }
  expect(error).toBeInstanceOf(StateDirError)
  expect((error as Error).message).toMatch(message)
  expect((error as Error).message).not.toMatch(/\n/)
  const after = Object.fromEntries(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), 'utf8')]))
  expect(after).toEqual(before)
}

const HINT = /; see what is damaged with `genmock state check .*`, repair with `genmock state repair .*`$/
const edit = (dir: string, name: string, change: (text: string) => string) =>
  writeFileSync(join(dir, name), change(readFileSync(join(dir, name), 'utf8')))

describe('a crash is told from damage', () => {
  it('a torn last write is dropped, with where and how much, and the original kept beside', async () => {
    const { dir, ids } = await keptFolder(3)
    const whole = readFileSync(join(dir, LOG), 'utf8')
    const tail = '0123456789abcdef {"generation":1,"chan'
    const torn = `${whole}${tail}`
    writeFileSync(join(dir, LOG), torn)
    const { engine, keeper } = keep(dir)
    expect(taskIds(engine)).toEqual(ids)
    expect(keeper.loaded.torn).toMatchObject({ offset: Buffer.byteLength(whole), bytes: tail.length })
    expect(readFileSync(keeper.loaded.torn!.copy, 'utf8')).toBe(torn)
    expect(readFileSync(join(dir, LOG), 'utf8')).toBe(whole)
    await keeper.close()
  })

  it('a whole folder loads with no warning', async () => {
    const { dir, ids } = await keptFolder(2)
    const { engine, keeper } = keep(dir)
    expect(taskIds(engine)).toEqual(ids)
    expect(keeper.loaded.torn).toBeUndefined()
    await keeper.close()
  })

  it('a bad checksum before the end refuses, naming the line and byte', async () => {
    const { dir } = await keptFolder(3)
    const lines = readFileSync(join(dir, LOG), 'utf8').split('\n')
    edit(dir, LOG, (text) => text.replace('"seq"', '"seX"'))
    const offset = Buffer.byteLength(`${lines[0]}\n`)
    refused(
      dir,
      new RegExp(`changes\\.log: line 2 \\(byte ${offset}\\) is corrupted \\(its checksum does not match\\)`),
    )
    refused(dir, HINT)
  })

  it('a last line whole but for its newline (changed into another byte, or lost) refuses', async () => {
    const { dir } = await keptFolder(2)
    edit(dir, LOG, (text) => `${text.slice(0, -1)}\x0b`)
    refused(dir, /changes\.log: line 3 \(byte \d+\) ends with a damaged newline/)
    edit(dir, LOG, (text) => text.slice(0, -1))
    refused(dir, /changes\.log: line 3 \(byte \d+\) ends without its newline/)
  })

  it('a missing or empty changes.log beside a state.json refuses', async () => {
    const { dir } = await keptFolder(2)
    writeFileSync(join(dir, LOG), '')
    refused(dir, /changes\.log: line 0 \(byte 0\) is empty, where it begins with a line naming its folder/)
    rmSync(join(dir, LOG))
    refused(dir, /changes\.log: missing, though state\.json \(generation 1\) has one/)
  })

  it('a header whose checksum fails refuses (one bit of its generation: 0 tasks before)', async () => {
    const { dir } = await keptFolder(2)
    edit(dir, STATE, (text) => text.replace('"generation":1', '"generation":3'))
    refused(dir, /state\.json: its header \(line 1\) is corrupted \(its checksum does not match\)/)
    edit(dir, STATE, (text) => text.replace('"generation":3', '"generation":1').replace('"version":4', '"version":2'))
    refused(dir, /state\.json: its header \(line 1\) is corrupted/)
  })

  it("another folder's changes.log or state.json is refused by name", async () => {
    const one = await keptFolder(2)
    const other = await keptFolder(1)
    const mixed = crashCopy(one.dir)
    writeFileSync(join(mixed, LOG), readFileSync(join(other.dir, LOG)))
    refused(
      mixed,
      /changes\.log: line 1 \(byte 0\) belongs to another folder than state\.json \(its id dir_\S+, state\.json's dir_/,
    )
    const swapped = crashCopy(one.dir)
    writeFileSync(join(swapped, STATE), readFileSync(join(other.dir, STATE)))
    refused(swapped, /changes\.log: line 1 \(byte 0\) belongs to another folder than state\.json/)
  })

  it('a checksummed line that is not a change record names the file and line, never a TypeError', async () => {
    const { dir } = await keptFolder(1)
    const [opening, ...rest] = readFileSync(join(dir, LOG), 'utf8').split('\n')
    const folder = JSON.parse(opening!.slice(17)).folder as string
    const { lineSum } = await import('../../src/node/state/state-log.js')
    const text = JSON.stringify({ generation: 1, changes: null })
    writeFileSync(join(dir, LOG), [opening, ...rest.slice(0, -1), `${lineSum(text, folder)} ${text}`, ''].join('\n'))
    refused(dir, /changes\.log: line 3 \(byte \d+\) is not a change record, though its checksum matches/)
  })

  it('a checksummed change record that does not replay names the file and line', async () => {
    const { dir } = await keptFolder(1)
    const [opening, ...rest] = readFileSync(join(dir, LOG), 'utf8').split('\n')
    const folder = JSON.parse(opening!.slice(17)).folder as string
    const { lineSum } = await import('../../src/node/state/state-log.js')
    const text = JSON.stringify({ record: 2, generation: 1, changes: { seed: 'x', tasks: 7 } })
    writeFileSync(join(dir, LOG), [opening, ...rest.slice(0, -1), `${lineSum(text, folder)} ${text}`, ''].join('\n'))
    refused(dir, /changes\.log: line 3 \(byte \d+\) cannot be replayed \(/)
  })

  it('a crash during a first start (a log with only its first line, no state.json) starts anew', async () => {
    const { dir } = await keptFolder(0)
    const first = readFileSync(join(dir, LOG), 'utf8').split('\n')[0]
    const fresh = tmp()
    writeFileSync(join(fresh, LOG), `${first}\n`)
    const { engine, keeper } = keep(fresh)
    expect(keeper.loaded.from).toBe('new')
    expect(engine.storedTasks).toBe(0)
    await keeper.close()
  })
})

describe('the folder format', () => {
  it('2 (no folder id) loads, and is written anew in format 4 with an id', async () => {
    const live = new Engine(options())
    const ids = [await submit(live), await submit(live)]
    const dir = tmp()
    writeFileSync(join(dir, STATE), oldStateFile(JSON.stringify(live.saving.checkpoint()), 2))
    writeFileSync(join(dir, LOG), '')
    const { engine, keeper } = keep(dir)
    expect(taskIds(engine)).toEqual(ids.sort())
    const header = JSON.parse(readFileSync(join(dir, STATE), 'utf8').split('\n')[0]!)
    expect(header).toMatchObject({ version: 4, folder: expect.stringMatching(/^dir_[\w-]{12}$/) })
    expect(readFileSync(join(dir, LOG), 'utf8')).toContain(`"folder":"${header.folder}"`)
    await keeper.close()
  })

  it('a whole save writes the state once: state.json is its header line and the body', async () => {
    const { dir } = await keptFolder(20)
    const { keeper } = keep(dir)
    await keeper.compact()
    const text = readFileSync(join(dir, STATE), 'utf8')
    const [head] = text.split('\n')
    expect(Buffer.byteLength(head!)).toBeLessThan(400)
    expect(Buffer.byteLength(text)).toBe(Buffer.byteLength(head!) + 1 + JSON.parse(head!).bytes)
    await keeper.close()
  })
})
