// `genmock/playwright` (docs/test-kit.md): Playwright Test with a world per test on a genmock
// server, one server per worker, so a browser test points its app at `world.baseUrl`.
import { test as base } from '@playwright/test'
import { startServer, type ServerOptions } from '../node/server/server.js'
import { assertWorldClean, createWorld, httpControl, type World, type WorldOptions } from './test-world.js'

export interface GenmockWorkerOptions {
  /** The worker's server: startServer's options (a free port and a manual clock unless given). */
  genmockOptions: ServerOptions
  /** A running genmock's URL instead of a server per worker; default: the GENMOCK_URL environment variable. */
  genmockUrl: string | undefined
}

export interface GenmockFixtures {
  /** This test's world on the worker's genmock; an error finding of it fails the test. */
  world: World
  /** Every world's account: credits, scenario, strict (`test.use({ worldOptions: { credits: 5 } })`). */
  worldOptions: WorldOptions
  /** Another world for this test, checked after it as `world` is. */
  newWorld: () => Promise<World>
}

/** The admin token a running genmock's control calls send: the option's, else GENMOCK_ADMIN_TOKEN. */
const adminToken = (options: ServerOptions) => options.adminToken ?? process.env.GENMOCK_ADMIN_TOKEN

/**
 * Playwright's `test` with `world` and `newWorld`.
 * @example
 * test('renders a task', async ({ page, world }) => { await page.goto(`${app}/?api=${world.baseUrl}`) })
 */
export const test = base.extend<
  GenmockFixtures,
  GenmockWorkerOptions & { genmockControl: { url: string; token: string | undefined } }
>({
  genmockOptions: [{}, { scope: 'worker', option: true }],
  genmockUrl: [process.env.GENMOCK_URL, { scope: 'worker', option: true }],
  genmockControl: [
    async ({ genmockOptions, genmockUrl }, use) => {
      if (genmockUrl) return use({ url: genmockUrl.replace(/\/+$/, ''), token: adminToken(genmockOptions) })
      const server = await startServer({ port: 0, log: 'silent', clock: { mode: 'manual' }, ...genmockOptions })
      await use({ url: server.url, token: genmockOptions.adminToken })
      await server.close()
    },
    { scope: 'worker' },
  ],
  worldOptions: [{}, { option: true }],
  world: async ({ genmockControl, worldOptions }, use) => {
    const control = httpControl(genmockControl.url, genmockControl.token)
    const world = await createWorld(control, genmockControl.url, worldOptions)
    await use(world)
    await assertWorldClean(world)
  },
  newWorld: async ({ genmockControl, worldOptions }, use) => {
    const control = httpControl(genmockControl.url, genmockControl.token)
    const made: World[] = []
    await use(async () => {
      const world = await createWorld(control, genmockControl.url, worldOptions)
      made.push(world)
      return world
    })
    for (const world of made) await assertWorldClean(world)
  },
})

export { expect } from '@playwright/test'
export type { World, WorldOptions }
