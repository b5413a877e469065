// The servers the bench loads, each in a child process of its own (test/bench/serve.mjs), pinned to
// one core with taskset while the bench process and its load generator keep to another, so that
// the two never fight for a core. The bench talks to a child over IPC (memory, store size, filling
// the store) and reads its RSS and CPU time from /proc.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { LoadOptions } from './load.js'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const TASK_PATH = '/api/ai/tasks/'
export const GENERATE_PATH = '/api/ai/image/generate'
export const GENERATE_BODY = JSON.stringify({ model: 'base-image-2', prompt: 'a fox' })
export const ALICE_KEY = 'sk_test_alice'
export const ALICE = `Bearer ${ALICE_KEY}`
const SERVE = fileURLToPath(new URL('./serve.mjs', import.meta.url))

/** A Bearer header and a JSON body: what every bench request sends. */
export const headers = (authorization: string) => ({ authorization, 'content-type': 'application/json' })

/** What a bench loads: a GET of a finished task, as Alice, or a POST of an image task with a rich key. */
export type Endpoint = 'GET' | 'POST'

/**
 * The load of one endpoint of a server at `url`: `taskId` to GET, `key` to POST with (any, for bare node:http).
 * @example
 * load(endpointLoad('GET', child.url, ready.taskId, ready.richKey, { connections: 50, seconds: 10 }))
 */
export function endpointLoad(
  endpoint: Endpoint,
  url: string,
  taskId: string,
  key: string,
  sizing: Pick<LoadOptions, 'connections' | 'seconds' | 'amount'>,
): LoadOptions {
  return endpoint === 'GET'
    ? { ...sizing, url: url + TASK_PATH + taskId, headers: headers(ALICE) }
    : { ...sizing, url: url + GENERATE_PATH, method: 'POST', headers: headers(`Bearer ${key}`), body: GENERATE_BODY }
}

export type ServerKind =
  | 'genmock'
  | 'genmock-against'
  | 'genmock-metrics-off'
  | 'genmock-state'
  | 'genmock-msw'
  | 'bare'
  | 'express'
  | 'msw-middleware'
  | 'msw-getresponse'

export const SERVER_NAMES: Record<ServerKind, string> = {
  bare: 'bare node:http (ceiling)',
  genmock: 'genmock',
  'genmock-against': 'genmock at BENCH_AGAINST',
  'genmock-metrics-off': 'genmock --metrics off',
  'genmock-state': 'genmock --state DIR --state-save request',
  express: 'express route',
  'msw-middleware': 'msw + http-middleware',
  'msw-getresponse': 'msw getResponse',
  'genmock-msw': 'genmock via msw getResponse',
}

// ---- cores ----

const CPUS = os.availableParallelism()
const HAS_TASKSET = spawnSync('taskset', ['--version']).status === 0
/** Whether servers get core 0 and the bench core 1: taskset is there and so are two cores. */
export const PINNED = HAS_TASKSET && CPUS >= 2 && process.env.BENCH_PIN !== '0'

/**
 * Pins the bench process, every thread of it, to core 1: the load generator's core. Threads and
 * processes it starts later inherit that, unless started through `pinned` or `allCores`.
 * Returns a sentence for the report.
 */
export function pinBench(): string {
  if (!PINNED) {
    const why =
      process.env.BENCH_PIN === '0'
        ? 'BENCH_PIN=0'
        : !HAS_TASKSET
          ? 'taskset (util-linux) not found'
          : `only ${CPUS} core`
    return `NOT pinned (${why}): servers and load generator share the cores, so figures are lower and noisier`
  }
  const result = spawnSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)])
  if (result.status !== 0) return `NOT pinned: taskset failed (${result.stderr.toString().trim()})`
  return 'servers pinned to core 0 (taskset -c 0), load generator to core 1'
}

/** The command and arguments that run `command` on core 0, when pinning is on. */
export const pinned = (command: string, args: string[]): [string, string[]] =>
  PINNED ? ['taskset', ['-c', '0', command, ...args]] : [command, args]
/**
 * A bench's own script run again as `script --child DIR ...args`, once per round for this checkout
 * (ROOT) and BENCH_AGAINST's, rounds interleaved, each a fresh process (on core 0 when `onCore0`):
 * the JSON each printed, by checkout.
 */
