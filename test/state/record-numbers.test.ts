import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { injectFaults } from '../../src/node/state/state-fs.js'
import { keep, submit, taskIds, tmp } from './folder-kit.js'

/**
 * The numbers of changes.log's records (docs/state.md, Crash safety and cost) stay in turn through
 * what a keeper does: a failed save under `request` (its line cut back, its changes undone), a
 * failed save kept for the next under `manual`, a whole save (a new log from 1), a restart.
 */

afterEach(() => injectFaults(undefined))

const numbers = (dir: string) =>
  readFileSync(join(dir, 'changes.log'), 'utf8')
    .split('\n')
    .slice(1, -1)
    .map((line) => JSON.parse(line.slice(17)).record as number)

/** The log's records are numbered 1, 2, …; how many there are. */
function inTurn(dir: string): number {
  const written = numbers(dir)
  expect(written).toEqual(written.map((_, i) => i + 1))
  return written.length
}

describe('record numbers', () => {
  for (const save of ['request', 'manual'] as const)
    it(`follow one another after a failed save (${save}), a whole save and a restart`, async () => {
      const dir = tmp('genmock-records-')
      const { engine, keeper } = keep(dir, save)
      const ids = [await submit(engine)]
      await keeper.save()
      injectFaults((operation, file) => (operation === 'write' && file.endsWith('changes.log') ? 'ENOSPC' : undefined))
      const lost = await submit(engine)
      await expect(keeper.save()).rejects.toThrow(/ENOSPC/)
      injectFaults(undefined)
      // `request` undid the change it could not write; the others write it with the next save.
      if (save === 'manual') ids.push(lost)
      ids.push(await submit(engine))
      await keeper.save()
      expect(inTurn(dir)).toBeGreaterThanOrEqual(2)
      await keeper.compact()
      ids.push(await submit(engine))
      await keeper.save()
      expect(numbers(dir)[0]).toBe(1)
      expect(inTurn(dir)).toBeGreaterThanOrEqual(1)
      await keeper.close()
      const again = keep(dir, save)
      expect(taskIds(again.engine)).toEqual([...ids].sort())
      ids.push(await submit(again.engine))
      await again.keeper.save()
      expect(inTurn(dir)).toBeGreaterThanOrEqual(2)
      await again.keeper.close()
      const last = keep(dir, 'manual')
      expect(taskIds(last.engine)).toEqual([...ids].sort())
      await last.keeper.close()
    })
})
