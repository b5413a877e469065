// `npm run bench:soak`: steady mixed load against the standalone server (submissions, polls, clock
// moves), sampling memory every 10 s, to show whether it stays flat once the retention cap is reached.
// The server runs in a process of its own (test/bench/serve.mjs, pinned to core 0 like `npm run
// bench`'s), and reports its RSS, its live heap and its store over IPC.
// Env: SOAK_SECONDS (default 180), SOAK_CONCURRENCY (16 clients), SOAK_MAX_TASKS (10 000),
// SOAK_RELAY (1: every fourth submission is a relay one with an Idempotency-Key; 0: none).
// Mixed: every eighth submission picks a scenario whose prompt regex backtracks catastrophically in
// RegExp (`^(a+)+$`) with a 20,000-character prompt, and a reader pages through the task list, the
// journal and the HAR export twice a second (docs/limits-and-security.md, Limits, time-outs and hostile input).
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { GENERATE_BODY, GENERATE_PATH, headers, pinBench, startGenmock, TASK_PATH } from './targets.js'

const SECONDS = Number(process.env.SOAK_SECONDS ?? 180)
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 16)
const MAX_TASKS = Number(process.env.SOAK_MAX_TASKS ?? 10_000)
const RELAY = process.env.SOAK_RELAY !== '0'
const SAMPLE_SECONDS = 10
const POLLS_PER_TASK = 3
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const MB = 1024 * 1024
const n = (value: number) => Math.round(value).toLocaleString('en-US')
const say = (line: string) => process.stdout.write(`${line}\n`)

const pinning = pinBench()
const genmock = await startGenmock({ clock: 'manual', maxTasks: MAX_TASKS })
const auth = headers(`Bearer ${genmock.richKey}`)
// Every fourth submission is a relay one, with its own Idempotency-Key, as a careful client sends.
const RELAY_BODY = JSON.stringify({ provider: 'relay', model: 'base-image-2', prompt: 'a fox', resolution: '1K' })
const REGEX_BODY = JSON.stringify({ model: 'base-image-2', prompt: `${'a'.repeat(19_999)}!` })
const REGEX_SCENARIO = {
  name: 'soak-regex',
  description: 'a prompt regex RegExp would take hours on',
  rules: [{ match: { prompt: { regex: '^(a+)+$' } }, submit: { reject: { status: 418, body: { error: 'matched' } } } }],
}
const counts = { requests: 0, submitted: 0, failed: 0 }
let stopping = false

async function call(path: string, init: RequestInit = {}): Promise<Response | undefined> {
  try {
    const res = await fetch(genmock.url + path, { headers: auth, ...init })
    counts.requests++
    if (!res.ok) counts.failed++
    return res
  } catch {
    counts.failed++
    return undefined
  }
}

/** One client: submit a task, poll it a few times, again, until the soak ends. */
async function client(id: number): Promise<void> {
  for (let i = 0; !stopping; i++) {
    const relay = RELAY && i % 4 === 3
    const init = relay
      ? { method: 'POST', headers: { ...auth, 'idempotency-key': `soak-${id}-${i}` }, body: RELAY_BODY }
      : i % 8 === 5
        ? { method: 'POST', headers: { ...auth, 'x-mock-scenario': 'soak-regex' }, body: REGEX_BODY }
        : { method: 'POST', body: GENERATE_BODY }
    const res = await call(GENERATE_PATH, init)
    if (!res?.ok) continue
    const { taskId } = (await res.json()) as { taskId: string }
    counts.submitted++
    for (let poll = 0; poll < POLLS_PER_TASK && !stopping; poll++) await (await call(TASK_PATH + taskId))?.arrayBuffer()
  }
}

