// `npm run bench`: genmock's throughput and latency beside baselines from the same run, the cost of
// a growing store, and the CLI's cold start. Prints tables; writes the figures to test/artifacts/bench.json.
// Env: BENCH_SECONDS (per measured run, default 5), BENCH_WARMUP_SECONDS (1), BENCH_WORKERS (1).
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { createSimulator, type SimulatorOptions } from '../../src/index.js'
import { measure, type LoadOptions, type LoadResult } from './load.js'
import {
  ALICE,
  GENERATE_BODY,
  GENERATE_PATH,
  headers,
  startExpress,
  startGenmock,
  startGenmockOnGetResponse,
  startMswGetResponse,
  startMswMiddleware,
  TASK_PATH,
} from './targets.js'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = [10, 50]
const STORE_SIZES = [100, 10_000, 100_000]
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const gc = (globalThis as { gc?: () => void }).gc

const MB = 1024 * 1024
const n = (value: number, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
const row = (cells: (string | number)[], widths: number[]) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]!) : String(c).padStart(widths[i]!))).join('  ')
const say = (line = '') => process.stdout.write(`${line}\n`)

/** Live heap after a full collection; without --expose-gc the figure includes garbage. */
function heapUsed(): number {
  gc?.()
  gc?.()
  return process.memoryUsage().heapUsed
}

/** The heap once a closed server's sockets are gone: that takes a turn or two of the event loop. */
async function settledHeapUsed(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 200))
  return heapUsed()
}

// ---- 1. genmock beside the baselines ----

interface HttpFigure extends LoadResult {
  endpoint: string
  connections: number
  target: string
  /** genmock's req/s divided by this target's. */
  genmockRatio: number
}

async function httpSection(): Promise<HttpFigure[]> {
  const genmock = await startGenmock()
  const baselines = [await startExpress(genmock.fixed), await startMswMiddleware(genmock.fixed), await startMswGetResponse(genmock.fixed)]
  const diagnostic = await startGenmockOnGetResponse(genmock.richKey)
  const handlerCount = createSimulator().handlers.length
  const targets = [
    { target: genmock, taskId: genmock.taskId },
    ...baselines.map((target) => ({ target, taskId: genmock.taskId })),
    { target: diagnostic, taskId: diagnostic.taskId },
  ]
  const endpoints = [
    { name: `GET ${TASK_PATH}{id}`, request: (url: string, taskId: string): Omit<LoadOptions, 'connections' | 'seconds'> => ({ url: url + TASK_PATH + taskId, headers: headers(ALICE) }) },
    {
      name: `POST ${GENERATE_PATH}`,
      request: (url: string): Omit<LoadOptions, 'connections' | 'seconds'> => ({ url: url + GENERATE_PATH, method: 'POST', headers: headers(`Bearer ${genmock.richKey}`), body: GENERATE_BODY }),
    },
  ]
  const figures: HttpFigure[] = []
  const widths = [34, 5, 9, 6, 6, 9]
  try {
    for (const endpoint of endpoints) {
      say(`\n${endpoint.name}   (${SECONDS} s per run after a warm-up; latency in whole ms)`)
      say(row(['target', 'conns', 'req/s', 'p50', 'p99', 'genmock÷'], widths))
      for (const connections of CONNECTIONS) {
        let genmockRps = 0
        for (const { target, taskId } of targets) {
          const result = await measure({ ...endpoint.request(target.url, taskId), connections, seconds: SECONDS })
          if (target === genmock) genmockRps = result.rps
          const figure = { endpoint: endpoint.name, connections, target: target.name, ...result, genmockRatio: genmockRps / result.rps }
          figures.push(figure)
          const flags = result.non2xx + result.errors > 0 ? `  ! ${result.non2xx} non-2xx, ${result.errors} errors` : ''
          const ratio = target === genmock ? '' : n(figure.genmockRatio, 2)
          say(row([target === diagnostic ? `(${target.name})` : target.name, connections, n(result.rps), result.p50, result.p99, ratio], widths) + flags)
        }
      }
    }
    const tasks = genmock.engine.listTasks({ limit: 0 }, genmock.url).total
    say(`\ngenmock walks up to ${handlerCount} msw handlers per request; its store held ${n(tasks)} tasks after the POST runs.`)
    say('(genmock handlers on getResponse) is a diagnostic: genmock\'s handlers on baseline (c)\'s node:http adapter.')
  } finally {
    for (const target of [genmock, ...baselines, diagnostic]) await target.close()
  }
  return figures
}

// ---- 2. cost as the store grows ----

interface StoreFigure {
  tasks: number
  getRps: number
  getP99: number
  /** Heap growth per task added since the previous size, in bytes. */
  bytesPerTask: number
  /** engine.submit alone, no HTTP, while filling up to this size. */
  submitMicros: number
}

