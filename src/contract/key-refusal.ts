/**
 * Why a fixture key is refused on purpose (README, Accounts and keys), for the banner and the
 * dashboard: revoked, expired, or usable only from its IP allowlist; null for a usable key.
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
