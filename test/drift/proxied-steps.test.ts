import { setupServer } from 'msw/node'
import { afterEach, describe, expect, test } from 'vitest'
import { createSimulator } from '../../src/index.js'
import { startServer } from '../../src/node/server/server.js'

/**
 * A proxied exchange goes through the route core's steps after a reply (src/handlers/route-steps.ts), at
 * each door that proxies: the journal, the metrics (the Node server's) and the drift comparison see it as
 * they see an exchange genmock answered itself.
 */

const open: { close(): Promise<void> | void }[] = []
afterEach(async () => {
  for (const closable of open.splice(0).reverse()) await closable.close()
})

/** Generous, named as such: only a guard for a loaded machine, the recording follows the answer within a turn. */
const RECORDED = { timeout: 20_000 }

async function upstream() {
  const server = await startServer({ port: 0, log: 'silent', seed: 7, clock: { mode: 'manual' } })
  open.push(server)
  return server
}

const models = (base: string) => fetch(`${base}/api/ai/models`, { headers: { authorization: 'Bearer sk_test_alice' } })

describe('a proxied exchange through the steps', () => {
  test('the Node server: journaled, counted in /__mock/metrics under its route, compared', async () => {
    const target = await upstream()
    const proxy = await startServer({ port: 0, log: 'silent', proxy: { target: target.url } })
    open.push(proxy)
    expect((await models(proxy.url)).status).toBe(200)
    expect((await fetch(`${proxy.url}/api/ai/nothing-here`)).status).toBe(404)
    await expect.poll(() => proxy.engine.journal.list(10).length, RECORDED).toBe(2)
    const metrics = await (await fetch(`${proxy.url}/__mock/metrics`)).text()
    expect(metrics).toContain('genmock_requests_total{route="/api/ai/models",method="GET",status="200"} 1')
    expect(metrics).toContain('genmock_requests_total{route="unmatched",method="GET",status="404"} 1')
    const [last, first] = proxy.engine.journal.list(2)
    expect([first!.proxied, first!.path, last!.proxied]).toEqual([true, '/api/ai/models', true])
    expect(proxy.drift.observations().exchanges).toBe(2)
  })

  test('msw/node: journaled and compared', async () => {
    const target = await upstream()
    const simulator = createSimulator({ proxy: { target: target.url } })
    const server = setupServer(...simulator.handlers)
    server.listen({ onUnhandledRequest: 'bypass' })
    open.push({ close: () => server.close() })
    expect((await models('http://genmock.test')).status).toBe(200)
    await expect.poll(() => simulator.journal.list(1).length, RECORDED).toBe(1)
    expect(simulator.journal.list(1)[0]).toMatchObject({ proxied: true, path: '/api/ai/models', status: 200 })
    expect(simulator.drift.observations().exchanges).toBe(1)
  })
})
