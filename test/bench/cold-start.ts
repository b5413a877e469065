// Cold start as the peers harness counts it: spawn → the first 2xx answer to a POST, the server
// pinned to core 0 and polled every 2 ms from its spawn, for genmock's `bin` (this checkout's and
// BENCH_against's), a bare node:http server and json-server 0.17, runs interleaved. Beside each wall
// time, the CPU the server had used by its first answer (/proc/PID/schedstat): the figure a machine
// busy with other work blurs least. Then `genmock --version` beside `node -e 0`, spawn → exit.
// json-server is no dependency of genmock's: it is installed once into a project of its own under the
// OS temp folder (npm, on first use), as a user would run it.
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { WRITE_AFTER_MS } from '../../src/node/cli/code-cache.js'
import { median } from './load.js'
import { ALICE, GENERATE_BODY, GENERATE_PATH, headers, pinned, ROOT } from './targets.js'
import { addVerdict } from './verdicts.js'

export type ColdStack = 'bare' | 'genmock' | 'before' | 'json-server'
/** One stack's runs: wall ms from spawn to the first 2xx POST, and the server's CPU ms by then. */
export interface ColdRuns {
  wall: number[]
  cpu: number[]
}

const JSON_SERVER = '0.17.4'
const DIR = join(os.tmpdir(), `genmock-bench-json-server-${JSON_SERVER}`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A bare node:http server answering a POST with 201 and a small JSON body once the body is read. */
const BARE = `require('node:http').createServer((req, res) => req.on('data', () => {}).on('end', () => {
  const body = '{"taskId":"task"}'
  res.writeHead(201, { 'content-type': 'application/json', 'content-length': body.length }).end(body)
})).listen(Number(process.argv[1]), '127.0.0.1')`

/** json-server installed in a project of its own (once); the path of its CLI. */
function jsonServer(say: (line: string) => void): string {
  const bin = join(DIR, 'node_modules/json-server/lib/cli/bin.js')
  if (existsSync(bin)) return bin
  say(`  installing json-server@${JSON_SERVER} into ${DIR} (once)`)
  mkdirSync(DIR, { recursive: true })
  writeFileSync(join(DIR, 'package.json'), '{"name":"json-server-bench","private":true}\n')
  const npm = spawnSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--loglevel=error', `json-server@${JSON_SERVER}`],
    { cwd: DIR, encoding: 'utf8' },
  )
  if (npm.status !== 0) throw new Error(`npm install json-server failed: ${npm.stderr}`)
  return bin
}

/** The `genmock` bin a checkout's package.json names. */
function genmockBin(dir: string): string {
  const { bin } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { bin: Record<string, string> }
  return join(dir, bin.genmock!)
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  server.close()
  await once(server, 'close')
  return port
}

/** The command of one stack on `port`, and the POST that must answer 2xx. */
function command(stack: ColdStack, port: number, against: string | undefined, say: (line: string) => void) {
  const genmock = { path: GENERATE_PATH, headers: headers(ALICE), body: GENERATE_BODY }
  switch (stack) {
    case 'bare':
      return { args: ['-e', BARE, String(port)], post: { ...genmock, path: '/' } }
    case 'genmock':
    case 'before':
      return {
        args: [genmockBin(stack === 'genmock' ? ROOT : against!), '--port', String(port), '--log', 'silent'],
        post: genmock,
      }
    case 'json-server': {
      const bin = jsonServer(say)
      const db = join(DIR, `db-${port}.json`)
      writeFileSync(db, '{"tasks":[]}\n')
      return {
        args: [bin, '--quiet', '--port', String(port), db],
        post: { path: '/tasks', headers: { 'content-type': 'application/json' }, body: '{"prompt":"a fox"}' },
      }
    }
  }
}

/** CPU milliseconds a process has run (its threads' time on a core, from /proc), NaN if unreadable. */
function cpuMs(pid: number | undefined): number {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6
  } catch {
    return Number.NaN
  }
}

