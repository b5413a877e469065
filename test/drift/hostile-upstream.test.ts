import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator } from '../../src/index.js'
import { startServer } from '../../src/node/server/server.js'
import { startHostileStandIn } from './hostile-stand-in.js'
import { recorded } from '../support/recorded.js'

/**
 * The proxy against a hostile service (docs/limits-and-security.md): the client's credential,
 * of any shape, never written wherever the service echoes it; names from the service that are
 * `__proto__` or `constructor` stay names; time-outs bound the whole exchange, and the drift
 * report says whether the client got 504 or a cut connection.
 */

const KEY = 'RealServiceKey/0123+abc=XYZ'
const TIMEOUT_MS = 600

interface ProxyDoor {
  name: string
  fetch(path: string, init?: RequestInit): Promise<Response>
  /** What the door wrote: the HAR file and the log (the server door), or nothing more. */
  written(): string
  close(): Promise<void>
}

let standIn: Awaited<ReturnType<typeof startHostileStandIn>>
beforeAll(async () => {
  standIn = await startHostileStandIn()
})
afterAll(() => standIn.close())

async function serverDoor(): Promise<ProxyDoor> {
  const har = join(mkdtempSync(join(tmpdir(), 'genmock-hostile-')), 's.har')
  const lines: string[] = []
  const server = await startServer({
    port: 0,
    log: 'json',
    write: (line) => lines.push(line),
    proxy: { target: standIn.url, timeoutMs: TIMEOUT_MS, record: har },
  })
  return {
    name: 'server',
    fetch: (path, init) => fetch(server.url + path, init),
    written: () => `${readFileSync(har, 'utf8')}\n${lines.join('\n')}`,
    close: server.close,
  }
}

async function mswDoor(): Promise<ProxyDoor> {
  const { handlers } = createSimulator({ proxy: { target: standIn.url, timeoutMs: TIMEOUT_MS } })
  const server = setupServer(...handlers)
  server.listen({ onUnhandledRequest: 'bypass' })
  return {
    name: 'msw-node',
    fetch: (path, init) => fetch(`http://genmock.test${path}`, init),
    written: () => '',
    close: async () => server.close(),
  }
}

