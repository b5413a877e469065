// `genmock/vitest` (docs/test-kit.md): Vitest's `test` with a `world` fixture.
import { afterAll, test as base } from 'vitest'
import { Harness, type KitOptions } from './harness.js'
import { assertWorldClean, type World } from './test-world.js'

/**
 * A `test` whose `world` fixture is a fresh account with its own key and clock per test, and
 * `newWorld()` another; after the test, an error finding of one of them fails it, listing the
 * findings. `expectCoverage`
 * fails the file, after its tests, unless they met the outcomes named.
 * @example
 * const { test, expectCoverage } = genmockTest({ url: 'http://127.0.0.1:4600' })
 */
export function genmockTest(options: KitOptions = {}) {
  const harness = new Harness(options)
  afterAll(() => harness.stop())
  const test = base.extend<{ world: World; newWorld: () => Promise<World> }>({
    // biome-ignore lint/correctness/noEmptyPattern: Vitest reads the fixtures a fixture needs from this pattern
    world: async ({}, use) => {
      const world = await harness.world()
      await use(world)
      await assertWorldClean(world)
    },
    // biome-ignore lint/correctness/noEmptyPattern: Vitest reads the fixtures a fixture needs from this pattern
    newWorld: async ({}, use) => {
      const made: World[] = []
      await use(async () => {
        const world = await harness.world()
        made.push(world)
        return world
      })
      for (const world of made) await assertWorldClean(world)
    },
  })
  return {
    test,
    /** After the file's tests: fails unless they met each of `outcomes` ('all': every one). */
    expectCoverage: (outcomes: readonly string[]) => afterAll(() => harness.expectCoverage(outcomes)),
    harness,
  }
}

const kit = genmockTest()

/** Vitest's `test`, with `world` (in-process, or on the genmock at GENMOCK_URL). */
export const test = kit.test
export const it = kit.test
/** After the file's tests: fails unless they met each of `outcomes` ('all': every one). */
export const expectCoverage = kit.expectCoverage
export type { KitOptions, World }
export type { WorldClock, WorldOptions } from './test-world.js'
