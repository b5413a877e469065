// The control API's clock handlers (docs/control-api.md): the server's clock and an account's own.
import { clockAdvanceSchema, clockSetSchema } from '../contract/control-requests.js'
import { json } from '../http/request-reply.js'
import { bodyOf, type Route } from './route-context.js'

export const CLOCK_HANDLERS = {
  clockState: ({ engine }) => json(200, engine.clockState()),
  advanceClock: (c) => json(200, c.engine.advanceClock(bodyOf(clockAdvanceSchema, c))),
  setClock: (c) => {
    const { now, ...change } = bodyOf(clockSetSchema, c)
    return json(200, c.engine.setClock({ ...change, ...(now ? { now: Date.parse(now) } : {}) }))
  },
  accountClock: ({ engine, params }) => json(200, engine.accountClock(params.id!)),
  advanceAccountClock: (c) => json(200, c.engine.advanceAccountClock(c.params.id!, bodyOf(clockAdvanceSchema, c))),
} satisfies Record<string, Route>
