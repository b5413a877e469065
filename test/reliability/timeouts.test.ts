import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVER_TIMEOUTS, startServer, type RunningServer } from '../../src/node/server/server.js'
import { defaultOptions } from '../support/doors.js'
import { parseAnswer, rawExchange } from './raw.js'

/**
 * Time-outs (issue 24, case 4): a client that stops sending its headers or its body gets 408
 * JSON, not 400, and its socket is closed. Server door only: the msw door has no socket. The
 * server runs here with short time-outs; the defaults are checked for what the README says.
 */

describe('request time-outs [server]', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({
      ...defaultOptions(),
      port: 0,
      timeouts: { headersMs: 300, requestMs: 600, checkEveryMs: 50 },
    })
  })
  afterAll(() => server.close())

  it('headers that never finish: 408 JSON', async () => {
    const raw = await rawExchange(server.port, 'GET /__mock/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ')
    const answer = parseAnswer(raw)
    expect(answer.status).toBe(408)
    expect(answer.head).toMatch(/content-type: application\/json/i)
    expect(answer.body).toEqual({ error: 'Request Timeout' })
  })

  it('a body that never finishes: 408 JSON, and nothing stored', async () => {
    const raw = await rawExchange(
      server.port,
      'POST /api/ai/image/generate HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer sk_test_alice\r\n' +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"model":',
    )
    expect(parseAnswer(raw).status).toBe(408)
    expect(server.engine.storedTasks).toBe(0)
  })

  it('a request that arrives in time, slowly, is answered', async () => {
    const raw = await rawExchange(server.port, 'GET /__mock/health HTTP/1.1\r\nHost: local', {
      more: 'host\r\nConnection: close\r\n\r\n',
      delayMs: 100,
    })
    expect(parseAnswer(raw).status).toBe(200)
  })

  it('the defaults are the documented ones', () => {
    expect(SERVER_TIMEOUTS).toMatchObject({ headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 })
  })
})
