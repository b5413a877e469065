// A journal entry from an exchange: the request and reply values with their bodies kept as text, redacted.
import type { RuleId } from '../engine/journal/conformance.js'
import type { JournalBody, JournalEntry } from '../engine/journal/journal.js'
import type { Redactor } from './redaction.js'
import type { HttpRequest } from './request-reply.js'
import type { Breach } from '../engine/journal/conformance.js'

/**
 * What the route core learnt about the request, for the journal and the conformance findings: from
 * the request itself, from what the engine returned, or from the `facts` of the Problem it threw.
 */
export interface RouteTrace {
  scenario?: string
  taskId?: string
  /** The conformance rules the request broke, as it broke them. */
  breaches?: Breach[]
  accountId?: string
  idempotencyKey?: string
  replayed?: boolean
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
export function journalBody(
  type: string | undefined,
  body: Uint8Array | string,
  redact?: Redactor,
): JournalBody | undefined {
  const size = typeof body === 'string' ? utf8Length(body) : body.byteLength
  if (size === 0) return undefined
  const mime = type ?? 'application/octet-stream'
  if (!TEXT_TYPE.test(mime)) return { type: mime, size }
  const text =
    typeof body === 'string'
      ? body.slice(0, BODY_TEXT_LIMIT)
      : new TextDecoder().decode(body.subarray(0, BODY_TEXT_LIMIT))
  return {
    type: mime,
    size,
    text: redact ? redact.text(text) : text,
    ...(size > BODY_TEXT_LIMIT ? { truncated: true as const } : {}),
  }
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
  /** Secrets out of headers, query, path and bodies. */
  redact: Redactor
}

/**
 * One journal entry from what a route saw.
 * @example
 * const redact = redactor()
 * const reply = toWire(answer)
 * engine.journal.record(journalEntry({ request, arrived, reply, durationMs: 1, trace: {}, conformance: [], redact }))
 */
export function journalEntry({
  request,
  arrived,
  reply,
  durationMs,
  trace,
  conformance,
  redact,
}: Observed): Omit<JournalEntry, 'seq'> {
  const requestBody = journalBody(request.headers['content-type'], request.body, redact)
  const responseBody = reply && journalBody(reply.headers['content-type'], reply.body, redact)
  return {
    at: new Date(arrived).toISOString(),
    method: request.method,
    path: redact.text(request.path),
    query: redact.query(request.query),
    status: reply?.status ?? 0,
    durationMs: Math.round(durationMs * 100) / 100,
    headers: redact.headers(request.headers),
    ...trace,
    // What the client named: the ids it asked for and its Idempotency-Key.
    ...(trace.idempotencyKey !== undefined ? { idempotencyKey: redact.text(trace.idempotencyKey) } : {}),
    ...(trace.taskId !== undefined ? { taskId: redact.text(trace.taskId) } : {}),
    ...(reply ? {} : { dropped: true }),
    ...(conformance.length > 0 ? { conformance } : {}),
    ...(requestBody ? { requestBody } : {}),
    ...(reply ? { responseHeaders: redact.headers(reply.headers) } : {}),
    ...(responseBody ? { responseBody } : {}),
  }
}
