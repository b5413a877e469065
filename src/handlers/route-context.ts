// What a route gets (the engine, the drift report, the request, its parameters and caller) and what a route
// row is.
import type * as z from 'zod'
import type { Drift } from '../drift/drift-state.js'
import type { Account } from '../engine/accounts/accounts.js'
import type { Engine } from '../engine/engine.js'
import { validate } from '../engine/validation.js'
import type { RouteTrace } from '../http/exchange-entry.js'
import { readJson } from '../http/read-request.js'
import type { HttpRequest, Reply } from '../http/request-reply.js'
import type { Row } from '../http/router.js'
import type { Redactor } from '../http/redaction.js'
import type { StateKeeping } from '../snapshot/snapshot-keeping.js'

/** Everything a route gets: the engine, the request value, and lazily what it may need of it. */
export interface RouteContext {
  engine: Engine
  /** The simulator's drift report (docs/check-against-the-service.md). */
  drift: Drift
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
  /** The control API's rows, for its OpenAPI document. */
  controlRoutes: readonly Row<unknown>[]
  /** The door's --state DIR, when it keeps one (AppOptions). */
  state: StateKeeping | undefined
}

/** A route: one small task, from a request to a reply; errors are thrown as Problems. */
export type Route = (context: RouteContext) => Reply | Promise<Reply>

export type RouteRow = Row<Route>

/**
 * A control request's JSON body (optional: none reads as `{}`), validated against its schema.
 * @example
 * bodyOf(clockAdvanceSchema, context) // { seconds: 5 }
 */
export const bodyOf = <T>(schema: z.ZodType<T>, { request }: RouteContext) =>
  validate(schema, readJson(request, { optional: true }))
