// The recording proxy's cost: the same request straight to a local upstream and through
// `genmock --proxy` (the built dist/cli.cjs, in a process of its own; the upstream in another),
// interleaved, one at a time over kept-alive connections. Prints the medians and the overhead
// (target: at most 2 ms at the median). Run: `npm run build && node --import tsx test/bench/proxy.ts`;
// BENCH_REQUESTS sets the requests per side (default 2000).
import { spawn, type ChildProcess } from 'node:child_process'
import { Agent, request } from 'node:http'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const N = Number(process.env.BENCH_REQUESTS ?? 2000)
const say = (line = '') => process.stdout.write(`${line}\n`)

/** A task snapshot as the service might answer a read: the body the proxy keeps and compares. */
const UPSTREAM = `
const { createServer } = require('node:http')
const body = JSON.stringify({ taskId: 't1', id: 't1', type: 'image', status: 0, model: 'base-image-2', prompt: 'a fox',
  creditsUsed: 4, creditRefunded: false, providerTaskId: 'p1', requestId: 'r1', httpRequestId: 'h1',
  submissionUncertain: false, effectiveWatermark: false, demo: false,
  createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' })
const server = createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body))
server.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port))
`

function started(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
      const found = pattern.exec(out)?.[1]
      if (found) resolve(found)
    })
    child.on('exit', (code) => reject(new Error(`exited ${code} before starting:\n${out}`)))
  })
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 })
function timed(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now()
    request(`${url}/api/ai/tasks/t1`, { agent, headers: { authorization: 'Bearer sk_live_bench' } }, (res) => {
      res.resume().on('end', () => resolve(performance.now() - t0))
    })
      .on('error', reject)
      .end()
  })
}

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]!

const upstream = spawn(process.execPath, ['-e', UPSTREAM], { stdio: ['ignore', 'pipe', 'inherit'] })
const upstreamUrl = await started(upstream, /(http:\/\/\S+)/)
// --log silent (no request lines to write) prints no banner: genmock gets a free port, and is ready when healthy.
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number }
    probe.close(() => resolve(port))
  })
})
const proxy = spawn(
  process.execPath,
  ['dist/cli.cjs', '--port', String(port), '--log', 'silent', '--proxy', upstreamUrl],
  { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
)
const proxyUrl = `http://127.0.0.1:${port}`
for (
  let tries = 0;
  !(await fetch(`${proxyUrl}/__mock/health`).then(
    (r) => r.ok,
    () => false,
  ));
  tries++
) {
  if (tries > 200 || proxy.exitCode !== null) throw new Error('genmock --proxy did not start')
  await new Promise((resolve) => setTimeout(resolve, 50))
}
try {
  for (let i = 0; i < 200; i++) await Promise.all([timed(upstreamUrl), timed(proxyUrl)])
  const direct: number[] = []
  const proxied: number[] = []
  for (let i = 0; i < N; i++) {
    direct.push(await timed(upstreamUrl))
    proxied.push(await timed(proxyUrl))
  }
  const ms = (value: number) => `${value.toFixed(3)} ms`
  say(`proxy bench: ${N} task reads each way, one at a time, kept-alive connections`)
  say(`  direct   median ${ms(quantile(direct, 0.5))}  p99 ${ms(quantile(direct, 0.99))}`)
  say(`  proxied  median ${ms(quantile(proxied, 0.5))}  p99 ${ms(quantile(proxied, 0.99))}`)
  const overhead = quantile(proxied, 0.5) - quantile(direct, 0.5)
  say(`  overhead at the median ${ms(overhead)} (target ≤ 2 ms): ${overhead <= 2 ? 'ok' : 'OVER'}`)
  const drift = await (await fetch(`${proxyUrl}/__mock/drift`)).json()
  say(`  compared ${(drift as { observations: { exchanges: number } }).observations.exchanges} exchanges`)
} finally {
  agent.destroy()
  proxy.kill('SIGINT')
  upstream.kill()
}
