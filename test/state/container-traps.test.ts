import { spawn, spawnSync } from 'node:child_process'
import { chmodSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Drift } from '../../src/drift/drift-state.js'
import { Engine } from '../../src/engine/engine.js'
import { SERVICE_ROUTES } from '../../src/handlers/route-table.js'
import { StateDirError } from '../../src/node/state/state-dir.js'
import { StateKeeper } from '../../src/node/state/state-keeper.js'
import { BIN, ROOT } from '../support/cli.js'
import { keptFolder, options, taskIds } from './folder-kit.js'

/**
 * The container traps of a --state DIR (docs/state.md, The lock; Check and repair): a replacement
 * container that finds the lock of its killed predecessor (another host's) waits until the lock is
 * stale, saying so once, instead of exiting; `state check` fails, saying why, on a folder the server
 * could not write, and every such error names the user id genmock runs as.
 */

const children: { kill(): void }[] = []
afterEach(() => {
  for (const child of children.splice(0)) child.kill()
})

/** A lock as a genmock on another machine writes it (a container before a `kill -9`), touched now. */
function foreignLock(dir: string): string {
  const file = join(dir, 'genmock.lock')
  writeFileSync(file, JSON.stringify({ pid: 1, host: 'a-container-gone', since: new Date().toISOString(), started: 1 }))
  return file
}

/** A keeper on `dir` with a lock staleness of `staleMs`; the warnings it gave. */
function keepWaiting(dir: string, staleMs: number) {
  const warned: { event: string; text: string }[] = []
  const engine = new Engine(options())
  const warn = (event: string, _fields: Record<string, unknown>, text: string) => warned.push({ event, text })
  const keeper = new StateKeeper(
    engine,
    new Drift(SERVICE_ROUTES),
    { dir, save: 'manual', warn, lockStaleMs: staleMs },
    'test',
  )
  return { engine, keeper, warned }
}

describe("another machine's lock", () => {
  it('is waited for until it is stale, said once, then taken over (an unclean stop)', async () => {
    const { dir, ids } = await keptFolder(2)
    const file = foreignLock(dir)
    const touched = statSync(file).mtimeMs
    const { engine, keeper, warned } = keepWaiting(dir, 400)
    // Taken no sooner than the staleness after the holder's last touch, however fast or slow the machine.
    expect(Date.now() - touched).toBeGreaterThanOrEqual(400)
    expect(warned).toHaveLength(1)
    expect(warned[0]).toMatchObject({ event: 'state-lock-wait' })
    expect(warned[0]!.text).toMatch(
      /genmock\.lock: held by genmock pid 1 on a-container-gone \(another machine\), .*waiting until it has been/,
    )
    expect(keeper.loaded.recovered).toBe(true)
    expect(taskIds(engine)).toEqual(ids)
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid)
    await keeper.close()
  })

  it('one its holder keeps touching is refused after the bounded wait, as in use', async () => {
    const { dir } = await keptFolder(1)
    const file = foreignLock(dir)
    // The holder, alive in another process, says so every 50 ms.
    const holder = spawn(
      process.execPath,
      ['-e', `setInterval(() => require('node:fs').utimesSync(${JSON.stringify(file)}, new Date(), new Date()), 50)`],
      { stdio: 'ignore' },
    )
    children.push(holder)
    const written = statSync(file).mtimeMs
    while (statSync(file).mtimeMs === written) await new Promise((resolve) => setTimeout(resolve, 20))
    let error: unknown
    try {
      // A staleness 30 times the holder's beat: a busy machine delays its touches, never by that much.
      keepWaiting(dir, 1500)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(StateDirError)
    expect((error as Error).message).toMatch(/genmock\.lock: the folder is in use by genmock pid 1 on a-container-gone/)
  })

  it('a stale one is taken over at once, with no wait said', async () => {
    const { dir } = await keptFolder(1)
    const file = foreignLock(dir)
    const old = new Date(Date.now() - 60_000)
    utimesSync(file, old, old)
    const { keeper, warned } = keepWaiting(dir, 400)
    expect(warned).toEqual([])
    expect(keeper.loaded.recovered).toBe(true)
    await keeper.close()
  })
})

/** Runs genmock as a user that cannot write `dir`: uid 1000 (the image's) when this runs as root, else this user. */
function asOtherUser(dir: string, args: string[]) {
  const root = process.getuid?.() === 0
  if (!root) chmodSync(dir, 0o555)
  const done = spawnSync(process.execPath, [join(ROOT, BIN), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    ...(root ? { uid: 1000, gid: 1000 } : {}),
  })
  if (!root) chmodSync(dir, 0o755)
  return { ...done, uid: root ? 1000 : process.getuid?.() }
}

describe('a folder genmock cannot write', () => {
  it('state check fails saying why, as the start does, both naming the user id', { timeout: 60_000 }, async () => {
    const { dir } = await keptFolder(1)
    chmodSync(dir, 0o755)
    for (const name of ['state.json', 'changes.log']) chmodSync(join(dir, name), 0o644)
    const check = asOtherUser(dir, ['state', 'check', dir])
    expect(check.status).toBe(2)
    expect(check.stdout).toMatch(/state\.json: whole/)
    const why = new RegExp(
      `cannot be (written|opened to write) \\(EACCES\\) by uid ${check.uid}, the user genmock runs as`,
    )
    expect(check.stdout).toMatch(why)
    expect(check.stderr).toMatch(/a start refuses/)
    const started = asOtherUser(dir, ['--port', '0', '--state', dir])
    expect(started.status).toBe(2)
    expect(started.stderr).toMatch(why)
    expect(started.stderr).not.toMatch(/^\s+at /m)
  })
})
