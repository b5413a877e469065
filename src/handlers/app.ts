// The route core's entry: the routes joined, a request value in, a reply value out; each request through
// the steps of route-steps.ts around its route, and problems to statuses. A proxied exchange goes through
// the steps after a reply.
import type { Drift } from '../drift/drift-state.js'
import type { ProxiedExchange } from '../drift/record-proxied.js'
import type { Engine } from '../engine/engine.js'
import type { JournalEntry } from '../engine/journal/journal.js'
import { Problem } from '../engine/problem.js'
import { type Redactor, redactor } from '../http/redaction.js'
import { INTERNAL_ERROR, noRoute, problemReply } from '../http/replies.js'
import { DROP, type HttpRequest, type Reply, type Sent } from '../http/request-reply.js'
import { compileRoutes } from '../http/router.js'
import { refusalOutcome } from './refusal-outcome.js'
import type { Answer } from './route-context.js'
import { Exchange, type RouteCore } from './route-exchange.js'
import { type DoorParts, keepingOf, pipeline, routeSteps } from './route-steps.js'
import { isControlPath, ROUTES } from './route-table.js'
import { serialised } from './wire-step.js'

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
  /** Secrets out of what the simulator shows (secretsOf); made here when the door has none of its own. */
  redact?: Redactor | undefined
  /** What the door plugs into the steps (route-steps.ts): its save step and its listener. */
  door?: DoorParts | undefined
}

/**
 * Answers a request with the reply every door writes as it is, or undefined when its path is none of
 * genmock's (a door may pass it on).
 */
export type App = (request: HttpRequest) => Promise<Sent | undefined>

/**
 * The same as an App, answering at once when the route does (most do): no promise, no turn of the
 * event loop. The Node door uses it; an App is one too.
 */
export type { Answer, ServeMcp } from './route-context.js'

/** Records an exchange the proxy forwarded through the steps after a reply; returns its journal entry. */
export type RecordProxied = (exchange: ProxiedExchange) => JournalEntry | undefined

/** The route core: its answer, and its way in for the exchanges the service answered. */
export interface RouteCoreEntry {
  answer: Answer
  recordProxied: RecordProxied
}

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
export const createAnswer = (engine: Engine, drift: Drift, options: AppOptions = {}): Answer =>
  createRouteCore(engine, drift, options).answer

/**
 * The route core: the routes and the steps around them, with the door's parts plugged in.
 * @example
 * const { answer, recordProxied } = createRouteCore(engine, drift, { door: { save: keeper, listen } })
 */
export function createRouteCore(engine: Engine, drift: Drift, options: AppOptions = {}): RouteCoreEntry {
  const find = compileRoutes(ROUTES.map((row) => ({ ...row, run: row })))
  const redact = options.redact ?? secretsOf(engine, options.adminToken)
  const { dashboardPage, door = {} } = options
  const core: RouteCore = {
    engine,
    drift,
    redact,
    dashboardPage,
    state: keepingOf(door.save),
    listen: door.listen,
    mcp: undefined,
  }
  const named = routeSteps(options, door)
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
    if (outcome) engine.record.outcome(outcome, trace.accountId ?? '')
    return problemReply(error.detail)
  }
  /** A step that refused after the route (a save that failed): its reply serialised, as a route's is. */
  const refuse = (exchange: Exchange, error: unknown) => serialised(exchange, refused(error, exchange))
  const steps = pipeline(
    named.map(({ step }) => step),
    refuse,
  )
  const proxiedSteps = pipeline(
    named.flatMap(({ step, proxied }) => (proxied ? [step] : [])),
    refuse,
  )
  /** The reply serialised once (the journal keeps the very text every door writes), then the steps after it. */
  const settle = (exchange: Exchange, reply: Reply) => steps.after(exchange, serialised(exchange, reply))
  /** A row of the table; HEAD is GET without the body (RFC 9110 §9.3.2), on every GET route. */
  const route = ({ method, path }: HttpRequest) =>
    find(method, path) ?? (method === 'HEAD' ? find('GET', path) : undefined)

  const answer: Answer = (request) => {
    const control = isControlPath(request.path)
    const match = route(request)
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
  const recordProxied: RecordProxied = (proxied) => {
    const { request, answer: given, timeout } = proxied
    const exchange = new Exchange(core, request, route(request), false, proxied)
    // The client got the service's answer as it came, or a cut connection once a time-out struck mid-answer.
    const sent: Sent =
      timeout?.outcome === 'cut'
        ? DROP
        : { status: given.status, headers: given.headers, bytes: given.body ?? new Uint8Array() }
    // Its steps answer at once: none of them waits on a proxied exchange.
    void proxiedSteps.after(exchange, sent)
    return exchange.journaled
  }
  core.mcp = door.mcp?.(answer)
  return { answer, recordProxied }
}
