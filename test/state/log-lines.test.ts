import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Drift } from '../../src/drift/drift-state.js'
import { Engine } from '../../src/engine/engine.js'
import { SERVICE_ROUTES } from '../../src/handlers/route-table.js'
import { createSimulator } from '../../src/index.js'
import { logLine } from '../../src/node/state/state-dir.js'
import { StateKeeper } from '../../src/node/state/state-keeper.js'
import { appSender, START } from './mixed-load.js'
import { oldStateFile } from './old-folders.js'

/**
 * A changes.log line says how many values the random generator drew, not its 5 kB state
 * (docs/state.md, Crash safety and cost), and the log still replays exactly: a folder read back
 * hands out the very ids the live engine would have handed out next, whether the generator went
 * on, took a new stream (a stale lock), was reset, or was replaced by a snapshot.
 */

const IMAGE = { model: 'base-image-2', prompt: 'a fox' }
const options = () => ({ seed: 7, clock: { mode: 'manual' as const, start: START, wallNow: () => START } })

describe('a log line', () => {
  it('of one submission: 1.5 kB at most (format 1: 7 kB); routed, its journal entry besides', async () => {
    const { app, engine, drift } = createSimulator(options())
    engine.saving.checkpoint()
    await submit(engine)
    const line = logLine(engine.saving.takeChanges()!, 1, drift.takeChanges())
    expect(Buffer.byteLength(line)).toBeLessThan(1536)
    expect(line).toContain('"draws":81')
    expect(line).not.toContain('"words"')
    expect((await appSender(app)('POST', '/api/ai/image/generate', IMAGE)).status).toBe(200)
    const routed = logLine(engine.saving.takeChanges()!, 1, drift.takeChanges())
    const journal = JSON.stringify(engine.journal.list(1)[0])
    expect(Buffer.byteLength(routed) - Buffer.byteLength(journal)).toBeLessThan(1536)
  })
})

/** A keeper on `dir` for a fresh engine: the engine, and the id it would hand out next. */
function keep(dir: string) {
  const engine = new Engine(options())
  const keeper = new StateKeeper(engine, new Drift(SERVICE_ROUTES), { dir, save: 'manual' }, 'test')
  return { engine, keeper }
}

const alice = (engine: Engine) => engine.authenticate({ kind: 'key', key: 'sk_test_alice' })
const submit = async (engine: Engine, times = 1) => {
  const ids: string[] = []
  for (let i = 0; i < times; i++) ids.push((await engine.submit(alice(engine), 'image', IMAGE)).response.taskId)
  return ids
}

/** The folder's files as a crash leaves them, in a folder of their own: read back by a new engine. */
async function readBack(dir: string): Promise<Engine> {
  const copy = mkdtempSync(join(tmpdir(), 'genmock-log-lines-'))
  for (const name of ['state.json', 'changes.log']) copyFileSync(join(dir, name), join(copy, name))
  const { engine, keeper } = keep(copy)
  await keeper.close()
  return engine
}

describe('a folder read back draws what the live engine draws next', () => {
  const cases: [string, (engine: Engine, keeper: StateKeeper) => Promise<void> | void][] = [
    ['after submissions saved line by line', () => {}],
    ['after a reset with another seed', (engine) => void engine.reset(11)],
    ['after a snapshot put in', async (engine) => engine.restore((await readBack(folderOf(engine))).save())],
  ]
  const folders = new Map<Engine, string>()
  const folderOf = (engine: Engine) => folders.get(engine)!

  for (const [name, change] of cases)
    it(name, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'genmock-log-lines-'))
      const { engine, keeper } = keep(dir)
      folders.set(engine, dir)
      for (let i = 0; i < 5; i++) {
        await submit(engine, 3)
        engine.advanceClock(5)
        await keeper.save()
      }
      await change(engine, keeper)
      await submit(engine, 2)
      await keeper.save()
      await submit(engine)
      await keeper.save()
      const restored = await readBack(dir)
      expect(restored.storedTasks).toBe(engine.storedTasks)
      expect(await submit(restored, 3)).toEqual(await submit(engine, 3))
      await keeper.close()
    })

  it('after a stale lock, when the ids come from a new random stream', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'genmock-log-lines-'))
    const first = keep(dir)
    await submit(first.engine, 4)
    await first.keeper.save()
    await first.keeper.close()
    // A lock left by a process that is gone: the next start takes a new stream.
    writeFileSync(join(dir, 'genmock.lock'), JSON.stringify({ pid: 2 ** 22 + 17, host: hostname(), since: '' }))
    const { engine, keeper } = keep(dir)
    expect(keeper.loaded.recovered).toBe(true)
    await submit(engine, 2)
    await keeper.save()
    const restored = await readBack(dir)
    expect(await submit(restored, 3)).toEqual(await submit(engine, 3))
    await keeper.close()
  })
})

describe('a folder of format 1', () => {
  it('(the generator whole on every line) is read, and written anew in format 4 at start', async () => {
    const live = new Engine(options())
    const state = oldStateFile(JSON.stringify(live.saving.checkpoint()), 1)
    let log = ''
    for (let i = 0; i < 3; i++) {
      await submit(live, 2)
      const { draws: _, ...changes } = live.saving.takeChanges()!
      log += logLine({ ...changes, random: live.save().random }, 1)
    }
    const dir = mkdtempSync(join(tmpdir(), 'genmock-log-lines-'))
    writeFileSync(join(dir, 'state.json'), state)
    writeFileSync(join(dir, 'changes.log'), log)
    const { engine, keeper } = keep(dir)
    expect(JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8').split('\n')[0]!).version).toBe(4)
    expect(engine.storedTasks).toBe(6)
    expect(await submit(engine, 3)).toEqual(await submit(live, 3))
    await keeper.close()
  })
})
