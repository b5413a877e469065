// The route core's entry: the routes joined, a request value in, a reply value out; problems to statuses
// and the journal entry of every request in one place.
import type { Drift } from '../drift/drift-state.js'
import type { Account, Credential } from '../engine/accounts/accounts.js'
import type { Engine } from '../engine/engine.js'
import type { Breach, RuleId } from '../engine/journal/conformance.js'
import { Problem } from '../engine/problem.js'
import { etagOf, noneMatch } from '../http/etag.js'
import { HeldExchange, type RouteTrace } from '../http/exchange-entry.js'
import { bearerToken, credentialOf, parseCookies } from '../http/read-request.js'
import { type Redactor, redactor } from '../http/redaction.js'
import { INTERNAL_ERROR, noRoute, problemReply } from '../http/replies.js'
import type { DROP, HttpRequest, Reply } from '../http/request-reply.js'
import { compileRoutes } from '../http/router.js'
import { refusalOutcome } from './refusal-outcome.js'
import type { RouteContext } from './route-context.js'
import { CONTROL_API_ROUTES, isControlPath, ROUTES } from './route-table.js'
import type { StateKeeping } from '../snapshot/snapshot-keeping.js'

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
}

/** Answers a request, or undefined when its path is none of genmock's (a door may pass it on). */
export type App = (request: HttpRequest) => Promise<Reply | undefined>

/**
 * The same as an App, answering at once when the route does (most do): no promise, no turn of the
 * event loop. The Node door uses it; an App is one too.
 */
export type Answer = (request: HttpRequest) => Reply | undefined | Promise<Reply | undefined>

/**
 * Whether `--admin-token` locks this control request out.
 * @example
 * lockedOut(request, 'secret-token') // true unless Authorization: Bearer secret-token
 */
const lockedOut = (request: HttpRequest, adminToken: string | undefined) =>
  adminToken !== undefined && bearerToken(request.headers.authorization) !== adminToken

/** The Date header of a simulated instant; it names whole seconds, so one string serves a second's replies. */
let dated = { second: NaN, header: '' }
function httpDate(ms: number): string {
  const second = Math.floor(ms / 1000)
  if (second !== dated.second) dated = { second, header: new Date(ms).toUTCString() }
  return dated.header
}

/** A request with an Authorization header is never asked for its cookies. */
const NO_COOKIES: Record<string, string> = Object.freeze(Object.create(null))

const KEY_IN_BROWSER =
  'an API key was sent from a browser: keys are server-side only; first-party pages use the session cookie'

/** Shared by every request that broke no rule: an entry keeps only a list with rules in it. */
const NO_RULES: RuleId[] = []
const ONE_RULE = new Map<RuleId, RuleId[]>()

/** A reply as the doors write it (request-reply.ts). */
type Sent = { status: number; headers: Record<string, string>; bytes: Uint8Array | string }

/** The rules a request broke, once each, for its journal entry and its Genmock-Conformance header. */
function ruleIds({ breaches }: RouteTrace): RuleId[] {
  if (!breaches || breaches.length === 0) return NO_RULES
  if (breaches.length === 1) {
    // The same list for every request that broke one rule: the journal copies it when it builds an entry.
    const rule = breaches[0]!.rule
    let one = ONE_RULE.get(rule)
    if (!one) ONE_RULE.set(rule, (one = [rule]))
    return one
  }
  return [...new Set(breaches.map((breach) => breach.rule))]
}

/**
 * The simulator as one function from a request value to a reply value, the same for every door.
 * A Problem becomes its error reply here, any other error a 500 with no detail; every reply is
 * dated by the simulated clock, and client traffic (everything outside /__mock) is journaled. A
 * control GET's JSON 200 carries an ETag, and is a 304 when If-None-Match names it.
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
 * createApp's routes as an Answer: a reply at once when the route answers at once.
 * @example
 * const answer = createAnswer(engine, drift)
 * const reply = answer(request) // a Reply, or a Promise of one for a route that waits
 */
