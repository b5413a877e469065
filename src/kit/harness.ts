// The test kit's harness: one simulator (in-process or remote) for a test file, a world per test.
import { setupServer } from 'msw/node'
import type { CoverageReport } from '../contract/control-answers.js'
import { createSimulator, type Simulator, type SimulatorOptions } from '../index.js'
import { loadVideoSample } from '../node/server/package-file.js'
import {
  appControl,
  assertCoverage,
  createWorld,
  httpControl,
  type Control,
  type World,
  type WorldOptions,
} from './test-world.js'

/** How a test file's worlds are made: in-process (the default), or on the genmock at `url`. */
export interface KitOptions extends SimulatorOptions {
  /**
   * A running genmock's URL; default: the GENMOCK_URL environment variable, else in-process. Its
   * control calls send `adminToken`, else the GENMOCK_ADMIN_TOKEN environment variable.
   */
  url?: string | undefined
  /** In-process, the base URL worlds give the client (msw answers genmock's paths on any origin). */
  baseUrl?: string
  /** Every world's account: credits, scenario, strict. */
  world?: WorldOptions
}

/**
 * One test file's genmock, for the Vitest and Jest kits: started on the first world, in-process
 * through msw/node (a manual server clock, so only worlds' clocks move) or on a running server.
 */
export class Harness {
  readonly #options: KitOptions
  #started: Promise<{ control: Control; baseUrl: string; simulator?: Simulator; stop: () => void }> | undefined
  readonly #accounts: string[] = []

  constructor(options: KitOptions = {}) {
    this.#options = options
  }

  /** A fresh world: its own account, key and clock. */
  async world(options: WorldOptions = {}): Promise<World> {
    const { control, baseUrl } = await (this.#started ??= this.#start())
    const world = await createWorld(control, baseUrl, { ...this.#options.world, ...options })
    this.#accounts.push(world.account)
    return world
  }

  /**
   * This file's coverage: in-process, everything its simulator answered; on a server, its worlds'
   * accounts together (a request that named no account, such as one with an unknown key, counts
   * only in the server's own report).
   */
  async coverage(): Promise<CoverageReport> {
    const started = await (this.#started ??= this.#start())
    if (started.simulator) return started.simulator.engine.record.coverage()
    const query = this.#accounts.map((id) => `account=${encodeURIComponent(id)}`).join('&')
    return (await started.control('GET', `/__mock/coverage?${query || 'account='}`)) as CoverageReport
  }

  /** Throws, naming them, unless this file met each of `wanted` ('all': every outcome). */
  async expectCoverage(wanted: readonly string[]): Promise<void> {
    assertCoverage(await this.coverage(), wanted)
  }

  /** Stops msw; what this file's worlds met stays readable (a runner may run expectCoverage's hook after this one). */
  async stop(): Promise<void> {
    ;(await this.#started)?.stop()
  }

  async #start() {
    const {
      url = globalThis.process?.env.GENMOCK_URL,
      baseUrl = 'https://genmock.test',
      world,
      ...options
    } = this.#options
    if (url) {
      const token = options.adminToken ?? globalThis.process?.env.GENMOCK_ADMIN_TOKEN
      return { control: httpControl(url, token), baseUrl: url.replace(/\/+$/, ''), stop() {} }
    }
    // The sample video as the standalone server serves it: a completed video task's URL answers.
    const simulator = createSimulator({ clock: { mode: 'manual' }, videoSample: loadVideoSample(), ...options })
    const server = setupServer(...simulator.handlers)
    server.listen({ onUnhandledRequest: 'bypass' })
    const control = appControl(simulator.app, baseUrl, options.adminToken)
    return { control, baseUrl, simulator, stop: () => server.close() }
  }
}
