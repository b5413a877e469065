// The fixture keys refused on purpose (docs/accounts-and-keys.md): why each is, and the accounts
// none of whose keys is accepted, for the accounts card and the startup banner.
import accounts from '../../fixtures/accounts.json' with { type: 'json' }

/**
 * Why a fixture key is refused on purpose (docs/accounts-and-keys.md), for the dashboard and the
 * banner: revoked, expired, or usable only from its IP allowlist; null for a usable key.
 * @example
 * keyRefusal({ key: 'sk_test_revoked', revoked: true }) // 'revoked'
 */
export function keyRefusal(key: {
  revoked?: boolean | undefined
  expiresAt?: string | undefined
  ipAllowlist?: readonly string[] | undefined
}) {
  return key.revoked ? 'revoked' : key.expiresAt ? 'expired' : key.ipAllowlist ? 'IP allowlist' : null
}

/**
 * The fixture accounts none of whose keys is accepted (docs/accounts-and-keys.md), by id, with
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
