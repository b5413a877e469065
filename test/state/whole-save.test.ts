import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Drift } from '../../src/drift/drift-state.js'
import { Engine } from '../../src/engine/engine.js'
import { SERVICE_ROUTES } from '../../src/handlers/route-table.js'
import { StateKeeper } from '../../src/node/state/state-keeper.js'

/** A whole save made a slice at a time writes the state once (docs/state.md, Crash safety and cost). */
describe('a whole save', () => {
  it('writes its body once: the header line holds its size and checksum, not its chunks', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'genmock-whole-save-'))
    const engine = new Engine({ seed: 7, clock: { mode: 'manual' } })
    const keeper = new StateKeeper(engine, new Drift(SERVICE_ROUTES), { dir, save: 'manual' }, 'test')
    const alice = engine.authenticate({ kind: 'key', key: 'sk_test_alice' })
    for (let i = 0; i < 200; i++) await engine.submit(alice, 'image', { model: 'base-image-2', prompt: 'a fox' })
    await keeper.compact()
    await keeper.close()
    const text = readFileSync(join(dir, 'state.json'), 'utf8')
    const header = text.slice(0, text.indexOf('\n'))
    const body = text.slice(header.length + 1)
    expect(header.length).toBeLessThan(400)
    expect(JSON.parse(header)).toMatchObject({ bytes: Buffer.byteLength(body) })
    expect(Buffer.byteLength(text)).toBeLessThan(Buffer.byteLength(body) * 1.01)
  })

  it('comes once the log is larger than 4 MB and than twice state.json, not before', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'genmock-compaction-'))
    const engine = new Engine({ seed: 7, clock: { mode: 'manual' } })
    const keeper = new StateKeeper(engine, new Drift(SERVICE_ROUTES), { dir, save: 'manual' }, 'test')
    const { apiKey } = engine.createAccount({ credits: 1_000_000 })
    const rich = engine.authenticate({ kind: 'key', key: apiKey })
    const size = (file: string) => statSync(join(dir, file)).size
    const generation = () => {
      const text = readFileSync(join(dir, 'state.json'), 'utf8')
      return (JSON.parse(text.slice(0, text.indexOf('\n'))) as { generation: number }).generation
    }
    /**
     * Saves batches of 50 tasks of 20 kB prompts (about 1 MB a line) until a save writes the whole state;
     * past 40 MB of log without one, compaction is broken and the test says so rather than run out its time.
     */
    const saveUntilWhole = async () => {
      const before = generation()
      for (let batch = 0; batch < 40; batch++) {
        for (let i = 0; i < 50; i++)
          await engine.submit(rich, 'image', { model: 'base-image-2', prompt: `${batch}-${i}-`.padEnd(20_000, 'x') })
        const log = size('changes.log')
        await keeper.save()
        if (generation() !== before) return log
      }
      throw new Error(`no whole save after 40 MB of log (state.json ${size('state.json')} bytes)`)
    }
    const MB = 1024 * 1024
    try {
      // A small state.json: the log grows to 4 MB first, then one more line, which is written whole.
      const first = await saveUntilWhole()
      expect(first).toBeGreaterThan(4 * MB)
      expect(first).toBeLessThan(6 * MB)
      expect(size('changes.log')).toBeLessThan(4096)
      // state.json of over 4 MB now: the log outgrows twice its size first (a line of about 1 MB each).
      const state = size('state.json')
      expect(state).toBeGreaterThan(4 * MB)
      const log = await saveUntilWhole()
      expect(log).toBeGreaterThan(2 * state)
      expect(log).toBeLessThan(2 * state + 2 * MB)
    } finally {
      await keeper.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
