/**
 * Whether an address is in an IP allowlist of IPv4 addresses, IPv4 CIDR blocks and exact IPv6
 * addresses. IPv4-mapped IPv6 (`::ffff:127.0.0.1`) counts as its IPv4 address.
 * @example
 * ipAllowed('203.0.113.9', ['203.0.113.0/24']) // true
 * ipAllowed('127.0.0.1', ['203.0.113.0/24'])   // false
 */
export function ipAllowed(address: string, allowlist: readonly string[]): boolean {
  const ip = address.startsWith('::ffff:') ? address.slice(7) : address
  return allowlist.some((entry) => matches(ip, entry))
}

function matches(ip: string, entry: string): boolean {
  const [network, bits] = entry.split('/')
  if (bits === undefined) return ip.toLowerCase() === entry.toLowerCase()
  const a = ipv4(ip)
  const b = ipv4(network!)
  const prefix = Number(bits)
  if (a === null || b === null || !Number.isInteger(prefix) || prefix < 0 || prefix > 32) return false
  const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0
  return (a & mask) >>> 0 === (b & mask) >>> 0
}

function ipv4(text: string): number | null {
  const parts = text.split('.')
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null
  return parts.reduce((acc, p) => ((acc << 8) | Number(p)) >>> 0, 0)
}
