// One request on its way through the route core (route-steps.ts): what its route gets (RouteContext), what
// the steps around the route learn of it, and what a step is. A proxied exchange (the service answered it)
// is one too: the steps after a reply journal it, tell the listener and compare it.
import type { Drift } from '../drift/drift-state.js'
import type { ProxiedExchange } from '../drift/record-proxied.js'
import type { JournalEntry } from '../engine/journal/journal.js'
import type { Clock } from '../engine/clock/clock.js'
import type { Engine } from '../engine/engine.js'
import type { RuleId } from '../engine/journal/conformance.js'
import type { RouteTrace } from '../http/exchange-entry.js'
import { type Redactor, requestSecrets, withSecrets } from '../http/redaction.js'
import type { HttpRequest, Sent } from '../http/request-reply.js'
import type { Match } from '../http/router.js'
import type { ExchangeListener } from '../metrics/exchange-listener.js'
import type { StateKeeping } from '../snapshot/snapshot-keeping.js'
import type { McpEndpoint, RouteContext } from './route-context.js'
import { type Access, CONTROL_API_ROUTES, type GivenValue, SERVICE_ROUTES, type TableRow } from './route-table.js'

/** What every request of one route core shares: the simulation, the door's options, the redactor. */
export interface RouteCore {
  engine: Engine
  drift: Drift
  redact: Redactor
  /** The dashboard page, when the door serves one (AppOptions). */
  dashboardPage: (() => Promise<string>) | undefined
  /** The door's --state DIR, when it keeps one (AppOptions). */
  state: StateKeeping | undefined
  /** The door's listener of exchanges, its metrics page (AppOptions). */
  listen: ExchangeListener | undefined
  /** The door's MCP endpoint, made once the route core is (AppOptions). */
  mcp: McpEndpoint | undefined
}

/**
 * A step every request takes (route-steps.ts): `before` runs ahead of the route and may refuse the request
 * by throwing a Problem; `after` gets the reply serialised and may change it, wait (a promise) before
 * the door sends it, or refuse it by throwing a Problem (or rejecting with one), which the route core
 * serialises in its place. A step that answers at once keeps the request free of promises (docs/performance.md).
 */
export interface Step {
  before?(exchange: Exchange): void
  after?(exchange: Exchange, sent: Sent): Sent | Promise<Sent>
}

/** Shared by every request that broke no rule: an entry keeps only a list with rules in it. */
const NO_RULES: RuleId[] = []
const ONE_RULE = new Map<RuleId, RuleId[]>()
const NO_PARAMS: Record<string, string> = Object.freeze({})

/**
 * A request in the route core: one object per request, its query, its caller's clock and the rules it broke
 * worked out on first use by methods, so that no function is made per request. Routes call them on it
 * (`c.query()`), never detached.
 */
export class Exchange implements RouteContext {
  readonly engine: Engine
  readonly drift: Drift
  readonly redact: Redactor
  readonly request: HttpRequest
  readonly params: Record<string, string>
  readonly trace: RouteTrace = {}
  /** The row matched; undefined for a path genmock has no route for. */
  readonly row: TableRow | undefined
  /** Whether the path is the control API's (never journaled, answered with ETags). */
  readonly control: boolean
  /** performance.now() and the server's clock when the request arrived. */
  readonly started: number
  readonly serverClock: Clock
  readonly arrived: number
  /** The service's answer, when the proxy forwarded the request: the steps after a reply record it. */
  readonly proxied: ProxiedExchange | undefined
  /** What the access step hands the route (route-table.ts, Given). */
  given: GivenValue = undefined
  /** The journal step's entry of a proxied exchange (the drift step's example, the proxy's HAR recording). */
  journaled: JournalEntry | undefined = undefined
  /** Whether the route answered a JSON value (not bytes): only those have an ETag (wire-step.ts). */
  valued = false
  readonly #core: RouteCore
  #query: URLSearchParams | undefined = undefined
  #clock: Clock | undefined = undefined
  #rules: RuleId[] | undefined = undefined

  constructor(
    core: RouteCore,
    request: HttpRequest,
    match: Match<TableRow> | undefined,
    control: boolean,
    proxied?: ProxiedExchange,
  ) {
    this.#core = core
    this.engine = core.engine
    this.drift = core.drift
    // The service's keys are not the simulator's: the very credentials the client sent are redacted too,
    // wherever the service echoes them.
    this.redact = proxied ? withSecrets(core.redact, requestSecrets(request.headers)) : core.redact
    this.proxied = proxied
    this.request = request
    this.params = match?.params ?? NO_PARAMS
    this.row = match?.run
    this.control = control
    this.started = performance.now()
    this.serverClock = core.engine.clockOf(undefined)
    this.arrived = this.serverClock.now()
  }

  /** Who may call it: its row's access; an unknown control path is the control API's all the same. */
  get access(): Access | undefined {
    return this.row ? this.row.access : this.control ? 'admin' : undefined
  }
  get controlRoutes() {
    return CONTROL_API_ROUTES
  }
  get serviceRoutes() {
    return SERVICE_ROUTES
  }
  get dashboardPage() {
    return this.#core.dashboardPage
  }
  get state() {
    return this.#core.state
  }
  get listen() {
    return this.#core.listen
  }
  get mcp() {
    return this.#core.mcp
  }

  /**
   * Whether the request may have changed the state: anything but a read (GET, HEAD) of the control API
   * (a service read applies the changes due). The one rule of every door's save step.
   */
  get mayChange(): boolean {
    const { method } = this.request
    return !this.control || (method !== 'GET' && method !== 'HEAD')
  }

  /** Milliseconds from its arrival to now, or to the service's answer for a proxied exchange. */
  durationMs(): number {
    return this.proxied ? this.proxied.durationMs : performance.now() - this.started
  }

  query(): URLSearchParams {
    return (this.#query ??= new URLSearchParams(this.request.query))
  }

  /** The clock of the account the request turned out to be from (its own, or the server's): read after the route. */
  clock(): Clock {
    return (this.#clock ??= this.engine.clockOf(this.trace.accountId))
  }

  /** The rules the request broke, once each, for its journal entry and its Genmock-Conformance header. */
  rules(): RuleId[] {
    return (this.#rules ??= ruleIds(this.trace))
  }
}

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
