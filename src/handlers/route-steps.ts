// The steps every request takes through the route core, in order, in one place (as hono's middleware or
// Prism's pipeline): who may call the row, the headers, the journal, and the slots a door plugs its watching
// and its saving into.
import { type AccessChoices, accessStep } from './access-step.js'
import { journalStep } from './journal-step.js'
import type { Exchange, Step } from './route-exchange.js'
import type { Sent } from '../http/request-reply.js'
import { headersStep } from './wire-step.js'

/** The steps a door plugs into the list (AppOptions.steps), each in its slot. */
export interface StepSlots {
  /** After a request that may have changed something: the door's --state DIR saved (node/state/state-keeper.ts). */
  save?: Step | undefined
  /** Every exchange told to the door's watcher, its metrics and spans (watch-step.ts). */
  watch?: Step | undefined
}

/**
 * Every request's steps, in order: the `before` of each runs ahead of the route; the route's reply is
 * serialised (wire-step.ts); then the `after` of each runs. A new step is one more line here.
 * @example
 * routeSteps({ adminToken: 'secret-token' }, { save: keeper })
 */
export const routeSteps = (choices: AccessChoices, slots: StepSlots = {}): Step[] =>
  [
    accessStep(choices), // who may call the row (route-table.ts); its handler handed the caller
    // After a change, save (the door's --state DIR): ahead of the steps below, so that they see the
    // reply the client gets, a 503 when the save failed, and the journal records it once it is true.
    slots.save,
    headersStep, // Date, Genmock-Conformance, a control GET's ETag (or 304), HEAD's length
    slots.watch, // the door's metrics and spans told of the exchange, its breaches still on the trace
    journalStep, // client traffic and the findings of the rules it broke into the journal
  ].filter((step) => step !== undefined)

/** A list of steps as two runs: the befores, and the afters, which stay free of promises while each step is. */
export interface Pipeline {
  before(exchange: Exchange): void
  after(exchange: Exchange, sent: Sent): Sent | Promise<Sent>
}

/**
 * The steps as they run: in the list's order, `before` then `after`. An `after` that refuses (throws a
 * Problem, or its promise rejects with one) hands the steps after it `refuse`'s reply instead: the route
 * core's serialisation of the problem.
 * @example
 * const run = pipeline(routeSteps({}), (exchange, error) => serialised(exchange, problemReply(error.detail)))
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
