/**
 * The composition root: one simulator (engine, drift report, route core) built the same way for
 * every door. `createSimulator` (msw, the browser worker, the test kit) and `startServer` (the Node
 * server, the command) call it and add only their transport.
 */
import { loadDashboardPage } from './dashboard/load.js'
import { type Calibration, withCalibration } from './drift/calibrate.js'
import { Drift } from './drift/drift-state.js'
import { Engine, type EngineOptions } from './engine/engine.js'
import { type Answer, type App, createAnswer, type RouteOptions, secretsOf } from './handlers/app.js'
import type { Step } from './handlers/route-exchange.js'
import { SERVICE_ROUTES } from './handlers/route-table.js'
import type { StateKeeping } from './snapshot/snapshot-keeping.js'
import type { Redactor } from './http/redaction.js'
import type { ExchangeWatch } from './metrics/exchange-watch.js'

export interface SimulatorOptions extends EngineOptions, RouteOptions {
  /** What `genmock calibrate` learnt from the service: its prices, and its scenario as the default. */
  calibration?: Calibration | undefined
}

/**
 * What a door adds to keep the state somewhere (the Node server's --state DIR): made once the engine and
 * drift are, it is the routes' state and the step that saves after a change (route-steps.ts).
 */
export type KeepState = (engine: Engine, drift: Drift) => StateKeeping & Step

/** What a door adds to watch every exchange (the Node server's metrics): made once the engine and drift are. */
export type WatchExchanges = (engine: Engine, drift: Drift) => ExchangeWatch | undefined

/** What every door serves: the simulation, its drift report, and the route core over both. */
export interface SimulatorCore {
  engine: Engine
  /** Where the service answered otherwise than genmock would have; reset with the engine. */
  drift: Drift
  app: App
  /** The same routes answering at once when they can (the Node door's). */
  answer: Answer
  /** Secrets out of what the simulator shows: the journal's, and the door's own request log. */
  redact: Redactor
}

/**
 * A scenario's latency, waited out in wall time: the engine owns no timer, so the simulator gives it
 * this wait. A timer may fire up to a millisecond before `performance.now()` says it is due (it
 * counts whole milliseconds), so it is waited on again until the latency has truly passed.
 */
export function wallSleep(ms: number): Promise<void> {
  const due = performance.now() + ms
  return new Promise<void>((resolve) => {
    const wake = () => {
      const left = due - performance.now()
      if (left > 0) setTimeout(wake, Math.ceil(left))
      else resolve()
    }
    setTimeout(wake, ms)
  })
}

/**
 * The engine (calibrated when asked), its drift report and the route core. A door passes its own
 * options (a video sample, `browserContext`) with the user's, then adds its transport.
 * @example
 * const { engine, drift, app } = buildSimulator({ seed: 7, clock: { mode: 'manual' } })
 */
export function buildSimulator(
  options: SimulatorOptions = {},
  keep?: KeepState,
  watchOf?: WatchExchanges,
): SimulatorCore {
  // With an admin token the sandbox is shared: the keys of accounts it makes are unguessable (docs/sandbox.md).
  const engine = new Engine(
    withCalibration({ sleep: wallSleep, unguessableKeys: options.adminToken !== undefined, ...options }),
  )
  const drift = new Drift(SERVICE_ROUTES)
  engine.onReset(() => drift.clear())
  const state = keep?.(engine, drift)
  const redact = secretsOf(engine, options.adminToken)
  const answer = createAnswer(engine, drift, {
    onUnexpectedError: options.onUnexpectedError,
    browserContext: options.browserContext,
    adminToken: options.adminToken,
    dashboardPage: loadDashboardPage,
    state,
    steps: { save: state },
    redact,
    watch: watchOf?.(engine, drift),
  })
  return { engine, drift, app: async (request) => answer(request), answer, redact }
}
