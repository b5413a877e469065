import { http, type HttpHandler } from 'msw'
import type { Account } from '../engine/accounts.js'
import type { Engine, SubmitTrace } from '../engine/engine.js'
import { Problem } from '../engine/problem.js'
import { journalEntry } from './journal-entry.js'
import { INTERNAL_ERROR, problemToHttp } from './problem-response.js'
import { credentialOf, remoteAddressOf } from './request.js'

/** A JSON answer; a resolver may also return a ready Response (media). */
export interface Reply {
  status?: number
  body: unknown
  headers?: Record<string, string> | undefined
}

/** What a resolver learnt about the request, for the journal. */
export interface RouteTrace extends SubmitTrace {
  accountId?: string
  idempotencyKey?: string
  replayed?: boolean
  /** What the client did that the interface forbids (PRODUCT §7), for the journal. */
  warnings?: string[]
}

const KEY_IN_BROWSER = 'an API key was sent from a browser: keys are server-side only; first-party pages use the session cookie'

/** A resolver's answer that drops the connection: the client gets a network error, no response. */
export const DROP_CONNECTION = Symbol('drop connection')

export interface RouteContext {
  request: Request
  params: Record<string, string>
  cookies: Record<string, string>
  /** The origin the client used, for absolute media URLs. */
  origin: string
  /** The authenticated account, or Unauthorized; only called where a route needs it. */
  caller: () => Account
  trace: RouteTrace
}

type Answer = Reply | Response | typeof DROP_CONNECTION | undefined
/** Returning undefined lets the next handler answer (msw's fall-through). */
export type Resolve = (context: RouteContext) => Answer | Promise<Answer>

export interface RouteOptions {
  /** Called with errors that are not Problems (bugs); they answer 500 Internal error. */
  onUnexpectedError?: (error: unknown) => void
  /**
   * Only a door that overwrites REMOTE_ADDRESS_HEADER itself (the standalone server) may trust it;
   * elsewhere the client could claim any address, so the caller counts as loopback.
   */
  trustRemoteAddressHeader?: boolean
  /** Every request comes from a page (the browser worker door), whatever its headers say. */
  browserContext?: boolean
  /** When set, the control API answers only `Authorization: Bearer <adminToken>` (the dashboard page itself stays open). */
  adminToken?: string
}

/**
 * The answer for a path genmock has no route for.
 * @example
 * throw noRoute(request)
 */
export const noRoute = (request: Request) =>
  Problem.of({ kind: 'not-found', message: `No route ${request.method} ${new URL(request.url).pathname}` })

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'all'

/**
 * An msw handler that answers a Problem with its error body, any other error with 500 and no
 * detail, dates every response with the simulated clock, and journals client traffic (every
 * request outside /__mock).
 * @example
 * route(engine, 'get', '/__mock/health', () => ({ body: { ok: true } }))
 */
export function route(engine: Engine, method: Method, path: string | RegExp, resolve: Resolve, options: RouteOptions = {}): HttpHandler {
  // '*' matches any origin: the standalone server's, the page's, or the real service's in tests.
  return http[method](typeof path === 'string' ? `*${path}` : path, async ({ request, params, cookies }) => {
    const started = performance.now()
    const arrived = engine.clock.now()
    const url = new URL(request.url)
    const trace: RouteTrace = {}
    let answer: Answer
    try {
      const caller = () => {
        const credential = credentialOf(request, cookies)
        const account = engine.authenticate(credential, remoteAddressOf(request, options))
        trace.accountId = account.id
        // Accepted, as the real service would, but reported: a key in a page is a leaked key.
        if (credential?.kind === 'key' && (options.browserContext || request.headers.has('origin'))) trace.warnings = [KEY_IN_BROWSER]
        return account
      }
      answer = await resolve({ request, params: params as Record<string, string>, cookies, origin: url.origin, caller, trace })
      if (answer === undefined) return undefined
    } catch (error) {
      if (error instanceof Problem) answer = problemToHttp(error.detail)
      else {
        ;(options.onUnexpectedError ?? console.error)(error)
        answer = INTERNAL_ERROR
      }
    }
    const dropped = answer === DROP_CONNECTION
    // Response.error() is a network error: msw/node and the worker fail the fetch, the server drops the socket.
    const response = answer === DROP_CONNECTION ? Response.error() : answer instanceof Response ? answer : json(answer)
    if (!dropped) response.headers.set('date', new Date(engine.clock.now()).toUTCString())
    if (url.pathname !== '/__mock' && !url.pathname.startsWith('/__mock/')) {
      engine.journal.record(journalEntry({ request, url, arrived, status: dropped ? 0 : response.status, durationMs: performance.now() - started, trace, dropped }))
    }
    return response
  })
}

function json({ status = 200, body, headers = {} }: Reply): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })
}
