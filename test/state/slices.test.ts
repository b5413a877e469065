import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { SavedEngine } from '../../src/engine/saved-state.js'
import { StateReplay } from '../../src/engine/state-replay.js'
import { createSimulator } from '../../src/index.js'
import { toTable } from '../../src/lib/keyed-table.js'
import { bodyInSlices } from '../../src/node/state/kept-files.js'
import { keptDocumentSlices } from '../../src/snapshot/kept-document.js'
import { appSender, normal, START } from './mixed-load.js'

/**
 * A whole state.json made a slice at a time (docs/state.md, Crash safety and cost): requests are
 * answered between the slices, and the folder reads back the state it was taken from, with what
 * changed meanwhile in the log's next line. The slices end every 256 rows (`sliceMs` 0), not after
 * some milliseconds: on a fast machine 10,000 rows took less than one slice's time, and there was
 * nothing between.
 */

const options = () => ({
  seed: 5,
  clock: { mode: 'manual' as const, start: START, wallNow: () => START },
  maxTasks: 50_000,
  sleep: async () => {},
})
const IMAGE = { model: 'base-image-2', prompt: 'a fox' }

async function simulatorWith(tasks: number) {
  const simulator = createSimulator(options())
  const { engine } = simulator
  engine.patchAccount('acct_alice', { credits: 1_000_000_000 })
  const alice = engine.authenticate({ kind: 'key', key: 'sk_test_alice' })
  for (let i = 0; i < tasks; i++) {
    await engine.submit(alice, 'image', IMAGE)
    if (i % 3 === 0) engine.advanceClock(6)
  }
  return simulator
}

describe('a whole state made a slice at a time', () => {
  it('is the snapshot document, with the size and checksum its header gives', async () => {
    const { engine, drift } = await simulatorWith(500)
    const body = await bodyInSlices(keptDocumentSlices(engine, drift, 0))
    // Rows 0–255, then rows 256–499 with the columns.
    expect(body.chunks.length).toBe(2)
    const text = body.chunks.join('')
    expect(body.bytes).toBe(Buffer.byteLength(text))
    expect(body.sha256).toBe(createHash('sha256').update(text).digest('hex'))
    const saved = JSON.parse(text) as SavedEngine & { drift: unknown }
    expect(saved.drift).toEqual(JSON.parse(JSON.stringify(drift.save())))
    const { drift: _, ...engineSaved } = saved
    expect(normal(engineSaved)).toEqual(normal(JSON.parse(JSON.stringify(engine.save()))))
  })

  // A limit against hanging only, generous: 3,000 tasks made first take a second on a busy machine.
  it('lets requests be answered meanwhile; what they change is in the next line, and it all reads back', {
    timeout: 60_000,
  }, async () => {
    const { engine, drift, app } = await simulatorWith(3_000)
    const send = appSender(app)
    let answered = 0
    let done = false
    const writing = bodyInSlices(keptDocumentSlices(engine, drift, 0)).finally(() => {
      done = true
    })
    // Requests that change tasks the slices have yet to write, and make new ones: one per turn of
    // the event loop, as a server's arrive.
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve))
      await send('POST', '/__mock/clock/advance', { seconds: 2 })
      await send('POST', '/api/ai/image/generate', IMAGE)
      answered++
    }
    const body = await writing
    // 12 slices (the last with the columns), a turn after each: 12 answered as the turns are queued now, 11 if
    // the writing's last turn came before the loop's. One slice, as on a fast host with 5 ms slices, gave 1.
    expect(answered).toBeGreaterThanOrEqual(11)
    const { drift: _, ...written } = JSON.parse(body.chunks.join('')) as SavedEngine & { drift: unknown }
    const replay = new StateReplay(written)
    replay.apply(JSON.parse(JSON.stringify(engine.saving.takeChanges())))
    const { saved, records } = replay.result()
    saved.tasks.records = toTable(records)
    const restored = createSimulator(options())
    restored.engine.restore(saved)
    expect(normal(restored.engine.save())).toEqual(normal(engine.save()))
  })
})
