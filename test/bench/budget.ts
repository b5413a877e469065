// What a request may cost beyond bare node:http, for each ratio the targets ask (docs/performance.md, The
// budget): bare node:http answering genmock's own bytes, made slower by a busy wait of N µs per request,
// loaded as bench:sustained loads it (server pinned to core 0, autocannon on core 1, 50 connections,
// rounds of 10 s, every server fresh), beside bare node:http itself and genmock, in the same rounds. Each
// ratio is to bare node:http in the same round; genmock's is then read as "bare node:http made X µs
// slower", between the two burns its ratio falls between.
//   node --import tsx test/bench/budget.ts        (about 4 minutes with the defaults)
// Env: BENCH_BURNS (10,20,40,60: µs), BENCH_ROUNDS (3), BENCH_SECONDS (10), BENCH_CONNECTIONS (50),
// BENCH_MAX_TASKS (1000000, as bench:sustained).
import { load, median } from './load.js'
import { type Endpoint, endpointLoad, pinBench, prepareGenmock, startChild, type Fixed } from './targets.js'

const BURNS = (process.env.BENCH_BURNS ?? '10,20,40,60').split(',').map(Number)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const MAX_TASKS = Number(process.env.BENCH_MAX_TASKS ?? 1_000_000)
/** Issue 49's ratios to bare node:http. */
const TARGETS = { GET: 0.8, POST: 0.6 } as const

/** bare node:http made `burn` µs slower (0: bare itself), or genmock. */
type Stack = number | 'genmock'

const say = (line = '') => process.stdout.write(`${line}\n`)

const request = (endpoint: Endpoint, url: string, taskId: string, key: string) =>
  endpointLoad(endpoint, url, taskId, key, { connections: CONNECTIONS, seconds: SECONDS })

/** Requests per second of one fresh server of `stack`, loaded once. */
async function rate(stack: Stack, endpoint: Endpoint, fixed: Fixed): Promise<number> {
  if (stack === 'genmock') {
    const ready = await prepareGenmock(await startChild('genmock', { maxTasks: MAX_TASKS }))
    try {
      return (await load(request(endpoint, ready.url, ready.taskId, ready.richKey))).rps
    } finally {
      await ready.close()
    }
  }
  const bare = await startChild('bare', { fixed, burn: stack })
  try {
    return (await load(request(endpoint, bare.url, 'task', 'key'))).rps
  } finally {
    await bare.close()
  }
}

/** The burn, in µs, at which bare node:http's ratio would be `ratio`, between the two measured around it. */
function burnAt(ratio: number, burns: number[], ratios: number[]): string {
  if (ratios.some((r, i) => i > 0 && r > ratios[i - 1]!)) return 'unknown µs (a slower bare answered faster: noise)'
  for (let i = 1; i < burns.length; i++)
    if (ratios[i]! <= ratio && ratio <= ratios[i - 1]!) {
      const share = (ratios[i - 1]! - ratio) / (ratios[i - 1]! - ratios[i]!)
      return `${Math.round(burns[i - 1]! + share * (burns[i]! - burns[i - 1]!))} µs`
    }
  return ratio > ratios[0]! ? `under ${burns[1]} µs` : `over ${burns.at(-1)} µs`
}

say(`genmock budget bench: ${pinBench()}`)
const first = await prepareGenmock(await startChild('genmock', { maxTasks: MAX_TASKS }))
await first.close()
const burns = [0, ...BURNS.filter((burn) => burn > 0)]
const stacks: Stack[] = [...burns, 'genmock']
const ratios = new Map<string, number[]>()
for (let round = 0; round < ROUNDS; round++)
  for (const endpoint of ['GET', 'POST'] as const) {
    const rates = new Map<Stack, number>()
    // The order turns each round, so that no server always follows the same one.
    for (let i = 0; i < stacks.length; i++) {
      const stack = stacks[(i + round) % stacks.length]!
      rates.set(stack, await rate(stack, endpoint, first.fixed))
    }
    for (const stack of stacks) {
      const key = `${endpoint} ${stack}`
      ratios.set(key, [...(ratios.get(key) ?? []), rates.get(stack)! / rates.get(0)!])
    }
    say(`  round ${round + 1} ${endpoint}: ${stacks.map((s) => `${s}=${Math.round(rates.get(s)!)}`).join(' ')} req/s`)
  }

say(
  `\nRatio to bare node:http in the same round, median of ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections`,
)
say(`${'server'.padEnd(34)}${'GET'.padStart(8)}${'POST'.padStart(8)}`)
const medianOf = (endpoint: Endpoint, stack: Stack) => median(ratios.get(`${endpoint} ${stack}`)!)
for (const stack of stacks) {
  const name = stack === 'genmock' ? 'genmock' : stack === 0 ? 'bare node:http' : `bare node:http + ${stack} µs`
  const cells = (['GET', 'POST'] as const).map((endpoint) => medianOf(endpoint, stack).toFixed(2).padStart(8))
  say(`${name.padEnd(34)}${cells.join('')}`)
}
say()
for (const endpoint of ['GET', 'POST'] as const) {
  const curve = burns.map((burn) => medianOf(endpoint, burn))
  const genmock = burnAt(medianOf(endpoint, 'genmock'), burns, curve)
  say(
    `${endpoint}: genmock answers as bare node:http made ${genmock} slower; ` +
      `the target ${TARGETS[endpoint]} allows ${burnAt(TARGETS[endpoint], burns, curve)}`,
  )
}