async function storeSection() {
  const server = await startGenmock()
  const { engine } = server
  const rich = engine.authenticate({ kind: 'key', key: server.richKey })
  const body = JSON.parse(GENERATE_BODY) as unknown
  const figures: StoreFigure[] = []
  let stored = engine.listTasks({ limit: 0 }, server.url).total
  say(`\nGET ${TASK_PATH}{id} as the store grows   (10 connections, ${SECONDS} s; tasks added by engine.submit)`)
  const widths = [12, 9, 6, 14, 16]
  say(row(['stored tasks', 'req/s', 'p99', 'heap B/task', 'submit µs/task'], widths))
  try {
    for (const size of STORE_SIZES) {
      const before = await settledHeapUsed()
      const added = size - stored
      const started = performance.now()
      for (; stored < size; stored++) await engine.submit(rich, 'image', body)
      const submitMicros = ((performance.now() - started) * 1000) / added
      const bytesPerTask = (heapUsed() - before) / added
      const result = await measure({ url: server.url + TASK_PATH + server.taskId, headers: headers(ALICE), connections: 10, seconds: SECONDS })
      figures.push({ tasks: size, getRps: result.rps, getP99: result.p99, bytesPerTask, submitMicros })
      say(row([n(size), n(result.rps), result.p99, n(bytesPerTask), n(submitMicros, 1)], widths))
    }
    const flat = figures.at(-1)!.getRps / figures[0]!.getRps
    say(`GET req/s at ${n(STORE_SIZES.at(-1)!)} ÷ at ${n(STORE_SIZES[0]!)}: ${n(flat, 2)}${gc ? '' : '   (no --expose-gc: heap figures include garbage)'}`)

    const alice = engine.authenticate({ kind: 'key', key: 'sk_test_alice' })
    const reads = 100_000
    const started = performance.now()
    for (let i = 0; i < reads; i++) engine.readTask(alice, server.taskId, server.url)
    const readMicros = ((performance.now() - started) * 1000) / reads
    say(`engine.readTask alone: ${n(readMicros, 2)} µs per call`)
    return { sizes: figures, getFlatness: flat, readMicros }
  } finally {
    await server.close()
  }
}

/**
 * engine.advanceClock(3600) over `count` pending image tasks, all submitted at one simulated instant,
 * so that they finish in the order their drawn durations say, not the order they arrived.
 */
async function advanceOver(count: number, options: SimulatorOptions, label: string) {
  const before = await settledHeapUsed()
  const { engine } = createSimulator({ clock: { mode: 'manual' }, ...options })
  const { apiKey } = engine.createAccount({ credits: 1_000_000_000 })
  const account = engine.authenticate({ kind: 'key', key: apiKey })
  const body = JSON.parse(GENERATE_BODY) as unknown
  for (let i = 0; i < count; i++) await engine.submit(account, 'image', body)
  const pendingEvents = engine.pendingEvents
  const heapPendingMB = (heapUsed() - before) / MB
  process.stdout.write(`engine.advanceClock(3600) over ${n(count)} pending tasks, ${label}: `)
  const started = performance.now()
  engine.advanceClock(3600)
  const ms = performance.now() - started
  const heapCompletedMB = (heapUsed() - before) / MB
  const kept = engine.listTasks({ limit: 0 }, '').total
  say(`${n(ms)} ms; engine heap ${n(heapPendingMB)} MB pending → ${n(heapCompletedMB)} MB completed, ${n(kept)} tasks kept`)
  return { label, tasks: count, pendingEvents, ms, heapPendingMB, heapCompletedMB, kept }
}

// ---- 3. cold start of the CLI ----

/** Milliseconds from spawning `genmock --port 0` to its first answered GET /__mock/health. */
async function coldStart(): Promise<number> {
  const started = performance.now()
  const child = spawn(process.execPath, ['src/node/bin.mjs', '--port', '0', '--log', 'silent'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] })
  try {
    let out = ''
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const match = /base_url\s+(\S+)/.exec(out)
        if (match) resolve(match[1]!)
      })
      child.once('exit', (code) => reject(new Error(`genmock exited with ${code} before serving: ${out}`)))
    })
    for (;;) {
      const ok = await fetch(`${url}/__mock/health`).then((res) => res.ok, () => false)
      if (ok) return performance.now() - started
    }
  } finally {
    child.kill('SIGTERM')
    if (child.exitCode === null) await once(child, 'exit')
  }
}

async function coldStartSection() {
  const runs: number[] = []
  for (let i = 0; i < 5; i++) runs.push(await coldStart())
  const sorted = [...runs].sort((a, b) => a - b)
  const median = sorted[2]!
  say(`\nCLI cold start to first GET /__mock/health: median ${n(median)} ms of 5 (${sorted.map((ms) => n(ms)).join(', ')})`)
  return { medianMs: median, runsMs: runs }
}

// ---- the report ----

say(`genmock bench: node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load in ${Number(process.env.BENCH_WORKERS ?? 1) > 0 ? 'a worker thread' : 'the main thread'}`)
const http = await httpSection()
const store = await storeSection()
const advance = [
  await advanceOver(STORE_SIZES.at(-1)!, {}, 'default retention cap'),
  await advanceOver(STORE_SIZES.at(-1)!, { maxTasks: Infinity }, 'maxTasks: Infinity'),
]
const cold = await coldStartSection()
const report = {
  at: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  cpu: os.cpus()[0]?.model,
  secondsPerRun: SECONDS,
  http,
  store,
  advance,
  coldStart: cold,
}
const out = `${ROOT}test/artifacts/bench.json`
mkdirSync(`${ROOT}test/artifacts`, { recursive: true })
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`)
say(`\nFigures written to ${out.slice(ROOT.length)}`)