export function childRounds<T>(
  script: string,
  rounds: number,
  args: string[],
  { nodeFlags = [] as string[], onCore0 = true } = {},
): Map<string, T[]> {
  const checkouts = [ROOT, ...(process.env.BENCH_AGAINST ? [process.env.BENCH_AGAINST] : [])]
  const figures = new Map<string, T[]>(checkouts.map((dir) => [dir, []]))
  for (let round = 0; round < rounds; round++)
    for (const dir of checkouts) {
      const argv = [...nodeFlags, '--import', 'tsx', script, '--child', dir, ...args]
      const [command, commandArgs] = onCore0 ? pinned(process.execPath, argv) : [process.execPath, argv]
      figures.get(dir)!.push(JSON.parse(execFileSync(command, commandArgs, { cwd: ROOT, encoding: 'utf8' })) as T)
    }
  return figures
}

/** The command and arguments that run `command` on every core, undoing the bench's own pinning (startup figures). */
export const allCores = (command: string, args: string[]): [string, string[]] =>
  PINNED ? ['taskset', ['-c', `0-${CPUS - 1}`, command, ...args]] : [command, args]

// ---- /proc ----

const PAGE_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100

/** The resident set of a process, in bytes, from /proc/<pid>/status (VmRSS); NaN when not on Linux. */
export function rssOf(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number(match[1]) * 1024 : NaN
  } catch {
    return NaN
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat; NaN when not on Linux. */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / PAGE_TICKS
  } catch {
    return NaN
  }
}

/**
 * Busy seconds of each core so far (steal included: a stolen core is not ours), from /proc/stat;
 * [] when not on Linux.
 */
export function coreBusySeconds(): number[] {
  try {
    return readFileSync('/proc/stat', 'utf8')
      .split('\n')
      .filter((line) => /^cpu\d/.test(line))
      .map((line) => {
        const [user, nice, system, , , irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number)
        return (user! + nice! + system! + irq! + softirq! + (steal ?? 0)) / PAGE_TICKS
      })
  } catch {
    return []
  }
}

/**
 * How busy the two cores were with work other than the bench's over a stretch of time, in cores:
 * other processes on this machine (the server's core and the load generator's) make a run unfair.
 */
export function otherLoad(
  before: { cores: number[]; server: number; bench: NodeJS.CpuUsage; at: number },
  server: Child,
): { serverCpu: number; others: number[] } {
  const seconds = (performance.now() - before.at) / 1000
  const serverCpu = (server.cpuSeconds() - before.server) / seconds
  const bench = process.cpuUsage(before.bench)
  const benchCpu = (bench.user + bench.system) / 1e6 / seconds
  const cores = coreBusySeconds().map((busy, i) => (busy - (before.cores[i] ?? 0)) / seconds)
  if (!PINNED || cores.length < 2) return { serverCpu, others: [] }
  return { serverCpu, others: [Math.max(0, cores[0]! - serverCpu), Math.max(0, cores[1]! - benchCpu)] }
}

// ---- child servers ----

export interface Child {
  kind: ServerKind
  name: string
  url: string
  pid: number
  /** Where the code came from: dist/…, src/… (tsx), or the baseline's stack. */
  source: string
  process: ChildProcess
  /** The child's own view: process.memoryUsage() with the live heap after a full collection. */
  memory(): Promise<Memory>
  /** RSS from /proc, as the OS sees it, with no collection first. */
  rss(): number
  cpuSeconds(): number
  /** A message to serve.mjs's `ops` (stats and fill: genmock kinds only). */
  call<T>(op: 'stats' | 'fill' | 'profileStart' | 'profileStop' | 'gcStart' | 'gcStop', args?: object): Promise<T>
  close(): Promise<void>
}

export interface Memory {
  rss: number
  /** After full collections (serve.mjs runs with --expose-gc). */
  heapUsed: number
  heapTotal: number
  external: number
  arrayBuffers: number
}

export interface ChildOptions {
  /** The captured replies, for the baselines. */
  fixed?: Fixed
  clock?: 'real' | 'manual'
  maxTasks?: number
  /** Extra node flags, e.g. --cpu-prof. */
  nodeFlags?: string[]
  /** genmock-against: the other checkout, built. */
  from?: string
  /** bare: µs of CPU spent on each request before the answer (budget.ts). */
  burn?: number
  /** A command the server runs under, its arguments before node's (valgrind, instructions.ts). */
  wrap?: string[]
}

let fixedDir: string | undefined
process.once('exit', () => fixedDir && rmSync(fixedDir, { recursive: true, force: true }))

const wrapped = (wrap: string[] | undefined, args: string[]): [string, string[]] =>
  wrap ? [wrap[0]!, [...wrap.slice(1), process.execPath, ...args]] : [process.execPath, args]

