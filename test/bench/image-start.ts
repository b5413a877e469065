// Time to healthy of the image (docs/performance.md, The executable and the image): `run -d` →
// first answer of GET /__mock/health through the published port, median of 7 rounds, beside a
// bare node:http server of one line run by the same engine in the image's base (the same Node),
// interleaved round by round. The engine: GENMOCK_ENGINE, else podman (with
// test/distribution/containers.conf when CONTAINERS_CONF is unset); the base: GENMOCK_BASE_IMAGE,
// else build/local-base.sh's. `npm run build:image` first.
// Run: node --import tsx test/bench/image-start.ts [rounds]
import { execFileSync } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '..', '..')
const ROUNDS = Number(process.argv[2] ?? 7)
const ENGINE = process.env.GENMOCK_ENGINE ?? 'podman'
const BASE = process.env.GENMOCK_BASE_IMAGE ?? 'localhost/genmock-base:node26-trixie-minbase'
const env = {
  ...process.env,
  CONTAINERS_CONF: process.env.CONTAINERS_CONF ?? join(ROOT, 'test/distribution/containers.conf'),
}
const BARE = "require('node:http').createServer((q, s) => s.end('ok')).listen(4600, '0.0.0.0')"
const TARGETS: [string, string[]][] = [
  ['bare node in the base', ['--entrypoint', 'node', BASE, '-e', BARE]],
  ['genmock:latest', ['genmock:latest']],
]

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

/** Milliseconds from `run -d` to the first answer on the published port; the container is then removed. */
async function healthy(image: string[]): Promise<number> {
  const port = await freePort()
  const name = `genmock-bench-${process.pid}-${port}`
  const started = performance.now()
  execFileSync(ENGINE, ['run', '-d', '--name', name, '-p', `127.0.0.1:${port}:4600`, ...image], {
    env,
    stdio: 'ignore',
  })
  try {
    for (;;) {
      try {
        await (await fetch(`http://127.0.0.1:${port}/__mock/health`)).arrayBuffer()
        return performance.now() - started
      } catch {
        if (performance.now() - started > 60_000) throw new Error(`${image.join(' ')} never answered`)
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    }
  } finally {
    execFileSync(ENGINE, ['rm', '-f', name], { env, stdio: 'ignore' })
  }
}

const times = new Map<string, number[]>(TARGETS.map(([name]) => [name, []]))
for (let round = 0; round < ROUNDS; round++)
  for (const [name, image] of TARGETS) times.get(name)!.push(await healthy(image))

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
const baseline = median(times.get(TARGETS[0]![0])!)
console.log(`time to healthy, ${ENGINE} run -d → first answer, median of ${ROUNDS} (min–max), on ${BASE}`)
for (const [name, values] of times) {
  const m = median(values)
  const range = `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`
  console.log(`  ${name.padEnd(22)} ${m.toFixed(0).padStart(5)} ms  (${range})  ×${(m / baseline).toFixed(2)}`)
}
