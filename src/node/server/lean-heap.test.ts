import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { NEW_SPACE_BYTES } from './lean-heap.js'

const MODULE = fileURLToPath(new URL('./lean-heap.ts', import.meta.url))

/**
 * The young generation's size after an allocation-heavy load in a process of its own (flags are per
 * process): rounds that yield between them, as a server's requests do, so the steering runs.
 */
function youngGenerationAfterLoad(cap: number | undefined): number {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8'
    const { leanHeap } = await import(${JSON.stringify(MODULE)})
    if (${cap !== undefined}) leanHeap(${cap})
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

/**
 * How often V8 marked an allocation site for the old generation ("maybe tenure", then "tenure"), in a process of
 * its own: objects that all outlive one young collection, as a server's requests' objects do under load. Node 20
 * goes on to "tenure" here, Node 22 stops at "maybe tenure"; with pretenuring off V8 marks none.
 */
function pretenuringMarks(lean: boolean): number {
  const script = `
    const { leanHeap } = await import(${JSON.stringify(MODULE)})
    if (${lean}) leanHeap()
    const kept = []
    const make = (i) => ({ id: i, at: i * 2 })
    for (let round = 0; round < 40; round++) {
      for (let i = 0; i < 200_000; i++) kept.push(make(i))
      if (kept.length > 600_000) kept.splice(0, 200_000)
    }`
  const trace = execFileSync(
    process.execPath,
    ['--trace-pretenuring-statistics', '--import', 'tsx', '--input-type=module', '-e', script],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
  return trace.split('\n').filter((line) => /=> (maybe )?tenure$/.test(line)).length
}

describe('leanHeap', () => {
  it('keeps V8 from moving objects that outlive one young collection into the old generation', () => {
    expect(pretenuringMarks(false)).toBeGreaterThan(0)
    expect(pretenuringMarks(true)).toBe(0)
  }, 60_000)

  // V8 grows it to NEW_SPACE_BYTES by itself on Node 20 and 22 (128 MB on 24): a smaller cap shows the steering.
  it('keeps the young generation at the cap under a load that grows it beyond that by default', () => {
    const cap = NEW_SPACE_BYTES / 4
    expect(youngGenerationAfterLoad(undefined)).toBeGreaterThan(cap)
    expect(youngGenerationAfterLoad(cap)).toBeLessThanOrEqual(cap)
  }, 60_000)

  it('lets the young generation grow as far as NEW_SPACE_BYTES', () => {
    expect(youngGenerationAfterLoad(NEW_SPACE_BYTES)).toBeGreaterThan(NEW_SPACE_BYTES / 2)
  }, 60_000)
})
