// The control API's account handlers (docs/clocks-and-worlds.md, A world per test: clocks of their own): list, create,
// read and change accounts.
import { accountCreateSchema, accountPatchSchema } from '../contract/control-requests.js'
import { json } from '../http/request-reply.js'
import { bodyOf, type Route } from './route-context.js'

export const ACCOUNT_HANDLERS = {
  listAccounts: ({ engine }) => json(200, { accounts: engine.listAccounts() }),
  createAccount: (c) => json(201, c.engine.createAccount(bodyOf(accountCreateSchema, c))),
  getAccount: ({ engine, params }) => json(200, engine.getAccount(params.id!)),
  patchAccount: (c) => json(200, c.engine.patchAccount(c.params.id!, bodyOf(accountPatchSchema, c))),
} satisfies Record<string, Route>
