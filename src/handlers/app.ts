// The route core's entry: the routes joined, a request value in, a reply value out; each request through
// the steps of route-steps.ts around its route, and problems to statuses.
import type { Drift } from '../drift/drift-state.js'
import type { Engine } from '../engine/engine.js'
import { Problem } from '../engine/problem.js'
import { type Redactor, redactor } from '../http/redaction.js'
import { INTERNAL_ERROR, noRoute, problemReply } from '../http/replies.js'
import type { HttpRequest, Reply, Sent } from '../http/request-reply.js'
import { compileRoutes } from '../http/router.js'
import { refusalOutcome } from './refusal-outcome.js'
import type { StateKeeping } from '../snapshot/snapshot-keeping.js'
import type { McpEndpoint } from './route-context.js'
import { Exchange, type RouteCore } from './route-exchange.js'
import { pipeline, routeSteps, type StepSlots } from './route-steps.js'
import { isControlPath, ROUTES } from './route-table.js'
import { serialised } from './wire-step.js'
import type { ExchangeWatch } from '../metrics/exchange-watch.js'
import { watchStep } from './watch-step.js'

export interface RouteOptions {
  /** Called with errors that are not Problems (bugs); they answer 500 Internal error. */
  onUnexpectedError?: ((error: unknown) => void) | undefined
  /** Every request comes from a page (the browser worker door), whatever its headers say. */
  browserContext?: boolean | undefined
  /**
   * When set, the control API answers only `Authorization: Bearer <adminToken>` (the dashboard page
   * itself stays open).
   */
  adminToken?: string | undefined
}

/**
 * Whether a path is in one of genmock's namespaces; a door may pass any other request on.
 * @example
 * isGenmockPath('/api/ai/models') // true
 * isGenmockPath('/src/main.ts') // false
 */
export const isGenmockPath = (path: string) =>
  path.startsWith('/api/') || path.startsWith('/media/') || path === '/openapi.json' || isControlPath(path)

/** What a door gives the route core besides the user's options. */
export interface AppOptions extends RouteOptions {
  /**
   * The dashboard page for GET /__mock/, loaded on first use. The doors hand it in (each with a
   * lazy import of src/dashboard/page.ts) so that the route core never imports the dashboard;
   * without it, GET /__mock/ is not found.
   */
  dashboardPage?: (() => Promise<string>) | undefined
  /** Where the door keeps the state on disk (the standalone server's --state DIR): POST /__mock/state/save. */
  state?: StateKeeping | undefined
  /** The steps the door plugs into the route core's list (route-steps.ts): its saving after a change. */
  steps?: StepSlots | undefined
  /** Secrets out of what the simulator shows (secretsOf); made here when the door has none of its own. */
  redact?: Redactor | undefined
  /** Told of every exchange after its reply (the Node door's metrics and spans); its scrape is GET /__mock/metrics. */
  watch?: ExchangeWatch | undefined
  /** The door's MCP endpoint at /__mock/mcp (docs/mcp.md), handed the route core its tools run through. */
  mcp?: ServeMcp | undefined
}

/** What a door serving MCP hands in: its endpoint, made with the route core (the Answer) its tools call. */
export type ServeMcp = (answer: Answer) => McpEndpoint

/**
 * Answers a request with the reply every door writes as it is, or undefined when its path is none of
 * genmock's (a door may pass it on).
 */
export type App = (request: HttpRequest) => Promise<Sent | undefined>

/**
 * The same as an App, answering at once when the route does (most do): no promise, no turn of the
 * event loop. The Node door uses it; an App is one too.
 */
export type Answer = (request: HttpRequest) => Sent | undefined | Promise<Sent | undefined>

/**
 * What nothing genmock shows may contain: the accounts' keys and session tokens, and the admin token.
 * @example
 * secretsOf(engine, 'secret-token').text('Bearer secret-token') // 'Bearer [REDACTED]'
 */
export const secretsOf = (engine: Engine, adminToken: string | undefined): Redactor =>
  redactor((value) => value === adminToken || engine.isCredential(value))

/**
 * The simulator as one function from a request value to a reply value, the same for every door.
 * A Problem becomes its error reply here, any other error a 500 with no detail; then the steps of
 * route-steps.ts: every reply dated by the simulated clock, client traffic (everything outside
 * /__mock) journaled, a control GET's JSON 200 with an ETag (a 304 when If-None-Match names it).
 * @example
 * const app = createApp(new Engine({ seed: 7 }), new Drift(SERVICE_ROUTES))
 * await app({
 *   method: 'GET',
 *   path: '/__mock/health',
 *   query: '',
 *   headers: {},
 *   body: new Uint8Array(),
 *   origin: 'http://localhost',
 * })
 */
export function createApp(engine: Engine, drift: Drift, options: AppOptions = {}): App {
  const answer = createAnswer(engine, drift, options)
  return async (request) => answer(request)
}

/**
 * createApp's routes as an Answer: a reply at once when the route and the steps answer at once.
 * @example
 * const answer = createAnswer(engine, drift)
 * const reply = answer(request) // a reply, or a Promise of one for a route that waits
 */
export function createAnswer(engine: Engine, drift: Drift, options: AppOptions = {}): Answer {
  const find = compileRoutes(ROUTES.map((row) => ({ ...row, run: row })))
  const redact = options.redact ?? secretsOf(engine, options.adminToken)
  const { dashboardPage, state, watch } = options
  const core: RouteCore = { engine, drift, redact, dashboardPage, state, watch, mcp: undefined }
  const steps = pipeline(routeSteps(options, { ...options.steps, watch: watch && watchStep(watch) }))
  const onUnexpected = options.onUnexpectedError ?? console.error

  /** What a route threw, as a reply: a Problem its error reply (its facts to the trace), anything else a 500. */
  const refused = (error: unknown, { trace, control }: Exchange): Reply => {
    if (!(error instanceof Problem)) {
      onUnexpected(error)
      return INTERNAL_ERROR
    }
    // The facts in the order the engine learnt them (the journal's entries keep it), the breaches added to any found.
    const facts = error.facts as Record<string, unknown>
    for (const key in facts) if (key !== 'breaches') (trace as Record<string, unknown>)[key] = facts[key]
    if (error.facts.breaches) (trace.breaches ??= []).push(...error.facts.breaches)
    const outcome = control ? undefined : refusalOutcome(error.detail)
    if (outcome) engine.recordOutcome(outcome, trace.accountId ?? '')
    return problemReply(error.detail)
  }
  /** The reply serialised once (the journal keeps the very text every door writes), then the steps after it. */
  const settle = (exchange: Exchange, reply: Reply) => steps.after(exchange, serialised(exchange, reply))

  const answer: Answer = (request) => {
    const control = isControlPath(request.path)
    // HEAD is GET without the body (RFC 9110 §9.3.2), on every GET route.
    const match =
      find(request.method, request.path) ?? (request.method === 'HEAD' ? find('GET', request.path) : undefined)
    if (!match && !control && !request.path.startsWith('/api/')) return undefined
    const exchange = new Exchange(core, request, match, control)
    try {
      steps.before(exchange)
      if (!match?.params) throw noRoute(request)
      const answered = match.run.run(exchange, exchange.given)
      // Most routes answer at once: no promise and no turn of the event loop for them.
      if (!(answered instanceof Promise)) return settle(exchange, answered)
      return answered.then(
        (reply) => settle(exchange, reply),
        (error: unknown) => settle(exchange, refused(error, exchange)),
      )
    } catch (error) {
      return settle(exchange, refused(error, exchange))
    }
  }
  core.mcp = options.mcp?.(answer)
  return answer
}