export function createAnswer(engine: Engine, drift: Drift, options: AppOptions = {}): Answer {
  // Each row runs as itself: the match says who may call it as well as what runs.
  const find = compileRoutes(ROUTES.map((row) => ({ ...row, run: row })))
  const redact = redactor((value) => value === options.adminToken || engine.isCredential(value))
  // The credentials of the Authorization headers seen, a few of them: clients send the same one every time.
  const credentials = new Map<string, Credential | null>()

  /** What a route threw, as a reply: a Problem its error reply (its facts to the trace), anything else a 500. */
  const refused = (error: unknown, trace: RouteTrace, control: boolean): Reply => {
    if (!(error instanceof Problem)) {
      ;(options.onUnexpectedError ?? console.error)(error)
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

  /** The reply dated and serialised once (the journal keeps the very text every door writes), the request journaled. */
  const settle = (
    request: HttpRequest,
    control: boolean,
    started: number,
    serverClock: ReturnType<Engine['clockOf']>,
    arrived: number,
    trace: RouteTrace,
    reply: Reply,
  ): Reply => {
    const broken = ruleIds(trace)
    // An account with a clock of its own sees its own time, in the journal as in the Date header.
    const clock = engine.clockOf(trace.accountId)
    if (clock !== serverClock) arrived = clock.now()
    const sent = 'drop' in reply ? null : onTheWire(reply, request, control, httpDate(clock.now()), broken)
    if (!control) {
      // Built when first read: most entries never are (docs/performance.md); till then it holds
      // bounded copies, never the request's or the reply's own bodies (docs/limits-and-security.md).
      const durationMs = performance.now() - started
      const held = new HeldExchange(request, sent, trace, arrived, durationMs, broken, redact)
      const requestSeq = engine.recordRequest(held, held.bytes)
      if (trace.breaches) {
        recordBreaches(engine, trace, redact, arrived, requestSeq)
        // The findings have them now; the journal holds this trace, but its entries never show them.
        trace.breaches = undefined
      }
    }
    return sent ?? reply
  }

  return (request) => {
    const control = isControlPath(request.path)
    // HEAD is GET without the body (RFC 9110 §9.3.2), on every GET route.
    const match =
      find(request.method, request.path) ?? (request.method === 'HEAD' ? find('GET', request.path) : undefined)
    if (!match && !control && !request.path.startsWith('/api/')) return undefined
    const started = performance.now()
    const serverClock = engine.clockOf(undefined)
    const arrived = serverClock.now()
    const trace: RouteTrace = {}
    try {
      // Before routing: without the token, an unknown control path says no more than a known one.
      const access = match ? match.run.access : control ? 'control' : undefined
      if (access === 'control' && lockedOut(request, options.adminToken)) throw Problem.of({ kind: 'unauthorized' })
      if (!match?.params) throw noRoute(request)
      const context = new Context(engine, drift, request, match.params, trace, options, redact, credentials)
      const answered = match.run.run(context)
      // Most routes answer at once: no promise and no turn of the event loop for them.
      if (!(answered instanceof Promise))
        return settle(request, control, started, serverClock, arrived, trace, answered)
      return answered.then(
        (reply) => settle(request, control, started, serverClock, arrived, trace, reply),
        (error: unknown) =>
          settle(request, control, started, serverClock, arrived, trace, refused(error, trace, control)),
      )
    } catch (error) {
      return settle(request, control, started, serverClock, arrived, trace, refused(error, trace, control))
    }
  }
}

/** A reply as the doors write it: dated, its conformance header, a control GET's ETag (or its 304), HEAD's length. */
function onTheWire(
  reply: Exclude<Reply, typeof DROP>,
  request: HttpRequest,
  control: boolean,
  date: string,
  broken: RuleId[],
): Sent {
  const head = request.method === 'HEAD'
  const body = 'json' in reply ? JSON.stringify(reply.json) : reply.bytes
  // Copied name by name: a spread with a property after it takes V8's slow path (2 µs a reply on Node 20).
  const headers: Record<string, string> = {}
  for (const name in reply.headers) headers[name] = reply.headers[name]!
  headers.date = date
  if (broken.length > 0) headers['genmock-conformance'] = broken.length === 1 ? broken[0]! : broken.join(', ')
  // Only the control API's: the service routes answer exactly as the real service does.
  if (control && (request.method === 'GET' || head) && reply.status === 200 && 'json' in reply) {
    const etag = (headers.etag = etagOf(body))
    if (noneMatch(request.headers['if-none-match'], etag)) return { status: 304, headers: { etag, date }, bytes: '' }
  }
  if (!head) return { status: reply.status, headers, bytes: body }
  const length = typeof body === 'string' ? new TextEncoder().encode(body).byteLength : body.byteLength
  headers['content-length'] ??= String(length)
  return { status: reply.status, headers, bytes: '' }
}

/** The findings of the rules a request broke; a repeat has already updated its first finding in the engine. */
function recordBreaches(engine: Engine, trace: RouteTrace, redact: Redactor, arrived: number, requestSeq: number) {
  let found: Breach[] | undefined
  for (const breach of trace.breaches!) {
    if (breach.repeat) continue
    ;(found ??= []).push({
      ...breach,
      message: redact.text(breach.message),
      ...(breach.idempotencyKey !== undefined ? { idempotencyKey: redact.text(breach.idempotencyKey) } : {}),
    })
  }
  if (found)
    engine.recordFindings(found, { accountId: trace.accountId ?? '', at: new Date(arrived).toISOString(), requestSeq })
}

/**
 * What a route gets (route-context.ts): one object per request, its caller and query string worked
 * out on first use by methods, so that no function is made per request. Routes call them on it
 * (`c.caller()`), never detached.
 */
class Context implements RouteContext {
  readonly engine: Engine
  readonly drift: Drift
  readonly request: HttpRequest
  readonly params: Record<string, string>
  readonly trace: RouteTrace
  readonly redact: Redactor
  readonly options: AppOptions
  readonly credentials: Map<string, Credential | null>
  #query: URLSearchParams | undefined = undefined

  constructor(
    engine: Engine,
    drift: Drift,
    request: HttpRequest,
    params: Record<string, string>,
    trace: RouteTrace,
    options: AppOptions,
    redact: Redactor,
    credentials: Map<string, Credential | null>,
  ) {
    this.engine = engine
    this.drift = drift
    this.request = request
    this.params = params
    this.trace = trace
    this.options = options
    this.redact = redact
    this.credentials = credentials
  }

  get controlRoutes() {
    return CONTROL_API_ROUTES
  }
  get dashboardPage() {
    return this.options.dashboardPage
  }
  get state() {
    return this.options.state
  }

  query(): URLSearchParams {
    return (this.#query ??= new URLSearchParams(this.request.query))
  }

  caller(): Account {
    const { engine, request, trace, options } = this
    const credential = this.#credential()
    const account = engine.authenticate(credential, request.remoteAddress)
    trace.accountId = account.id
    // Accepted, as the real service would, but reported (and refused when strict): a key in a page is a leaked key.
    if (credential?.kind === 'key' && (options.browserContext || request.headers.origin !== undefined))
      engine.breach((trace.breaches ??= []), { rule: 'key-in-browser', message: KEY_IN_BROWSER }, account)
    return account
  }

  /** The credential the request presents; an Authorization header read once per value (clients send the same). */
  #credential(): Credential | null {
    const { headers } = this.request
    const { authorization } = headers
    if (authorization === undefined) return credentialOf(headers, parseCookies(headers.cookie))
    let credential = this.credentials.get(authorization)
    if (credential !== undefined) return credential
    credential = credentialOf(headers, NO_COOKIES)
    if (this.credentials.size < 100 && authorization.length <= 256) this.credentials.set(authorization, credential)
    return credential
  }
}
