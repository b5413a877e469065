import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
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

/** A stand-in OTLP/HTTP receiver: the names of the spans it was sent (OTLP's JSON encoding). */
async function spanReceiver() {
  const names: string[] = []
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: { scopeSpans: { spans: { name: string }[] }[] }[]
      }
      for (const resource of body.resourceSpans)
        for (const scope of resource.scopeSpans) names.push(...scope.spans.map((span) => span.name))
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  receiver.listen(0, '127.0.0.1')
  await new Promise((resolve) => receiver.once('listening', resolve))
  open.push({ close: () => new Promise<void>((resolve) => receiver.close(() => resolve())) })
  return { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v1/traces`, names }
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

  test('the Node server with --otlp: a span for the proxied exchange, named for its route', async () => {
    const target = await upstream()
    const receiver = await spanReceiver()
    const proxy = await startServer({ port: 0, log: 'silent', proxy: { target: target.url }, otlp: receiver.url })
    open.push(proxy)
    expect((await models(proxy.url)).status).toBe(200)
    await expect.poll(() => proxy.engine.journal.list(1).length, RECORDED).toBe(1)
    await open.pop()!.close() // the proxy's: it sends the spans waiting
    expect(receiver.names).toEqual(['GET /api/ai/models'])
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

  test("an answer's two Set-Cookie are journaled as one value, alike at the Node server and msw/node", async () => {
    const cookies = createServer((_req, res) => {
      res.writeHead(200, [
        ['content-type', 'application/json'],
        ['set-cookie', 'a=1'],
        ['set-cookie', 'b=2'],
      ])
      res.end('{}')
    })
    cookies.listen(0, '127.0.0.1')
    await new Promise((resolve) => cookies.once('listening', resolve))
    open.push({ close: () => new Promise<void>((resolve) => cookies.close(() => resolve())) })
    const target = `http://127.0.0.1:${(cookies.address() as AddressInfo).port}`
    const proxy = await startServer({ port: 0, log: 'silent', proxy: { target } })
    open.push(proxy)
    await (await models(proxy.url)).arrayBuffer()
    await expect.poll(() => proxy.engine.journal.list(1).length, RECORDED).toBe(1)
    const node = proxy.engine.journal.list(1)[0]!.responseHeaders!['set-cookie']
    expect(node).toMatch(/^a=.*, b=/)
    // msw/node after: it would take the Node server's requests too.
    const simulator = createSimulator({ proxy: { target } })
    const server = setupServer(...simulator.handlers)
    server.listen({ onUnhandledRequest: 'bypass' })
    open.push({ close: () => server.close() })
    await (await models('http://genmock.test')).arrayBuffer()
    await expect.poll(() => simulator.journal.list(1).length, RECORDED).toBe(1)
    expect(simulator.journal.list(1)[0]!.responseHeaders!['set-cookie']).toBe(node)
  }, 30_000)
})
