/**
 * The composition root: one simulator (engine, drift report, route core) built the same way for
 * every door. The simulation is built first; a door makes its parts over it (its save step, its
 * listener) and hands them to the route core as one value. `createSimulator` (msw, the test kit),
 * `startWorker` (the browser) and `startServer` (the Node server, the command) call it and add only
 * their transport.
 */
import { loadDashboardPage } from './dashboard/load.js'
import { type Calibration, withCalibration } from './drift/calibrate.js'
import { Drift } from './drift/drift-state.js'
import { Engine, type EngineOptions } from './engine/engine.js'
import {
  type Answer,
  type App,
  createRouteCore,
  type RecordProxied,
  type RouteOptions,
  secretsOf,
} from './handlers/app.js'
import type { DoorParts } from './handlers/route-steps.js'
import { SERVICE_ROUTES } from './handlers/route-table.js'
import type { Redactor } from './http/redaction.js'

export interface SimulatorOptions extends EngineOptions, RouteOptions {
  /** What `genmock calibrate` learnt from the service: its prices, and its scenario as the default. */
  calibration?: Calibration | undefined
}

/** The simulation a door makes its parts over: the engine, its drift report, and the options they were made with. */
export interface Simulation {
  engine: Engine
  /** Where the service answered otherwise than genmock would have; reset with the engine. */
  drift: Drift
  options: SimulatorOptions
}

/** What every door serves: the simulation, and the route core over it with the door's parts. */
export interface SimulatorCore extends Simulation {
  app: App
  /** The same routes answering at once when they can (the Node door's). */
  answer: Answer
  /** An exchange the proxy forwarded, journaled, listened to and compared by the route core's steps. */
  recordProxied: RecordProxied
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
 * The engine (calibrated when asked) and its drift report, cleared with it. A door passes its own
 * options (a video sample, `browserContext`) with the user's.
 * @example
 * const simulation = buildSimulation({ seed: 7, clock: { mode: 'manual' } })
 */
export function buildSimulation(options: SimulatorOptions = {}): Simulation {
  // With an admin token the sandbox is shared: the keys of accounts it makes are unguessable (docs/sandbox.md).
  const engine = new Engine(
    withCalibration({ sleep: wallSleep, unguessableKeys: options.adminToken !== undefined, ...options }),
  )
  const drift = new Drift(SERVICE_ROUTES)
  engine.onReset(() => drift.clear())
  return { engine, drift, options }
}

/**
 * The route core over a simulation, with the door's parts (its save step, its listener) as one value.
 * @example
 * const simulation = buildSimulation(options)
 * const { app } = serveSimulation(simulation, { save: keeperOver(simulation), listen: metrics })
 */
export function serveSimulation(simulation: Simulation, door: DoorParts = {}): SimulatorCore {
  const { engine, drift, options } = simulation
  const redact = secretsOf(engine, options.adminToken)
  const { answer, recordProxied } = createRouteCore(engine, drift, {
    onUnexpectedError: options.onUnexpectedError,
    browserContext: options.browserContext,
    adminToken: options.adminToken,
    dashboardPage: loadDashboardPage,
    redact,
    door,
  })
  return { ...simulation, app: async (request) => answer(request), answer, recordProxied, redact }
}

/**
 * A simulator with no parts of a door's: the simulation and its route core.
 * @example
 * const { engine, drift, app } = buildSimulator({ seed: 7, clock: { mode: 'manual' } })
 */
export const buildSimulator = (options: SimulatorOptions = {}): SimulatorCore =>
  serveSimulation(buildSimulation(options))
