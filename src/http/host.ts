/**
 * The Host header read as RFC 9112 §3.2 and RFC 3986 §3.2.2 define it: `host [":" port]`, where
 * host is a bracketed IPv6 literal, a dotted IPv4 address whose parts are 0–255, or a name of
 * letters, digits, `-`, `.`, `_` and `~`. No userinfo (`a@b`), no path, no port past 65535. A
 * name that ends in a number must be an IPv4 address, as URL parsers read it (`999.999.999.999`
 * is no name). Nothing else reaches the URLs genmock builds from it (media URLs, HAR, `servers`).
 */

export interface Authority {
  /** Lower case, without a trailing dot; an IPv6 literal keeps its brackets. */
  name: string
  port?: number | undefined
}

const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/
const NAME = /^(?=.{1,253}$)[a-z0-9_~-]+(?:\.[a-z0-9_~-]+)*\.?$/
/** A last label of digits (or hex, `0x…`): URL parsers take the name for an IPv4 address. */
const NUMERIC_END = /(?:^|\.)(?:\d+|0x[0-9a-f]*)\.?$/
const IPV6 = /^\[[0-9a-f:.]+\]$/

/**
 * The parts of a Host header, or undefined when it is malformed.
 * @example
 * parseHost('LocalHost:4600') // { name: 'localhost', port: 4600 }
 * parseHost('127.0.0.1:4630@evil.example') // undefined
 */
export function parseHost(header: string): Authority | undefined {
  const text = header.trim().toLowerCase()
  const colon = text.startsWith('[') ? text.indexOf(':', text.indexOf(']')) : text.lastIndexOf(':')
  const host = colon < 0 ? text : text.slice(0, colon)
  const portText = colon < 0 ? undefined : text.slice(colon + 1)
  if (portText !== undefined && !/^\d{0,5}$/.test(portText)) return undefined
  const port = portText ? Number(portText) : undefined
  if (port !== undefined && port > 65_535) return undefined
  if (host.startsWith('[')) return IPV6.test(host) && validIpv6(host.slice(1, -1)) ? { name: host, port } : undefined
  if (!NAME.test(host)) return undefined
  const name = host.replace(/\.$/, '')
  if (NUMERIC_END.test(name) && !IPV4.test(name)) return undefined
  return { name, port }
}

/** An IPv6 address: eight groups, or fewer around one `::`, the last two may be an IPv4 address. */
function validIpv6(text: string): boolean {
  const halves = text.split('::')
  if (halves.length > 2) return false
  const groups = halves.flatMap((half) => (half === '' ? [] : half.split(':')))
  const last = groups.at(-1) ?? ''
  const v4 = last.includes('.')
  if (v4 && !IPV4.test(last)) return false
  const count = groups.length + (v4 ? 1 : 0)
  const hex = (v4 ? groups.slice(0, -1) : groups).every((group) => /^[0-9a-f]{1,4}$/.test(group))
  return hex && (halves.length === 2 ? count <= 7 : count === 8)
}

/**
 * The origin a well-formed authority names, for absolute URLs.
 * @example
 * originOf({ name: 'localhost', port: 4600 }) // 'http://localhost:4600'
 */
export const originOf = ({ name, port }: Authority, scheme = 'http') =>
  `${scheme}://${name}${port === undefined || port === 80 ? '' : `:${port}`}`