const submit = (door: ProxyDoor, body: object, headers: Record<string, string> = {}) =>
  door.fetch('/api/ai/image/generate', {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

for (const open of [serverDoor, mswDoor]) {
  describe(`the proxy and a hostile service [${open.name.replace('Door', '')}]`, () => {
    let door: ProxyDoor
    beforeAll(async () => {
      door = await open()
    })
    afterAll(() => door.close())
    afterEach(() => expect(Object.getPrototypeOf({}) === Object.prototype && !('submitted' in {})).toBe(true))

    it('a credential of no known shape, echoed in headers and body fields, is written nowhere', async () => {
      const res = await submit(door, { model: 'base-image-2', prompt: 'a fox' })
      expect(res.status).toBe(200)
      expect(await res.text()).toContain('RealServiceKey') // the client gets the service's answer as it came
      await recorded(async () => expect(await (await door.fetch('/__mock/requests')).text()).toContain('[redacted]'))
      const shown = await Promise.all(
        ['/__mock/requests', '/__mock/requests.har', '/__mock/drift', '/__mock/drift?format=junit'].map(async (path) =>
          (await door.fetch(path)).text(),
        ),
      )
      for (const text of [...shown, door.written()]) {
        expect(text).not.toContain('RealServiceKey')
        expect(text).not.toContain('0123+abc')
        expect(text).not.toContain('0123%2Babc')
      }
      expect(shown[0]).toContain('[redacted]')
    })

    it('a model __proto__ or constructor the service accepts leaves the control API answering', async () => {
      for (const model of ['__proto__', 'constructor', 'prototype'])
        expect((await submit(door, { model, prompt: 'a fox' })).status).toBe(200)
      await recorded(async () => {
        const { observations } = (await (await door.fetch('/__mock/drift')).json()) as {
          observations: { models: Record<string, unknown> }
        }
        expect(Object.keys(observations.models)).toEqual(expect.arrayContaining(['__proto__', 'constructor']))
      })
      const accounts = await door.fetch('/__mock/accounts', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"credits":5}',
      })
      expect(accounts.status).toBe(201)
      const clock = await door.fetch('/__mock/clock', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      expect(clock.status).toBe(200)
      const drift = await door.fetch('/__mock/drift')
      expect(drift.status).toBe(200)
      const { observations } = (await drift.json()) as { observations: { models: Record<string, unknown> } }
      expect(Object.keys(observations.models)).toEqual(expect.arrayContaining(['__proto__', 'constructor']))
    })

    const findings = async () =>
      (
        (await (await door.fetch('/__mock/drift')).json()) as {
          findings: { kind: string; place: string; genmock: string }[]
        }
      ).findings.filter((f) => f.kind === 'proxy-timeout')

    it('no headers within the time-out: 504, and a first-byte finding', async () => {
      const res = await submit(door, { model: 'base-image-2', prompt: 'a' }, { 'x-stand-in': 'hang' })
      expect([res.status, res.headers.get('genmock-proxy-error')]).toEqual([504, 'timeout'])
      await recorded(async () =>
        expect(await findings()).toContainEqual(
          expect.objectContaining({ place: 'POST /api/ai/image/generate first-byte', genmock: '504' }),
        ),
      )
    })

    it('a JSON body sent one byte every 100 ms is cut off by the total: 504 within about the time-out', async () => {
      const started = performance.now()
      const res = await submit(door, { model: 'base-image-2', prompt: 'a' }, { 'x-stand-in': 'dribble' })
      expect(res.status).toBe(504)
      expect(await res.text()).toContain('did not finish answering within 0.6 s')
      expect(performance.now() - started).toBeLessThan(3 * TIMEOUT_MS)
      await recorded(async () =>
        expect(await findings()).toContainEqual(
          expect.objectContaining({ place: 'POST /api/ai/image/generate total', genmock: '504' }),
        ),
      )
    })

    it('a JSON body that never ends: 504, not a stream until the client quits', async () => {
      const res = await submit(door, { model: 'base-image-2', prompt: 'a' }, { 'x-stand-in': 'endless' })
      expect(res.status).toBe(504)
    })

    it('a service that pauses mid-answer: 504 (a JSON answer is due whole within the time-out)', async () => {
      const res = await submit(door, { model: 'base-image-2', prompt: 'a' }, { 'x-stand-in': 'pause' })
      expect(res.status).toBe(504)
      await recorded(async () => {
        const places = (await findings()).map((finding) => finding.place)
        expect(places.some((place) => /^POST \/api\/ai\/image\/generate (idle|total)$/.test(place))).toBe(true)
      })
    })
  })
}

describe('the proxy and a media answer that never ends [server]', () => {
  it('streams media while it flows; a pause longer than the time-out cuts it, and the finding says so', async () => {
    const { createServer } = await import('node:http')
    // Media that flows for a while, then stops: streamed through, then cut by the idle time-out.
    const upstream = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4' })
      let sent = 0
      const timer = setInterval(() => {
        if (sent++ < 20) res.write(Buffer.alloc(64))
      }, 50)
      res.on('close', () => clearInterval(timer))
    })
    upstream.listen(0, '127.0.0.1')
    await new Promise((resolve) => upstream.once('listening', resolve))
    const target = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`
    const server = await startServer({ port: 0, log: 'silent', proxy: { target, timeoutMs: TIMEOUT_MS } })
    try {
      const res = await fetch(`${server.url}/media/videos/t1.mp4`, { headers: { authorization: `Bearer ${KEY}` } })
      expect(res.status).toBe(200)
      const read = await res.arrayBuffer().then(
        (body) => body.byteLength,
        (error: Error) => error.message,
      )
      expect(read).toMatch(/terminated|aborted|other side closed/i)
      await recorded(async () => {
        const { findings } = (await (await fetch(`${server.url}/__mock/drift`)).json()) as {
          findings: { kind: string; place: string; genmock: string }[]
        }
        expect(findings).toContainEqual(
          expect.objectContaining({ kind: 'proxy-timeout', place: 'GET /media/videos/t1.mp4 idle', genmock: 'cut' }),
        )
      })
    } finally {
      await server.close()
      upstream.closeAllConnections()
      upstream.close()
    }
  })
})
