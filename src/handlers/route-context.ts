// What a route gets (the engine, the drift report, the request, its parameters) and what a route is: a handler
// that the route core hands, besides, what its row's access column gives it (access-step.ts).
import type * as z from 'zod'
import type { Account } from '../engine/accounts/accounts.js'
import type { Drift } from '../drift/drift-state.js'
import type { Engine } from '../engine/engine.js'
import { validate } from '../engine/validation.js'
import type { RouteTrace } from '../http/exchange-entry.js'
import { readJson } from '../http/read-request.js'
import type { HttpRequest, Reply, Sent } from '../http/request-reply.js'
import type { Row } from '../http/router.js'
import type { Redactor } from '../http/redaction.js'
import type { ExchangeListener } from '../metrics/exchange-listener.js'
import type { ServiceRow } from '../openapi/service-operations.js'
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
  trace: RouteTrace
  /** Secrets out of what the control API shows (task views, as the journal: http/redaction.ts). */
  redact: Redactor
  /** The dashboard page, when the door serves one (AppOptions). */
  dashboardPage: (() => Promise<string>) | undefined
  /** The control API's rows, for its OpenAPI document. */
  controlRoutes: readonly Row<unknown>[]
  /** The service's own rows, for its OpenAPI document. */
  serviceRoutes: readonly ServiceRow[]
  /** The door's --state DIR, when it keeps one (AppOptions). */
  state: StateKeeping | undefined
  /** The door's listener of exchanges, its metrics page (AppOptions). */
  listen: ExchangeListener | undefined
  /** The door's Model Context Protocol endpoint, when it serves one (AppOptions, docs/mcp.md). */
  mcp: McpEndpoint | undefined
}

/** Who called a control row an account may call (route-table.ts, `account`): the admin, or an account by its key. */
export type Caller = { kind: 'admin' } | { kind: 'account'; account: Account }

/**
 * A door's MCP endpoint (docs/mcp.md): a request to /__mock/mcp that passed the access step, answered
 * with the protocol's reply; its tools act through the same route core, with the same caller.
 */
export type McpEndpoint = (request: HttpRequest) => Promise<Reply>

/** Answers a request with the reply every door writes as it is, answering at once when the route does. */
export type Answer = (request: HttpRequest) => Sent | undefined | Promise<Sent | undefined>

/** What a door serving MCP hands in: its endpoint, made with the route core (the Answer) its tools call. */
export type ServeMcp = (answer: Answer) => McpEndpoint

/**
 * A route: one small task, from a request to a reply; errors are thrown as Problems. `given` is what
 * its row's access column hands it (route-table.ts): the authenticated caller of a service route.
 */
export type Route<Given = undefined> = (context: RouteContext, given: Given) => Reply | Promise<Reply>

/**
 * A control request's JSON body (optional: none reads as `{}`), validated against its schema.
 * @example
 * bodyOf(clockAdvanceSchema, context) // { seconds: 5 }
 */
export const bodyOf = <T>(schema: z.ZodType<T>, { request }: RouteContext) =>
  validate(schema, readJson(request, { optional: true }))
