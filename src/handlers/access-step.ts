// The access step (route-steps.ts): each row's access column (route-table.ts) checked before its handler
// runs, and what it gives handed to the handler. No handler authenticates itself (docs/sandbox.md).
import type { Account, Credential } from '../engine/accounts/accounts.js'
import { Problem } from '../engine/problem.js'
import { bearerToken, credentialOf, parseCookies } from '../http/read-request.js'
import type { HttpRequest } from '../http/request-reply.js'
import type { Caller } from './route-context.js'
import type { Exchange, Step } from './route-exchange.js'
import type { Access } from './route-table.js'

/** What the access step needs of the door's options (AppOptions). */
export interface AccessChoices {
  /** Every request comes from a page (the browser worker door), whatever its headers say. */
  browserContext?: boolean | undefined
  /**
   * When set, the control API answers each row's callers (route-table.ts): the admin `Authorization: Bearer
   * <adminToken>`, an account its own key, anyone the public rows.
   */
  adminToken?: string | undefined
}

/** A request with an Authorization header is never asked for its cookies. */
const NO_COOKIES: Record<string, string> = Object.freeze(Object.create(null))

const KEY_IN_BROWSER =
  'an API key was sent from a browser: keys are server-side only; first-party pages use the session cookie'

/** What each refusal of a control request says it needs (docs/sandbox.md, Who may do what). */
export const NEEDS = {
  admin: 'needs the admin token: Authorization: Bearer <the --admin-token>',
  adminNotAccount: 'needs the admin token: an account key reaches only its own account, tasks and listings',
  account: "needs an account's key (its own account only) or the admin token: Authorization: Bearer <key>",
  ownRead: 'an account key may only read its own account',
  ownChange: 'an account key may only change its own account',
} as const

const ADMIN: Caller = Object.freeze({ kind: 'admin' })

/**
 * The step that decides access by the row's access column: `service key` authenticates the caller and hands
 * the handler its account; `owner key` hands the handler that check, to run when the task is a relay's;
 * `public` lets anyone in; the control API's rows answer the admin token, and an account's key its own
 * account's data (before routing, so an unknown control path says no more than a known one).
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

  /** Who calls the control API: the admin (the token, or anyone without one), an account by its key, or nobody. */
  const controlCaller = ({ engine, request }: Exchange): Caller | undefined => {
    const { adminToken } = choices
    if (adminToken === undefined) return ADMIN
    const token = bearerToken(request.headers.authorization)
    if (token === undefined) return undefined
    if (token === adminToken) return ADMIN
    try {
      return { kind: 'account', account: engine.authenticate({ kind: 'key', key: token }, request.remoteAddress) }
    } catch {
      return undefined
    }
  }

  return {
    before(exchange) {
      const access = exchange.access
      if (access === 'service key') {
        // The service's :id is a task's: a refused read is journaled under the task it named.
        const { id } = exchange.params
        if (id !== undefined) exchange.trace.taskId = id
        exchange.given = caller(exchange)
      } else if (access === 'owner key') exchange.given = () => caller(exchange)
      else if (access !== undefined && access !== 'public') controlAccess(exchange, access, controlCaller(exchange))
    },
  }
}

/** A control row's access for its caller: refused with what it needs, or let in with what its handler gets. */
function controlAccess(
  exchange: Exchange,
  access: Exclude<Access, 'service key' | 'owner key' | 'public'>,
  who?: Caller,
) {
  if (who === undefined)
    throw Problem.of({ kind: 'unauthorized', needs: access === 'admin' ? NEEDS.admin : NEEDS.account })
  const own = who.kind === 'account' ? who.account.id : undefined
  exchange.trace.by = own ?? 'admin'
  switch (access) {
    case 'admin':
      if (own !== undefined) throw Problem.of({ kind: 'forbidden', message: NEEDS.adminNotAccount })
      return
    case 'account':
      exchange.given = who
      return
    case 'own account':
      if (own !== undefined && exchange.params.id !== own)
        throw Problem.of({
          kind: 'forbidden',
          message:
            exchange.request.method === 'GET' || exchange.request.method === 'HEAD' ? NEEDS.ownRead : NEEDS.ownChange,
        })
      return
    case 'own task':
      // Another account's task is as unknown as one that never was: its existence is not told.
      if (own !== undefined && exchange.engine.taskOwner(exchange.params.id!) !== own)
        throw Problem.of({ kind: 'task-not-found' })
      return
    case 'own listing':
      if (own !== undefined) {
        for (const named of exchange.query().getAll('account'))
          for (const id of named.split(','))
            if (id !== '' && id !== own) throw Problem.of({ kind: 'forbidden', message: NEEDS.ownRead })
      }
      exchange.given = own
  }
}
