// The HTTP figure users see, measured the way the peers harness does (docs/performance.md): every
// server in a process of its own pinned to core 0, autocannon on core 1, 50 connections, rounds of
// 10 s, every stack started afresh for each round and loaded with no warm-up, bare node:http (the
// ceiling) in the same rounds; GET of a finished task and POST of an image task. Per stack and
// endpoint: req/s and its ratio to bare node:http, server CPU per request, RSS right after the load,
// bytes allocated per request and the collector's share of the server's CPU (v8.GCProfiler in the
// server, in 2 s more of the same load after the scored window: nothing of the bench's runs in a server
// while it is scored). Then cold start: spawn → first 2xx POST of genmock's `bin`, of bare node:http and of
// json-server 0.17 (installed into a temporary project on first use), pinned the same way, and
// `genmock --version` beside `node -e 0`. Last, a table of each figure beside its target, the
// commit before (BENCH_AGAINST) and now (test/bench/verdicts.ts).
//   npm run bench:sustained     (about 2 minutes per round with BENCH_AGAINST; 3 rounds by default)
// Env: BENCH_ROUNDS (3), BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_MAX_TASKS (1000000: every task
// kept, as `genmock --max-tasks 1000000`), BENCH_AGAINST (DIR: another checkout of genmock, built, in the
// same rounds), BENCH_METRICS_OFF (1: genmock --metrics off too, in the same rounds), BENCH_STATE (1: genmock
// --state DIR --state-save request too, in the same rounds), BENCH_READS (1: a user's reads beside every
// genmock's load, GET /__mock/metrics and GET /__mock/requests every 500 ms), BENCH_ONLY (http,cold),
// BENCH_COLD_RUNS (7). Figures go to test/artifacts/sustained.json.
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { basename, join } from 'node:path'
import { coldSection } from './cold-start.js'
import { load, median } from './load.js'
import {
  ALICE,
  coreBusySeconds,
  type Endpoint,
  endpointLoad,
  GENERATE_PATH,
  headers,
  otherLoad,
  pinBench,
  prepareGenmock,
  ROOT,
  startChild,
  TASK_PATH,
  type Child,
  type Fixed,
  type Genmock,
} from './targets.js'
import { addVerdict, verdictLines } from './verdicts.js'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const MAX_TASKS = Number(process.env.BENCH_MAX_TASKS ?? 1_000_000)
const AGAINST = process.env.BENCH_AGAINST
const METRICS_OFF = process.env.BENCH_METRICS_OFF === '1'
const STATE = process.env.BENCH_STATE === '1'
const READS = process.env.BENCH_READS === '1'
/** How often BENCH_READS reads the metrics and the journal beside the load, ms. */
const READ_EVERY_MS = 500
const ONLY = new Set((process.env.BENCH_ONLY ?? 'http,cold').split(','))
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 7)
/** Issue 49's: ÷ bare node:http in the same rounds, MB, ms beyond bare node:http / `node -e 0` (cold-start.ts). */
const TARGETS = { GET: 0.8, POST: 0.6, rssMB: 150, coldOverBareMs: 100, versionOverNodeMs: 60 }
const MB = 1024 * 1024

const say = (line = '') => process.stdout.write(`${line}\n`)
const n = (value: number, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '–'
const row = (cells: (string | number)[], widths: number[]) =>
  cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]!) : String(c).padStart(widths[i]!))).join('  ')

type Stack = 'bare' | 'genmock' | 'before' | 'off' | 'state'

/** One stack loaded for one round. */
interface Round {
  rps: number
  requests: number
  failed: number
  /** Server CPU per answered request, µs. */
  cpuMicros: number
  rssMB: number
  allocatedPerRequest: number
  /** The collector's pauses ÷ the server's CPU time. */
  gcShare: number
  /** Other processes' share of core 0 and core 1. */
  others: number[]
}

interface GcWindow {
  allocatedBytes: number
  gcMs: number
}

/** The window after the scored one in which what a request allocates and the collector's share are counted, s. */
const COUNTED_SECONDS = 2

