import { describe, expect, test } from 'vitest'
import { compareExchange } from './compare-exchange.js'
import { buildSimulator } from '../simulator.js'
import type { HttpRequest } from '../http/request-reply.js'

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value))
const submit = (body: unknown, headers: Record<string, string> = {}): HttpRequest => ({
  method: 'POST',
  path: '/api/ai/image/generate',
  query: '',
  headers: { 'content-type': 'application/json', ...headers },
  body: json(body),
  origin: 'https://api.example.test',
})
const example = { seq: 1, at: '2026-01-01T00:00:00.000Z', method: 'POST', path: '/api/ai/image/generate', status: 0 }

function compare(request: HttpRequest, status: number, body: unknown) {
  const { engine, drift } = buildSimulator()
  const answer = { status, headers: { 'content-type': 'application/json' }, body: json(body) }
  compareExchange(engine, drift, request, answer, 0, example)
  return drift.findings().map((f) => [f.kind, f.place, f.service, f.genmock])
}

describe('compareExchange', () => {
  const fox = { model: 'base-image-2', prompt: 'a fox', numOutputs: 2 }

  test("a 402's required is checked against genmock's price", () => {
    expect(compare(submit(fox), 402, { error: 'Insufficient credits', required: 8 })).toEqual([])
    expect(compare(submit(fox), 402, { error: 'Insufficient credits', required: 10 })).toEqual([
      ['price', 'base-image-2 1K', 10, 8],
    ])
  })

  test('both refuse a body: another status or error string is named, the same answer is not', () => {
    const refused = {
      error: 'Invalid request',
      details: { issues: [{ in: 'body', path: 'numOutputs', message: 'x' }] },
    }
    const eleven = submit({ ...fox, numOutputs: 11 })
    expect(compare(eleven, 400, refused)).toEqual([])
    expect(compare(eleven, 422, refused)).toEqual([
      ['error-status', 'POST /api/ai/image/generate Invalid request', 422, 400],
    ])
    expect(compare(eleven, 400, { error: 'Bad input' }).map(([kind]) => kind)).toEqual(['error-body'])
  })

  test('a 5xx, a rate limit or an HTML page says nothing of the body; an HTML 400 is not an error body', () => {
    expect(compare(submit(fox), 503, { error: 'Busy' })).toEqual([])
    expect(compare(submit(fox), 429, { error: 'Too many requests' })).toEqual([])
    const { engine, drift } = buildSimulator()
    const html = { status: 400, headers: { 'content-type': 'text/html' }, body: new TextEncoder().encode('<p>') }
    compareExchange(engine, drift, submit(fox), html, 0, example)
    expect(drift.findings()[0]).toMatchObject({ kind: 'error-body', service: 'not JSON' })
  })

  test('an answer asked sparse is not missing fields', () => {
    const answer = { taskId: 't1', status: 0, creditsUsed: 8 }
    expect(compare(submit(fox, { prefer: 'sparse=all' }), 200, answer)).toEqual([])
    expect(compare(submit(fox), 200, answer).map(([kind]) => kind)).toContain('missing-field')
  })
})
