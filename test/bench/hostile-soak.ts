// `npm run bench:hostile`: the hostile soak (docs/limits-and-security.md). Two genmock servers, each
// the `genmock` command of a checkout (this one, or SOAK_FROM, built), in processes of their own:
//   - the simulator, default caps, real clock: 1 MB bodies with ~120,000 unknown keys, 1 MB
//     `providerInput`s, keyed submissions (every one retried once with the same key and body) under
//     SOAK_KEYS distinct Idempotency-Keys across SOAK_ACCOUNTS accounts, polls, journal and HAR reads;
//   - a recording proxy (`--proxy --record`) in front of slow upstreams written here, apart from
//     the engine: a body one byte every 250 ms, an endless one, headers that never come.
// RSS of both is read from /proc every SOAK_SAMPLE_SECONDS (15). The run fails (exit 1) when the
// simulator answers a 5xx, its RSS passes SOAK_RSS_MB (300), it grows more than 10 % after warm-up,
// a retry is charged twice or an account's ledger does not add up.
// Env: SOAK_SECONDS (1800), SOAK_FROM (a checkout, for the figure before), SOAK_CONCURRENCY (8).
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const FROM = resolve(process.env.SOAK_FROM ?? ROOT)
const SECONDS = Number(process.env.SOAK_SECONDS ?? 1800)
const SAMPLE_SECONDS = Number(process.env.SOAK_SAMPLE_SECONDS ?? 15)
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 8)
const ACCOUNTS = Number(process.env.SOAK_ACCOUNTS ?? 50)
const KEYS = Number(process.env.SOAK_KEYS ?? 100_000)
const RSS_MB = Number(process.env.SOAK_RSS_MB ?? 300)
/** The machine is shared: a server past this is stopped, and the run reports it. */
const KILL_MB = Number(process.env.SOAK_KILL_MB ?? 1500)
const MB = 1024 * 1024
const say = (line: string) => process.stdout.write(`${line}\n`)
const n = (value: number) => Math.round(value).toLocaleString('en-US')

// ---- bodies ----

/** About 1 MB of JSON: a valid image request plus unknown keys, each one a validation issue. */
function manyKeysBody(): Buffer {
  const parts = ['"model":"base-image-2"', '"prompt":"a fox"']
  for (let i = 0, length = 40; length < MB - 20; i++) {
    const part = `"k${i.toString(36)}":0`
    parts.push(part)
    length += part.length + 1
  }
  return Buffer.from(`{${parts.join(',')}}`)
}
const MANY_KEYS = new Uint8Array(manyKeysBody())
/** Just under 1 MB with a valid body around a huge `providerInput`. */
const BIG_PROVIDER_INPUT = new TextEncoder().encode(
  JSON.stringify({ model: 'base-image-2', prompt: 'a fox', providerInput: { blob: 'x'.repeat(MB - 200) } }),
)

// ---- the servers ----

interface Running {
  url: string
  pid: number
  child: ChildProcess
}

/** `genmock ARGS` from the checkout under test; resolves once its `ready` line names the URL. */
async function genmock(args: string[]): Promise<Running> {
  const cli = join(FROM, 'dist/cli.cjs')
  const child = spawn(process.execPath, [cli, '--port', '0', '--log', 'json', ...args], {
    cwd: FROM,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: child.stdout! })
  const url = await new Promise<string>((done, fail) => {
    lines.on('line', (line) => {
      if (!line.includes('"event":"ready"')) return
      done((JSON.parse(line) as { url: string }).url)
    })
    child.once('exit', (code) => fail(new Error(`genmock ${args.join(' ')} exited with ${code}`)))
  })
  return { url, pid: child.pid!, child }
}

const rssMB = (pid: number): number => {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)
    return line ? Number(line[1]) / 1024 : Number.NaN
  } catch {
    return Number.NaN // exited
  }
}