/** Starts a server of the bench in its own process (on core 0 when pinning is on) and waits for its URL. */
export async function startChild(kind: ServerKind, options: ChildOptions = {}): Promise<Child> {
  const args = ['--expose-gc', ...(options.nodeFlags ?? []), SERVE, kind]
  if (options.fixed) {
    fixedDir ??= mkdtempSync(join(os.tmpdir(), 'genmock-bench-'))
    const file = join(fixedDir, 'fixed.json')
    writeFileSync(file, JSON.stringify(options.fixed))
    args.push('--fixed', file)
  }
  if (options.clock) args.push('--clock', options.clock)
  if (options.maxTasks !== undefined) args.push('--max-tasks', String(options.maxTasks))
  if (options.from !== undefined) args.push('--from', options.from)
  if (options.burn !== undefined) args.push('--burn', String(options.burn))
  const [command, argv] = pinned(...wrapped(options.wrap, args))
  const child = spawn(command, argv, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] })
  // The first line that is serve.mjs's JSON announcement; anything else it prints (say --trace-gc) is echoed.
  const lines = createInterface({ input: child.stdout! })
  const announced = new Promise<{ url: string; source: string }>((resolve, reject) => {
    let found = false
    lines.on('line', (line) => {
      if (!found && line.startsWith('{"url"')) {
        found = true
        resolve(JSON.parse(line) as { url: string; source: string })
      } else process.stdout.write(`[${kind}] ${line}\n`)
    })
    child.once('exit', (code) => reject(new Error(`serve.mjs ${kind} exited with ${code} before listening`)))
  })
  const { url, source } = await announced
  const pid = child.pid!

  let nextId = 0
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  child.on('message', (message: { id: number; result?: unknown; error?: string }) => {
    const call = waiting.get(message.id)
    waiting.delete(message.id)
    if (message.error !== undefined) call?.reject(new Error(`${kind}: ${message.error}`))
    else call?.resolve(message.result)
  })
  child.once('exit', (code, signal) => {
    for (const call of waiting.values()) call.reject(new Error(`${kind} exited (${code ?? signal})`))
    waiting.clear()
  })
  const call = <T>(op: string, args?: object) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject })
      child.send({ id, op, args })
    })

  return {
    kind,
    name: SERVER_NAMES[kind],
    url,
    pid,
    source,
    process: child,
    memory: () => call('memory'),
    rss: () => rssOf(pid),
    cpuSeconds: () => cpuSecondsOf(pid),
    call,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = once(child, 'exit')
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}

// ---- genmock, and the replies the baselines serve ----

/** A captured reply: its status and its body, byte for byte. */
export interface CapturedReply {
  status: number
  body: string
}

/** What the baselines answer: genmock's own replies, captured once. */
export interface Fixed {
  snapshot: CapturedReply
  submission: CapturedReply
}

export interface Genmock extends Child {
  /** A task of Alice's, for GET. */
  taskId: string
  /** The key of an account with credits for millions of submissions, for POST. */
  richKey: string
  fixed: Fixed
}

async function capture(res: Response): Promise<CapturedReply> {
  const body = await res.text()
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${body}`)
  return { status: res.status, body }
}

/**
 * A running genmock child made ready to load: one finished task of Alice's to GET and a rich
 * account to POST with. The task is moved to completion up front (a clock advance), so GET answers
 * the same snapshot for the whole run whatever the clock does.
 */
export async function prepareGenmock(child: Child): Promise<Genmock> {
  const post = (path: string, authorization: string, body: string) =>
    fetch(child.url + path, { method: 'POST', headers: headers(authorization), body })
  const submission = await capture(await post(GENERATE_PATH, ALICE, GENERATE_BODY))
  const { taskId } = JSON.parse(submission.body) as { taskId: string }
  await capture(await post('/__mock/clock/advance', ALICE, JSON.stringify({ seconds: 3600 })))
  const snapshot = await capture(await fetch(child.url + TASK_PATH + taskId, { headers: headers(ALICE) }))
  const rich = JSON.parse(
    (await capture(await post('/__mock/accounts', ALICE, JSON.stringify({ credits: 1_000_000_000 })))).body,
  ) as { apiKey: string }
  return { ...child, taskId, richKey: rich.apiKey, fixed: { snapshot, submission } }
}

/**
 * A genmock server (or genmock's routes behind msw, for `genmock-msw`) in its own process,
 * made ready by `prepareGenmock`.
 */
export async function startGenmock(
  options: Omit<ChildOptions, 'fixed'> = {},
  kind: 'genmock' | 'genmock-against' | 'genmock-msw' | 'genmock-state' = 'genmock',
): Promise<Genmock> {
  const child = await startChild(kind, options)
  try {
    return await prepareGenmock(child)
  } catch (error) {
    await child.close()
    throw error
  }
}
