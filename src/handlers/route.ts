import { http, type HttpHandler } from 'msw'
import type { Account } from '../engine/accounts.js'
import type { Engine } from '../engine/engine.js'
import { Problem } from '../engine/problem.js'
import { INTERNAL_ERROR, problemToHttp } from './problem-response.js'
import { credentialOf, remoteAddressOf } from './request.js'

/** A JSON answer; a resolver may also return a ready Response (media). */
export interface Reply {
  status?: number
  body: unknown
  headers?: Record<string, string> | undefined
}

export interface RouteContext {
  request: Request
  params: Record<string, string>
  cookies: Record<string, string>
  /** The origin the client used, for absolute media URLs. */
  origin: string
  /** The authenticated account, or Unauthorized; only called where a route needs it. */
  caller: () => Account
}

/** Returning undefined lets the next handler answer (msw's fall-through). */
export type Resolve = (context: RouteContext) => Reply | Response | undefined | Promise<Reply | Response | undefined>

export interface RouteOptions {
  /** Called with errors that are not Problems (bugs); they answer 500 Internal error. */
  onUnexpectedError?: (error: unknown) => void
  /**
   * Only a door that overwrites REMOTE_ADDRESS_HEADER itself (the standalone server) may trust it;
   * elsewhere the client could claim any address, so the caller counts as loopback.
   */
  trustRemoteAddressHeader?: boolean
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
 * detail, and dates every response with the simulated clock.
 * @example
 * route(engine, 'get', '/__mock/health', () => ({ body: { ok: true } }))
 */
export function route(engine: Engine, method: Method, path: string | RegExp, resolve: Resolve, options: RouteOptions = {}): HttpHandler {
  // '*' matches any origin: the standalone server's, the page's, or the real service's in tests.
  return http[method](typeof path === 'string' ? `*${path}` : path, async ({ request, params, cookies }) => {
    let response: Response
    try {
      const caller = () => engine.authenticate(credentialOf(request, cookies), remoteAddressOf(request, options))
      const context = { request, params: params as Record<string, string>, cookies, origin: new URL(request.url).origin, caller }
      const reply = await resolve(context)
      if (reply === undefined) return undefined
      response = reply instanceof Response ? reply : json(reply)
    } catch (error) {
      if (error instanceof Problem) response = json(problemToHttp(error.detail))
      else {
        ;(options.onUnexpectedError ?? console.error)(error)
        response = json(INTERNAL_ERROR)
      }
    }
    response.headers.set('date', new Date(engine.clock.now()).toUTCString())
    return response
  })
}

function json({ status = 200, body, headers = {} }: Reply): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })
}
