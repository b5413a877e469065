// The route core and the engine in-process, with no HTTP: what a POST and a GET cost genmock itself,
// engine.submit alone, and a POST as a server under load runs it, its earlier tasks finishing and
// evicted at the rate it submits (docs/performance.md). Each figure is taken in a fresh process on
// core 0, rounds interleaved; with BENCH_AGAINST=DIR, another checkout's sources are measured beside
// these, round by round. Run: node --import tsx test/bench/route-core.ts. Env: BENCH_ROUNDS (5),
// BENCH_OPS (50,000 per measure, after 20,000 to warm up; 150,000 for the steady POST).
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { median } from './load.js'
import { routeRequest } from './route-request.js'
import { GENERATE_BODY, pinned, ROOT } from './targets.js'

const MEASURES = ['POST', 'GET', 'submit', 'steady'] as const
type Measure = (typeof MEASURES)[number]
const LABELS: Record<Measure, string> = {
  POST: 'POST /api/ai/image/generate, route core',
  GET: 'GET /api/ai/tasks/{id}, route core',
  submit: 'engine.submit alone',
  steady: 'POST, earlier tasks finishing meanwhile',
}
const WARM = 20_000
/**
 * The steady POST's clock: real time sped up so that, at the rate this loop submits, about as many
 * tasks are pending as in a server answering 6,000 POST/s (images finish 4 to 12 s after submission),
 * and each POST pays, on average, for one task finishing and one evicted, as there. It warms up past
 * the slowest image's 12 simulated seconds.
 */
const STEADY = { speed: 4, warm: 150_000 }

/** In a child: µs per operation of one measure, with `dir`'s sources. */
async function child(dir: string, measure: Measure, ops: number): Promise<number> {
  const { createSimulator } = await import(pathToFileURL(join(dir, 'src/index.ts')).href)
  const clock = measure === 'steady' ? { mode: 'real', speed: STEADY.speed } : { mode: 'manual' }
  const { app, engine } = createSimulator({ clock })
  // Set up through the engine's own methods, which the checkout before the restructure has too.
  const { apiKey } = engine.createAccount({ credits: 1_000_000_000 })
  const account = engine.authenticate({ kind: 'key', key: apiKey })
  const { response } = await engine.submit(account, 'image', JSON.parse(GENERATE_BODY), {})
  const post = routeRequest('POST', '/api/ai/image/generate', '', GENERATE_BODY, apiKey)
  const get = routeRequest('GET', `/api/ai/tasks/${response.taskId}`, '', '', apiKey)
  const once: () => Promise<unknown> =
    measure === 'submit'
      ? () => engine.submit(account, 'image', JSON.parse(GENERATE_BODY), {})
      : () => app(measure === 'GET' ? get : post)
  for (let i = 0; i < (measure === 'steady' ? STEADY.warm : WARM); i++) await once()
  const started = performance.now()
  for (let i = 0; i < ops; i++) await once()
  return ((performance.now() - started) * 1000) / ops
}

if (process.argv[2] === '--child') {
  const [dir, measure, ops] = process.argv.slice(3) as [string, Measure, string]
  process.stdout.write(`${await child(dir, measure, Number(ops))}\n`)
} else {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 5)
  const ops = Number(process.env.BENCH_OPS ?? 50_000)
  const checkouts = [ROOT, ...(process.env.BENCH_AGAINST ? [process.env.BENCH_AGAINST] : [])]
  const self = fileURLToPath(import.meta.url)
  const figures = new Map<string, number[]>()
  for (let round = 0; round < rounds; round++)
    for (const measure of MEASURES)
      for (const dir of checkouts) {
        const [command, args] = pinned(process.execPath, ['--import', 'tsx', self, '--child', dir, measure, `${ops}`])
        const micros = Number(execFileSync(command, args, { cwd: ROOT, encoding: 'utf8' }))
        figures.set(`${measure} ${dir}`, [...(figures.get(`${measure} ${dir}`) ?? []), micros])
      }
  const names = checkouts.map((dir) => (dir === ROOT ? 'this checkout' : dir))
  process.stdout.write(`µs per operation, median of ${rounds} interleaved rounds, each a fresh process:\n`)
  process.stdout.write(`${'measure'.padEnd(42)}${names.map((name) => name.padStart(18)).join('')}\n`)
  for (const measure of MEASURES) {
    const cells = checkouts.map((dir) =>
      median(figures.get(`${measure} ${dir}`)!)
        .toFixed(2)
        .padStart(18),
    )
    process.stdout.write(`${LABELS[measure].padEnd(42)}${cells.join('')}\n`)
  }
}
