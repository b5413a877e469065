import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Drift } from '../../src/drift/drift-state.js'
import { Engine } from '../../src/engine/engine.js'
import { SERVICE_ROUTES } from '../../src/handlers/route-table.js'
import { compactionDue } from '../../src/node/state/kept-files.js'
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

  it('comes once the log is larger than twice state.json, and than 4 MB', () => {
    const MB = 1024 * 1024
    expect(compactionDue(4 * MB, MB)).toBe(false)
    expect(compactionDue(4 * MB + 1, MB)).toBe(true)
    expect(compactionDue(20 * MB, 10 * MB)).toBe(false)
    expect(compactionDue(20 * MB + 1, 10 * MB)).toBe(true)
  })
})
