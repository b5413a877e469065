import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { baseUrl, killAll, run, start } from '../support/cli.js'

/**
 * A --state DIR genmock cannot use is refused at start: exit 2 and one line naming the file and
 * what is wrong, never a stack trace, never a fresh start over what is there.
 */

afterEach(killAll)

const tmp = () => mkdtempSync(join(tmpdir(), 'genmock-refusal-'))
const ARGS = ['--port', '0', '--log', 'json', '--clock', 'manual', '--seed', '7']

/** A folder holding a state with one task in it, written by a clean stop. */
async function keptState(save = 'request'): Promise<{ dir: string; taskId: string }> {
  const dir = tmp()
  const r = start([...ARGS, '--state', dir, '--state-save', save])
  const url = await baseUrl(r)
  const res = await fetch(`${url}/api/ai/image/generate`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_alice', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'base-image-2', prompt: 'a fox' }),
  })
  const { taskId } = (await res.json()) as { taskId: string }
  r.child.kill('SIGTERM')
  expect((await r.exited).code).toBe(0)
  return { dir, taskId }
}

/** genmock on `dir` exits 2 with one line matching `message`. */
async function refused(dir: string, message: RegExp, extra: string[] = []): Promise<void> {
  const { code, stderr } = await run([...ARGS, '--state', dir, ...extra])
  expect(code).toBe(2)
  expect(stderr).toMatch(message)
  expect(stderr.trim().split('\n')).toHaveLength(1)
  expect(stderr).not.toMatch(/^\s+at /m)
}

describe('a --state DIR genmock cannot use is refused: exit 2, one line naming the file', () => {
  it('written by a newer format', async () => {
    const { dir } = await keptState()
    const file = join(dir, 'state.json')
    const text = readFileSync(file, 'utf8')
    const end = text.indexOf('\n')
    const header = { ...JSON.parse(text.slice(0, end)), version: 99, genmock: '9.0.0' }
    writeFileSync(file, `${JSON.stringify(header)}${text.slice(end)}`)
    await refused(dir, /state\.json: written by genmock 9\.0\.0 in state format 99; this genmock reads format 4/)
  })

  it('a truncated state.json', async () => {
    const { dir } = await keptState()
    const file = join(dir, 'state.json')
    const text = readFileSync(file, 'utf8')
    writeFileSync(file, text.slice(0, text.length - 100))
    await refused(dir, /state\.json: truncated or corrupted \(\d+ bytes where its header says \d+\)/)
  })

  it('a state.json changed inside', async () => {
    const { dir } = await keptState()
    const file = join(dir, 'state.json')
    writeFileSync(file, readFileSync(file, 'utf8').replace('acct_alice', 'acct_alicf'))
    await refused(dir, /state\.json: corrupted \(its checksum does not match\)/)
  })

  it('a corrupted line in changes.log (not its torn last line)', async () => {
    const { dir } = await keptState()
    const log = join(dir, 'changes.log')
    const lines = readFileSync(log, 'utf8')
    expect(lines.split('\n').length).toBeGreaterThan(2)
    writeFileSync(log, lines.replace('"seq"', '"seX"'))
    await refused(
      dir,
      /changes\.log: line 2 \(byte \d+\) is corrupted \(its checksum does not match\); see what is damaged/,
    )
    await refused(dir, /; see what is damaged with `genmock state check .*`, repair with `genmock state repair .*`$/m)
    // Never cut, rewritten or deleted in place.
    expect(readFileSync(log, 'utf8')).toBe(lines.replace('"seq"', '"seX"'))
  })

  it('a torn last line is what a kill mid-write leaves: cut off, and the state loads', async () => {
    const { dir, taskId } = await keptState()
    const log = join(dir, 'changes.log')
    writeFileSync(log, `${readFileSync(log, 'utf8')}0123456789abcdef {"generation":1,"chan`)
    const r = start([...ARGS, '--state', dir])
    const url = await baseUrl(r)
    const res = await fetch(`${url}/api/ai/tasks/${taskId}`, { headers: { authorization: 'Bearer sk_test_alice' } })
    expect(res.status).toBe(200)
    // Said, with where and how much, and the original kept (docs/state.md, Damage and crashes).
    expect(r.stdout()).toMatch(
      /"event":"state-torn","level":"warn","file":"[^"]*changes\.log","offset":\d+,"bytes":38,/,
    )
  })

  it('a folder holding files that are not genmock', async () => {
    const dir = tmp()
    writeFileSync(join(dir, 'notes.txt'), 'mine')
    await refused(dir, /--state .*: holds files that are not genmock's \(notes\.txt\); give an empty or new folder/)
  })

  it('a state.json that is not genmock', async () => {
    const dir = tmp()
    writeFileSync(join(dir, 'state.json'), '{"hello":"world"}\n{}')
    await refused(dir, /state\.json: not a genmock state file/)
  })

  it('a folder that cannot be made or written', async () => {
    const dir = tmp()
    writeFileSync(join(dir, 'file'), '')
    await refused(join(dir, 'file'), /--state .*file: is a file, not a folder/)
    await refused(join(dir, 'file', 'below'), /--state .*below: cannot be made \(ENOTDIR\)/)
    if (process.getuid?.() !== 0) {
      const locked = join(dir, 'locked')
      mkdirSync(locked, { mode: 0o500 })
      await refused(locked, /--state .*locked: cannot be written \(EACCES\)/)
    }
  })

  it('a second genmock on the same folder; the lock goes when the first stops', async () => {
    const { dir } = await keptState()
    const first = start([...ARGS, '--state', dir])
    await baseUrl(first)
    await refused(
      dir,
      /genmock\.lock: the folder is in use by genmock pid \d+ on .* since .*; one genmock per --state DIR/,
    )
    first.child.kill('SIGTERM')
    await first.exited
    const second = start([...ARGS, '--state', dir])
    await baseUrl(second)
  })

  it('a lock left by a process that is gone is taken over', async () => {
    const { dir, taskId } = await keptState()
    writeFileSync(
      join(dir, 'genmock.lock'),
      JSON.stringify({ pid: 2 ** 22 + 1, host: (await import('node:os')).hostname(), since: 'then' }),
    )
    const r = start([...ARGS, '--state', dir])
    const url = await baseUrl(r)
    // The ready event's state fields: the banner's "1 task loaded, after an unclean stop".
    expect(r.stdout()).toMatch(/"state":\{[^}]*"tasks":1,"recovered":true\}/)
    const res = await fetch(`${url}/api/ai/tasks/${taskId}`, { headers: { authorization: 'Bearer sk_test_alice' } })
    expect(res.status).toBe(200)
  })

  it('--state-from a file that is not a snapshot', async () => {
    const dir = tmp()
    const file = join(dir, 'fixture.json')
    writeFileSync(file, JSON.stringify({ format: 'genmock-state', version: 1, seed: 'x' }))
    const { code, stderr } = await run([...ARGS, '--state-from', file])
    expect(code).toBe(2)
    expect(stderr).toMatch(/--state-from .*fixture\.json: seed .*/)
  })

  it('--state-save without --state', async () => {
    const { code, stderr } = await run([...ARGS, '--state-save', 'request'])
    expect(code).toBe(2)
    expect(stderr).toMatch(/--state-save goes with --state DIR/)
  })
})
