import { describe, expect, it } from 'vitest'
import { LIMITS } from '../../src/contract/limits.js'
import { Journal } from '../../src/engine/journal/journal.js'
import { BODY_TEXT_LIMIT, HeldExchange } from '../../src/http/exchange-entry.js'
import { redactor } from '../../src/http/redaction.js'
import type { HttpRequest } from '../../src/http/request-reply.js'
import { auth, IMAGE, post, submitImage } from '../support/api.js'
import { eachDoor } from '../support/doors.js'

/**
 * Every answer and every stored record bounded in bytes (docs/limits-and-security.md): an Invalid
 * request lists at most 100 issues, a task's providerInput is at most 16 kB, the journal holds
 * bounded copies from the moment it records a request, within a byte budget.
 */

/** About `bytes` of JSON: a valid image request and `keys` unknown fields. */
function wideBody(keys: number): string {
  const fields = Array.from({ length: keys }, (_, i) => `"k${i}":0`)
  return `{"model":"base-image-2","prompt":"a fox",${fields.join(',')}}`
}

interface Invalid {
  error: string
  details: { issues: { path: string; message: string }[]; moreIssues?: number }
}

eachDoor('Invalid request answers are bounded', (door) => {
  it('100 unknown fields are listed, all of them; 101 list 100 and count 1 more', async () => {
    for (const [keys, listed, more] of [
      [100, 100, undefined],
      [101, 100, 1],
    ] as const) {
      const res = await submitImage(door(), wideBody(keys))
      expect(res.status).toBe(400)
      const body = (await res.json()) as Invalid
      expect(body.details.issues).toHaveLength(listed)
      expect(body.details.moreIssues).toBe(more)
    }
  })

  it('a 1 MB body of 90,000 unknown keys gets an answer of a few kB, not tens of MB', async () => {
    const body = wideBody(90_000)
    expect(body.length).toBeLessThan(LIMITS.maxBodyBytes)
    const res = await submitImage(door(), body)
    const text = await res.text()
    expect(res.status).toBe(400)
    expect(text.length).toBeLessThan(64 * 1024)
    expect((JSON.parse(text) as Invalid).details.moreIssues).toBe(90_000 - LIMITS.maxIssues)
  })

  it('a key a megabyte long is named by its first 256 characters', async () => {
    const res = await submitImage(door(), `{"model":"base-image-2","prompt":"a fox","${'k'.repeat(900_000)}":1}`)
    const [issue] = ((await res.json()) as Invalid).details.issues
    expect(issue!.path).toHaveLength(LIMITS.maxIssuePath)
    expect(issue!.path.endsWith('…')).toBe(true)
  })

  it('the control API caps its issues the same way', async () => {
    const res = await post(door(), '/__mock/accounts', wideBody(5_000))
    expect(res.status).toBe(400)
    const body = (await res.json()) as Invalid
    expect(body.details.issues.length).toBeLessThanOrEqual(LIMITS.maxIssues)
    expect(body.details.moreIssues).toBeGreaterThan(4_000)
  })
})

eachDoor('providerInput: at most 16 kB of JSON, a simulator limit', (door) => {
  const withInput = (bytes: number) => {
    // {"blob":"…"} is 11 bytes around the text.
    const providerInput = { blob: 'x'.repeat(bytes - 11) }
    expect(JSON.stringify(providerInput)).toHaveLength(bytes)
    return { ...IMAGE, providerInput }
  }

  it('16,384 bytes are accepted; 16,385 are Invalid request naming providerInput', async () => {
    const max = LIMITS.maxProviderInputBytes
    expect((await submitImage(door(), withInput(max))).status).toBe(200)
    const res = await submitImage(door(), withInput(max + 1))
    expect(res.status).toBe(400)
    const body = (await res.json()) as Invalid
    expect(body.details.issues).toEqual([
      { in: 'body', path: 'providerInput', message: expect.stringContaining(`at most ${max} bytes`) },
    ])
  })

  it('counts bytes, not characters: 8,000 é (16,000 bytes) pass, 8,200 do not', async () => {
    expect((await submitImage(door(), { ...IMAGE, providerInput: { t: 'é'.repeat(8_000) } })).status).toBe(200)
    expect((await submitImage(door(), { ...IMAGE, providerInput: { t: 'é'.repeat(8_200) } })).status).toBe(400)
  })

  it('a refused one stores nothing and charges nothing', async () => {
    const before = (await (await door().fetch('/__mock/tasks')).json()) as { total: number }
    await submitImage(door(), withInput(900_000))
    const after = (await (await door().fetch('/__mock/tasks')).json()) as { total: number }
    expect(after.total).toBe(before.total)
  })
})

