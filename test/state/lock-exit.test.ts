// The folder locks of one process and its exit: one exit listener however many folders it keeps (a
// suite of worlds with --state each got a MaxListenersExceededWarning past ten), no lock left behind
// by a process that exits without closing its servers, and a lock that cannot be removed told in words
// (at close and at exit), never a stack trace.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { Drift } from '../../src/drift/drift-state.js'
import { Engine } from '../../src/engine/engine.js'
import { SERVICE_ROUTES } from '../../src/handlers/route-table.js'
import { LOCK_FILE } from '../../src/node/state/state-dir.js'
import { StateKeeper } from '../../src/node/state/state-keeper.js'
import { keep, options, tmp } from './folder-kit.js'

const ROOT = join(import.meta.dirname, '../..')
const src = (path: string) => pathToFileURL(join(ROOT, 'src', path)).href

/** Makes a lock's path a folder with a file in it: what no removal of a file takes away. */
function wedge(lock: string): void {
  rmSync(lock)
  mkdirSync(lock)
  writeFileSync(join(lock, 'kept'), '')
}

/** A child process that keeps `dirs` (none closed), wedges the first one's lock, and exits. */
function exitKeeping(dirs: string[], wedged: boolean) {
  const script = `
      import { Engine } from '${src('engine/engine.ts')}'
      import { Drift } from '${src('drift/drift-state.ts')}'
      import { SERVICE_ROUTES } from '${src('handlers/route-table.ts')}'
      import { StateKeeper } from '${src('node/state/state-keeper.ts')}'
      import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
      const dirs = ${JSON.stringify(dirs)}
      const drift = () => new Drift(SERVICE_ROUTES)
      for (const dir of dirs) new StateKeeper(new Engine({ seed: 7 }), drift(), { dir, save: 'manual' }, 'test')
      process.stdout.write(String(dirs.filter((dir) => existsSync(dir + '/${LOCK_FILE}')).length))
      // As wedge() does, in the child's own words (a function's text is the test runner's transform of it).
      const lock = dirs[0] + '/${LOCK_FILE}'
      if (${wedged}) {
        rmSync(lock)
        mkdirSync(lock)
        writeFileSync(lock + '/kept', '')
      }
      process.exit(0)`
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
  })
}

describe('the locks of a process that keeps many folders', () => {
  it('twelve kept folders add one exit listener, which goes with the last of them', async () => {
    const before = process.listenerCount('exit')
    const kept = Array.from({ length: 12 }, () => keep(tmp()))
    expect(process.listenerCount('exit')).toBe(before + 1)
    await Promise.all(kept.slice(1).map(({ keeper }) => keeper.close()))
    expect(process.listenerCount('exit')).toBe(before + 1)
    await kept[0]!.keeper.close()
    expect(process.listenerCount('exit')).toBe(before)
    for (const { keeper } of kept) {
      expect(existsSync(join(keeper.dir, LOCK_FILE))).toBe(false)
      rmSync(keeper.dir, { recursive: true, force: true })
    }
  })

  it('a process that exits with three folders kept, none closed, leaves none of their locks', () => {
    const dirs = [tmp(), tmp(), tmp()]
    const run = exitKeeping(dirs, false)
    expect(run.status, run.stderr).toBe(0)
    // Held while it ran; gone once it exited.
    expect(run.stdout).toBe('3')
    for (const dir of dirs) {
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('a lock that cannot be removed at exit is told in one line, and the others are removed', () => {
    const dirs = [tmp(), tmp(), tmp()]
    const run = exitKeeping(dirs, true)
    expect(run.status, run.stderr).toBe(0)
    const lock = join(dirs[0]!, LOCK_FILE)
    expect(run.stderr).toContain(`genmock: ${lock}: the lock could not be removed (`)
    expect(run.stderr).toContain('if no genmock uses its folder, delete it\n')
    expect(run.stderr).not.toMatch(/^\s+at /m)
    expect(existsSync(join(lock, 'kept'))).toBe(true)
    for (const dir of dirs.slice(1)) expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it('a close whose lock cannot be removed still closes, and warns of the lock it left', async () => {
    const dir = tmp()
    const before = process.listenerCount('exit')
    const warned: [string, Record<string, unknown>, string][] = []
    const warn = (event: string, fields: Record<string, unknown>, text: string) => warned.push([event, fields, text])
    const keeper = new StateKeeper(
      new Engine(options()),
      new Drift(SERVICE_ROUTES),
      { dir, save: 'manual', warn },
      'test',
    )
    const lock = join(dir, LOCK_FILE)
    wedge(lock)
    await expect(keeper.close()).resolves.toBeUndefined()
    expect(warned).toEqual([
      [
        'state-lock-left',
        { file: lock },
        expect.stringMatching(/: the lock could not be removed \(.+\); if no genmock/),
      ],
    ])
    expect(process.listenerCount('exit')).toBe(before)
    rmSync(dir, { recursive: true, force: true })
  })
})