/**
 * Until a genmock run says (NODE_DEBUG=genmock) that it wrote its kept code, or that it keeps none; a build
 * from before the kept code says neither, and is let go 10 s after it would have written it.
 */
async function keptCodeWritten(stderr: Readable, stack: ColdStack, say: (line: string) => void): Promise<void> {
  let said = ''
  const spoke = (async () => {
    for await (const chunk of stderr) {
      said += String(chunk)
      if (/kept code (written|off)/.test(said)) return true
    }
    return false
  })()
  if (!(await Promise.race([spoke, sleep(WRITE_AFTER_MS + 10_000).then(() => false)])))
    say(`  ${stack}: wrote no kept code (a build without it?)`)
}

/**
 * Milliseconds from spawn to the first 2xx POST of one stack, and the server's CPU milliseconds by then. Each
 * genmock build keeps its compiled code in a folder of its own (`keptCode`), as a user's builds of
 * different versions would: two builds of one version remove each other's (code-cache.ts). `prime`
 * stops the run only once it has written that code (WRITE_AFTER_MS after its start), for the runs after it.
 */
async function coldStart(
  stack: ColdStack,
  against: string | undefined,
  say: (line: string) => void,
  keptCode: Partial<Record<ColdStack, string>>,
  prime = false,
) {
  const port = await freePort()
  const { args, post } = command(stack, port, against, say)
  const [cmd, argv] = pinned(process.execPath, args)
  const folder = keptCode[stack]
  const env = folder === undefined ? process.env : { ...process.env, NODE_COMPILE_CACHE: folder }
  const watch = prime && folder !== undefined
  const started = performance.now()
  const child = spawn(cmd, argv, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', watch ? 'pipe' : 'ignore'],
    env: watch ? { ...env, NODE_DEBUG: 'genmock' } : env,
  })
  const exited = once(child, 'exit')
  const written = watch ? keptCodeWritten(child.stderr!, stack, say) : undefined
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${stack} exited with ${child.exitCode} before answering`)
      try {
        const res = await fetch(`http://127.0.0.1:${port}${post.path}`, { method: 'POST', ...post })
        await res.arrayBuffer()
        // taskset execs the command: the pid is the server's.
        if (res.ok) {
          const figures = { wall: performance.now() - started, cpu: cpuMs(child.pid) }
          await written
          return figures
        }
      } catch {
        // not listening yet
      }
      await sleep(2)
    }
  } finally {
    child.kill('SIGTERM')
    await exited
  }
}

/** `runs` cold starts of every stack, interleaved; ms per stack. */
export async function coldStarts(
  stacks: ColdStack[],
  runs: number,
  against: string | undefined,
  say: (line: string) => void,
): Promise<Map<ColdStack, ColdRuns>> {
  const figures = new Map<ColdStack, ColdRuns>(stacks.map((stack) => [stack, { wall: [], cpu: [] }]))
  const builds = stacks.filter((stack) => stack === 'genmock' || stack === 'before')
  const keptCode = Object.fromEntries(
    builds.map((stack) => [stack, mkdtempSync(join(os.tmpdir(), 'genmock-bench-kept-code-'))]),
  )
  try {
    // Installs, warms the file cache, and has each genmock build write its kept code.
    for (const stack of stacks) await coldStart(stack, against, say, keptCode, true)
    for (let run = 0; run < runs; run++)
      for (const stack of stacks) {
        const { wall, cpu } = await coldStart(stack, against, say, keptCode)
        figures.get(stack)!.wall.push(wall)
        figures.get(stack)!.cpu.push(cpu)
      }
    return figures
  } finally {
    for (const folder of Object.values(keptCode)) rmSync(folder, { recursive: true, force: true })
  }
}

export type VersionStack = 'node -e 0' | 'genmock' | 'before'

