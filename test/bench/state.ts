// `npm run bench:state`: what keeping the state in a --state DIR costs (docs/state.md).
//   1. Save cost per change at 100, 10 000 and 100 000 stored tasks: one submission's changes taken
//      and serialised as a log line, beside a whole save (what a save would cost without the log).
//   2. Restore of 100 000 tasks: a folder's state.json and a log of 2 000 changes read back into a
//      new engine, as genmock does at start.
//   2b. Compaction at 100 000 tasks: the longest the event loop stalls while a whole state.json is
//      written (perf_hooks monitorEventLoopDelay), made a slice at a time, beside the same state
//      serialised in one piece as before (format 1).
//   3. POST throughput of the standalone server without --state and with each save strategy, run
//      round by round in the same bench (the machine may be shared: compare the ratios).
//      With BENCH_COMPARE_CLI (another build of dist/cli.cjs, the one before a change say), `request`
//      is run with that build too, in the same rounds.
// Env: BENCH_SECONDS (per measured run, default 3), BENCH_ROUNDS (3; the median is reported),
// BENCH_CONNECTIONS (10), BENCH_ONLY (some of save,restore,compact,post), BENCH_SAVES (the
// strategies run by post, some of scheduled,request,shutdown,manual; all by default).
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { Drift } from '../../src/drift/drift-state.js'
import { Engine } from '../../src/engine/engine.js'
import { SERVICE_ROUTES } from '../../src/handlers/route-table.js'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { logLine, stateFileText } from '../../src/node/state/state-dir.js'
import { StateKeeper } from '../../src/node/state/state-keeper.js'
import { load, median, probe, warmUp } from './load.js'
import { ALICE, GENERATE_BODY, GENERATE_PATH, headers, pinBench, pinned, ROOT } from './targets.js'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const ONLY = new Set((process.env.BENCH_ONLY ?? 'save,restore,compact,post').split(','))
const SAVES = new Set((process.env.BENCH_SAVES ?? 'scheduled,request,shutdown,manual').split(','))
const COMPARE_CLI = process.env.BENCH_COMPARE_CLI
const BODY = { model: 'base-image-2', prompt: 'a fox' }
const tmp = () => mkdtempSync(join(os.tmpdir(), 'genmock-bench-state-'))

async function engineWith(tasks: number): Promise<Engine> {
  const engine = new Engine({ seed: 7, clock: { mode: 'manual' }, maxTasks: 200_000 })
  engine.patchAccount('acct_alice', { credits: 1_000_000_000 })
  const alice = engine.authenticate({ kind: 'key', key: 'sk_test_alice' })
  for (let i = 0; i < tasks; i++) {
    await engine.submit(alice, 'image', BODY)
    // Half of them finish: the store holds pending and terminal tasks.
    if (i % 2 === 1) engine.advanceClock(60)
  }
  return engine
}

async function saveCost(): Promise<void> {
  console.log('\n## Save cost per change (one submission: its task, ledger entry, the draws)\n')
  console.log('| stored tasks | log line per change | bytes per line | whole save (no log) | whole bytes |')
  console.log('|---:|---:|---:|---:|---:|')
  for (const size of [100, 10_000, 100_000]) {
    const engine = await engineWith(size)
    const alice = engine.authenticate({ kind: 'key', key: 'sk_test_alice' })
    engine.saving.checkpoint()
    const changes = 500
    let bytes = 0
    let spent = 0
    for (let i = 0; i < changes; i++) {
      await engine.submit(alice, 'image', BODY)
      const started = performance.now()
      bytes += logLine(engine.saving.takeChanges()!, 1).length
      spent += performance.now() - started
    }
    const started = performance.now()
    const whole = JSON.stringify(engine.saving.checkpoint()).length
    const wholeMs = performance.now() - started
    console.log(
      `| ${size} | ${((spent / changes) * 1000).toFixed(0)} µs | ${Math.round(bytes / changes)} | ` +
        `${wholeMs.toFixed(1)} ms | ${(whole / 1e6).toFixed(1)} MB |`,
    )
  }
}