const STACK_KINDS = { genmock: 'genmock', off: 'genmock-metrics-off', state: 'genmock-state' } as const

/** A fresh server of `stack`, ready to load: genmock prepared (a finished task, a rich account). */
async function start(stack: Stack, fixed: Fixed | undefined): Promise<{ child: Child; ready?: Genmock }> {
  if (stack === 'bare') return { child: await startChild('bare', fixed ? { fixed } : {}) }
  const kind = stack === 'before' ? 'genmock-against' : STACK_KINDS[stack]
  const child = await startChild(kind, {
    maxTasks: MAX_TASKS,
    ...(stack === 'before' ? { from: AGAINST! } : {}),
  })
  return { child, ready: await prepareGenmock(child) }
}

const options = (endpoint: Endpoint, url: string, target: { taskId: string; richKey: string }) =>
  endpointLoad(endpoint, url, target.taskId, target.richKey, { connections: CONNECTIONS, seconds: SECONDS })

/** What a user's test or dashboard reads while a load runs: the metrics and the journal, each body read whole. */
function readsBeside(url: string): ReturnType<typeof setInterval> {
  const read = (path: string) =>
    fetch(url + path, { headers: headers(ALICE) })
      .then((reply) => reply.text())
      .catch(() => undefined)
  return setInterval(() => {
    void read('/__mock/metrics')
    void read('/__mock/requests')
  }, READ_EVERY_MS)
}

async function oneRound(stack: Stack, endpoint: Endpoint, fixed: Fixed) {
  const { child, ready } = await start(stack, fixed)
  try {
    // The bare server answers any task id and key; genmock its own finished task and rich account.
    const request = options(endpoint, child.url, ready ?? { taskId: 'task', richKey: 'key' })
    const before = { cores: coreBusySeconds(), server: child.cpuSeconds(), bench: process.cpuUsage(), at: 0 }
    before.at = performance.now()
    const reading = READS && stack !== 'bare' ? readsBeside(child.url) : undefined
    const result = await load(request).finally(() => clearInterval(reading))
    const { serverCpu, others } = otherLoad(before, child)
    const rssMB = child.rss() / MB
    const seconds = (performance.now() - before.at) / 1000
    // What a request allocates and the collector's share, in a short window after the scored one: nothing of the
    // bench's runs in the server while it is scored (its v8.GCProfiler once made V8 pretenure a POST's objects in
    // most rounds, a fifth fewer answers from a build without HEAP_FLAGS; docs/performance.md, Pretenuring: a
    // request's objects stay young).
    const cpuBefore = child.cpuSeconds()
    await child.call('gcStart')
    const counted = await load({ ...request, seconds: COUNTED_SECONDS })
    const gc = await child.call<GcWindow>('gcStop')
    const countedCpu = child.cpuSeconds() - cpuBefore
    return {
      rps: result.rps,
      requests: result.requests,
      failed: result.non2xx + result.errors,
      cpuMicros: (serverCpu * seconds * 1e6) / result.requests,
      rssMB,
      allocatedPerRequest: gc.allocatedBytes / counted.requests,
      gcShare: gc.gcMs / 1000 / countedCpu,
      others,
    } satisfies Round
  } finally {
    await child.close()
  }
}

const spread = (values: number[], digits = 0) =>
  `${n(median(values), digits)} (${n(Math.min(...values), digits)}–${n(Math.max(...values), digits)})`

