import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const MODULE = fileURLToPath(new URL('./lean-heap.ts', import.meta.url))

/**
 * The young generation's size after an allocation-heavy load in a process of its own (flags are per
 * process): rounds that yield between them, as a server's requests do, so the steering runs.
 */
function youngGenerationAfterLoad(youngBytes?: number): number {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8'
    const { leanHeap } = await import(${JSON.stringify(MODULE)})
    if (${youngBytes !== undefined}) leanHeap(${youngBytes})
    const kept = []
    for (let round = 0; round < 750; round++) {
      const garbage = []
      for (let i = 0; i < 10_000; i++) garbage.push({ i, label: 'x' + i })
      for (let i = 0; i < 10_000; i += 50) kept.push(garbage[i])
      if (kept.length > 100_000) kept.splice(0, 50_000)
      await new Promise((resolve) => setImmediate(resolve))
    }
    process.stdout.write(String(getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size))`
  return Number(
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' }),
  )
}

describe('leanHeap', () => {
  // Below V8's own most on every Node genmock supports (32 MB), so that the steering shows.
  const YOUNG = 8 * 1024 * 1024
  it('keeps the young generation at the size it is given under a load that grows it beyond that by default', () => {
    expect(youngGenerationAfterLoad()).toBeGreaterThan(YOUNG)
    expect(youngGenerationAfterLoad(YOUNG)).toBeLessThanOrEqual(YOUNG)
  }, 60_000)
})
