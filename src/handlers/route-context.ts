// What a route gets (the engine, the request, its parameters and caller) and what a route row is.
import type { Account } from '../engine/accounts/accounts.js'
import type { Engine } from '../engine/engine.js'
import type { HttpRequest, Reply } from '../http/request-reply.js'
import type { Row } from '../http/router.js'
import type { RouteTrace } from '../http/exchange-entry.js'
import type { Redactor } from '../http/redaction.js'

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
  /** Secrets out of what the control API shows (task views, as the journal: http/redaction.ts). */
  redact: Redactor
  /** The dashboard page, when the door serves one (AppOptions). */
  dashboardPage: (() => Promise<string>) | undefined
}

/** A route: one small task, from a request to a reply; errors are thrown as Problems. */
export type Route = (context: RouteContext) => Reply | Promise<Reply>

export type RouteRow = Row<Route>
