// The image's HEALTHCHECK script (build/healthcheck.cjs) run by node on the host, against stand-in
// servers: exit 0 only for a 2xx answer, 1 for an error answer, a refused connection or no answer
// within its 2.5 s; the admin token sent when one is set.
import { spawn } from 'node:child_process'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const SCRIPT = join(import.meta.dirname, '../../build/healthcheck.cjs')
let server: Server | undefined
afterEach(() => {
  server?.closeAllConnections()
  server?.close()
  server = undefined
})

/** A stand-in genmock on a free port; `answer` gets each request's headers. */
async function standIn(answer: (headers: IncomingHttpHeaders) => number | undefined): Promise<number> {
  server = createServer((req, res) => {
    const status = answer(req.headers)
    if (status !== undefined) res.writeHead(status).end('{}')
  })
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done))
  return (server.address() as AddressInfo).port
}

function check(env: Record<string, string>): Promise<number | null> {
  const child = spawn(process.execPath, [SCRIPT], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'ignore' })
  return new Promise((done) => child.on('exit', done))
}

describe('the HEALTHCHECK script', () => {
  it('passes on a 2xx answer, sending the admin token when one is set', async () => {
    const seen: IncomingHttpHeaders[] = []
    const port = await standIn((headers) => {
      seen.push(headers)
      return 200
    })
    expect(await check({ GENMOCK_PORT: String(port), GENMOCK_ADMIN_TOKEN: 's3cret-token' })).toBe(0)
    expect(seen[0]?.authorization).toBe('Bearer s3cret-token')
  })

  it('fails on an error answer, and when nothing listens', async () => {
    const port = await standIn(() => 503)
    expect(await check({ GENMOCK_PORT: String(port) })).toBe(1)
    await new Promise((done) => server?.close(done))
    server = undefined
    expect(await check({ GENMOCK_PORT: String(port) })).toBe(1)
  })

  it('fails when no answer comes within its deadline', async () => {
    const port = await standIn(() => undefined)
    expect(await check({ GENMOCK_PORT: String(port) })).toBe(1)
  })
})
