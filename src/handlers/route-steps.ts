// The steps every request takes through the route core, in order, in one place (as hono's middleware or
// Prism's pipeline): who may call the row, the door's saving, the headers, the door's listening, the journal
// and the drift comparison. A door plugs its parts in as one value (DoorParts).
import type { ExchangeListener } from '../metrics/exchange-listener.js'
import type { StateKeeping } from '../snapshot/snapshot-keeping.js'
import type { Sent } from '../http/request-reply.js'
import { type AccessChoices, accessStep } from './access-step.js'
import { driftStep } from './drift-step.js'
import { journalStep } from './journal-step.js'
import type { ServeMcp } from './route-context.js'
import type { Exchange, Step } from './route-exchange.js'
import { listenStep } from './listen-step.js'
import { headersStep } from './wire-step.js'

/**
 * A door's save step: after a change it keeps the state (the server's --state DIR, the worker's
 * sessionStorage). One that keeps it in a folder is StateKeeping too: POST /__mock/state/save and GET
 * /__mock/state/status reach it.
 */
export type SaveStep = Step | (Step & StateKeeping)

/** What a door plugs into the route core, as one value made once the simulation is (simulator.ts). */
export interface DoorParts {
  /** The step that keeps the state after a change. */
  save?: SaveStep | undefined
  /** Told of every exchange after its reply (metrics, spans); its scrape is GET /__mock/metrics. */
  listen?: ExchangeListener | undefined
  /** The door's MCP endpoint at /__mock/mcp (docs/mcp.md), made with the route core its tools run through. */
  mcp?: ServeMcp | undefined
}

/**
 * The save step's folder, when it keeps the state in one.
 * @example
 * keepingOf(keeper) // the keeper; keepingOf(worker's persistence) // undefined
 */
export const keepingOf = (save: SaveStep | undefined): StateKeeping | undefined =>
  save !== undefined && 'status' in save ? save : undefined

/** The steps' names, in the order they run: the one list route-steps.test.ts and docs/how-it-is-built.md name. */
export const STEP_ORDER = ['access', 'save', 'headers', 'listen', 'journal', 'drift'] as const
export type StepName = (typeof STEP_ORDER)[number]

/** A step in the list: its name, and whether it also sees the exchanges the service answered (the proxies'). */
export interface NamedStep {
  name: StepName
  step: Step
  proxied: boolean
}

/**
 * Every request's steps, in order: the `before` of each runs ahead of the route; the route's reply is
 * serialised (wire-step.ts); then the `after` of each runs. What each needs of those before it is said on
 * its line; none clears what another reads. A new step is one more line here (and its name in STEP_ORDER).
 * @example
 * routeSteps({ adminToken: 'secret-token' }, { save: keeper })
 */
export function routeSteps(choices: AccessChoices, door: DoorParts = {}): NamedStep[] {
  const steps: [StepName, Step | undefined, proxied: boolean][] = [
    // Who may call the row (route-table.ts); its handler handed the caller. Before the route only.
    ['access', accessStep(choices), false],
    // After a change, the door keeps the state: the first after the route, as it may answer in the reply's
    // place (a 503 when a --state-save request write failed): the steps below see what the client gets.
    ['save', door.save, false],
    // Date, Genmock-Conformance, a control GET's ETag (or 304), HEAD's length: the reply as it is sent.
    ['headers', headersStep, false],
    // The door's metrics and spans: the reply as sent, the rules broken as the route found them.
    ['listen', door.listen && listenStep(door.listen), true],
    // Client traffic into the journal as sent, the findings of the rules it broke; a proxied exchange's entry.
    ['journal', journalStep, true],
    // A proxied exchange compared with what genmock would answer, its journal entry the example.
    ['drift', driftStep, true],
  ]
  return steps.flatMap(([name, step, proxied]) => (step ? [{ name, step, proxied }] : []))
}

/** A list of steps as two runs: the befores, and the afters, which stay free of promises while each step is. */
export interface Pipeline {
  before(exchange: Exchange): void
  after(exchange: Exchange, sent: Sent): Sent | Promise<Sent>
}

/**
 * The steps as they run: in the list's order, `before` then `after`. A step's `after` that throws (or
 * rejects with) a Problem refuses the request: `refuse` makes its reply, which the steps after it see.
 * @example
 * const run = pipeline(routeSteps({}).map(({ step }) => step), refuse)
 * run.before(exchange)
 * const sent = run.after(exchange, serialised(exchange, reply))
 */
export function pipeline(steps: readonly Step[], refuse: (exchange: Exchange, error: unknown) => Sent): Pipeline {
  const befores = steps.filter((step) => step.before)
  const afters = steps.filter((step) => step.after)
  const after = (exchange: Exchange, sent: Sent, from: number): Sent | Promise<Sent> => {
    for (let i = from; i < afters.length; i++) {
      let next: Sent | Promise<Sent>
      try {
        next = afters[i]!.after!(exchange, sent)
      } catch (error) {
        next = refuse(exchange, error)
      }
      // A step that waits (a save before the answer): the rest run once it is done.
      if (next instanceof Promise)
        return next.then(
          (later) => after(exchange, later, i + 1),
          (error: unknown) => after(exchange, refuse(exchange, error), i + 1),
        )
      sent = next
    }
    return sent
  }
  return {
    before(exchange) {
      for (let i = 0; i < befores.length; i++) befores[i]!.before!(exchange)
    },
    after: (exchange, sent) => after(exchange, sent, 0),
  }
}
