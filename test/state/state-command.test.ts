import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkDir } from '../../src/node/state/state-check.js'
import { repairDir } from '../../src/node/state/state-repair.js'
import { run } from '../support/cli.js'
import { keep, keptFolder, taskIds } from './folder-kit.js'

/**
 * `genmock state check DIR` says what a start would load and what is damaged, writing nothing;
 * `genmock state repair DIR` writes a repaired copy beside the folder, says exactly what it
 * dropped, and leaves the folder as it was (docs/state.md, Check and repair).
 */

const files = (dir: string) => Object.fromEntries(readdirSync(dir).map((n) => [n, readFileSync(join(dir, n), 'utf8')]))

/** A kept folder of 4 tasks whose third saved line (line 4 of the log) is damaged. */
async function damagedFolder() {
  const { dir, ids } = await keptFolder(4)
  const log = join(dir, 'changes.log')
  const lines = readFileSync(log, 'utf8').split('\n')
  lines[3] = lines[3]!.replace('"seq"', '"seX"')
  writeFileSync(log, lines.join('\n'))
  return { dir, ids }
}

describe('genmock state check and repair', () => {
  it('check: a whole folder loads (exit 0), a damaged one is refused (exit 2), naming line and byte', async () => {
    const { dir } = await keptFolder(2)
    const whole = await run(['state', 'check', dir])
    expect(whole.code).toBe(0)
    expect(whole.stdout).toMatch(/state\.json: whole \(format 4, generation 1, 0 tasks, \d+ bytes, folder dir_/)
    expect(whole.stdout).toMatch(/changes\.log: 2 changes to replay\n/)
    const broken = await damagedFolder()
    const before = files(broken.dir)
    const damaged = await run(['state', 'check', broken.dir])
    expect(damaged.code).toBe(2)
    expect(damaged.stdout).toMatch(
      /changes\.log: line 4 \(byte \d+\) is corrupted \(its checksum does not match\); 2 changes before it, 2 lines /,
    )
    expect(damaged.stderr).toMatch(/a start refuses .*; `genmock state repair .*` writes a repaired copy/)
    expect(files(broken.dir)).toEqual(before)
  })

  it('repair: a copy beside, holding what came before the damage; the original untouched', async () => {
    const { dir, ids } = await damagedFolder()
    const before = files(dir)
    const { code, stdout } = await run(['state', 'repair', dir])
    expect(code).toBe(0)
    expect(stdout).toMatch(
      /dropped: changes\.log lines 4–5 \(\d+ bytes from byte \d+; line 4 is corrupted .*\): the changes saved/,
    )
    expect(files(dir)).toEqual(before)
    const copy = stdout.match(/repaired copy written to (\S+);/)![1]!
    expect(dirname(copy)).toBe(dirname(dir))
    const { engine, keeper } = keep(copy)
    expect(ids).toEqual(expect.arrayContaining(taskIds(engine)))
    expect(engine.storedTasks).toBe(2)
    await keeper.close()
  })

  it('repair: a last line that lost only its newline gets it back; a torn write is dropped', async () => {
    const { dir, ids } = await keptFolder(2)
    const log = join(dir, 'changes.log')
    writeFileSync(log, readFileSync(log, 'utf8').slice(0, -1))
    const mended = repairDir(dir)
    expect(mended.dropped).toBe("nothing (changes.log's last newline added)")
    const { engine, keeper } = keep(mended.to)
    expect(taskIds(engine)).toEqual(ids)
    await keeper.close()
  })

  it('repair of a folder whose state.json is damaged: refused (exit 2), saying why', async () => {
    const { dir } = await keptFolder(1)
    const state = join(dir, 'state.json')
    writeFileSync(state, readFileSync(state, 'utf8').replace('acct_alice', 'acct_alicf'))
    const { code, stderr } = await run(['state', 'repair', dir])
    expect(code).toBe(2)
    expect(stderr).toMatch(
      /state\.json: corrupted \(its checksum does not match\): no repair keeps a state whose state\.json is not whole/,
    )
  })

  it('check: a changes.log without its state.json is damage', async () => {
    const { dir } = await keptFolder(1)
    const { rmSync } = await import('node:fs')
    rmSync(join(dir, 'state.json'))
    const { code, stdout } = await run(['state', 'check', dir])
    expect(code).toBe(2)
    expect(stdout).toMatch(
      /state\.json: none \(a start makes a new state\)\n.*changes\.log: changes without the state\.json/,
    )
  })

  it("check refuses what a start refuses beside the data: files that are not genmock's", async () => {
    const { dir } = await keptFolder(1)
    writeFileSync(join(dir, 'notes.txt'), 'mine')
    const report = checkDir(dir)
    expect(report.loads).toBe(false)
    expect(report.lines.join('\n')).toMatch(
      /holds files that are not genmock's \(notes\.txt\); give an empty or new folder/,
    )
  })

  it('a command line without check|repair and a folder is a usage error', async () => {
    const { code, stderr } = await run(['state', 'fix', '/tmp'])
    expect(code).toBe(2)
    expect(stderr).toMatch(/state takes check or repair, and one folder: genmock state check DIR/)
  })
})
