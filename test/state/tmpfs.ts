import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Small tmpfs mounts for the full-disk tests (docs/state.md, When a save fails): a disk that fills
 * for real. Mounting one needs root (CAP_SYS_ADMIN), as in CI; `canMount` says whether this run
 * may, and the tests skip with WHY_SKIPPED otherwise. Call unmountAll() after each test.
 */

export const WHY_SKIPPED = 'mounting a tmpfs needs root (CAP_SYS_ADMIN), as in CI; this run may not mount'

const MOUNTS: string[] = []

/** A fresh folder with a tmpfs of `size` (mount(8)'s size=, e.g. 2m) mounted on it. */
export function mountTmpfs(size: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'genmock-tmpfs-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' })
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  MOUNTS.push(dir)
  return dir
}

/** Space returned: the same tmpfs, larger. */
export const grow = (dir: string, size: string) => execFileSync('mount', ['-o', `remount,size=${size}`, dir])

/** Unmounts every tmpfs mountTmpfs() mounted, and removes its folder. */
export function unmountAll(): void {
  for (const dir of MOUNTS.splice(0)) {
    execFileSync('umount', ['-l', dir], { stdio: 'ignore' })
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Whether this run may mount a tmpfs: one small mount, tried once per test file. */
export const canMount = (() => {
  try {
    mountTmpfs('64k')
    return true
  } catch {
    return false
  } finally {
    unmountAll()
  }
})()
