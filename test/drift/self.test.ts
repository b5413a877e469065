import { bypass } from 'msw'
import { setupServer } from 'msw/node'
import { afterEach, describe, expect, test } from 'vitest'
import { createSimulator } from '../../src/index.js'
import { startServer } from '../../src/node/server/server.js'
import { clientSession } from './session.js'
import { recorded } from '../support/recorded.js'

const open: { close(): Promise<void> | void }[] = []
afterEach(async () => {
  for (const closable of open.splice(0).reverse()) await closable.close()
})

const KEYS = { key: 'sk_test_alice', poorKey: 'sk_test_low' }

async function upstreamGenmock() {
  const upstream = await startServer({ port: 0, log: 'silent', seed: 7, clock: { mode: 'manual' } })
  open.push(upstream)
  // bypass(): under msw/node the upstream's own control API must not be answered in-process.
  const advance = async () => {
    await fetch(
      bypass(`${upstream.url}/__mock/clock/advance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ seconds: 200 }),
      }),
    )
  }
  return { upstream, advance }
}

describe('genmock in front of genmock', () => {
  test('the node door reports no finding', async () => {
    const { upstream, advance } = await upstreamGenmock()
    const proxy = await startServer({ port: 0, log: 'silent', proxy: { target: upstream.url } })
    open.push(proxy)
    await clientSession(proxy.url, KEYS, advance)
    const failing = await fetch(`${proxy.url}/api/ai/image/generate`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer sk_test_alice',
        'content-type': 'application/json',
        'x-mock-scenario': 'upstream-failure',
      },
      body: JSON.stringify({ model: 'vendor-a/base-image', prompt: 'a fox' }),
    })
    const { taskId } = (await failing.json()) as { taskId: string }
    await advance()
    const failed = await fetch(`${proxy.url}/api/ai/tasks/${taskId}`, {
      headers: { authorization: 'Bearer sk_test_alice' },
    })
    expect((await failed.json()).status).toBe(2)
    await recorded(async () => {
      const drift = (await (await fetch(`${proxy.url}/__mock/drift`)).json()) as {
        findings: unknown[]
        observations: { exchanges: number; errorCodes: Record<string, number> }
      }
      expect(drift.observations.errorCodes).toEqual({ UPSTREAM_FAILED: 1 })
      expect(drift.observations.exchanges).toBeGreaterThan(15)
      expect(drift.findings).toEqual([])
    })
  })

  test('the msw/node door reports no finding', async () => {
    const { advance } = await upstreamGenmock()
    const { upstream } = { upstream: open[0] as Awaited<ReturnType<typeof startServer>> }
    const simulator = createSimulator({ proxy: { target: upstream.url } })
    const server = setupServer(...simulator.handlers)
    server.listen({ onUnhandledRequest: 'bypass' })
    open.push({ close: () => server.close() })
    await clientSession('http://service.test', KEYS, advance)
    await recorded(async () => expect(simulator.drift.observations().exchanges).toBeGreaterThan(15))
    expect(simulator.drift.findings()).toEqual([])
    // The control API stays the simulator's own, in this door too.
    const report = (await (await fetch('http://service.test/__mock/drift')).json()) as { observations: unknown }
    expect(report.observations).toEqual(simulator.drift.observations())
    expect(simulator.journal.find({}).every((entry) => entry.proxied)).toBe(true)
  })
})

describe('the msw/node proxy when the service cannot answer', () => {
  test('an unreachable service gets 502 marked as genmock’s, and is journaled', async () => {
    const simulator = createSimulator({ proxy: { target: 'http://127.0.0.1:9', timeoutMs: 2000 } })
    const server = setupServer(...simulator.handlers)
    server.listen({ onUnhandledRequest: 'bypass' })
    open.push({ close: () => server.close() })
    const response = await fetch('http://service.test/api/ai/models', { headers: { authorization: 'Bearer sk_x' } })
    expect([response.status, response.headers.get('genmock-proxy-error')]).toEqual([502, 'unreachable'])
    const big = await fetch('http://service.test/api/ai/image/generate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'x'.repeat(1024 * 1024 + 10) }),
    })
    expect([big.status, big.headers.get('genmock-proxy-error')]).toEqual([413, 'too-large'])
    await recorded(async () =>
      expect(simulator.journal.find({}).map((e) => [e.status, e.proxied])).toEqual([[502, true]]),
    )
    expect(simulator.drift.findings()).toEqual([])
  })
})
