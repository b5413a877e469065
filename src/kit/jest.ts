// `genmock/jest` (docs/test-kit.md): the world from Jest's hooks. The preset is genmock/jest-preset.
import { Harness, type KitOptions } from './harness.js'
import { assertWorldClean, type World } from './test-world.js'

type Hook = (fn: () => Promise<void> | void) => void
/** Jest's globals, as every Jest test file has them. */
const jest = globalThis as unknown as { beforeAll: Hook; afterAll: Hook; beforeEach: Hook; afterEach: Hook }

export interface Genmock {
  /** This test's world: a fresh account with its own key and clock (read it inside a test). */
  readonly world: World
  /** Another world for this test (inside a test only), checked after it as `world` is. */
  newWorld(): Promise<World>
  /** After the file's tests: fails unless they met each of `outcomes` ('all': every one). */
  expectCoverage(outcomes: readonly string[]): void
}

/**
 * Call once at the top of a test file: a world before each test; after it, an error finding of
 * that world fails the test, listing the findings.
 * @example
 * const genmock = useGenmock()
 * test('…', async () => { const { baseUrl, apiKey } = genmock.world })
 */
export function useGenmock(options: KitOptions = {}): Genmock {
  const harness = new Harness(options)
  let current: World | undefined
  let others: World[] = []
  jest.beforeEach(async () => {
    current = await harness.world()
  })
  jest.afterEach(async () => {
    const worlds = current ? [current, ...others] : others
    current = undefined
    others = []
    for (const world of worlds) await assertWorldClean(world)
  })
  jest.afterAll(() => harness.stop())
  return {
    get world(): World {
      if (!current) throw new Error('genmock: the world exists inside a test only (useGenmock sets it up before each)')
      return current
    },
    async newWorld() {
      if (!current) throw new Error('genmock: newWorld() makes a world inside a test only')
      const world = await harness.world()
      others.push(world)
      return world
    },
    expectCoverage: (outcomes) => jest.afterAll(() => harness.expectCoverage(outcomes)),
  }
}

export type { KitOptions, World }
export type { WorldClock, WorldOptions } from './test-world.js'
