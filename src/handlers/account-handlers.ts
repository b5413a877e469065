// The control API's account handlers (docs/clocks-and-worlds.md, A world per test: clocks of their own): list, create,
// read and change accounts; an account's key lists only its own (docs/sandbox.md).
import { accountCreateSchema, accountPatchSchema } from '../contract/control-requests.js'
import { json } from '../http/request-reply.js'
import { bodyOf, type Route } from './route-context.js'

export const ACCOUNT_HANDLERS = {
  /** Every account, or only the one an account's key is cut to (route-table.ts, `own listing`). */
  listAccounts: ({ engine }, own: string | undefined) => {
    const accounts = engine.listAccounts()
    return json(200, { accounts: own === undefined ? accounts : accounts.filter((account) => account.id === own) })
  },
  createAccount: (c) => json(201, c.engine.createAccount(bodyOf(accountCreateSchema, c))),
  getAccount: ({ engine, params }) => json(200, engine.getAccount(params.id!)),
  patchAccount: (c) => json(200, c.engine.patchAccount(c.params.id!, bodyOf(accountPatchSchema, c))),
} satisfies Record<string, Route<string | undefined>>
