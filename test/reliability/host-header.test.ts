import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { parseHost } from '../../src/http/host.js'
import { startServer, type RunningServer } from '../../src/node/server/server.js'
import { defaultOptions } from '../support/doors.js'
import { parseAnswer, rawExchange } from './raw.js'

/**
 * A malformed Host header (issue 24, case 2) got 500 and a stack trace; one with userinfo passed
 * the host check and pointed outputImageUrls, HAR URLs and the OpenAPI `servers` at another
 * site. Each now gets 400 JSON before anything reads it. Server door only: the msw door takes the
 * origin from the request's URL, which Fetch has already parsed and which never holds userinfo.
 */

const MALFORMED = [
  'localhost:abc',
  '127.0.0.1:99999',
  '999.999.999.999',
  '127.0.0.1:4630@evil.example',
  'user:pass@localhost',
  'localhost/evil',
  '[::1',
  '[fe80::1%eth0]',
  'exa mple.test',
  '',
  '1.2.3',
]

describe('parseHost', () => {
  it.each(MALFORMED)('refuses %j', (host) => expect(parseHost(host)).toBeUndefined())
  it('reads names, IPv4, IPv6 and ports, ports at both ends of their range', () => {
    expect(parseHost('LocalHost:4600')).toEqual({ name: 'localhost', port: 4600 })
    expect(parseHost('127.0.0.1')).toEqual({ name: '127.0.0.1', port: undefined })
    expect(parseHost('[::1]:0')).toEqual({ name: '[::1]', port: 0 })
    expect(parseHost('genmock.internal:65535')).toEqual({ name: 'genmock.internal', port: 65535 })
    expect(parseHost('genmock.internal:65536')).toBeUndefined()
    expect(parseHost('255.255.255.255')).toBeDefined()
    expect(parseHost('256.255.255.255')).toBeUndefined()
  })
})

describe('Host header [server]', () => {
  let server: RunningServer
  const unexpected = vi.fn()
  beforeAll(async () => {
    server = await startServer({ ...defaultOptions(), port: 0, onUnexpectedError: unexpected })
  })
  afterAll(() => server.close())

  const send = (host: string | undefined, path = '/__mock/health', extra = '') =>
    rawExchange(
      server.port,
      `GET ${path} HTTP/1.1\r\n${host === undefined ? '' : `Host: ${host}\r\n`}${extra}Connection: close\r\n\r\n`,
    ).then(parseAnswer)

  it.each(MALFORMED)('answers 400 JSON naming Host for %j, and nothing reaches a URL', async (host) => {
    for (const path of ['/__mock/health', '/openapi.json', '/__mock/requests.har', '/api/ai/models']) {
      const answer = await send(host, path)
      expect(answer.status, path).toBe(400)
      expect(answer.body).toMatchObject({
        error: 'Invalid request',
        details: { issues: [{ in: 'header', path: 'Host' }] },
      })
    }
    expect(unexpected).not.toHaveBeenCalled()
  })

  it('a missing Host on HTTP/1.1, or two, is 400; HTTP/1.0 may leave it out', async () => {
    expect((await send(undefined)).status).toBe(400)
    expect((await send('localhost', '/__mock/health', 'Host: evil.example\r\n')).status).toBe(400)
    const old = parseAnswer(await rawExchange(server.port, 'GET /__mock/health HTTP/1.0\r\n\r\n'))
    expect(old.head).toMatch(/^HTTP\/1\.1 200/)
  })

  it('a good Host still names the URLs: OpenAPI servers and HAR', async () => {
    const spec = await send(`localhost:${server.port}`, '/openapi.json')
    expect(spec.status).toBe(200)
    expect((spec.body as { servers: { url: string }[] }).servers[0]!.url).toBe(`http://localhost:${server.port}`)
    expect((await send('LOCALHOST.', '/__mock/health')).status).toBe(200)
  })
})
