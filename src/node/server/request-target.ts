// What the Node door reads off a request line and its Host header before routing: the path and query as a
// Fetch URL would normalise them, and the origin the client used (RFC 9112 §3.2), each refused when malformed.
import type { IncomingMessage } from 'node:http'
import { originOf, parseHost } from '../../http/host.js'
import { problemToHttp } from '../../http/replies.js'

/**
 * Targets made only of characters a URL parser leaves alone, with no segment that may be a dot segment:
 * none starts with `.` or `%2e` (in any case), the first one included. Their query has no `#`, and no `/.`
 * nor `/%2e` up to its first line end. A regular expression: V8 runs it faster than a loop (220 ns to 310).
 */
const PLAIN_TARGET = /^(?!.*\/(?:\.|%2e))\/[\w\-.~!$&'()*+,;=:@/%]*(?:\?[^#]*)?$/i

/**
 * Whether a target can be read as it is, with no URL parser (PLAIN_TARGET).
 * @example
 * isPlainTarget('/api/ai/tasks/tsk_1?x=1') // true
 * isPlainTarget('/../api/ai/models') // false: a URL parser resolves it to /api/ai/models
 */
export const isPlainTarget = (url: string) => PLAIN_TARGET.test(url)

/**
 * The path and query of a request target, normalised as a Fetch URL would be (dot segments,
 * escapes) when it needs it.
 */
export interface Target {
  path: string
  query: string
}

/**
 * A request target as its path and query; undefined for an absolute-form target no URL parser reads.
 * @example
 * target('/a/../api/ai/models?x=1') // { path: '/api/ai/models', query: 'x=1' }
 */
export function target(url: string): Target | undefined {
  const parsed = isPlainTarget(url) ? undefined : URL.parse(url, 'http://localhost')
  if (parsed === null) return undefined // an absolute-form target no URL parser reads
  const normal = parsed ? parsed.pathname + parsed.search : url
  const at = normal.indexOf('?')
  return at < 0 ? { path: normal, query: '' } : { path: normal.slice(0, at), query: normal.slice(at + 1) }
}

/** Whether a header name is Host, in any case, without making a lower-case copy of every name. */
const isHost = (name: string) =>
  name.length === 4 && (name === 'Host' || name === 'host' || name.toLowerCase() === 'host')

/**
 * The origin a request names in its Host header (RFC 9112 §3.2): undefined when the header is
 * malformed, carries userinfo, is missing from an HTTP/1.1 request, or is sent twice. An HTTP/1.0
 * request without one is answered for the address it reached.
 * @example
 * hostOrigin(req, new Map()) // 'http://localhost:4600'
 */
export function hostOrigin(req: IncomingMessage, cache: Map<string, string>): string | undefined {
  const header = req.headers.host
  if (header === undefined) return req.httpVersion === '1.0' ? 'http://localhost' : undefined
  let hosts = 0
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (isHost(req.rawHeaders[i]!)) hosts++
  if (hosts > 1) return undefined // Node keeps the first: which one a proxy read is unknown
  let origin = cache.get(header)
  if (origin !== undefined) return origin
  const authority = parseHost(header)
  if (!authority) return undefined
  origin = new URL(originOf(authority)).origin
  if (cache.size < 100) cache.set(header, origin)
  return origin
}

/** The answer to a Host header hostOrigin refuses. */
export const BAD_HOST = problemToHttp({
  kind: 'invalid-request',
  issues: [{ in: 'header', path: 'Host', message: 'must be one host[:port]: a name, an IPv4 address or [IPv6]' }],
})

/** The answer to a target `target` cannot read. */
export const BAD_TARGET = problemToHttp({
  kind: 'invalid-request',
  issues: [{ in: 'path', path: '', message: 'is not a request target a URL parser can read' }],
})