/** Wall ms from spawn to exit of one command, pinned to core 0. */
async function exitTime(args: string[]): Promise<number> {
  const [cmd, argv] = pinned(process.execPath, args)
  const started = performance.now()
  const child = spawn(cmd, argv, { cwd: ROOT, stdio: 'ignore' })
  await once(child, 'exit')
  return performance.now() - started
}

/** `runs` of `genmock --version` (this checkout's, BENCH_against's) and of `node -e 0`, interleaved: ms each. */
export async function versionTimes(
  stacks: VersionStack[],
  runs: number,
  against: string | undefined,
): Promise<Map<VersionStack, number[]>> {
  const args = (stack: VersionStack) =>
    stack === 'node -e 0' ? ['-e', '0'] : [genmockBin(stack === 'genmock' ? ROOT : against!), '--version']
  const figures = new Map<VersionStack, number[]>(stacks.map((stack) => [stack, []]))
  for (const stack of stacks) await exitTime(args(stack))
  for (let run = 0; run < runs; run++) for (const stack of stacks) figures.get(stack)!.push(await exitTime(args(stack)))
  return figures
}

const spread = (values: number[]) => {
  const ms = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '–')
  return `${ms(median(values))} (${ms(Math.min(...values))}–${ms(Math.max(...values))})`
}

/** The cold starts and `--version` times, printed, their figures added to the closing table. */
export async function coldSection(
  runs: number,
  against: string | undefined,
  targets: { coldOverBareMs: number; versionOverNodeMs: number },
  say: (line: string) => void,
) {
  const stacks: ColdStack[] = ['bare', 'genmock', ...(against ? (['before'] as const) : []), 'json-server']
  say(
    `\nCold start: spawn → first 2xx POST, pinned to core 0, ${runs} runs interleaved: median (min–max) ms, ` +
      'wall and the server’s CPU by its first answer',
  )
  const starts = await coldStarts(stacks, runs, against, say)
  for (const [stack, { wall, cpu }] of starts) say(`  ${stack.padEnd(28)} wall ${spread(wall)}, CPU ${spread(cpu)}`)
  // Run by run against bare node:http (the same moment of the machine), then the median.
  const over = (stack: ColdStack, key: 'wall' | 'cpu') =>
    starts.get(stack) && starts.get(stack)![key].map((ms, i) => ms - starts.get('bare')![key][i]!)
  const ofJsonServer = (stack: ColdStack) =>
    starts.get(stack) && starts.get(stack)!.wall.map((ms, i) => ms / starts.get('json-server')!.wall[i]!)
  const most = (bound: number) => ({ at: 'most' as const, bound })
  addVerdict(
    'cold start − bare node:http, wall ms',
    most(targets.coldOverBareMs),
    over('genmock', 'wall')!,
    over('before', 'wall'),
    0,
  )
  addVerdict('cold start − bare node:http, CPU ms', undefined, over('genmock', 'cpu')!, over('before', 'cpu'), 0)
  addVerdict('cold start ÷ json-server, wall', most(1), ofJsonServer('genmock')!, ofJsonServer('before'), 2)
  const versions: VersionStack[] = ['node -e 0', 'genmock', ...(against ? (['before'] as const) : [])]
  say(`\ngenmock --version: spawn → exit, pinned to core 0, ${runs} runs interleaved: median (min–max) ms`)
  const times = await versionTimes(versions, runs, against)
  for (const [stack, ms] of times) say(`  ${stack.padEnd(28)} ${spread(ms)}`)
  const overNode = (stack: VersionStack) => times.get(stack)?.map((ms, i) => ms - times.get('node -e 0')![i]!)
  addVerdict(
    '--version − node -e 0, wall ms',
    most(targets.versionOverNodeMs),
    overNode('genmock')!,
    overNode('before'),
    0,
  )
  return { ...Object.fromEntries(starts), version: Object.fromEntries(times) }
}
