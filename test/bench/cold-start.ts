// Cold start as the peers harness counts it: spawn → the first 2xx answer to a POST, the server
// pinned to core 0 and polled every 2 ms from its spawn, for genmock's `bin` (this checkout's and
// BENCH_AGAINST's), a bare node:http server and json-server 0.17, runs interleaved. json-server is no
// dependency of genmock's: it is installed once into a project of its own under the OS temp folder
// (npm, on first use), as a user would run it.
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import { join } from 'node:path'
import { ALICE, GENERATE_BODY, GENERATE_PATH, headers, pinned, ROOT } from './targets.js'

export type ColdStack = 'bare' | 'genmock' | 'before' | 'json-server'

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

/** Milliseconds from spawn to the first 2xx POST of one stack. */
async function coldStart(stack: ColdStack, against: string | undefined, say: (line: string) => void) {
  const port = await freePort()
  const { args, post } = command(stack, port, against, say)
  const [cmd, argv] = pinned(process.execPath, args)
  const started = performance.now()
  const child = spawn(cmd, argv, { cwd: ROOT, stdio: 'ignore' })
  const exited = once(child, 'exit')
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${stack} exited with ${child.exitCode} before answering`)
      try {
        const res = await fetch(`http://127.0.0.1:${port}${post.path}`, { method: 'POST', ...post })
        await res.arrayBuffer()
        if (res.ok) return performance.now() - started
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
): Promise<Map<ColdStack, number[]>> {
  const figures = new Map<ColdStack, number[]>(stacks.map((stack) => [stack, []]))
  for (const stack of stacks) await coldStart(stack, against, say) // installs, warms the file cache
  for (let run = 0; run < runs; run++)
    for (const stack of stacks) figures.get(stack)!.push(await coldStart(stack, against, say))
  return figures
}