/** Slow upstreams, one per path: a dribbled body, an endless body, headers that never come, else a quick answer. */
async function slowUpstream(): Promise<Server & { url: string }> {
  const server = createServer((req, res) => {
    req.resume()
    const taskId = `up-${Math.random().toString(36).slice(2)}`
    const body = JSON.stringify({ taskId, status: 0, creditsUsed: 4, echo: req.headers.authorization })
    const mode = Number(req.headers['x-soak-mode'] ?? 0)
    if (mode === 3) return // headers never come
    res.writeHead(200, { 'content-type': 'application/json' })
    if (mode === 0) return res.end(body)
    let i = 0
    const timer = setInterval(() => {
      if (res.destroyed || (mode === 1 && i >= body.length)) {
        clearInterval(timer)
        return res.end()
      }
      res.write(mode === 1 ? body[i++]! : ' ')
    }, 250)
    res.on('close', () => clearInterval(timer))
  })
  server.listen(0, '127.0.0.1')
  await new Promise((done) => server.once('listening', done))
  return Object.assign(server, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })
}

// ---- the clients ----

const counts = {
  requests: 0,
  serverErrors: 0,
  networkErrors: 0,
  manyKeys: 0,
  manyKeysLargestAnswer: 0,
  bigProviderInput: { accepted: 0, refused: 0 },
  keyed: 0,
  retries: 0,
  chargedTwice: 0,
  proxied: { answered: 0, timedOut: 0, cut: 0, clientGaveUp: 0 },
}
const firstErrors: string[] = []
let stopping = false

async function call(base: string, path: string, init: RequestInit & { timeoutMs?: number } = {}) {
  try {
    const res = await fetch(base + path, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 60_000) })
    const body = new Uint8Array(await res.arrayBuffer())
    counts.requests++
    return { status: res.status, body, text: () => new TextDecoder().decode(body) }
  } catch (error) {
    counts.networkErrors++
    const cause = (error as { cause?: { code?: string } }).cause?.code
    if (firstErrors.length < 5) firstErrors.push(`${path}: ${(error as Error).message}${cause ? ` (${cause})` : ''}`)
    return undefined
  }
}

