// `genmock`: the simulator in-process, as msw handlers for setupServer (msw/node) or setupWorker.
// The public API, in sections; everything else (the engine's parts, the route core) is internal.
import type { HttpHandler } from 'msw'
import type { Drift } from './drift/drift-state.js'
import { accountHandles } from './engine/account-handle.js'
import type { ConformanceView, Engine, JournalView } from './engine/engine.js'
import type { App } from './handlers/app.js'
import { mswHandlers } from './msw/adapter.js'
import { proxyHandlers, type MswProxyOptions } from './msw/proxy-handlers.js'
import { buildSimulator, type SimulatorOptions } from './simulator.js'

export interface Simulator {
  /** The simulation itself: `advanceClock`, `chooseScenario`, `loadScenario`, `transition`, … */
  engine: Engine
  /** Every genmock route as msw handlers, for setupServer or setupWorker. */
  handlers: HttpHandler[]
  /** The same routes as one function from a request value to a reply value. */
  app: App
  /** What the client did that the interface forbids: `findings()`, and `assertClean()` for an `afterEach`. */
  conformance: ConformanceView
  /** Every client request and its answer: `find(filter)` to verify requests; `journalToHar(journal)` exports them. */
  journal: JournalView
  /** `create({ clock: 'own' })`: an account for one test, with a clock of its own to `advance()`. */
  accounts: ReturnType<typeof accountHandles>
  /**
   * With `proxy`: where the service answered otherwise than genmock would (docs/check-against-the-service.md).
   */
  drift: Drift
}

export interface CreateSimulatorOptions extends SimulatorOptions {
  /** msw/node only: send the service's routes to this base_url and compare its answers with genmock's. */
  proxy?: MswProxyOptions
}

/**
 * The whole simulator: one engine and the routes that serve it, the same for every door. A
 * scenario's latency is waited out in wall time (`sleep` replaces that wait).
 * @example
 * const { engine, handlers } = createSimulator({ seed: 7, clock: { mode: 'manual' } })
 * setupServer(...handlers).listen()
 */
export function createSimulator(options: CreateSimulatorOptions = {}): Simulator {
  const simulator = buildSimulator(options)
  const { engine, app, drift } = simulator
  const proxy = options.proxy ? proxyHandlers(simulator, options.proxy) : []
  return {
    engine,
    app,
    handlers: [...proxy, ...mswHandlers(app)],
    drift,
    conformance: engine.conformance,
    journal: engine.journal,
    accounts: accountHandles(engine),
  }
}

// ---- The simulator and its options ----
export type { Engine }
export type { RouteOptions } from './handlers/app.js'
export type { SimulatorOptions } from './simulator.js'
export { ID_STYLES, type IdStyle } from './contract/id-style.js'
export { SPARSE_MODES, type SparseMode } from './contract/sparse.js'

// ---- The routes as plain values (for a door of your own) ----
export type { App } from './handlers/app.js'
export type { HttpRequest, Reply } from './http/request-reply.js'

// ---- Clocks and accounts (docs/clocks-and-worlds.md, A world per test: clocks of their own) ----
export type { AdvanceBy } from './contract/control-requests.js'
export type { AccountHandle } from './engine/account-handle.js'
export type { AccountClock } from './engine/engine.js'
export type { Advanced } from './engine/clock/account-clocks.js'
export type { TaskChange } from './engine/tasks/life-views.js'

// ---- Client conformance (docs/conformance-and-coverage.md, Client conformance) ----
export { CONFORMANCE_RULES, type Finding, type RuleId } from './engine/journal/conformance.js'

// ---- Outcome coverage (docs/conformance-and-coverage.md, Outcome coverage) ----
export { OUTCOME_NAMES, type OutcomeName } from './contract/outcomes.js'
export type { CoverageReport } from './contract/control-answers.js'

// ---- The request journal ----
export type { JournalEntry, JournalFilter } from './engine/journal/journal.js'
export { journalToHar, type Har } from './reports/har.js'

// ---- Drift from the real service (docs/check-against-the-service.md) ----
export type { MswProxyOptions } from './msw/proxy-handlers.js'
export type { Calibration } from './drift/calibrate.js'
export type { Drift } from './drift/drift-state.js'
export type { DriftFinding, DriftKind } from './drift/drift-report.js'
export type { DriftObservations } from './drift/drift-observations.js'
