// `genmock`: the simulator in-process, as msw handlers for setupServer (msw/node) or setupWorker.
import type { HttpHandler } from 'msw'
import { accountHandles } from './engine/account-handle.js'
import { loadDashboardPage } from './dashboard/load.js'
import type { Conformance } from './engine/conformance.js'
import { withCalibration } from './engine/drift/calibrate.js'
import { Engine, type EngineOptions } from './engine/engine.js'
import type { Journal } from './engine/journal.js'
import { createApp, type App, type RouteOptions, type SimulatorOptions } from './handlers/app.js'
import { driftOf, type Drift } from './handlers/drift.js'
import { mswHandlers } from './msw/adapter.js'
import { proxyHandlers, type MswProxyOptions } from './msw/proxy.js'

export interface Simulator {
  engine: Engine
  /** Every genmock route as msw handlers, for setupServer or setupWorker. */
  handlers: HttpHandler[]
  /** The same routes as one function from a request value to a reply value. */
  app: App
  /** What the client did that the interface forbids: `findings()`, and `assertClean()` for an `afterEach`. */
  conformance: Conformance
  /** Every client request and its answer: `find(filter)` to verify requests, `toHar()` to export them. */
  journal: Journal
  /** `create({ clock: 'own' })`: an account for one test, with a clock of its own to `advance()`. */
  accounts: ReturnType<typeof accountHandles>
  /** With `proxy`: where the service answered otherwise than genmock would (README, Check genmock against the service). */
  drift: Drift
}

export interface CreateSimulatorOptions extends SimulatorOptions {
  /** msw/node only: send the service's routes to this base_url and compare its answers with genmock's. */
  proxy?: MswProxyOptions
}

/**
 * The whole simulator: one engine and the routes that serve it, the same for every door.
 * @example
 * const { engine, handlers } = createSimulator({ seed: 7, clock: { mode: 'manual' } })
 * setupServer(...handlers).listen()
 */
export function createSimulator(options: CreateSimulatorOptions = {}): Simulator {
  const engine = new Engine(withCalibration(options))
  const app = createApp(engine, { ...options, dashboardPage: loadDashboardPage })
  const proxy = options.proxy ? proxyHandlers(engine, options.proxy) : []
  return {
    engine,
    app,
    handlers: [...proxy, ...mswHandlers(app)],
    drift: driftOf(engine),
    conformance: engine.conformance,
    journal: engine.journal,
    accounts: accountHandles(engine),
  }
}

export { Engine }
export type { EngineOptions, RouteOptions, SimulatorOptions, MswProxyOptions }
export type { Calibration } from './engine/drift/calibrate.js'
export type { DriftFinding, DriftKind, DriftObservations } from './engine/drift/report.js'
export { ID_STYLES, type IdStyle } from './contract/id-style.js'
export { SPARSE_MODES, type SparseMode } from './contract/sparse.js'
export type { HttpRequest, Reply } from './handlers/exchange.js'
export { CONFORMANCE_RULES, type Finding, type RuleId } from './engine/conformance.js'
export type { JournalEntry, JournalFilter } from './engine/journal.js'
export type { AccountHandle } from './engine/account-handle.js'
export type { AccountClock } from './engine/engine.js'
export type { Advanced } from './engine/world.js'
export type { TaskChange } from './engine/task-life.js'
export type { AdvanceBy } from './contract/control.js'
