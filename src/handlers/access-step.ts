// The access step (route-steps.ts): each row's access column (route-table.ts) checked before its handler
// runs, and what it gives handed to the handler. No handler authenticates itself.
import type { Account, Credential } from '../engine/accounts/accounts.js'
import { Problem } from '../engine/problem.js'
import { bearerToken, credentialOf, parseCookies } from '../http/read-request.js'
import type { HttpRequest } from '../http/request-reply.js'
import type { Exchange, Step } from './route-exchange.js'

/** What the access step needs of the door's options (AppOptions). */
export interface AccessChoices {
  /** Every request comes from a page (the browser worker door), whatever its headers say. */
  browserContext?: boolean | undefined
  /** When set, the control API answers only `Authorization: Bearer <adminToken>`. */
  adminToken?: string | undefined
}

/** A request with an Authorization header is never asked for its cookies. */
const NO_COOKIES: Record<string, string> = Object.freeze(Object.create(null))

const KEY_IN_BROWSER =
  'an API key was sent from a browser: keys are server-side only; first-party pages use the session cookie'

/**
 * Whether `--admin-token` locks this control request out.
 * @example
 * lockedOut(request, 'secret-token') // true unless Authorization: Bearer secret-token
 */
const lockedOut = (request: HttpRequest, adminToken: string | undefined) =>
  adminToken !== undefined && bearerToken(request.headers.authorization) !== adminToken

/**
 * The step that decides access by the row's access column: `control` answers 401 without the admin token
 * (before routing, so an unknown control path says no more than a known one); `service key` authenticates
 * the caller and hands the handler its account; `owner key` hands the handler that check, to run when
 * the task is a relay's; `public` lets anyone in.
 * @example
 * const access = accessStep({ adminToken: 'secret-token' })
 * access.before(exchange) // throws Unauthorized for a control request without the token
 */
export function accessStep(choices: AccessChoices): Required<Pick<Step, 'before'>> {
  // The credentials of the Authorization headers seen, a few of them: clients send the same one every time.
  const credentials = new Map<string, Credential | null>()

  /** The credential the request presents; an Authorization header read once per value (clients send the same). */
  const credential = ({ headers }: HttpRequest): Credential | null => {
    const { authorization } = headers
    if (authorization === undefined) return credentialOf(headers, parseCookies(headers.cookie))
    let found = credentials.get(authorization)
    if (found !== undefined) return found
    found = credentialOf(headers, NO_COOKIES)
    if (credentials.size < 100 && authorization.length <= 256) credentials.set(authorization, found)
    return found
  }

  /** The authenticated account, or Unauthorized; a key sent from a page is reported (refused when strict). */
  const caller = (exchange: Exchange): Account => {
    const { engine, request, trace } = exchange
    const presented = credential(request)
    const account = engine.authenticate(presented, request.remoteAddress)
    trace.accountId = account.id
    // Accepted, as the real service would, but reported (and refused when strict): a key in a page is a leaked key.
    if (presented?.kind === 'key' && (choices.browserContext || request.headers.origin !== undefined))
      engine.breach((trace.breaches ??= []), { rule: 'key-in-browser', message: KEY_IN_BROWSER }, account)
    return account
  }

  return {
    before(exchange) {
      const access = exchange.access
      if (access === 'control') {
        if (lockedOut(exchange.request, choices.adminToken)) throw Problem.of({ kind: 'unauthorized' })
      } else if (access === 'service key') {
        // The service's :id is a task's: a refused read is journaled under the task it named.
        const { id } = exchange.params
        if (id !== undefined) exchange.trace.taskId = id
        exchange.given = caller(exchange)
      } else if (access === 'owner key') exchange.given = () => caller(exchange)
    },
  }
}
