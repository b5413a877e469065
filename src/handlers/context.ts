import type { Account } from '../engine/accounts/accounts.js'
import type { Breach } from '../engine/journal/conformance.js'
import type { Engine } from '../engine/engine.js'
import type { HttpRequest, Reply } from './exchange.js'
import type { Redactor } from './redaction.js'
import type { Row } from './router.js'

/**
 * What the route core learnt about the request, for the journal and the conformance findings: from
 * the request itself, from what the engine returned, or from the `facts` of the Problem it threw.
 */
export interface RouteTrace {
  scenario?: string
  taskId?: string
  /** The conformance rules the request broke, as it broke them. */
  breaches?: Breach[]
  accountId?: string
  idempotencyKey?: string
  replayed?: boolean
}

/** Everything a route gets: the engine, the request value, and lazily what it may need of it. */
export interface RouteContext {
  engine: Engine
  request: HttpRequest
  /** Path parameters, decoded. */
  params: Record<string, string>
  /** The query string, parsed on first use. */
  query: () => URLSearchParams
  /** The authenticated account, or Unauthorized; only called where a route needs it. */
  caller: () => Account
  trace: RouteTrace
  /** Secrets out of what the control API shows (task views, as the journal: handlers/redaction.ts). */
  redact: Redactor
  /** The dashboard page, when the door serves one (AppOptions). */
  dashboardPage: (() => Promise<string>) | undefined
}

/** A route: one small task, from a request to a reply; errors are thrown as Problems. */
export type Route = (context: RouteContext) => Reply | Promise<Reply>

export type RouteRow = Row<Route>