eachDoor('the journal keeps bounded copies', (door) => {
  it('a 1 MB request is journaled with its size and its first 64 kB, flagged truncated', async () => {
    const body = JSON.stringify({ ...IMAGE, providerInput: { blob: 'x'.repeat(1_000_000) } })
    await door().fetch('/api/ai/image/generate', {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body,
    })
    const { requests } = (await (await door().fetch('/__mock/requests?limit=1')).json()) as {
      requests: { requestBody: { size: number; text: string; truncated?: boolean } }[]
    }
    expect(requests[0]!.requestBody.size).toBe(body.length)
    expect(requests[0]!.requestBody.text.length).toBe(BODY_TEXT_LIMIT)
    expect(requests[0]!.requestBody.truncated).toBe(true)
  })
})

describe('HeldExchange: what the journal holds until an entry is read', () => {
  const hold = (request: HttpRequest, reply: ConstructorParameters<typeof HeldExchange>[1] = null) =>
    new HeldExchange(request, reply, {}, 0, 0, [], redactor())
  const request = (body: Uint8Array, headers: Record<string, string> = {}): HttpRequest => ({
    method: 'POST',
    path: '/api/ai/image/generate',
    query: '',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    origin: 'http://localhost',
  })

  it('a 1 MB request body and a 1 MB answer are held as copies of their first 64 kB, never the originals', () => {
    const big = new Uint8Array(1024 * 1024).fill(0x61)
    const answer = 'b'.repeat(1024 * 1024)
    const held = hold(request(big), { status: 400, headers: { 'content-type': 'application/json' }, bytes: answer })
    const body = held.request.body
    expect(body.byteLength).toBe(BODY_TEXT_LIMIT)
    expect(body.buffer).not.toBe(big.buffer)
    expect(body.buffer.byteLength).toBe(BODY_TEXT_LIMIT)
    expect(held.requestSize).toBe(1024 * 1024)
    expect(typeof held.body === 'string' ? held.body.length : held.body.buffer.byteLength).toBe(BODY_TEXT_LIMIT)
    expect(held.replySize).toBe(1024 * 1024)
    expect(held.bytes).toBeLessThan(3 * BODY_TEXT_LIMIT)
  })

  it("a 1 MB Buffer (the node door's body) is held as a copy of its first 64 kB, not a view pinning it", () => {
    // Buffer#slice is a view, unlike Uint8Array#slice: the journal must not keep the megabyte through it.
    const big = Buffer.alloc(1024 * 1024, 0x61)
    const body = hold(request(big)).request.body
    expect(body.byteLength).toBe(BODY_TEXT_LIMIT)
    expect(body.buffer).not.toBe(big.buffer)
    expect(body.buffer.byteLength).toBe(BODY_TEXT_LIMIT)
    const answer = Buffer.alloc(1024 * 1024, 0x62)
    const reply = hold(request(new Uint8Array(2)), {
      status: 200,
      headers: { 'content-type': 'text/plain' },
      bytes: answer,
    })
    expect((reply.body as Uint8Array).buffer.byteLength).toBe(BODY_TEXT_LIMIT)
  })

  it('headers beyond 16 kB are cut; a small request is held as it came, without a copy', () => {
    const small = new Uint8Array([123, 125])
    expect(hold(request(small)).request.body).toBe(small)
    const huge = hold(request(small, { 'x-a': 'a'.repeat(100_000), 'x-b': 'b'.repeat(100_000) }))
    const total = Object.entries(huge.request.headers).reduce((n, [k, v]) => n + k.length + (v?.length ?? 0), 0)
    expect(total).toBeLessThanOrEqual(16 * 1024 + 2)
  })
})

describe('Journal: a byte budget besides the entry count', () => {
  it('drops the oldest entries once the bytes it holds pass maxBytes', () => {
    const journal = new Journal(1000, 10_000)
    const entry = (path: string) => ({
      at: '2026-01-01T00:00:00.000Z',
      method: 'GET',
      path,
      query: '',
      status: 200,
      durationMs: 1,
      headers: {},
    })
    for (let i = 0; i < 5; i++) journal.record(entry(`/e${i}`), 3_000)
    // 15,000 bytes over a budget of 10,000: the two oldest went.
    expect(journal.list().map((e) => e.path)).toEqual(['/e4', '/e3', '/e2'])
    journal.record({ build: () => entry('/lazy') }, 1_000)
    expect(journal.list().map((e) => e.path)).toEqual(['/lazy', '/e4', '/e3', '/e2'])
    expect(journal.size).toBe(4)
  })
})
