import type { Account } from '../engine/accounts.js'
import type { Engine, SubmitTrace } from '../engine/engine.js'
import type { HttpRequest, Reply } from './exchange.js'
import type { Row } from './router.js'

/** What a route learnt about the request, for the journal and the conformance findings. */
export interface RouteTrace extends SubmitTrace {
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
  /** The dashboard page, when the door serves one (AppOptions). */
  dashboardPage: (() => Promise<string>) | undefined
}

/** A route: one small task, from a request to a reply; errors are thrown as Problems. */
export type Route = (context: RouteContext) => Reply | Promise<Reply>

export type RouteRow = Row<Route>
