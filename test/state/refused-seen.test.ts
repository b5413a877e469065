import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { injectFaults } from '../../src/node/state/state-fs.js'
import { startServer } from '../../src/node/server/server.js'
import { auth, IMAGE } from '../support/api.js'

/**
 * A change refused because its save failed (docs/state.md, When a save fails) is seen as the client
 * saw it: the journal, the metrics and the spans say 503, never the reply the route had made before
 * the save step replaced it; and undoing its changes keeps the record of what was answered before.
 */

afterEach(() => injectFaults(undefined))

/** The statuses of the journal's POST entries, newest first. */
async function posted(url: string): Promise<(number | null)[]> {
  const { requests } = (await (await fetch(`${url}/__mock/requests`)).json()) as {
    requests: { method: string; status: number | null }[]
  }
  return requests.filter((entry) => entry.method === 'POST').map((entry) => entry.status)
}

describe('a request answered 503 by a failed save', () => {
  it('is journaled and counted as 503, a replay refused so not counted as a replay', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'genmock-refused-'))
    const server = await startServer({
      port: 0,
      log: 'silent',
      seed: 7,
      clock: { mode: 'manual' },
      state: { dir, save: 'request' },
    })
    const submit = () =>
      fetch(`${server.url}/api/ai/image/generate`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json', 'idempotency-key': 'refused-seen-01' },
        body: JSON.stringify(IMAGE),
      })
    try {
      expect((await submit()).status).toBe(200)
      injectFaults((operation, file) => (operation === 'write' && file.endsWith('changes.log') ? 'EIO' : undefined))
      // Its retry: a replay, which the route answered before the save step refused it.
      const refused = await submit()
      expect([refused.status, refused.headers.get('idempotent-replayed')]).toEqual([503, null])
      injectFaults(undefined)
      // Newest first: the refused one as answered, and the one before it, which the undoing kept.
      expect(await posted(server.url)).toEqual([503, 200])
      const metrics = await (await fetch(`${server.url}/__mock/metrics`)).text()
      const counted = (status: number) =>
        Number(
          new RegExp(
            `^genmock_requests_total\\{[^}]*route="/api/ai/image/generate"[^}]*status="${status}"[^}]*\\} (\\d+)`,
            'm',
          ).exec(metrics)?.[1] ?? 0,
        )
      expect([counted(200), counted(503)]).toEqual([1, 1])
      expect(metrics).toMatch(/^genmock_idempotency_replays_total 0$/m)
    } finally {
      await server.close()
    }
    // Written by the stop's save once writes work again: a start on the folder has them both.
    const again = await startServer({
      port: 0,
      log: 'silent',
      clock: { mode: 'manual' },
      state: { dir, save: 'request' },
    })
    try {
      expect(await posted(again.url)).toEqual([503, 200])
    } finally {
      await again.close()
    }
  })
})
