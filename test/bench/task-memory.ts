// Memory per stored task (docs/performance.md): the live heap a task adds, measured at 100,000 tasks
// submitted through the route core (as a door hands requests over: the journal, the ledger and the task
// histories do what they do under load), every task kept (maxTasks: Infinity), pending on the real clock
// a server runs (its times are doubles, which a slot keeps in a number box unless made small integers),
// then completed by advancing it. Each figure is taken in a fresh process, the heap measured after full
// collections before and after, divided by the tasks added. With BENCH_AGAINST=DIR, another checkout's
// sources are measured beside these. The target is at most 400 bytes per completed task.
// Run: node --expose-gc --import tsx test/bench/task-memory.ts. Env: BENCH_TASKS (100,000), BENCH_ROUNDS (3).
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { median } from './load.js'
import { routeRequest } from './route-request.js'
import { childRounds, GENERATE_BODY, GENERATE_PATH, ROOT } from './targets.js'

const TARGET_BYTES = 400
const WARM = 1000

/** The live heap after full collections. */
function heap(): number {
  const gc = (globalThis as { gc?: () => void }).gc
  if (!gc) throw new Error('run with node --expose-gc')
  gc()
  gc()
  return process.memoryUsage().heapUsed
}

/** In a child: bytes per task pending and completed, with `dir`'s sources. */
async function child(dir: string, tasks: number): Promise<{ pending: number; completed: number }> {
  const { createSimulator } = await import(pathToFileURL(join(dir, 'src/index.ts')).href)
  const { app, engine } = createSimulator({ maxTasks: Infinity })
  const { apiKey } = engine.createAccount({ credits: 1_000_000_000 })
  const post = routeRequest('POST', GENERATE_PATH, '', GENERATE_BODY, apiKey)
  // The first submissions' one-off costs (code, caches, the journal's and histories' rings filling) first.
  // …and their completion: a server's rows have seen changed times before most of its tasks come.
  for (let i = 0; i < WARM; i++) await app(post)
  engine.advanceClock({ until: 'idle' })
  const before = heap()
  for (let i = 0; i < tasks; i++) {
    const reply = await app(post)
    if (reply.status !== 200) throw new Error(`POST answered ${reply.status}`)
  }
  const pending = (heap() - before) / tasks
  engine.advanceClock({ until: 'idle' })
  const completed = (heap() - before) / tasks
  if (engine.storedTasks !== tasks + WARM) throw new Error(`${engine.storedTasks} tasks stored`)
  return { pending, completed }
}

if (process.argv[2] === '--child') {
  const [dir, tasks] = process.argv.slice(3) as [string, string]
  process.stdout.write(`${JSON.stringify(await child(dir, Number(tasks)))}\n`)
} else {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
  const tasks = Number(process.env.BENCH_TASKS ?? 100_000)
  const figures = childRounds<{ pending: number; completed: number }>(
    fileURLToPath(import.meta.url),
    rounds,
    [`${tasks}`],
    {
      nodeFlags: ['--expose-gc'],
      onCore0: false,
    },
  )
  const checkouts = [...figures.keys()]
  process.stdout.write(
    `Live heap per stored task at ${tasks.toLocaleString('en-US')} tasks, bytes, median of ${rounds}:\n`,
  )
  for (const dir of checkouts) {
    const runs = figures.get(dir)!
    const [pending, completed] = (['pending', 'completed'] as const).map((key) => median(runs.map((r) => r[key])))
    const name = dir === ROOT ? 'this checkout' : dir
    // The target is the stored task's (docs/performance.md, Memory per task): a pending one lives
    // for its scenario's seconds, then it is a completed one for as long as the store keeps it.
    const verdict = completed! <= TARGET_BYTES ? 'PASS' : 'FAIL'
    process.stdout.write(
      `  ${name.padEnd(28)} pending ${Math.round(pending!)}, completed ${Math.round(completed!)}` +
        `   completed: target ≤ ${TARGET_BYTES}: ${verdict}\n`,
    )
  }
}
