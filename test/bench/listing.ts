// `node --import tsx test/bench/listing.ts`: how long the control API's task listing takes with
// 50k and 100k stored tasks: the first page (`limit=100`), the next one, and one far down, each
// through the route core as a door calls it. Env: LISTING_SIZES (default 50000,100000).
import { buildSimulator } from '../../src/simulator.js'
import { routeRequest as request } from './route-request.js'

const SIZES = (process.env.LISTING_SIZES ?? '50000,100000').split(',').map(Number)
const say = (line: string) => process.stdout.write(`${line}\n`)
for (const size of SIZES) {
  const { engine, app } = buildSimulator({ seed: 7, clock: { mode: 'manual' }, maxTasks: size })
  const { apiKey } = engine.createAccount({ credits: 100 * size })
  const body = JSON.stringify({ model: 'base-image-2', prompt: 'a fox' })
  for (let i = 0; i < size; i++) await app(request('POST', '/api/ai/image/generate', '', body, apiKey))
  const time = async (label: string, query: string) => {
    const started = performance.now()
    const reply = await app(request('GET', '/__mock/tasks', query))
    const ms = performance.now() - started
    const json = reply && 'bytes' in reply ? JSON.parse(String(reply.bytes)) : {}
    say(`${size} tasks, ${label}: ${ms.toFixed(1)} ms (${json.tasks?.length} rows, total ${json.total})`)
    return json as { nextCursor?: string }
  }
  const first = await time('first page, limit=100', 'limit=100')
  await time('the same again', 'limit=100')
  if (first.nextCursor) await time('the next page (cursor)', `limit=100&cursor=${first.nextCursor}`)
  await time('a page at offset 40000', 'limit=100&offset=40000')
}