async function restoreTime(): Promise<void> {
  console.log('\n## Restore of 100 000 tasks from a --state DIR\n')
  const dir = tmp()
  const engine = await engineWith(100_000)
  const keeper = new StateKeeper(engine, new Drift(SERVICE_ROUTES), { dir, save: 'manual' }, 'bench')
  const alice = engine.authenticate({ kind: 'key', key: 'sk_test_alice' })
  for (let i = 0; i < 2000; i++) {
    await engine.submit(alice, 'image', BODY)
    await keeper.save()
  }
  await keeper.close()
  const size = (name: string) => (statSync(join(dir, name)).size / 1e6).toFixed(1)
  const times: number[] = []
  const cpu: number[] = []
  let tasks = 0
  for (let round = 0; round < ROUNDS; round++) {
    ;(globalThis as { gc?: () => void }).gc?.()
    const started = performance.now()
    const used = process.cpuUsage()
    const fresh = new Engine({ seed: 7, clock: { mode: 'manual' }, maxTasks: 200_000 })
    const reader = new StateKeeper(fresh, new Drift(SERVICE_ROUTES), { dir, save: 'manual' }, 'bench')
    times.push(performance.now() - started)
    const { user, system } = process.cpuUsage(used)
    cpu.push((user + system) / 1000)
    tasks = fresh.storedTasks
    await reader.close()
  }
  console.log(`state.json ${size('state.json')} MB, changes.log ${size('changes.log')} MB (2000 changes)`)
  console.log(
    `restored ${tasks} tasks in ${median(times).toFixed(0)} ms wall, ${median(cpu).toFixed(0)} ms CPU ` +
      `(median of ${ROUNDS}; target ≤ 2000 ms; ` +
      `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)`,
  )
  rmSync(dir, { recursive: true, force: true })
}

/** The longest event-loop stall while `work` runs, in ms (1 ms resolution), and how long it took. */
async function stall(work: () => Promise<unknown> | unknown): Promise<{ longest: number; took: number }> {
  const delay = monitorEventLoopDelay({ resolution: 1 })
  delay.enable()
  // A few samples first: the histogram measures a stall by the sample that comes late after it.
  await new Promise((resolve) => setTimeout(resolve, 20))
  delay.reset()
  // The first sample after a reset counts from nothing: one more before the work.
  await new Promise((resolve) => setTimeout(resolve, 5))
  const started = performance.now()
  await work()
  const took = performance.now() - started
  // A few more samples, so a stall at the very end is counted.
  await new Promise((resolve) => setTimeout(resolve, 20))
  delay.disable()
  return { longest: delay.max / 1e6, took }
}

