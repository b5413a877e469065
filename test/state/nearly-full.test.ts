import { existsSync, rmSync, statfsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startServer } from '../../src/node/server/server.js'
import { auth, IMAGE } from '../support/api.js'
import { canMount, mountTmpfs, unmountAll } from './tmpfs.js'

/**
 * A nearly full disk (docs/state.md, When a save fails): room for a probe, not for the whole state.
 * A whole save that failed is not built again every second while the disk has no room for it (at
 * 100,000 tasks building one costs about a second of CPU); it is written once room returns.
 */

afterEach(unmountAll)

/** A generous limit on polls 100 ms apart (30 s), for a busy machine: the status turns in well under a second. */
const POLLS = 300
const TASKS = 150

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.skipIf(!canMount)('a nearly full disk (mounting a tmpfs needs root, as in CI)', () => {
  it('a whole save with no room for it is not built again each second; written once room returns', {
    timeout: 60_000,
  }, async () => {
    const mount = mountTmpfs('8m')
    const dir = join(mount, 'state')
    const options = { port: 0, log: 'silent' as const, seed: 7, clock: { mode: 'manual' as const } }
    const server = await startServer({ ...options, state: { dir, save: 'scheduled' } })
    const status = async () =>
      (await (await fetch(`${server.url}/__mock/state/status`)).json()) as { failing?: { reason: string } }
    try {
      await fetch(`${server.url}/__mock/accounts/acct_alice`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ credits: 1_000_000 }),
      })
      // Over a megabyte of state from 150 tasks: long prompts, as fewer requests make it as large.
      const prompt = 'a fox in the snow, '.repeat(400)
      for (let i = 0; i < TASKS; i++)
        await fetch(`${server.url}/api/ai/image/generate`, {
          method: 'POST',
          headers: { ...auth(), 'content-type': 'application/json' },
          body: JSON.stringify({ ...IMAGE, prompt: `${prompt}${i}` }),
        })
      const snapshot = await (await fetch(`${server.url}/__mock/state`)).text()
      expect(snapshot.length).toBeGreaterThan(1_000_000)
      await fetch(`${server.url}/__mock/state/save`, { method: 'POST' })
      // Room for a probe and a few log lines, not for the state.
      const { bavail, bsize } = statfsSync(mount)
      const filler = join(mount, 'filler')
      writeFileSync(filler, Buffer.alloc(bavail * bsize - 300_000))
      const built = vi.spyOn(server.engine.saving, 'checkpointLive')
      // A state put in place whole: only a whole save brings the folder up to date.
      const put = await fetch(`${server.url}/__mock/state`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: snapshot,
      })
      expect(put.status).toBe(200)
      for (let i = 0; i < POLLS && !(await status()).failing; i++) await sleep(100)
      expect((await status()).failing?.reason).toBe('ENOSPC')
      const attempts = built.mock.calls.length
      expect(attempts).toBe(1)
      // The failed write's temporary file is gone: it would hold the room the disk lacks.
      expect(existsSync(join(dir, 'state.json.tmp'))).toBe(false)
      await sleep(3500)
      expect(built.mock.calls.length, 'whole states built while the disk stays nearly full').toBe(attempts)
      // Room returns: the whole save is made, by itself.
      rmSync(filler)
      for (let i = 0; i < POLLS && (await status()).failing; i++) await sleep(100)
      expect((await status()).failing).toBeUndefined()
      expect(built.mock.calls.length).toBe(attempts + 1)
    } finally {
      await server.close()
    }
    const again = await startServer({ ...options, state: { dir, save: 'scheduled' } })
    try {
      const { total } = (await (await fetch(`${again.url}/__mock/tasks?limit=1`)).json()) as { total: number }
      expect(total).toBe(TASKS)
    } finally {
      await again.close()
    }
  })
})
