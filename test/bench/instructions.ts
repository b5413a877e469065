// What a request costs in instructions, counted by valgrind's callgrind: compiled JavaScript's count within a
// few per cent from run to run, where req/s on this host moves by ±20 % from one round to the next
// (docs/performance.md, Instructions a request). Each server (bare node:http answering genmock's own bytes,
// genmock, and with BENCH_AGAINST another checkout's build) runs under callgrind with counting off, takes
// BENCH_WARM requests to warm up, then the count is on for BENCH_REQUESTS more, sent by autocannon (10
// connections) from outside valgrind. The instructions are summed by what ran them. V8's optimizing compiler
// is left out of the total: under valgrind it keeps compiling long after it would have finished at full
// speed. The collector's count is the least steady (a full collection falls into the window or not), so a
// total without it is given too. The misses of a simulated L1 cache (32 kB each for code and data, as this
// host's) are counted as well.
//   node --import tsx test/bench/instructions.ts   (about 25 minutes with BENCH_AGAINST; apt install valgrind)
// Env: BENCH_WARM (10,000), BENCH_REQUESTS (10,000), BENCH_MAX_TASKS (1000000, as bench:sustained),
// BENCH_AGAINST (DIR: another checkout, built), BENCH_ONLY (GET,POST).
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { load } from './load.js'
import {
  type ChildOptions,
  type Endpoint,
  endpointLoad,
  prepareGenmock,
  type ServerKind,
  startChild,
} from './targets.js'

const WARM = Number(process.env.BENCH_WARM ?? 10_000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000)
const MAX_TASKS = Number(process.env.BENCH_MAX_TASKS ?? 1_000_000)
const AGAINST = process.env.BENCH_AGAINST
const ENDPOINTS = (process.env.BENCH_ONLY ?? 'GET,POST').split(',') as Endpoint[]
/** A request's time-out, s: under valgrind a collection may hold one for many seconds. */
const REQUEST_SECONDS = 3600

/** What ran an instruction, by the name callgrind gives its function; the first that matches wins. */
const KINDS: [string, RegExp][] = [
  ['V8 optimizing compiler', /v8::internal::compiler::|Turbofan|OptimizedCompilationJob|PipelineImpl/],
  [
    'garbage collector',
    new RegExp(
      'Scaveng|Marking|Sweep|Evacuat|Promot|Remembered|SlotSet|Pretenuring|v8::internal::Heap::|MemoryChunk|' +
        'HeapObject::SizeFromMap|IteratePointers|ConcurrentMarking|heap::base::',
    ),
  ],
  ['JavaScript, compiled', /^0x[0-9a-f]+$/],
  ['V8 builtins', /^Builtins_/],
  ['V8 runtime', /v8::/],
  ["Node's native code, llhttp, libuv", /node::|llhttp|uv_|uv__/],
]
const OTHER = 'libc and the rest'
const COMPILER = KINDS[0]![0]
const COLLECTOR = KINDS[1]![0]

/** Instructions a request by what ran them, and the simulated L1 cache's misses (MISSES). */
type Counts = Map<string, number>
const MISSES = 'L1 misses, instruction and data'
/** One cell of callgrind_annotate's table: a count and its share, or "." for none. */
const CELL = /^\s*(?:([\d,]+) \(\s*[\d.]+%\)|\.)/

/** The self counts of every function in a callgrind file, summed by kind, per request. */
function countsOf(file: string, requests: number): Counts {
  const text = execFileSync('callgrind_annotate', ['--inclusive=no', '--threshold=100', file], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  })
  const events = /^Events shown:\s+(.*)$/m.exec(text)?.[1]?.trim().split(/\s+/) ?? []
  const column = (event: string) => events.indexOf(event)
  const misses = ['I1mr', 'D1mr', 'D1mw'].map(column)
  const counts: Counts = new Map()
  const add = (kind: string, n: number) => counts.set(kind, (counts.get(kind) ?? 0) + n / requests)
  for (const line of text.split('\n')) {
    let rest = line
    const values: number[] = []
    for (const _ of events) {
      const cell = CELL.exec(rest)
      if (!cell) break
      values.push(cell[1] ? Number(cell[1].replaceAll(',', '')) : 0)
      rest = rest.slice(cell[0].length)
    }
    const name = /^\s+[^:\s]*:(.*?)(?: \[.*\])?$/.exec(rest)?.[1]?.trim()
    if (values.length !== events.length || name === undefined) continue
    const kind = KINDS.find(([, pattern]) => pattern.test(name))?.[0] ?? OTHER
    add(kind, values[column('Ir')]!)
    if (kind !== COMPILER)
      add(
        MISSES,
        misses.reduce((sum, i) => sum + (values[i] ?? 0), 0),
      )
  }
  return counts
}