async function httpSection() {
  const stacks: Stack[] = [
    'bare',
    'genmock',
    ...(AGAINST ? (['before'] as const) : []),
    ...(METRICS_OFF ? (['off'] as const) : []),
    ...(STATE ? (['state'] as const) : []),
  ]
  const results = new Map<string, Round[]>()
  // genmock once first, so that the bare server answers genmock's own bytes.
  const first = await start('genmock', undefined)
  await first.child.close()
  const fixed = first.ready!.fixed
  for (let round = 0; round < ROUNDS; round++) {
    // The order turns each round, so that no stack always follows the same one.
    const order = stacks.map((_, i) => stacks[(i + round) % stacks.length]!)
    for (const endpoint of ['GET', 'POST'] as const)
      for (const stack of order) {
        const figures = await oneRound(stack, endpoint, fixed)
        const key = `${endpoint} ${stack}`
        results.set(key, [...(results.get(key) ?? []), figures])
        say(
          `  round ${round + 1} ${endpoint.padEnd(4)} ${stack.padEnd(7)} ${n(figures.rps).padStart(7)} req/s, ` +
            `${n(figures.cpuMicros, 1)} µs CPU/req, RSS ${n(figures.rssMB)} MB, ` +
            `${n(figures.allocatedPerRequest)} B/req, GC ${n(figures.gcShare * 100, 1)} %` +
            (figures.failed > 0 ? `  ! ${figures.failed} failed` : '') +
            (figures.others.some((share) => share > 0.15)
              ? `  ~ others on the cores ${figures.others.map((s) => n(s, 2)).join('/')}`
              : ''),
        )
      }
  }
  const name = (stack: Stack) =>
    stack === 'bare'
      ? 'bare node:http'
      : stack === 'genmock'
        ? 'genmock'
        : stack === 'off'
          ? 'genmock --metrics off'
          : stack === 'state'
            ? '--state-save request'
            : `genmock before (${basename(AGAINST!)})`
  const summary: Record<string, object> = {}
  for (const endpoint of ['GET', 'POST'] as const) {
    say(
      `\n${endpoint} ${endpoint === 'GET' ? `${TASK_PATH}{id}` : GENERATE_PATH}, ${CONNECTIONS} connections, ` +
        `${ROUNDS} rounds of ${SECONDS} s, every stack fresh per round` +
        `${READS ? `, the metrics and the journal read every ${READ_EVERY_MS} ms beside genmock's loads` : ''}` +
        ': median (min–max)',
    )
    const widths = [24, 24, 20, 18, 20, 12, 22, 16]
    say(
      row(
        ['stack', 'req/s', '÷ bare', 'CPU µs/req', '÷ bare per CPU-s', 'RSS after, MB', 'alloc B/req', 'GC %'],
        widths,
      ),
    )
    const bare = results.get(`${endpoint} bare`)!
    for (const stack of stacks) {
      const rounds = results.get(`${endpoint} ${stack}`)!
      const ratios = rounds.map((r, i) => r.rps / bare[i]!.rps)
      // Requests per second of server CPU, ÷ bare's: the cross-check when other work shared the cores.
      const perCpu = rounds.map((r, i) => bare[i]!.cpuMicros / r.cpuMicros)
      const figure = {
        rps: rounds.map((r) => r.rps),
        ofBare: ratios,
        ofBarePerCpu: perCpu,
        cpuMicros: rounds.map((r) => r.cpuMicros),
        rssMB: rounds.map((r) => r.rssMB),
        allocatedPerRequest: rounds.map((r) => r.allocatedPerRequest),
        gcShare: rounds.map((r) => r.gcShare),
        failed: rounds.reduce((sum, r) => sum + r.failed, 0),
      }
      summary[`${endpoint} ${name(stack)}`] = figure
      say(
        row(
          [
            name(stack),
            spread(figure.rps),
            stack === 'bare' ? '1' : spread(ratios, 3),
            spread(figure.cpuMicros, 1),
            stack === 'bare' ? '1' : spread(perCpu, 3),
            spread(figure.rssMB),
            spread(figure.allocatedPerRequest),
            spread(
              figure.gcShare.map((share) => share * 100),
              1,
            ),
          ],
          widths,
        ),
      )
      if (stack === 'genmock') {
        const goal = TARGETS[endpoint]
        const verdict = median(ratios) >= goal ? 'PASS' : 'FAIL'
        say(`  genmock ÷ bare: median ${n(median(ratios), 3)}, target ≥ ${goal}: ${verdict}`)
        verdicts(endpoint, results)
      }
      if (stack === 'off') metricsCost(endpoint, results)
      if (stack === 'state') stateCost(endpoint, results)
    }
  }
  return summary
}

