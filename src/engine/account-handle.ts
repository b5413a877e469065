// Accounts made for one test (the test kit's worlds): created, with their clock at hand, and removed.
import { accountCreateSchema, clockAdvanceSchema, type AdvanceBy } from '../contract/control-requests.js'
import type { z } from 'zod'
import type { AccountClock, Engine } from './engine.js'
import { validate } from './validation.js'
import type { Advanced } from './clock/account-clocks.js'

/** An account made for one test, with its clock at hand. */
export interface AccountHandle {
  id: string
  apiKey: string
  credits: number
  /** Its clock: its own when created with `clock: 'own'`, else the server's. */
  clock(): AccountClock
  /** Advances its own clock by some seconds, or `{ until: 'next-event' | 'idle' }`. */
  advance(by: number | AdvanceBy): Advanced
}

/**
 * In-process account creation, as POST /__mock/accounts does it (the same checks, a Problem when
 * the input is off).
 * @example
 * const account = simulator.accounts.create({ clock: 'own', credits: 50 })
 * account.advance({ until: 'idle' }) // { now, changes, idle: true, … }
 */
export function accountHandles(engine: Engine) {
  return {
    create(input: z.input<typeof accountCreateSchema> = {}): AccountHandle {
      const created = engine.createAccount(validate(accountCreateSchema, input))
      return {
        ...created,
        clock: () => engine.accountClock(created.id),
        advance: (by) =>
          engine.advanceAccountClock(
            created.id,
            validate(clockAdvanceSchema, typeof by === 'number' ? { seconds: by } : by),
          ),
      }
    },
  }
}
