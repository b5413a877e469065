/**
 * Whether an address is in an IP allowlist of IPv4 addresses, IPv4 CIDR blocks and exact IPv6
 * addresses (in any notation). IPv4-mapped IPv6 (`::ffff:127.0.0.1`) counts as its IPv4 address.
 * A malformed entry matches nothing: a typo must never open a key to everyone.
 * @example
 * ipAllowed('203.0.113.9', ['203.0.113.0/24']) // true
 * ipAllowed('127.0.0.1', ['203.0.113.0/24'])   // false
 */
export function ipAllowed(address: string, allowlist: readonly string[]): boolean {
  const ip = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address
  return allowlist.some((entry) => matches(ip, entry))
}

function matches(ip: string, entry: string): boolean {
  const [network, bits, extra] = entry.split('/')
  if (extra !== undefined) return false
  if (bits === undefined) {
    const v4 = ipv4(ip)
    if (v4 !== null) return v4 === ipv4(network!)
    const v6 = ipv6(ip)
    return v6 !== null && v6 === ipv6(network!)
  }
  const a = ipv4(ip)
  const b = ipv4(network!)
  if (a === null || b === null || !/^\d{1,2}$/.test(bits) || Number(bits) > 32) return false
  const prefix = Number(bits)
  const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0
  return (a & mask) >>> 0 === (b & mask) >>> 0
}

function ipv4(text: string): number | null {
  const parts = text.split('.')
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null
  return parts.reduce((acc, p) => ((acc << 8) | Number(p)) >>> 0, 0)
}

/** The eight hextets, zero-padded and joined, so that every notation of an address compares equal. */
function ipv6(text: string): string | null {
  const halves = text.toLowerCase().split('::')
  if (halves.length > 2) return null
  const groups = (half: string) => (half === '' ? [] : half.split(':'))
  const head = groups(halves[0]!)
  const tail = halves.length === 2 ? groups(halves[1]!) : []
  const missing = 8 - head.length - tail.length
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null
  const all = [...head, ...Array<string>(missing).fill('0'), ...tail]
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null
  return all.map((g) => g.padStart(4, '0')).join(':')
}
