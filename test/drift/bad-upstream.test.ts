import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import { connect, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { recorded } from '../support/recorded.js'
import { startServer, type RunningServer } from '../../src/node/server/server.js'

const open: { close(): unknown }[] = []
afterEach(async () => {
  for (const closable of open.splice(0).reverse()) await closable.close()
})

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  open.push({
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(resolve)
      }),
  })
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const upstream = (handler: (req: IncomingMessage, res: ServerResponse) => void) => listen(createServer(handler))

async function proxyTo(target: string, timeoutMs = 30_000): Promise<RunningServer> {
  const errors: unknown[] = []
  const server = await startServer({
    port: 0,
    log: 'silent',
    proxy: { target, timeoutMs },
    onUnexpectedError: (e) => errors.push(e),
  })
  open.push({
    close: async () => {
      await server.close()
      expect(errors).toEqual([])
    },
  })
  return server
}

const read = (server: RunningServer, path = '/api/ai/tasks/t1') =>
  fetch(`${server.url}${path}`, { headers: { authorization: 'Bearer sk_live_x' } })

describe('the proxy when the service misbehaves', () => {
  test('a reset connection gets 502 from genmock, marked as its own', async () => {
    const target = await upstream((req) => req.socket.destroy())
    const response = await read(await proxyTo(target))
    expect(response.status).toBe(502)
    expect(response.headers.get('genmock-proxy-error')).toBe('unreachable')
    expect((await response.json()).error).toMatch(
      /^genmock proxy: cannot reach http:\/\/127\.0\.0\.1:\d+ \(ECONNRESET\)$/,
    )
  })

  test('a port nobody listens on gets 502', async () => {
    const target = await upstream(() => {})
    await open.pop()!.close()
    const response = await read(await proxyTo(target))
    expect([response.status, response.headers.get('genmock-proxy-error')]).toEqual([502, 'unreachable'])
  })

  test('a service that hangs gets 504 after --proxy-timeout', async () => {
    const target = await upstream(() => {})
    const started = performance.now()
    const response = await read(await proxyTo(target, 300))
    expect([response.status, response.headers.get('genmock-proxy-error')]).toEqual([504, 'timeout'])
    expect((await response.json()).error).toContain('did not start answering within 0.3 s')
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)
  })

  test('a client that gives up first leaves nothing behind: no answer, no record', async () => {
    const target = await upstream(() => {})
    const server = await proxyTo(target)
    const aborted = fetch(`${server.url}/api/ai/tasks/t1`, { signal: AbortSignal.timeout(100) })
    await expect(aborted).rejects.toThrow()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(server.engine.journal.size).toBe(0)
  })

  test('HTML and a 500 are passed on unchanged, and reported', async () => {
    const target = await upstream((req, res) => {
      const html = '<html><body>Bad gateway</body></html>'
      res.writeHead(req.url?.includes('t500') ? 500 : 200, { 'content-type': 'text/html' }).end(html)
    })
    const server = await proxyTo(target)
    const ok = await read(server)
    expect([ok.status, await ok.text()]).toEqual([200, '<html><body>Bad gateway</body></html>'])
    const failed = await read(server, '/api/ai/tasks/t500')
    expect(failed.status).toBe(500)
    expect(failed.headers.get('genmock-proxy-error')).toBeNull()
    await recorded(() =>
      expect(server.drift.observations().statuses['GET /api/ai/tasks/{id}']).toEqual({ 200: 1, 500: 1 }),
    )
    const kinds = server.drift.findings().map((f) => `${f.kind} ${f.place}`)
    expect(kinds).toEqual(['field-type snapshot'])
  })

  test('a 50 MB media body streams through without being kept', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 7)
    const target = await upstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(50 * chunk.byteLength) })
      let sent = 0
      const more = () => {
        while (sent < 50) {
          sent += 1
          if (!res.write(chunk)) return void res.once('drain', more)
        }
        res.end()
      }
      more()
    })
    const server = await proxyTo(target)
    const response = await fetch(`${server.url}/media/videos/t1.mp4`)
    expect((await response.arrayBuffer()).byteLength).toBe(50 * 1024 * 1024)
    await recorded(() =>
      expect(server.engine.journal.list(1)[0]?.responseBody).toEqual({ type: 'video/mp4', size: 50 * 1024 * 1024 }),
    )
  })

  test('a certificate nobody vouches for is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'genmock-tls-'))
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'],
        ...['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      ],
      { stdio: 'ignore' },
    )
    const tls = createTlsServer(
      { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
      (_req, res) => res.end('{}'),
    )
    const target = (await listen(tls as unknown as Server)).replace(/^http:/, 'https:')
    const response = await read(await proxyTo(target))
    expect([response.status, response.headers.get('genmock-proxy-error')]).toEqual([502, 'tls'])
  })
})

describe('never an open proxy', () => {
  const raw = (url: string, request: string) =>
    new Promise<string>((resolve) => {
      const { port } = new URL(url)
      const socket = connect(Number(port), '127.0.0.1', () => socket.end(request))
      let text = ''
      socket.setEncoding('utf8').on('data', (data: string) => (text += data))
      socket.on('close', () => resolve(text))
    })

  test('absolute-form targets and CONNECT are refused; other hosts never get a request', async () => {
    let reached = 0
    const target = await upstream((_req, res) => {
      reached++
      res.end('{}')
    })
    const server = await proxyTo(target)
    const absolute = await raw(server.url, 'GET http://example.test/api/ai/models HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    expect(absolute).toMatch(/^HTTP\/1\.1 400/)
    expect(absolute).toContain('genmock-proxy-error: refused-target')
    const tunnel = await raw(server.url, 'CONNECT example.test:443 HTTP/1.1\r\nHost: example.test:443\r\n\r\n')
    expect(tunnel).toMatch(/^HTTP\/1\.1 405/)
    const otherHost = await raw(
      server.url,
      'GET /api/ai/models HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n',
    )
    expect(otherHost).toMatch(/^HTTP\/1\.1 403/)
    expect(reached).toBe(0)
  })
})