async function compactionStall(): Promise<void> {
  console.log('\n## Compaction of 100 000 tasks: the longest event-loop stall\n')
  const dir = tmp()
  const engine = await engineWith(100_000)
  const drift = new Drift(SERVICE_ROUTES)
  const keeper = new StateKeeper(engine, drift, { dir, save: 'manual' }, 'bench')
  console.log('| round | in one piece (format 1): stall | in slices: stall | in slices: the whole write took |')
  console.log('|---:|---:|---:|---:|')
  const before: number[] = []
  const after: number[] = []
  const took: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    ;(globalThis as { gc?: () => void }).gc?.()
    const whole = await stall(() => {
      stateFileText(JSON.stringify({ ...engine.saving.checkpoint(), drift: drift.save() }), 1, 'bench', 'dir_bench')
    })
    ;(globalThis as { gc?: () => void }).gc?.()
    const sliced = await stall(() => keeper.compact())
    before.push(whole.longest)
    after.push(sliced.longest)
    took.push(sliced.took)
    console.log(
      `| ${round + 1} | ${whole.longest.toFixed(0)} ms | ${sliced.longest.toFixed(0)} ms ` +
        `| ${sliced.took.toFixed(0)} ms |`,
    )
  }
  console.log(
    `median longest stall: ${median(before).toFixed(0)} ms in one piece, ${median(after).toFixed(0)} ms in slices ` +
      `(load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)`,
  )
  const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`
  console.log(
    `a whole save of ${engine.storedTasks} tasks: state.json ${megabytes(statSync(join(dir, 'state.json')).size)} ` +
      `(its body ${megabytes(JSON.stringify({ ...engine.saving.checkpoint(), drift: drift.save() }).length)}), ` +
      `written in ${median(took).toFixed(0)} ms (median)`,
  )
  await keeper.close()
  rmSync(dir, { recursive: true, force: true })
}

interface Server {
  url: string
  stop(): Promise<void>
}

/** The genmock command (`cli`, a build of it), pinned to core 0, with the state options given. */
async function genmock(state: string[], cli = 'dist/cli.cjs'): Promise<Server> {
  const [command, args] = pinned(process.execPath, [
    cli,
    ...['--port', '0', '--log', 'json', '--clock', 'manual', '--max-tasks', '1000000', ...state],
  ])
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] })
  const lines = createInterface({ input: child.stdout! })
  const url = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      const event = JSON.parse(line) as { event: string; url?: string }
      if (event.event === 'ready') resolve(event.url!)
    })
    child.once('exit', (code) => reject(new Error(`genmock ${state.join(' ')} exited with ${code}`)))
  })
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}

/**
 * How many tasks a changes.log line holds on average: with `request`, the answers that shared one
 * write and fsync (group commit). The lines since the last compaction.
 */
function tasksPerLine(dir: string): number {
  const lines = readFileSync(join(dir, 'changes.log'), 'utf8').split('\n').filter(Boolean)
  const tasks = lines.map(
    (line) => (JSON.parse(line.slice(17)) as { changes: { tasks: { records: { rows: unknown[] } } } }).changes,
  )
  return tasks.reduce((sum, changes) => sum + changes.tasks.records.rows.length, 0) / Math.max(1, lines.length)
}

async function postThroughput(): Promise<void> {
  console.log(`\n## POST throughput, ${CONNECTIONS} connections, ${SECONDS} s runs, median of ${ROUNDS} rounds\n`)
  console.log(pinBench())
  const configs: [string, string[], string?][] = [
    ['without --state', []],
    ...[...SAVES].map((save): [string, string[]] => [
      save === 'scheduled' ? 'scheduled (default)' : save,
      ['--state-save', save],
    ]),
    ...(COMPARE_CLI
      ? [[`request, ${COMPARE_CLI}`, ['--state-save', 'request'], COMPARE_CLI] as [string, string[], string]]
      : []),
  ]
  const rps = new Map<string, number[]>(configs.map(([name]) => [name, []]))
  const grouped = new Map<string, number[]>(configs.map(([name]) => [name, []]))
  const dirs: string[] = []
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, extra, cli] of configs) {
      const dir = tmp()
      dirs.push(dir)
      const server = await genmock(extra.length > 0 ? ['--state', dir, ...extra] : [], cli)
      const created = await fetch(`${server.url}/__mock/accounts`, {
        method: 'POST',
        headers: headers(ALICE),
        body: JSON.stringify({ credits: 1_000_000_000 }),
      })
      const { apiKey } = (await created.json()) as { apiKey: string }
      const options = {
        url: server.url + GENERATE_PATH,
        method: 'POST' as const,
        headers: headers(`Bearer ${apiKey}`),
        body: GENERATE_BODY,
        connections: CONNECTIONS,
        seconds: SECONDS,
      }
      await probe(options)
      await warmUp(options)
      const result = await load(options)
      if (result.non2xx + result.errors > 0) console.log(`  ${name}: ${result.non2xx} non-2xx, ${result.errors} errors`)
      rps.get(name)!.push(result.rps)
      if (extra.includes('request')) grouped.get(name)!.push(tasksPerLine(dir))
      await server.stop()
    }
  }
  const base = median(rps.get('without --state')!)
  console.log('| server | POST req/s | ratio to without --state | answers per fsync (request) |')
  console.log('|---|---:|---:|---:|')
  for (const [name] of configs) {
    const value = median(rps.get(name)!)
    const group = grouped.get(name)!
    const perFsync = group.length > 0 ? median(group).toFixed(1) : ''
    console.log(`| ${name} | ${value.toFixed(0)} | ${(value / base).toFixed(2)} | ${perFsync} |`)
  }
  console.log(`load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`)
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
}

if (ONLY.has('save')) await saveCost()
if (ONLY.has('restore')) await restoreTime()
if (ONLY.has('compact')) await compactionStall()
if (ONLY.has('post')) await postThroughput()
