import accounts from '../../fixtures/accounts.json' with { type: 'json' }
import { keyRefusal } from '../contract/key-refusal.js'

/**
 * The fixture accounts none of whose keys is accepted (README, Accounts and keys), by id, with
 * why each key is refused: the accounts card marks them, as their balance is never spent.
 * @example
 * REFUSED.get('acct_refused') // 'revoked, expired, IP allowlist'
 */
export const REFUSED = new Map(
  accounts.accounts.flatMap(({ id, keys }) => {
    const why = keys.map(keyRefusal)
    return why.length > 0 && why.every(Boolean) ? [[id, why.join(', ')] as const] : []
  }),
)
