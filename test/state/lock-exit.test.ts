// The folder locks of one process and its exit: one exit listener however many folders it keeps (a
// suite of worlds with --state each got a MaxListenersExceededWarning past ten), and no lock left behind
// by a process that exits without closing its servers.
import { spawnSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { LOCK_FILE } from '../../src/node/state/state-dir.js'
import { keep, tmp } from './folder-kit.js'

const ROOT = join(import.meta.dirname, '../..')
const src = (path: string) => pathToFileURL(join(ROOT, 'src', path)).href

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
    const script = `
      import { Engine } from '${src('engine/engine.ts')}'
      import { Drift } from '${src('drift/drift-state.ts')}'
      import { SERVICE_ROUTES } from '${src('handlers/route-table.ts')}'
      import { StateKeeper } from '${src('node/state/state-keeper.ts')}'
      import { existsSync, rmSync } from 'node:fs'
      const dirs = ${JSON.stringify(dirs)}
      const drift = () => new Drift(SERVICE_ROUTES)
      for (const dir of dirs) new StateKeeper(new Engine({ seed: 7 }), drift(), { dir, save: 'manual' }, 'test')
      process.stdout.write(String(dirs.filter((dir) => existsSync(dir + '/${LOCK_FILE}')).length))
      process.exit(0)`
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
    })
    expect(run.status, run.stderr).toBe(0)
    // Held while it ran; gone once it exited.
    expect(run.stdout).toBe('3')
    for (const dir of dirs) {
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
