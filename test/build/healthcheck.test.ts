// The image's HEALTHCHECK script (build/healthcheck.cjs) run by node on the host, against stand-in
// servers: exit 0 only for a 2xx answer, 1 for an error answer, a refused connection or no answer
// within its 2.5 s; the admin token sent when one is set.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const SCRIPT = join(import.meta.dirname, '../../build/healthcheck.cjs')
/**
 * The script reads PID 1's arguments before the variables (in the image, PID 1 is genmock): on a host
 * whose PID 1 names a port or a token (say a CI container started as `node … --port 8080`), those
 * would win over the stand-ins' variables, so there the script is left to the image tests.
 */
const PID1_NAMES_OURS = (() => {
  try {
    return /(?:^|\0)--(?:port|admin-token|admin-token-file)(?:=|\0)/.test(readFileSync('/proc/1/cmdline', 'utf8'))
  } catch {
    return false
  }
})()
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

describe.skipIf(PID1_NAMES_OURS)('the HEALTHCHECK script', () => {
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
