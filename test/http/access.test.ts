import { request } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { auth, IMAGE } from '../support/api.js'
import { defaultOptions, openServerDoor, type Door } from '../support/doors.js'

/**
 * Safe to leave running (issue 11): the standalone server answers only its own Host names, and
 * browsers only from loopback or listed origins. Server door only: msw/node and the worker have
 * no socket for another site to reach. Host is sent raw, as a DNS-rebinding page's request has it.
 */

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

function send(
  door: Door,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  const { hostname, port } = new URL(door.baseUrl)
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, method, path, headers, setHost: false }, (res) => {
      let text = ''
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

const JSON_POST = (origin?: string) => ({
  'content-type': 'application/json',
  ...auth(),
  ...(origin ? { origin } : {}),
})
const taskCount = (door: Door) => door.engine.listTasks({ limit: 1 }, '').total

function openDoor(options: Parameters<typeof openServerDoor>[0]) {
  let door: Door
  beforeAll(async () => {
    door = await openServerDoor({ ...defaultOptions(), ...options })
  })
  afterAll(() => door.close())
  beforeEach(() => door.engine.reset(7))
  return () => door
}

describe('Host header [server]', () => {
  const door = openDoor({})

  it.each([
    'localhost:4600',
    'LOCALHOST',
    'app.localhost:5173',
    '127.0.0.1:4600',
    '127.1.2.3',
    '[::1]:4600',
    '192.168.1.20:4600',
    'localhost.',
  ])('answers %s (loopback names and IP addresses)', async (host) => {
    expect((await send(door(), 'GET', '/__mock/health', { host })).status).toBe(200)
  })

  it.each(['attacker.example', 'attacker.example:4600', 'localhost.attacker.example', '127.0.0.1.nip.io', 'x'])(
    'refuses %s with 403 and says how to allow it',
    async (host) => {
      const res = await send(door(), 'GET', '/__mock/health', { host })
      expect(res.status).toBe(403)
      expect(JSON.parse(res.body).error).toMatch(/^Host not allowed: .*--allowed-hosts/)
    },
  )

  it("a DNS-rebinding page (own name as Host, own origin) can't reset, spend credits or read the journal", async () => {
    const rebound = { host: 'rebind.attacker.example:4600', origin: 'http://rebind.attacker.example:4600' }
    const reset = await send(door(), 'POST', '/__mock/reset', { ...rebound, 'content-type': 'application/json' }, '{}')
    const spend = await send(
      door(),
      'POST',
      '/api/ai/image/generate',
      { ...rebound, ...JSON_POST() },
      JSON.stringify(IMAGE),
    )
    const journal = await send(door(), 'GET', '/__mock/requests', rebound)
    expect([reset.status, spend.status, journal.status]).toEqual([403, 403, 403])
    expect(taskCount(door())).toBe(0)
    expect(door().engine.journal.size).toBe(0)
  })
})

describe('--host and --allowed-hosts [server]', () => {
  const door = openDoor({ allowedHosts: ['genmock.test', '.dev.internal'] })

  it.each(['genmock.test:4600', 'GENMOCK.TEST', 'dev.internal', 'api.dev.internal:8080'])(
    'answers a listed name: %s',
    async (host) => {
      expect((await send(door(), 'GET', '/__mock/health', { host })).status).toBe(200)
    },
  )

  it.each(['other.test', 'notdev.internal', 'genmock.test.evil'])('still refuses an unlisted one: %s', async (host) => {
    expect((await send(door(), 'GET', '/__mock/health', { host })).status).toBe(403)
  })
})

describe('CORS [server]', () => {
  const door = openDoor({})
  const host = { host: 'localhost:4600' }

  it.each([
    'http://localhost:5173',
    'http://127.0.0.1:3000',
    'https://app.localhost',
    'http://[::1]:8080',
    'http://localhost:4600',
  ])('a loopback origin (%s) gets credentials, on the service and the control API', async (origin) => {
    const preflight = await send(door(), 'OPTIONS', '/api/ai/image/generate', {
      ...host,
      origin,
      'access-control-request-method': 'POST',
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe(origin)
    expect(preflight.headers['access-control-allow-credentials']).toBe('true')
    const submit = await send(
      door(),
      'POST',
      '/api/ai/image/generate',
      { ...host, ...JSON_POST(origin) },
      JSON.stringify(IMAGE),
    )
    expect(submit.status).toBe(200)
    expect(submit.headers['access-control-allow-origin']).toBe(origin)
    expect((await send(door(), 'GET', '/__mock/requests', { ...host, origin })).status).toBe(200)
  })

  it.each(['https://evil.example', 'http://192.168.1.20:5173', 'null', 'http://localhost.evil.example'])(
    'another origin (%s) is refused: no task, no CORS grant, control API closed',
    async (origin) => {
      const preflight = await send(door(), 'OPTIONS', '/api/ai/image/generate', {
        ...host,
        origin,
        'access-control-request-method': 'POST',
      })
      expect(preflight.status).toBe(403)
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
      // A simple request needs no preflight: it must be refused before it does anything.
      const submit = await send(
        door(),
        'POST',
        '/api/ai/image/generate',
        { ...host, ...JSON_POST(origin) },
        JSON.stringify(IMAGE),
      )
      expect(submit.status).toBe(403)
      expect(JSON.parse(submit.body).error).toMatch(/^Origin not allowed: .*--cors-origin/)
      const reset = await send(door(), 'POST', '/__mock/reset', { ...host, origin, 'content-type': 'text/plain' }, '{}')
      expect(reset.status).toBe(403)
      expect(taskCount(door())).toBe(0)
    },
  )

  it('a page genmock serves itself (same origin) is answered on any allowed host', async () => {
    const res = await send(
      door(),
      'POST',
      '/__mock/clock/advance',
      { host: '192.168.1.20:4600', origin: 'http://192.168.1.20:4600', 'content-type': 'application/json' },
      '{"seconds":1}',
    )
    expect(res.status).toBe(200)
  })

  it('a request without Origin (curl, a server-side client) gets no CORS headers and is answered', async () => {
    const res = await send(door(), 'GET', '/api/ai/models', { ...host, ...auth() })
    expect(res.status).toBe(200)
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('--cors-origin [server]', () => {
  const door = openDoor({ corsOrigins: ['https://app.example', '*'] })
  const host = { host: 'localhost:4600' }

  it('a listed origin gets credentials on the service and the control API', async () => {
    const origin = 'https://app.example'
    const submit = await send(
      door(),
      'POST',
      '/api/ai/image/generate',
      { ...host, ...JSON_POST(origin) },
      JSON.stringify(IMAGE),
    )
    expect(submit.headers['access-control-allow-origin']).toBe(origin)
    expect(submit.headers['access-control-allow-credentials']).toBe('true')
    expect((await send(door(), 'GET', '/__mock/health', { ...host, origin })).status).toBe(200)
  })

  it('`*` opens the service to any origin without credentials, but not the control API', async () => {
    const origin = 'https://anyone.example'
    const submit = await send(
      door(),
      'POST',
      '/api/ai/image/generate',
      { ...host, ...JSON_POST(origin) },
      JSON.stringify(IMAGE),
    )
    expect(submit.status).toBe(200)
    expect(submit.headers['access-control-allow-origin']).toBe('*')
    expect(submit.headers['access-control-allow-credentials']).toBeUndefined()
    expect(
      (await send(door(), 'POST', '/__mock/reset', { ...host, origin, 'content-type': 'application/json' }, '{}'))
        .status,
    ).toBe(403)
  })
})
