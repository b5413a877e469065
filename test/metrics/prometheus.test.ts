import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../src/node/server/server.js'
import { auth, IMAGE, KEYS, post } from '../support/api.js'
import { freePort } from '../docs/transcript.js'
import { blocks } from '../docs/markdown.js'
import type { Door } from '../support/doors.js'

/**
 * Issue 41: Debian's real Prometheus (installed by .ci/run) scrapes a genmock this test started, with
 * the scrape job of docs/metrics-and-traces.md, after a known mix of traffic; the values are asked of
 * Prometheus's HTTP query API, as an operator's dashboard would.
 */

const PAGE = 'docs/metrics-and-traces.md'
const PROMETHEUS = process.env.PROMETHEUS_BIN ?? 'prometheus'
const found = spawnSync(PROMETHEUS, ['--version']).status === 0

/** The page's scrape job, aimed at this test's genmock, scraped every second. */
function scrapeConfig(target: string): string {
  const job = blocks(PAGE).find((block) => block.language === 'yaml' && block.code.includes('scrape_configs'))
  if (!job) throw new Error(`${PAGE} has no scrape job`)
  return job.code.replace('127.0.0.1:4600', target).replace('scrape_interval: 15s', 'scrape_interval: 1s')
}

/** The PromQL examples of the page, one per question. */
const questions = () =>
  blocks(PAGE)
    .find((block) => block.code.includes('histogram_quantile'))!
    .code.split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))

describe.skipIf(!found && !process.env.CI)('Prometheus scrapes genmock (issue 41)', () => {
  let server: RunningServer
  let prometheus: ChildProcess
  let api = ''
  let dir = ''
  let price = 0

  const door = (): Door => ({
    name: 'server',
    baseUrl: server.url,
    engine: server.engine,
    fetch: (path, init) => fetch(server.url + path, init),
    close: server.close,
  })

  /** An instant query's samples. */
  async function query(promql: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]> {
    const res = await fetch(`${api}/api/v1/query?query=${encodeURIComponent(promql)}`)
    const body = (await res.json()) as { status: string; error?: string; data: { result: never[] } }
    if (body.status !== 'success') throw new Error(`${promql}: ${body.error}`)
    return body.data.result
  }
  const value = async (promql: string) => {
    const [sample] = await query(promql)
    return sample ? Number(sample.value[1]) : undefined
  }

  beforeAll(async () => {
    server = await startServer({ port: 0, log: 'silent', seed: 7, clock: { mode: 'manual' } })
    // The known mix: a 401, a 402, a replay, a refund and a finding.
    expect((await door().fetch('/api/ai/models')).status).toBe(401)
    expect((await post(door(), '/api/ai/image/generate', IMAGE, auth(KEYS.low))).status).toBe(402)
    const key = { 'idempotency-key': 'prometheus-key-0001' }
    const first = await post(door(), '/api/ai/image/generate', IMAGE, key)
    expect((await post(door(), '/api/ai/image/generate', IMAGE, key)).headers.get('idempotent-replayed')).toBe('true')
    const failing = await post(door(), '/api/ai/image/generate', IMAGE, { prefer: 'scenario=upstream-failure' })
    expect([first.status, failing.status]).toEqual([200, 200])
    const { taskId } = (await failing.json()) as { taskId: string }
    expect((await post(door(), '/__mock/clock/advance', { seconds: 20 })).status).toBe(200)
    const failed = (await (await door().fetch(`/__mock/tasks/${taskId}`)).json()) as {
      task: { status: number; creditRefunded: boolean; creditsUsed: number }
    }
    expect(failed.task).toMatchObject({ status: 2, creditRefunded: true })
    price = failed.task.creditsUsed
    const browser = await door().fetch('/api/ai/models', { headers: { ...auth(), origin: 'http://localhost:5173' } })
    expect(browser.headers.get('genmock-conformance')).toBe('key-in-browser')

    dir = mkdtempSync(join(tmpdir(), 'genmock-prometheus-'))
    writeFileSync(join(dir, 'prometheus.yml'), scrapeConfig(new URL(server.url).host))
    const port = await freePort()
    api = `http://127.0.0.1:${port}`
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: 'ignore' },
    )
    // Up once a scrape has succeeded: the mix above is all in it.
    const due = Date.now() + 60_000
    for (;;) {
      const up = await value('up{job="genmock"}').catch(() => undefined)
      if (up === 1 && (await value('genmock_idempotency_replays_total')) !== undefined) break
      if (Date.now() > due) throw new Error('Prometheus never scraped genmock')
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }, 90_000)

  afterAll(async () => {
    prometheus?.kill()
    await server?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('counts requests by route and status: the 401 and the 402', async () => {
    expect(await value('sum(genmock_requests_total{status="401"})')).toBe(1)
    expect(await value('genmock_requests_total{route="/api/ai/image/generate",method="POST",status="402"}')).toBe(1)
    expect(await value('genmock_requests_total{route="/api/ai/image/generate",method="POST",status="200"}')).toBe(3)
    expect(await value('sum(genmock_request_duration_seconds_count{route="/api/ai/image/generate"})')).toBe(4)
  })

  it('counts the replay, the credits debited and refunded, and the tasks', async () => {
    expect(await value('genmock_idempotency_replays_total')).toBe(1)
    expect(await value('genmock_credits_debited_total')).toBe(2 * price)
    expect(await value('genmock_credits_refunded_total')).toBe(price)
    expect(await value('genmock_tasks_created_total{model="base-image-2",scenario="default"}')).toBe(1)
    expect(await value('genmock_tasks_created_total{model="base-image-2",scenario="upstream-failure"}')).toBe(1)
    expect(await value('genmock_tasks{type="image",status="failed"}')).toBe(1)
    expect(await value('genmock_tasks{type="image",status="completed"}')).toBe(1)
  })

  it('counts the finding by rule and severity, and serves the process metrics', async () => {
    expect(await value('genmock_conformance_findings_total{rule="key-in-browser",severity="error"}')).toBe(1)
    expect(await value('count(nodejs_eventloop_lag_seconds)')).toBe(1)
    expect(await value('count(process_resident_memory_bytes)')).toBe(1)
  })

  it("answers every question of the page's PromQL", async () => {
    for (const promql of questions()) await expect(query(promql), promql).resolves.toBeInstanceOf(Array)
  })
})