const json = (key: string, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${key}`,
  'content-type': 'application/json',
  ...extra,
})

async function simulatorClient(sim: string, keys: string[], id: number): Promise<void> {
  let keyed = 0
  for (let i = 0; !stopping; i++) {
    const account = (id + i * CONCURRENCY) % keys.length
    const key = keys[account]!
    const headers = json(key)
    const check = (status: number | undefined, path: string) => {
      if (status !== undefined && status >= 500) {
        counts.serverErrors++
        if (firstErrors.length < 5) firstErrors.push(`${path}: ${status}`)
      }
    }
    if (i % 20 === 7) {
      const res = await call(sim, '/api/ai/image/generate', { method: 'POST', headers, body: MANY_KEYS })
      check(res?.status, 'many keys')
      counts.manyKeys++
      counts.manyKeysLargestAnswer = Math.max(counts.manyKeysLargestAnswer, res?.body.byteLength ?? 0)
      continue
    }
    if (i % 20 === 13) {
      const res = await call(sim, '/api/ai/image/generate', { method: 'POST', headers, body: BIG_PROVIDER_INPUT })
      check(res?.status, 'big providerInput')
      if (res?.status === 200) counts.bigProviderInput.accepted++
      else counts.bigProviderInput.refused++
      continue
    }
    // A keyed submission under a key never used before (up to SOAK_KEYS of them), then its retry.
    const idempotencyKey = `soak-${id}-${keyed++ % Math.ceil(KEYS / CONCURRENCY)}-${account}`
    const body = JSON.stringify({ model: 'base-image-2', prompt: `soak ${idempotencyKey}` })
    const init = { method: 'POST', headers: { ...headers, 'idempotency-key': idempotencyKey }, body }
    const first = await call(sim, '/api/ai/image/generate', init)
    check(first?.status, 'keyed')
    if (first?.status !== 200) continue
    counts.keyed++
    const retry = await call(sim, '/api/ai/image/generate', init)
    check(retry?.status, 'retry')
    counts.retries++
    const taskOf = (text: string) => (JSON.parse(text) as { taskId: string }).taskId
    if (retry?.status === 200 && taskOf(retry.text()) !== taskOf(first.text())) counts.chargedTwice++
    if (i % 5 === 0) check((await call(sim, `/api/ai/tasks/${taskOf(first.text())}`, { headers }))?.status, 'poll')
  }
}

async function reader(sim: string): Promise<void> {
  while (!stopping) {
    for (const path of ['/__mock/requests?limit=1000', '/__mock/requests.har?limit=200', '/__mock/tasks?limit=1000']) {
      const res = await call(sim, path)
      if (res && res.status >= 500) counts.serverErrors++
    }
    await new Promise((done) => setTimeout(done, 2000))
  }
}

async function proxyClient(proxy: string, id: number): Promise<void> {
  for (let i = 0; !stopping; i++) {
    const mode = (id + i) % 4
    try {
      const res = await fetch(`${proxy}/api/ai/image/generate`, {
        method: 'POST',
        headers: json('RealServiceKey-0123456789abcdef', { 'x-soak-mode': String(mode) }),
        body: JSON.stringify({ model: 'base-image-2', prompt: 'a slow fox' }),
        signal: AbortSignal.timeout(20_000),
      })
      await res.arrayBuffer()
      if (res.status === 504) counts.proxied.timedOut++
      else counts.proxied.answered++
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') counts.proxied.clientGaveUp++
      else counts.proxied.cut++
    }
  }
}

// ---- the run ----

interface Sample {
  seconds: number
  simulatorMB: number
  proxyMB: number
  requests: number
  keyed: number
}

const dir = mkdtempSync(join(os.tmpdir(), 'genmock-hostile-'))
const upstream = await slowUpstream()
const sim = await genmock([])
const proxy = await genmock(['--proxy', upstream.url, '--record', join(dir, 's.har'), '--proxy-timeout', '3'])
say(
  `genmock hostile soak (${FROM}): ${SECONDS} s, ${CONCURRENCY} clients on the simulator, 4 on the proxy, ` +
    `${ACCOUNTS} accounts, up to ${n(KEYS)} Idempotency-Keys, RSS every ${SAMPLE_SECONDS} s, bound ${RSS_MB} MB`,
)

const keys: string[] = []
const opening = 100_000_000
for (let a = 0; a < ACCOUNTS; a++) {
  const res = await call(sim.url, '/__mock/accounts', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ credits: opening, name: `soak ${a}` }),
  })
  keys.push((JSON.parse(res!.text()) as { apiKey: string }).apiKey)
}

const samples: Sample[] = []
const started = performance.now()
const sample = () => {
  const s: Sample = {
    seconds: Math.round((performance.now() - started) / 1000),
    simulatorMB: rssMB(sim.pid),
    proxyMB: rssMB(proxy.pid),
    requests: counts.requests,
    keyed: counts.keyed,
  }
  samples.push(s)
  say(
    `${String(s.seconds).padStart(5)} s  simulator rss ${n(s.simulatorMB).padStart(5)} MB  ` +
      `proxy rss ${n(s.proxyMB).padStart(5)} MB  requests ${n(s.requests).padStart(8)}  keys ${n(s.keyed).padStart(7)}`,
  )
}
sample()
const sampler = setInterval(sample, SAMPLE_SECONDS * 1000)
let killedAt = Number.NaN
const guard = setInterval(() => {
  const rss = rssMB(sim.pid)
  if (!(rss > KILL_MB)) return
  killedAt = Math.round((performance.now() - started) / 1000)
  say(`simulator RSS ${n(rss)} MB > ${KILL_MB} MB at ${killedAt} s: stopped (SOAK_KILL_MB)`)
  sim.child.kill('SIGKILL')
  clearInterval(guard)
}, 500)
const clients = [
  ...Array.from({ length: CONCURRENCY }, (_, id) => simulatorClient(sim.url, keys, id)),
  ...Array.from({ length: 4 }, (_, id) => proxyClient(proxy.url, id)),
  reader(sim.url),
]
await new Promise((done) => setTimeout(done, SECONDS * 1000))
stopping = true
await Promise.all(clients)
clearInterval(sampler)
clearInterval(guard)
sample()

// Ledgers: every account's credits are its opening plus the signed sum of its ledger.
let unbalanced = 0
if (!Number.isNaN(rssMB(sim.pid))) {
  for (const account of (
    JSON.parse((await call(sim.url, '/__mock/accounts'))!.text()) as { accounts: { id: string }[] }
  ).accounts) {
    const detail = JSON.parse((await call(sim.url, `/__mock/accounts/${account.id}`))!.text()) as {
      credits: number
      ledger: { entries?: { amount: number }[] } | { amount: number }[]
      olderSums?: Record<string, number>
    }
    const entries = Array.isArray(detail.ledger) ? detail.ledger : (detail.ledger.entries ?? [])
    const older = Object.values(detail.olderSums ?? {}).reduce((a, b) => a + b, 0)
    if (older + entries.reduce((sum, e) => sum + e.amount, 0) !== detail.credits) unbalanced++
  }
}
sim.child.kill('SIGTERM')
proxy.child.kill('SIGTERM')
upstream.close()
rmSync(dir, { recursive: true, force: true })

const alive = samples.filter((s) => !Number.isNaN(s.simulatorMB))
const peak = Math.max(...alive.map((s) => s.simulatorMB))
const proxyPeak = Math.max(...samples.filter((s) => !Number.isNaN(s.proxyMB)).map((s) => s.proxyMB))
const settled = alive[Math.floor(alive.length / 3)]
const last = alive.at(-1)
const growth = settled && last ? (last.simulatorMB - settled.simulatorMB) / settled.simulatorMB : 0
const crashed = alive.length < samples.length
const problems = [
  crashed ? `the simulator died after ${alive.at(-1)?.seconds ?? 0} s` : '',
  Number.isNaN(killedAt) ? '' : `the simulator passed ${KILL_MB} MB at ${killedAt} s`,
  counts.serverErrors > 0 ? `${counts.serverErrors} answers 5xx` : '',
  peak > RSS_MB ? `simulator RSS peaked at ${n(peak)} MB > ${RSS_MB} MB` : '',
  growth > 0.1 ? `simulator RSS grew ${(growth * 100).toFixed(1)} % after warm-up` : '',
  counts.chargedTwice > 0 ? `${counts.chargedTwice} retries charged twice` : '',
  unbalanced > 0 ? `${unbalanced} ledgers do not add up` : '',
].filter(Boolean)
say(
  `simulator RSS: peak ${n(peak)} MB, ${n(settled?.simulatorMB ?? 0)} MB at ${settled?.seconds ?? 0} s → ` +
    `${n(last?.simulatorMB ?? 0)} MB at ${last?.seconds ?? 0} s (${(growth * 100).toFixed(1)} %); ` +
    `proxy peak ${n(proxyPeak)} MB`,
)
say(JSON.stringify(counts))
if (firstErrors.length > 0) say(`first errors: ${firstErrors.join('; ')}`)
say(problems.length === 0 ? 'hostile soak: ok' : `hostile soak: FAILED: ${problems.join('; ')}`)
mkdirSync(join(ROOT, 'test/artifacts'), { recursive: true })
const result = { at: new Date().toISOString(), from: FROM, seconds: SECONDS, counts, problems, samples }
writeFileSync(join(ROOT, 'test/artifacts/hostile-soak.json'), `${JSON.stringify(result, null, 2)}\n`)
process.exit(problems.length === 0 ? 0 : 1)
