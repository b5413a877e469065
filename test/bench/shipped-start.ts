// Cold start of the command in each form it ships in (docs/performance.md, The executable and the
// image): spawn → first answer to GET /__mock/health, median of 7 rounds, the forms interleaved
// round by round so that machine load falls on each alike, beside bare `node` (a node:http server
// of one line) on the same Node 26 binary the executable is built on:
//   bare node 26               node -e "http.createServer(…).listen(port)"
//   the one-file command       node dist/cli.cjs on Node 26 (what the image runs) and on this Node
//   the standalone executable  release/genmock-linux-x64 (the same file, V8 code cache built in; npm run
//                              build:binary first)
// With GENMOCK_ARM64_ROOT=DIR, an arm64 root file system (`podman image mount` of build/local-base.sh's
// arm64 base), also release/genmock-linux-arm64 beside the registry's arm64 Node 26, both emulated:
// run through the kernel's binfmt handler for qemu, which finds their loader and libraries in DIR
// (QEMU_LD_PREFIX).
// Run: node --import tsx test/bench/shipped-start.ts [rounds]
import { execFileSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '..', '..')
const ROUNDS = Number(process.argv[2] ?? 7)
const registryNode = (arch: string) =>
  execFileSync(process.execPath, [join(ROOT, 'build', 'registry-node.mjs'), '', arch], { encoding: 'utf8' }).trim()
const NODE26 = registryNode('x64')
/** A bare node:http server: the port comes as `--port N`, as genmock's does. */
const BARE = "require('node:http').createServer((q, s) => s.end('ok')).listen(+process.argv.at(-3), '127.0.0.1')"
const ARM64_ROOT = process.env.GENMOCK_ARM64_ROOT
const BARE_ARM64 = 'bare node 26 arm64, emulated'
const EMULATED = { QEMU_LD_PREFIX: ARM64_ROOT ?? '' }
/** Each form: its name, its command, the environment it starts with, and the form it is compared with. */
const TARGETS: [string, string, string[], Record<string, string>, string][] = [
  ['bare node 26', NODE26, ['-e', BARE, '--'], {}, 'bare node 26'],
  ['node 26 dist/cli.cjs', NODE26, [join(ROOT, 'dist', 'cli.cjs')], {}, 'bare node 26'],
  [
    `node ${process.version.split('.')[0]} dist/cli.cjs`,
    process.execPath,
    [join(ROOT, 'dist', 'cli.cjs')],
    {},
    'bare node 26',
  ],
  ['release/genmock-linux-x64', join(ROOT, 'release', 'genmock-linux-x64'), [], {}, 'bare node 26'],
]
if (ARM64_ROOT)
  TARGETS.push(
    [BARE_ARM64, registryNode('arm64'), ['-e', BARE, '--'], EMULATED, BARE_ARM64],
    ['release/genmock-linux-arm64, emulated', join(ROOT, 'release', 'genmock-linux-arm64'), [], EMULATED, BARE_ARM64],
  )

for (const [name, file, args] of TARGETS)
  if (!existsSync(args[0] === '-e' ? file : (args[0] ?? file)))
    throw new Error(`${name} is missing: npm run build && npm run build:binary`)

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

/** Milliseconds from spawn to the first answer of the health route; the process is then killed. */
async function coldStart(file: string, args: string[], env: Record<string, string>): Promise<number> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(file, [...args, '--port', String(port), '--log', 'silent'], { stdio: 'ignore', env })
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/__mock/health`)
        await res.arrayBuffer()
        return performance.now() - started
      } catch {
        if (child.exitCode !== null) throw new Error(`${file} exited ${child.exitCode}`)
        await new Promise((resolve) => setTimeout(resolve, 2))
      }
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGKILL')
    await exited
  }
}

const times = new Map<string, number[]>(TARGETS.map(([name]) => [name, []]))
for (let round = 0; round < ROUNDS; round++)
  for (const [name, file, args, env] of TARGETS) times.get(name)!.push(await coldStart(file, args, env))

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
console.log(`cold start, spawn → first answer, median of ${ROUNDS} (min–max), Node ${process.version}`)
for (const [name, , , , compared] of TARGETS) {
  const values = times.get(name)!
  const m = median(values)
  const range = `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`
  const ratio = (m / median(times.get(compared)!)).toFixed(2)
  console.log(`  ${name.padEnd(38)} ${m.toFixed(0).padStart(5)} ms  (${range})  ×${ratio} ${compared}`)
}