const callgrind = (pid: number, on: boolean) =>
  execFileSync('callgrind_control', ['-i', on ? 'on' : 'off', String(pid)], { stdio: 'ignore' })

/** One fresh server of `kind` under callgrind: warmed up, then counted for REQUESTS requests. */
async function counted(kind: ServerKind, endpoint: Endpoint, options: ChildOptions, dir: string) {
  const file = join(dir, `${kind}-${endpoint}.callgrind`)
  const wrap = [
    'valgrind',
    '-q',
    '--tool=callgrind',
    '--cache-sim=yes',
    '--LL=33554432,16,64',
    '--instr-atstart=no',
    '--smc-check=all-non-file',
  ]
  const child = await startChild(kind, { ...options, wrap: [...wrap, `--callgrind-out-file=${file}`] })
  let ready: Awaited<ReturnType<typeof prepareGenmock>> | undefined
  let answered = 0
  try {
    if (kind !== 'bare') ready = await prepareGenmock(child)
    const request = (amount: number) =>
      endpointLoad(endpoint, child.url, ready?.taskId ?? 'task', ready?.richKey ?? 'key', {
        connections: 10,
        seconds: REQUEST_SECONDS,
        amount,
      })
    await load(request(WARM))
    callgrind(child.pid, true)
    const { requests, non2xx, errors } = await load(request(REQUESTS))
    callgrind(child.pid, false)
    // A connection lost now and then under valgrind costs a request of the count; an answer other than 2xx fails.
    if (non2xx > 0 || errors > REQUESTS / 100)
      throw new Error(`${kind} ${endpoint}: ${requests} answered, ${non2xx} not 2xx, ${errors} errors`)
    answered = requests
  } finally {
    await child.close()
  }
  return { counts: countsOf(file, answered), fixed: ready?.fixed }
}

const say = (line = '') => process.stdout.write(`${line}\n`)
const total = (counts: Counts) =>
  [...counts].reduce((sum, [kind, n]) => (kind === COMPILER || kind === MISSES ? sum : sum + n), 0)
const n = (value: number) => Math.round(value).toLocaleString('en-US')

if (spawnSync('valgrind', ['--version']).status !== 0) {
  say('valgrind is not installed (Debian: apt install valgrind)')
  process.exit(1)
}
const dir = mkdtempSync(join(os.tmpdir(), 'genmock-instructions-'))
try {
  say(`Instructions a request under callgrind: ${WARM} requests to warm up, then ${REQUESTS} counted, 10 connections`)
  for (const endpoint of ENDPOINTS) {
    // genmock first: the replies bare node:http answers with are its own.
    const genmock = await counted('genmock', endpoint, { maxTasks: MAX_TASKS }, dir)
    const stacks: [string, Counts][] = [
      ['bare node:http', (await counted('bare', endpoint, { fixed: genmock.fixed! }, dir)).counts],
      ['genmock', genmock.counts],
    ]
    if (AGAINST) {
      const against = await counted('genmock-against', endpoint, { maxTasks: MAX_TASKS, from: AGAINST }, dir)
      stacks.push([`genmock at ${AGAINST}`, against.counts])
    }
    const bare = total(stacks[0]![1])
    const kinds = [...KINDS.map(([kind]) => kind), OTHER]
    const widths = [48, ...stacks.map(([name]) => Math.max(name.length, 12))]
    const row = (cells: string[]) =>
      cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')
    say(`\n${endpoint}, instructions a request`)
    say(row(['', ...stacks.map(([name]) => name)]))
    for (const kind of kinds) say(row([kind, ...stacks.map(([, counts]) => n(counts.get(kind) ?? 0))]))
    say(row(['total, the compiler left out', ...stacks.map(([, counts]) => n(total(counts)))]))
    say(row(['÷ bare node:http', ...stacks.map(([, counts]) => (total(counts) / bare).toFixed(2))]))
    // The steadier figure to compare two builds by: whether a full collection falls into the window is luck.
    const steady = (counts: Counts) => total(counts) - (counts.get(COLLECTOR) ?? 0)
    say(row(['the collector left out too', ...stacks.map(([, counts]) => n(steady(counts)))]))
    const misses = (counts: Counts) => counts.get(MISSES) ?? 0
    say(row([`${MISSES}, the compiler left out`, ...stacks.map(([, counts]) => n(misses(counts)))]))
    say(row(['÷ bare node:http', ...stacks.map(([, counts]) => (misses(counts) / misses(stacks[0]![1])).toFixed(2))]))
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
