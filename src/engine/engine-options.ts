// What an Engine is made with: its seed, clock, fixtures, scenarios, limits and defaults.
import type { AccountsFixture, PricingFixture } from '../contract/fixtures.js'
import type { IdStyle } from '../contract/id-style.js'
import type { Scenario } from '../contract/scenario.js'
import type { SparseMode } from '../contract/sparse.js'
import type { ClockOptions } from './clock/clock.js'
import type { ScenarioEntry } from './scenarios/scenarios.js'

export interface EngineOptions {
  /** Seeds identifiers and durations. Default 1. */
  seed?: number
  clock?: ClockOptions
  accounts?: AccountsFixture
  pricing?: PricingFixture
  /** The MP4 served for every completed video task, or what reads it when a video is first served. */
  videoSample?: Uint8Array | (() => Uint8Array)
  /** Scenarios on top of the bundled ones; one with a bundled name replaces it. */
  scenarios?: readonly (Scenario | ScenarioEntry)[]
  /** The scenario requests get when nothing else picks one. Default 'default'. */
  scenario?: string
  /** How long an Idempotency-Key is remembered, in simulated seconds. Default 24 h. */
  idempotencyRetentionSeconds?: number
  /** How many requests the journal keeps. Default 1000. */
  journalLimit?: number
  /** How many tasks are kept: beyond it, the tasks that finished first are evicted. Default 10 000. */
  maxTasks?: number
  /**
   * Waits out a scenario's latency, in wall milliseconds. The engine owns no timer: createSimulator
   * and the doors give a real wait; without one, a latency is not waited out.
   */
  sleep?: (ms: number) => Promise<void>
  /**
   * Keys of accounts made through the control API drawn from Web Crypto, not from the seed: unguessable, and
   * never handed out again after a reset or a restart (docs/sandbox.md). The doors turn it on with an admin token.
   */
  unguessableKeys?: boolean
  /** Whether the bundled accounts (fixtures/accounts.json) and their public keys exist. Default true. */
  fixtureAccounts?: boolean
  /** Refuse requests that break a conformance error rule, instead of only reporting them. Default false. */
  strict?: boolean
  /** The shape of task, provider task and request ids; a scenario's `idStyle` wins. Default 'prefixed'. */
  idStyle?: IdStyle
  /**
   * Sparse answers (docs/where-the-interface-is-silent.md, Sparse answers): true or 'random' leaves out each field the
   * interface does not say is always present on a seeded coin, 'all' leaves them all out. A scenario's `sparse` wins,
   * and a request's `Prefer: sparse` over both. Default false.
   */
  sparse?: boolean | SparseMode
}