/** The endpoint's figures for the closing table: ÷ bare (and, for POST, RSS after the load), now and before. */
function verdicts(endpoint: Endpoint, results: Map<string, Round[]>) {
  const bare = results.get(`${endpoint} bare`)!
  const ofBare = (stack: Stack) => results.get(`${endpoint} ${stack}`)?.map((r, i) => r.rps / bare[i]!.rps)
  const perCpu = (stack: Stack) => results.get(`${endpoint} ${stack}`)?.map((r, i) => bare[i]!.cpuMicros / r.cpuMicros)
  const least = (bound: number) => ({ at: 'least' as const, bound })
  addVerdict(`${endpoint} ÷ bare node:http, req/s`, least(TARGETS[endpoint]), ofBare('genmock')!, ofBare('before'), 3)
  addVerdict(`${endpoint} ÷ bare node:http, per CPU-s`, undefined, perCpu('genmock')!, perCpu('before'), 3)
  if (endpoint === 'POST') {
    const rss = (stack: Stack) => results.get(`POST ${stack}`)?.map((r) => r.rssMB)
    addVerdict('RSS after the POST load, MB', { at: 'most', bound: TARGETS.rssMB }, rss('genmock')!, rss('before'), 0)
  }
}

/** With --state DIR --state-save request ÷ without, round by round (issue 49: at least 0.9, group commit). */
function stateCost(endpoint: Endpoint, results: Map<string, Round[]>) {
  const kept = results.get(`${endpoint} state`)!
  const plain = results.get(`${endpoint} genmock`)!
  const ratios = kept.map((r, i) => r.rps / plain[i]!.rps)
  const perCpu = kept.map((r, i) => plain[i]!.cpuMicros / r.cpuMicros)
  say(`  --state-save request ÷ no state: req/s ${spread(ratios, 3)}, per CPU-s ${spread(perCpu, 3)}, target ≥ 0.9`)
  addVerdict(`${endpoint} --state-save request ÷ no state, req/s`, { at: 'least', bound: 0.9 }, ratios, undefined, 3)
}

/** Metrics on ÷ off, round by round (the same rounds, so the same load on the machine): within 3 %. */
function metricsCost(endpoint: Endpoint, results: Map<string, Round[]>) {
  const on = results.get(`${endpoint} genmock`)!
  const off = results.get(`${endpoint} off`)!
  const ratios = on.map((r, i) => r.rps / off[i]!.rps)
  const perCpu = on.map((r, i) => off[i]!.cpuMicros / r.cpuMicros)
  const verdict = median(ratios) >= 0.97 ? 'PASS' : 'FAIL'
  say(`  metrics on ÷ off: req/s ${spread(ratios, 3)}, per CPU-s ${spread(perCpu, 3)}, target ≥ 0.97: ${verdict}`)
}

say(
  `genmock sustained bench: node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}; ` +
    pinBench(),
)
const report: Record<string, unknown> = {
  at: new Date().toISOString(),
  node: process.version,
  rounds: ROUNDS,
  seconds: SECONDS,
  connections: CONNECTIONS,
  maxTasks: MAX_TASKS,
  against: AGAINST,
}
if (ONLY.has('http')) report.http = await httpSection()
if (ONLY.has('cold')) report.cold = await coldSection(COLD_RUNS, AGAINST, TARGETS, say)
const before = AGAINST ? ` (${basename(AGAINST)})` : ' (BENCH_AGAINST=DIR: none given)'
const loadAverage = os.loadavg().map((l) => l.toFixed(1))
say(`\nEach figure beside its target, the commit before${before} and now; load average ${loadAverage.join(' ')}`)
for (const line of verdictLines()) say(line)
mkdirSync(join(ROOT, 'test/artifacts'), { recursive: true })
writeFileSync(join(ROOT, 'test/artifacts/sustained.json'), `${JSON.stringify(report, null, 2)}\n`)
say('\nFigures written to test/artifacts/sustained.json')
