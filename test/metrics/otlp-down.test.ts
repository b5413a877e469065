import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import { createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { auth, IMAGE } from '../support/api.js'
import { baseUrl, killAll, LIMIT_MS, start } from '../support/cli.js'

/**
 * Issue 45 item 3 (docs/metrics-and-traces.md, When the collector is down): with --otlp naming a
 * collector that refuses, never answers or drops each connection, the real `genmock` command still
 * stops within its grace on SIGTERM, exit 0, writes --report and prints its stop lines, and says
 * once that spans were not sent. The stand-ins are plain sockets written here.
 */

/** The grace given; the stop is measured against it. */
const GRACE_SECONDS = 1
/** What a busy machine may add to a stop beyond the grace (a start of Node, the report): generous. */
const BUSY_MACHINE_SLACK_MS = 5000
/** A guard against a hang only: a start, requests and a stop of the command on a busy machine. */
const TEST_LIMIT_MS = 3 * LIMIT_MS

const servers: Server[] = []
const sockets: Socket[] = []
afterEach(() => killAll())
afterAll(async () => {
  for (const socket of sockets) socket.destroy()
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
})

/** A TCP stand-in doing `onSocket` with each connection; its traces URL. */
async function standIn(onSocket: (socket: Socket) => void): Promise<string> {
  const server = createServer((socket) => {
    sockets.push(socket)
    onSocket(socket)
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`
}

/** A port nothing listens on: one just freed. */
async function closedPort(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return `http://127.0.0.1:${port}/v1/traces`
}

const COLLECTORS: [string, () => Promise<string>][] = [
  ['refuses every connection (a closed port)', closedPort],
  ['accepts and never answers', () => standIn(() => {})],
  ['drops every connection (reset)', () => standIn((socket) => socket.resetAndDestroy())],
]

interface Event {
  event: string
  level?: string
  [field: string]: unknown
}

/** genmock with --otlp `url`, three submissions, SIGTERM: what it printed, its exit and how long the stop took. */
async function stopWithCollector(url: string, env: Record<string, string> = {}) {
  const report = join(mkdtempSync(join(tmpdir(), 'genmock-otlp-down-')), 'conformance.xml')
  const args = ['--port', '0', '--log', 'json', '--otlp', url, '--report', report, '--grace', String(GRACE_SECONDS)]
  const run = start(args, env)
  const base = await baseUrl(run)
  for (let i = 0; i < 3; i++) {
    const reply = await fetch(`${base}/api/ai/image/generate`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify(IMAGE),
    })
    expect(reply.status).toBe(200)
  }
  return { run, report, base }
}

/** Sends SIGTERM and waits for the exit: the code, how long it took and the events printed. */
async function terminate(run: ReturnType<typeof start>) {
  const before = performance.now()
  run.child.kill('SIGTERM')
  const { code } = await run.exited
  const ms = performance.now() - before
  const events = run
    .stdout()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Event)
  return { code, ms, events, stderr: run.stderr() }
}

describe('a collector that is down never hurts the run (--otlp)', () => {
  for (const [name, collector] of COLLECTORS) {
    it(
      `${name}: the stop within the grace, exit 0, the report and the stop lines, told once`,
      async () => {
        const url = await collector()
        const { run, report } = await stopWithCollector(url)
        const { code, ms, events, stderr } = await terminate(run)
        expect(stderr).toBe('')
        expect(code).toBe(0)
        expect(ms).toBeLessThan(GRACE_SECONDS * 1000 + BUSY_MACHINE_SLACK_MS)
        expect(events.map((event) => event.event)).toEqual(
          expect.arrayContaining(['stopping', 'conformance', 'coverage', 'report']),
        )
        expect(existsSync(report)).toBe(true)
        expect(readFileSync(report, 'utf8')).toContain('<testsuites')
        // One line about the failure: the spans not sent, counted at the stop (3 requests, 3 tasks).
        const told = events.filter((event) => event.event.startsWith('otlp'))
        expect(told.map((event) => [event.event, event.level, event.target])).toEqual([['otlp-unsent', 'warn', url]])
        expect(told[0]).toMatchObject({ spans: 6, unsent: 6 })
      },
      TEST_LIMIT_MS,
    )
  }

  it(
    'exports that fail during the run are told once, then counted, and the stop says how many spans were lost',
    async () => {
      const url = await closedPort()
      // The exporter's own time-out (a standard variable), short so that exports fail while it runs.
      const { run, base } = await stopWithCollector(url, { OTEL_EXPORTER_OTLP_TRACES_TIMEOUT: '200' })
      const failed = () => run.stdout().match(/"event":"otlp-failed"/g)?.length ?? 0
      // Requests go on while exports fail, each second's batch failing in turn.
      const deadline = performance.now() + LIMIT_MS
      let requests = 0
      while (failed() === 0 && performance.now() < deadline) {
        await fetch(`${base}/__mock/health`)
        requests++
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      for (let i = 0; i < 15; i++) {
        await fetch(`${base}/__mock/health`)
        requests++
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      const { code, events } = await terminate(run)
      expect(code).toBe(0)
      const told = events.filter((event) => event.event.startsWith('otlp'))
      expect(told.map((event) => event.event)).toEqual(['otlp-failed', 'otlp-unsent'])
      expect(told[0]).toMatchObject({ target: url, reason: 'ECONNREFUSED' })
      const spans = 3 + 3 + requests
      expect(told[1]).toMatchObject({ spans, unsent: spans })
      expect(told[1]!.failures).toBeGreaterThanOrEqual(1)
    },
    TEST_LIMIT_MS,
  )
})

it(
  'a healthy collector gets every span, and nothing is told',
  async () => {
    let received = 0
    const collector = createHttpServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk))
      req.on('end', () => {
        received += (body.match(/"spanId"/g) ?? []).length
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
      })
    })
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/v1/traces`
    try {
      const { run } = await stopWithCollector(url)
      const { code, events } = await terminate(run)
      expect(code).toBe(0)
      expect(events.filter((event) => event.event.startsWith('otlp'))).toEqual([])
      expect(received).toBe(6)
    } finally {
      await new Promise((resolve) => collector.close(resolve))
    }
  },
  TEST_LIMIT_MS,
)