/** The dashboard's kind of reads: a page of tasks and the next, a page of the journal, a HAR export. */
async function reader(): Promise<void> {
  while (!stopping) {
    const first = (await (await call('/__mock/tasks?limit=100'))?.json()) as { nextCursor?: string } | undefined
    if (first?.nextCursor) await (await call(`/__mock/tasks?limit=100&cursor=${first.nextCursor}`))?.arrayBuffer()
    await (await call('/__mock/requests?limit=100'))?.arrayBuffer()
    await (await call('/__mock/requests.har?limit=100'))?.arrayBuffer()
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

interface Sample {
  seconds: number
  rps: number
  submitted: number
  kept: number
  pendingEvents: number
  rssMB: number
  heapUsedMB: number
  externalMB: number
}

const samples: Sample[] = []
const started = performance.now()
let lastRequests = 0
async function sample(): Promise<void> {
  const seconds = Math.round((performance.now() - started) / 1000)
  const requests = counts.requests
  const [{ rss, heapUsed, external }, { tasks, pendingEvents }] = await Promise.all([
    genmock.memory(),
    genmock.call<{ tasks: number; pendingEvents: number }>('stats'),
  ])
  const s: Sample = {
    seconds,
    rps: (requests - lastRequests) / SAMPLE_SECONDS,
    submitted: counts.submitted,
    kept: tasks,
    pendingEvents,
    rssMB: rss / MB,
    heapUsedMB: heapUsed / MB,
    externalMB: external / MB,
  }
  lastRequests = requests
  samples.push(s)
  say(
    `${String(s.seconds).padStart(5)} s  ${n(s.rps).padStart(6)} req/s  ` +
      `submitted ${n(s.submitted).padStart(8)}  kept ${n(s.kept).padStart(7)}` +
      `  pending events ${n(s.pendingEvents).padStart(6)}  rss ${n(s.rssMB).padStart(4)} MB  ` +
      `heap ${n(s.heapUsedMB).padStart(4)} MB  external ${n(s.externalMB).padStart(4)} MB`,
  )
}

say(
  `genmock soak (${genmock.source}; ${pinning}): ${SECONDS} s, ` +
    `${CONCURRENCY} clients (submit, then ${POLLS_PER_TASK} polls), clock +10 s every second, ` +
    `maxTasks ${n(MAX_TASKS)}, ${RELAY ? 'a relay submission in four' : 'no relay submissions'}`,
)
const advance = setInterval(
  () => void call('/__mock/clock/advance', { method: 'POST', body: JSON.stringify({ seconds: 10 }) }),
  1000,
)
const sampler = setInterval(() => void sample(), SAMPLE_SECONDS * 1000)
await call('/__mock/scenarios', { method: 'POST', body: JSON.stringify(REGEX_SCENARIO) })
const clients = [...Array.from({ length: CONCURRENCY }, (_, id) => client(id)), reader()]
await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000))
stopping = true
await Promise.all(clients)
clearInterval(advance)
clearInterval(sampler)
await genmock.close()

// Flat means: from a third of the way in (the cap is reached by then) to the end, the live heap grew < 10 %.
const settled = samples[Math.floor(samples.length / 3)]
const last = samples.at(-1)
if (settled && last && last !== settled) {
  const growth = (last.heapUsedMB - settled.heapUsedMB) / settled.heapUsedMB
  const capped = last.kept <= MAX_TASKS + last.pendingEvents
  const cap = capped
    ? `tasks kept at the cap (${n(last.kept)})`
    : `tasks NOT capped: ${n(last.kept)} kept for maxTasks ${n(MAX_TASKS)}`
  say(
    `heap ${n(settled.heapUsedMB)} MB at ${settled.seconds} s → ${n(last.heapUsedMB)} MB at ${last.seconds} s ` +
      `(${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %): ` +
      `${Math.abs(growth) < 0.1 ? 'flat' : 'NOT flat'}; ${cap}`,
  )
}
say(`${n(counts.requests)} requests, ${n(counts.failed)} failed`)
mkdirSync(`${ROOT}test/artifacts`, { recursive: true })
const report = {
  at: new Date().toISOString(),
  seconds: SECONDS,
  concurrency: CONCURRENCY,
  maxTasks: MAX_TASKS,
  relay: RELAY,
  ...counts,
  samples,
}
writeFileSync(`${ROOT}test/artifacts/soak.json`, `${JSON.stringify(report, null, 2)}\n`)
say('Samples written to test/artifacts/soak.json')
