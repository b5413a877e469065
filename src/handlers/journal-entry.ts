import type { RuleId } from '../engine/journal/conformance.js'
import type { JournalBody, JournalEntry } from '../engine/journal/journal.js'
import type { HttpRequest } from './exchange.js'
import type { RouteTrace } from './context.js'

/** Header and query names whose values are credentials; the Idempotency-Key is not one. */
const SECRET_NAME = /^(?:(?:proxy-)?authorization|cookie)$|secret|token|passw|api[-_]?key|access[-_]?key|^key$/i
const SCHEME = /^(?:Bearer|Basic|Digest|Token)\s/i

function redact(name: string, value: string): string {
  if (name === 'cookie')
    return value
      .split(';')
      .map((pair) => (pair.includes('=') ? `${pair.split('=', 1)[0]!.trim()}=[redacted]` : '[redacted]'))
      .join('; ')
  return SCHEME.test(value) ? `${value.split(/\s/, 1)[0]} [redacted]` : '[redacted]'
}

/** Request headers as the journal may keep them: sorted by name (as every door then agrees), credentials redacted. */
export function redactedHeaders(headers: HttpRequest['headers']): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const name of Object.keys(headers).sort()) {
    const value = headers[name]
    if (value === undefined) continue
    kept[name] = SECRET_NAME.test(name) && name !== 'idempotency-key' ? redact(name, value) : value
  }
  return kept
}

/** The query string with the values of credential-like parameters (`api_key`, `token`, …) redacted. */
function redactedQuery(query: string): string {
  if (query === '') return ''
  const params = new URLSearchParams(query)
  for (const name of new Set(params.keys())) if (SECRET_NAME.test(name)) params.set(name, '[redacted]')
  return `?${params.toString()}`
}

/** How much of a body the journal keeps as text. */
export const BODY_TEXT_LIMIT = 64 * 1024
const TEXT_TYPE = /^(?:text\/|application\/(?:[\w.+-]+\+)?(?:json|xml))/i

/** UTF-8 length of a string, without encoding it. */
function utf8Length(text: string): number {
  let bytes = text.length
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= 0x800)
      bytes += code >= 0xd800 && code <= 0xdbff ? 1 : 2 // a surrogate pair is 4 bytes, 2 units
    else if (code >= 0x80) bytes += 1
  }
  return bytes
}

/**
 * A body as the journal keeps it: text types as text (cut, and flagged, past 64 kB), media by type and size.
 * @example
 * journalBody('application/json', '{"prompt":"a fox"}')
 * // { type: 'application/json', size: 18, text: '{"prompt":"a fox"}' }
 */
export function journalBody(type: string | undefined, body: Uint8Array | string): JournalBody | undefined {
  const size = typeof body === 'string' ? utf8Length(body) : body.byteLength
  if (size === 0) return undefined
  const mime = type ?? 'application/octet-stream'
  if (!TEXT_TYPE.test(mime)) return { type: mime, size }
  const text =
    typeof body === 'string'
      ? body.slice(0, BODY_TEXT_LIMIT)
      : new TextDecoder().decode(body.subarray(0, BODY_TEXT_LIMIT))
  return { type: mime, size, text, ...(size > BODY_TEXT_LIMIT ? { truncated: true as const } : {}) }
}

interface Observed {
  request: HttpRequest
  /** Simulated time the request arrived. */
  arrived: number
  /** The reply as written, or null for a dropped connection. */
  reply: { status: number; headers: Record<string, string>; body: Uint8Array | string } | null
  durationMs: number
  trace: Omit<RouteTrace, 'breaches'>
  conformance: RuleId[]
}

/**
 * One journal entry from what a route saw.
 * @example
 * engine.journal.record(
 *   journalEntry({ request, arrived, reply: toWire(reply), durationMs: 1.2, trace: {}, conformance: [] }),
 * )
 */
export function journalEntry({
  request,
  arrived,
  reply,
  durationMs,
  trace,
  conformance,
}: Observed): Omit<JournalEntry, 'seq'> {
  const requestBody = journalBody(request.headers['content-type'], request.body)
  const responseBody = reply && journalBody(reply.headers['content-type'], reply.body)
  return {
    at: new Date(arrived).toISOString(),
    method: request.method,
    path: request.path,
    query: redactedQuery(request.query),
    status: reply?.status ?? 0,
    durationMs: Math.round(durationMs * 100) / 100,
    headers: redactedHeaders(request.headers),
    ...trace,
    ...(reply ? {} : { dropped: true }),
    ...(conformance.length > 0 ? { conformance } : {}),
    ...(requestBody ? { requestBody } : {}),
    ...(reply ? { responseHeaders: reply.headers } : {}),
    ...(responseBody ? { responseBody } : {}),
  }
}
