// The task store's index alone (src/lib/id-index.ts) at the size a busy run reaches: ns to add a record,
// to look for an id that is not there (what each new task's id is checked by) and to find one that is,
// read in a scattered order. Each figure is taken in a fresh process on core 0, rounds interleaved; with
// BENCH_AGAINST=DIR, another checkout's index is measured beside this one, round by round (docs/performance.md,
// Memory per task). Run: node --import tsx test/bench/store-index.ts. Env: BENCH_ROUNDS (3), BENCH_RECORDS
// (190,000: the index then three quarters full, where probes are longest).
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { median } from './load.js'
import { childRounds, ROOT } from './targets.js'

const MEASURES = ['add', 'absent', 'present'] as const
const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** In a child: ns per operation of each measure, with `dir`'s index. */
async function child(dir: string, records: number): Promise<number[]> {
  const { IdIndex } = await import(pathToFileURL(join(dir, 'src/lib/id-index.ts')).href)
  let seed = 7
  const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32
  const newId = () => {
    let id = 'tsk_'
    for (let i = 0; i < 20; i++) id += ID_CHARS[Math.floor(random() * ID_CHARS.length)]
    return id
  }
  const ids = Array.from({ length: records }, newId)
  const others = Array.from({ length: records }, newId)
  const index = new IdIndex()
  let started = performance.now()
  for (let n = 0; n < records; n++) index.set({ id: ids[n]!, n })
  const add = performance.now() - started
  let found = 0
  started = performance.now()
  for (let round = 0; round < 5; round++) for (const id of others) if (index.has(id)) found++
  const absent = performance.now() - started
  started = performance.now()
  // A stride prime to the count: every record once a round, in an order unlike the one they were added in.
  for (let round = 0; round < 5; round++)
    for (let n = 0; n < records; n++) if (index.get(ids[(n * 7919) % records]!)) found++
  const present = performance.now() - started
  if (found !== 5 * records) throw new Error(`the index found ${found} of ${5 * records}`)
  return [add / records, absent / (5 * records), present / (5 * records)].map((ms) => ms * 1e6)
}

if (process.argv[2] === '--child') {
  const [dir, records] = process.argv.slice(3) as [string, string]
  process.stdout.write(`${JSON.stringify(await child(dir, Number(records)))}\n`)
} else {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
  const records = Number(process.env.BENCH_RECORDS ?? 190_000)
  const figures = childRounds<number[]>(fileURLToPath(import.meta.url), rounds, [`${records}`])
  const names = [...figures.keys()].map((dir) => (dir === ROOT ? 'this checkout' : dir))
  process.stdout.write(`ns per operation at ${records} records, median of ${rounds} interleaved rounds:\n`)
  process.stdout.write(`${'measure'.padEnd(10)}${names.map((name) => name.padStart(22)).join('')}\n`)
  MEASURES.forEach((measure, m) => {
    const cells = [...figures.values()].map((runs) =>
      median(runs.map((ns) => ns[m]!))
        .toFixed(0)
        .padStart(22),
    )
    process.stdout.write(`${measure.padEnd(10)}${cells.join('')}\n`)
  })
}
