import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIMITS } from '../../src/contract/limits.js'
import { auth, IMAGE, issuePaths, KEYS, submitImage } from '../support/api.js'
import { eachDoor, openServerDoor, type Door } from '../support/doors.js'

/** A JSON body of exactly `bytes` bytes: a base-image-2 request whose prompt pads it out. */
const bodyOfSize = (bytes: number) => {
  const shell = JSON.stringify({ ...IMAGE, prompt: '' })
  return shell.replace('"prompt":""', `"prompt":"${'a'.repeat(bytes - shell.length)}"`)
}

eachDoor('request bodies', (door) => {
  it('a body of exactly the 1 MB limit is read (and judged on its fields)', async () => {
    const body = bodyOfSize(LIMITS.maxBodyBytes)
    expect(new TextEncoder().encode(body).length).toBe(LIMITS.maxBodyBytes)
    const res = await submitImage(door(), body)
    expect(res.status).toBe(400)
    expect(await issuePaths(res)).toEqual(['prompt'])
  })

  it('one byte over the limit is 413 with a JSON error', async () => {
    const res = await submitImage(door(), bodyOfSize(LIMITS.maxBodyBytes + 1))
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ error: `Request body is larger than ${LIMITS.maxBodyBytes} bytes` })
  })

  it.each([
    ['truncated JSON', '{"prompt":'],
    ['trailing garbage', '{"prompt":"x"} x'],
    ['empty body', ''],
  ])('%s is 400 Invalid request naming the body', async (_, text) => {
    const res = await submitImage(door(), text)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      error: 'Invalid request',
      details: { issues: [{ in: 'body', path: '', message: 'is not valid JSON' }] },
    })
  })

  it('invalid UTF-8 is 400 Invalid request', async () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"prompt":"'),
      0xff,
      0xfe,
      ...new TextEncoder().encode('"}'),
    ])
    const res = await door().fetch('/api/ai/image/generate', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth() },
      body: bytes,
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { details: { issues: { message: string }[] } }).details.issues[0]!.message).toBe(
      'is not valid UTF-8',
    )
  })

  it.each(['text/plain', 'application/x-www-form-urlencoded'])(
    'Content-Type %s is 400 naming the header',
    async (type) => {
      const res = await submitImage(door(), JSON.stringify(IMAGE), { 'content-type': type })
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({
        error: 'Invalid request',
        details: { issues: [{ in: 'header', path: 'Content-Type', message: 'must be application/json' }] },
      })
    },
  )

  it('application/json with a charset is accepted', async () => {
    const res = await submitImage(door(), JSON.stringify(IMAGE), { 'content-type': 'application/json; charset=utf-8' })
    expect(res.status).toBe(200)
  })

  it('authentication is checked before the body is judged', async () => {
    const res = await submitImage(door(), '{"prompt":', { authorization: 'Bearer nope-nope' })
    expect(res.status).toBe(401)
  })

  /** A base-image-2 body whose objects and arrays nest exactly `levels` deep (the body itself is level 1). */
  const nested = (levels: number) => ({
    ...IMAGE,
    providerInput: { a: JSON.parse('['.repeat(levels - 2) + ']'.repeat(levels - 2)) },
  })

  it(`JSON nested ${LIMITS.maxJsonDepth} levels deep is accepted`, async () => {
    expect((await submitImage(door(), nested(LIMITS.maxJsonDepth))).status).toBe(200)
  })

  it(`JSON nested ${LIMITS.maxJsonDepth + 1} levels deep is 400, with or without an Idempotency-Key`, async () => {
    for (const headers of [{}, { 'idempotency-key': 'deep-json-0001' }] as Record<string, string>[]) {
      const res = await submitImage(door(), nested(LIMITS.maxJsonDepth + 1), headers)
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({
        error: 'Invalid request',
        details: { issues: [{ in: 'body', path: '', message: `nests deeper than ${LIMITS.maxJsonDepth} levels` }] },
      })
    }
  })

  it('JSON nested 200 000 levels deep is a 400, not a crash', async () => {
    const res = await submitImage(
      door(),
      `{"model":"base-image-2","prompt":"x","providerInput":{"a":${'['.repeat(200_000)}${']'.repeat(200_000)}}}`,
      { 'idempotency-key': 'deep-json-0002' },
    )
    expect(res.status).toBe(400)
  })

  it.each(['%E0%A4%A', '%', '%zz', 'a%ZZb'])(
    'a task id with malformed percent-encoding (%s) is Task not found',
    async (id) => {
      const res = await door().fetch(`/api/ai/tasks/${id}`, { headers: auth() })
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ error: 'Task not found' })
    },
  )

  it('a malformed task id still needs authentication first', async () => {
    const res = await door().fetch('/api/ai/tasks/%E0')
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Unauthorized' })
  })

  it.each(['/media/images/x/%ZZ.png', '/media/videos/%.mp4', '/__mock/accounts/%zz'])(
    '%s, malformed percent-encoding, is a JSON 404',
    async (path) => {
      const res = await door().fetch(path, { method: 'GET', headers: auth() })
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ error: `No route GET ${path}` })
    },
  )

  it.each([
    ['GET', '/api/ai/image/generate'],
    ['POST', '/api/ai/tasks/abc'],
    ['GET', '/api/ai/unknown'],
    ['DELETE', '/__mock/nothing'],
  ])('%s %s, no such route, is a JSON 404', async (method, path) => {
    const res = await door().fetch(path, { method, headers: auth() })
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(await res.json()).toEqual({ error: `No route ${method} ${path}` })
  })
})

describe('standalone server only', () => {
  let door: Door
  beforeAll(async () => {
    door = await openServerDoor()
  })
  afterAll(() => door.close())

  it('answers a CORS preflight from another origin with every header genmock reads', async () => {
    const res = await door.fetch('/api/ai/image/generate', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    const allowed = res.headers.get('access-control-allow-headers')!.toLowerCase()
    for (const header of ['authorization', 'content-type', 'idempotency-key', 'x-mock-scenario', 'prefer'])
      expect(allowed).toContain(header)
  })

  it('lets a page on another origin read responses and the Idempotent-Replayed header', async () => {
    const res = await submitImage(door, IMAGE, { origin: 'http://localhost:5173' })
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(res.headers.get('access-control-allow-credentials')).toBe('true')
    expect(res.headers.get('access-control-expose-headers')).toContain('Idempotent-Replayed')
  })

  it('a route outside genmock is a JSON 404 too', async () => {
    const res = await door.fetch('/favicon.ico')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'No route GET /favicon.ico' })
  })

  it('judges IP allowlists by the socket, not by a header the client sends', async () => {
    const res = await door.fetch('/api/ai/models', {
      headers: { ...auth(KEYS.iplocked), 'x-genmock-remote-address': '203.0.113.7' },
    })
    expect(res.status).toBe(401)
  })

  it('a chunked body with no Content-Length is cut off at the limit with 413', async () => {
    const url = new URL('/api/ai/image/generate', door.baseUrl)
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        url,
        { method: 'POST', headers: { 'content-type': 'application/json', ...auth() } },
        (res) => {
          res.resume()
          resolve(res.statusCode!)
        },
      )
      req.on('error', reject)
      const chunk = 'a'.repeat(64 * 1024)
      req.write('{"prompt":"')
      for (let i = 0; i < 20; i++) req.write(chunk)
      req.end('"}')
    })
    expect(status).toBe(413)
  })
})
