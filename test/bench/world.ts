// A world's cost in-process (docs/test-kit.md): what each test of genmock/vitest or
// genmock/jest pays before it starts, a fresh account with its own key and clock through the
// control API. Run: node --import tsx test/bench/world.ts. The budget is 2 ms per world.
import { performance } from 'node:perf_hooks'
import { createSimulator } from '../../src/index.js'
import { appControl, createWorld } from '../../src/kit/test-world.js'

export const BUDGET_MS = 2
const WARM = 200
const MEASURED = 2000

const simulator = createSimulator({ clock: { mode: 'manual' } })
const control = appControl(simulator.app, 'https://genmock.test')
for (let i = 0; i < WARM; i++) await createWorld(control, 'https://genmock.test')
const times: number[] = []
for (let i = 0; i < MEASURED; i++) {
  const started = performance.now()
  await createWorld(control, 'https://genmock.test')
  times.push(performance.now() - started)
}
times.sort((a, b) => a - b)
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(3)
process.stdout.write(
  `world creation in-process, ${MEASURED} worlds (after ${WARM} warm-up): median ${at(0.5)} ms, p95 ${at(0.95)} ms, ` +
    `p99 ${at(0.99)} ms, max ${at(1)} ms (budget ${BUDGET_MS} ms)\n`,
)
process.exitCode = Number(at(0.95)) > BUDGET_MS ? 1 : 0
