import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, test } from 'vitest'
import type { JournalEntry } from '../../src/engine/journal/journal.js'
import { type RunningServer, startServer } from '../../src/node/server/server.js'

/**
 * Issue 41 (docs/metrics-and-traces.md, Trace context): the recording proxy forwards a request's
 * traceparent and tracestate to the service as they came, and the proxied exchange's journal entry
 * carries its trace id.
 */

const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'
const closers: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

test('the proxy forwards traceparent and tracestate; the journal finds the exchange by its trace id', async () => {
  const seen: IncomingHttpHeaders[] = []
  const service = createServer((req, res) => {
    seen.push(req.headers)
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}')
  })
  service.listen(0, '127.0.0.1')
  await new Promise((resolve) => service.once('listening', resolve))
  closers.push(() => new Promise((resolve) => service.close(resolve)))
  const target = `http://127.0.0.1:${(service.address() as AddressInfo).port}`
  const server: RunningServer = await startServer({ port: 0, log: 'silent', proxy: { target } })
  closers.push(() => server.close())

  const res = await fetch(`${server.url}/api/ai/models`, {
    headers: { authorization: 'Bearer sk_live_x', traceparent: TRACEPARENT, tracestate: 'vendor=a1' },
  })
  expect(res.status).toBe(200)
  expect(seen).toHaveLength(1)
  expect(seen[0]).toMatchObject({ traceparent: TRACEPARENT, tracestate: 'vendor=a1' })
  const journal = (await (
    await fetch(`${server.url}/__mock/requests?traceId=4bf92f3577b34da6a3ce929d0e0e4736`)
  ).json()) as { requests: JournalEntry[] }
  expect(journal.requests).toMatchObject([{ path: '/api/ai/models', proxied: true, traceparent: TRACEPARENT }])
})
