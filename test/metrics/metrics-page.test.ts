import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type RunningServer, type ServerOptions, startServer } from '../../src/node/server/server.js'
import { ExchangeCounts } from '../../src/node/metrics/exchange-counts.js'
import { METRIC_LIST } from '../../src/node/metrics/metric-list.js'
import { NO_METRICS } from '../../src/handlers/metrics-handlers.js'
import { parseCommand } from '../../src/node/cli/parse-args.js'
import { auth, IMAGE } from '../support/api.js'

/**
 * GET /__mock/metrics as the Node server serves it (issue 41, docs/metrics-and-traces.md): every metric of
 * the list, both formats, bounded labels, the admin token, --state saves, and --metrics off.
 */

let server: RunningServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})
const open = async (options: ServerOptions = {}) =>
  (server = await startServer({ port: 0, log: 'silent', seed: 7, clock: { mode: 'manual' }, ...options }))
const get = (path: string, headers: Record<string, string> = {}) => fetch(server!.url + path, { headers })
const scrape = async (headers: Record<string, string> = {}) => (await get('/__mock/metrics', headers)).text()

describe('GET /__mock/metrics', () => {
  it('serves every metric of the list, with its help and type, and the process metrics', async () => {
    await open()
    await get('/api/ai/models', auth())
    const text = await scrape()
    for (const { name, type, help } of METRIC_LIST) {
      expect(text).toContain(`# TYPE ${name} ${type}`)
      expect(text).toContain(`# HELP ${name} ${help}`)
    }
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m)
    expect(text).toContain('genmock_requests_total{route="/api/ai/models",method="GET",status="200"} 1')
  })

  it('answers OpenMetrics when Accept asks for it, and the text format after it again', async () => {
    await open()
    const res = await get('/__mock/metrics', { accept: 'application/openmetrics-text;version=1.0.0,text/plain;q=0.5' })
    expect(res.headers.get('content-type')).toBe('application/openmetrics-text; version=1.0.0; charset=utf-8')
    const openMetrics = await res.text()
    expect(openMetrics).toContain('# TYPE genmock_requests counter')
    expect(openMetrics.endsWith('# EOF\n')).toBe(true)
    const text = await scrape()
    expect(text).toContain('# TYPE genmock_requests_total counter')
    expect(text).not.toContain('# EOF')
  })

  it('keeps labels bounded: an unmatched path, an id, a key or an odd method is never a label', async () => {
    await open()
    await get('/api/ai/some/path/of/the/clients', auth())
    await get('/api/ai/tasks/tsk_secret_task_id_1', auth())
    await fetch(`${server!.url}/api/ai/models`, { method: 'PROPFIND', headers: auth() })
    const text = await scrape()
    expect(text).toContain('genmock_requests_total{route="unmatched",method="GET",status="404"} 1')
    expect(text).toContain('genmock_requests_total{route="/api/ai/tasks/:id",method="GET",status="404"} 1')
    expect(text).toContain('method="OTHER"')
    for (const secret of ['some/path', 'tsk_secret', 'sk_test', 'PROPFIND']) expect(text).not.toContain(secret)
  })

  it("labels each account's requests by its name, the accounts past the first 100 seen as other", async () => {
    await open()
    const post = (path: string, body: unknown) =>
      fetch(server!.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    for (let n = 1; n <= 101; n++) {
      const name = `team-${String(n).padStart(3, '0')}`
      expect((await post('/__mock/accounts', { name, apiKey: `sk_test_${name}` })).status).toBe(201)
      expect((await get('/api/ai/models', auth(`sk_test_${name}`))).status).toBe(200)
    }
    await get('/api/ai/tasks/tsk_none', auth('sk_test_team-001'))
    const text = await scrape()
    expect(text).toContain('genmock_account_requests_total{account="team-001",status="200"} 1')
    expect(text).toContain('genmock_account_requests_total{account="team-001",status="404"} 1')
    expect(text).toContain('genmock_account_requests_total{account="team-100",status="200"} 1')
    expect(text).toContain('genmock_account_requests_total{account="other",status="200"} 1')
    expect(text).not.toContain('team-101')
    expect(text).not.toContain('sk_test')
  })

  it('is locked by --admin-token like every /__mock route', async () => {
    await open({ adminToken: 'metrics-token-0001' })
    expect((await get('/__mock/metrics')).status).toBe(401)
    const res = await get('/__mock/metrics', { authorization: 'Bearer metrics-token-0001' })
    expect(res.status).toBe(200)
    expect(await res.text()).not.toContain('metrics-token-0001')
  })

  it('counts the saves of --state and how long they took', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'genmock-metrics-state-'))
    try {
      await open({ state: { dir, save: 'manual' } })
      await fetch(`${server!.url}/api/ai/image/generate`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json' },
        body: JSON.stringify(IMAGE),
      })
      expect((await fetch(`${server!.url}/__mock/state/save`, { method: 'POST' })).status).toBe(200)
      const text = await scrape()
      expect(text).toMatch(/^genmock_state_save_duration_seconds_count 1$/m)
      expect(text).toMatch(/^genmock_state_save_failures_total 0$/m)
      expect(text).toMatch(/^genmock_tasks\{type="image",status="pending"\} 1$/m)
    } finally {
      await server?.close()
      server = undefined
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('--metrics off: no page (404 saying why), and GENMOCK_METRICS=off reads the same', async () => {
    const metricsOf = (argv: string[], env = {}) => (parseCommand(argv, env) as { metrics?: boolean }).metrics
    expect(metricsOf(['--metrics', 'off'])).toBe(false)
    expect(metricsOf([], { GENMOCK_METRICS: 'off' })).toBe(false)
    expect(metricsOf([])).toBe(true)
    expect(() => parseCommand(['--metrics', 'maybe'])).toThrow(/--metrics/)
    await open({ metrics: false })
    const res = await get('/__mock/metrics')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: NO_METRICS })
  })
})

describe('counting an exchange', () => {
  it('allocates nothing once its route and method have a cell', () => {
    const counts = new ExchangeCounts()
    const route = { path: '/api/ai/tasks/:id', name: 'readTask', kind: 'task read' as const }
    const trace = {}
    counts.exchange(route, 'GET', 200, 0.0004, trace)
    const cells = counts.cells()
    for (let i = 0; i < 1000; i++) counts.exchange(route, 'GET', i % 2 ? 200 : 404, 0.002, trace)
    expect(counts.cells()).toEqual(cells)
    const [cell] = cells
    expect([cell!.statuses[200], cell!.statuses[404], cell!.durations.count]).toEqual([501, 500, 1001])
    // 0.0004 s in the first bucket (le 0.0005); 0.002 s in le 0.0025.
    expect([cell!.durations.buckets[0], cell!.durations.buckets[2]]).toEqual([1, 1000])
  })
})
