import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Drift } from '../../src/drift/drift-state.js'
import { Engine } from '../../src/engine/engine.js'
import { SERVICE_ROUTES } from '../../src/handlers/route-table.js'
import { StateKeeper } from '../../src/node/state/state-keeper.js'
import { buildSimulation, serveSimulation } from '../../src/simulator.js'
import { appSender, START } from './mixed-load.js'

/**
 * Group commit with `request` (docs/state.md, Save strategies: what each can lose): requests that
 * arrive together share one log line, so one write and one fsync, and none is answered before
 * that line is durable.
 */

const IMAGE = { model: 'base-image-2', prompt: 'a fox' }
const options = () => ({ seed: 7, clock: { mode: 'manual' as const, start: START, wallNow: () => START } })

function kept(dir: string) {
  const simulation = buildSimulation(options())
  const keeper = new StateKeeper(simulation.engine, simulation.drift, { dir, save: 'request' }, 'test')
  return { ...serveSimulation(simulation, { save: keeper }), keeper }
}

const logLines = (dir: string) => readFileSync(join(dir, 'changes.log'), 'utf8').split('\n').filter(Boolean)

describe('request: group commit', () => {
  it('eight submissions arriving together share one log line, and each is in it when answered', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'genmock-group-commit-'))
    const { app, keeper } = kept(dir)
    const send = appSender(app)
    const before = logLines(dir).length
    const seen: number[] = []
    // Each from a callback of its own, as a server reads each connection's request.
    const apart = () => new Promise<void>((resolve) => setImmediate(resolve))
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        apart()
          .then(() => send('POST', '/api/ai/image/generate', IMAGE))
          .then((answer) => {
            // Answered only once the line is written: it is in the file already.
            seen.push(logLines(dir).length)
            return answer
          }),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200))
    expect(logLines(dir).length - before, 'log lines for eight requests').toBe(1)
    expect(seen.every((lines) => lines === before + 1)).toBe(true)
    const [line] = logLines(dir).slice(before)
    for (const { body } of answers) expect(line).toContain(body!.taskId!)

    // Requests that arrive while a write is under way share the next one.
    const first = send('POST', '/api/ai/image/generate', IMAGE)
    await new Promise((resolve) => setImmediate(resolve))
    const later = await Promise.all([
      first,
      ...Array.from({ length: 4 }, () => send('POST', '/api/ai/image/generate', IMAGE)),
    ])
    expect(later.map((a) => a.status)).toEqual(Array(5).fill(200))
    expect(logLines(dir).length - before).toBeLessThanOrEqual(3)
    await keeper.close()

    // All of them read back.
    const engine = new Engine(options())
    const reader = new StateKeeper(engine, new Drift(SERVICE_ROUTES), { dir, save: 'manual' }, 'test')
    expect(engine.storedTasks).toBe(13)
    await reader.close()
  })
})
