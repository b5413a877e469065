// The reply on the wire: serialised once for every door (the one serialisation path), and the headers step
// (route-steps.ts) that dates it, names the rules it broke and gives a control GET its ETag.
import { etagOf, noneMatch } from '../http/etag.js'
import type { Reply, Sent } from '../http/request-reply.js'
import type { Exchange, Step } from './route-exchange.js'

/** The Date header of a simulated instant; it names whole seconds, so one string serves a second's replies. */
let dated = { second: NaN, header: '' }
function httpDate(ms: number): string {
  const second = Math.floor(ms / 1000)
  if (second !== dated.second) dated = { second, header: new Date(ms).toUTCString() }
  return dated.header
}

/**
 * A route's reply as the doors write it: a JSON value serialised, the headers a copy the steps may add to.
 * @example
 * serialised(exchange, json(200, { ok: true })) // { status: 200, headers: {…}, bytes: '{"ok":true}' }
 */
export function serialised(exchange: Exchange, reply: Reply): Sent {
  if ('drop' in reply) return reply
  // Copied name by name: a spread with a property after it takes V8's slow path (2 µs a reply on Node 20).
  const headers: Record<string, string> = {}
  for (const name in reply.headers) headers[name] = reply.headers[name]!
  if (!('json' in reply)) return { status: reply.status, headers, bytes: reply.bytes }
  exchange.valued = true
  return { status: reply.status, headers, bytes: JSON.stringify(reply.json) }
}

/**
 * The headers step: every reply dated by its caller's clock, its Genmock-Conformance header, a control GET's
 * ETag (or its 304), HEAD's length and no body (RFC 9110 §9.3.2).
 */
export const headersStep: Required<Pick<Step, 'after'>> = {
  after(exchange, sent) {
    if ('drop' in sent) return sent
    const { request, control } = exchange
    const { headers, bytes } = sent
    const head = request.method === 'HEAD'
    const date = (headers.date = httpDate(exchange.clock().now()))
    const broken = exchange.rules()
    if (broken.length > 0) headers['genmock-conformance'] = broken.length === 1 ? broken[0]! : broken.join(', ')
    // Only the control API's: the service routes answer exactly as the real service does.
    if (control && exchange.valued && (request.method === 'GET' || head) && sent.status === 200) {
      const etag = (headers.etag = etagOf(bytes))
      if (noneMatch(request.headers['if-none-match'], etag)) return { status: 304, headers: { etag, date }, bytes: '' }
    }
    if (!head) return sent
    const length = typeof bytes === 'string' ? new TextEncoder().encode(bytes).byteLength : bytes.byteLength
    headers['content-length'] ??= String(length)
    return { status: sent.status, headers, bytes: '' }
  },
}
