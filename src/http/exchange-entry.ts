// A journal entry from an exchange: the request and reply values with their bodies kept as text, redacted.
import type { RuleId } from '../engine/journal/conformance.js'
import type { JournalBody, JournalEntry } from '../engine/journal/journal.js'
import { utf8Length } from '../contract/fields.js'
import { bounded } from '../lib/bounded.js'
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

/** How much of a body the journal keeps as text, in bytes. */
export const BODY_TEXT_LIMIT = 64 * 1024
/** How much of a request's or reply's headers the journal keeps, names and values, in UTF-16 units. */
export const HEADERS_LIMIT = 16 * 1024
/** How much of a path, a query or a name the client gave (a task id, an Idempotency-Key) the journal keeps. */
export const TEXT_LIMIT = 8 * 1024
const TEXT_TYPE = /^(?:text\/|application\/(?:[\w.+-]+\+)?(?:json|xml))/i

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
  size = typeof body === 'string' ? utf8Length(body) : body.byteLength,
): JournalBody | undefined {
  if (size === 0) return undefined
  const mime = type ?? 'application/octet-stream'
  if (!TEXT_TYPE.test(mime)) return { type: mime, size }
  const text =
    typeof body === 'string'
      ? body.slice(0, BODY_TEXT_LIMIT)
      : new TextDecoder().decode(body.subarray(0, BODY_TEXT_LIMIT), { stream: true })
  return {
    type: mime,
    size,
    text: redact ? redact.text(text) : text,
    ...(size > BODY_TEXT_LIMIT ? { truncated: true as const } : {}),
  }
}

type Wire = { status: number; headers: Record<string, string>; body: Uint8Array | string }

/** A body as the journal holds it until its entry is built: at most BODY_TEXT_LIMIT bytes, and its size. */
interface HeldBody {
  body: Uint8Array | string
  size: number
}

function heldBody(type: string | undefined, body: Uint8Array | string): HeldBody {
  if (typeof body === 'string') {
    // A reply's own text: kept as it is when short, else its head as bytes, a copy of its own.
    if (body.length <= BODY_TEXT_LIMIT / 3) return { body, size: utf8Length(body) }
    const size = utf8Length(body)
    if (size <= BODY_TEXT_LIMIT) return { body, size }
    const head = TEXT_TYPE.test(type ?? '') ? new TextEncoder().encode(body.slice(0, BODY_TEXT_LIMIT)) : EMPTY
    return { body: head.subarray(0, BODY_TEXT_LIMIT), size }
  }
  if (body.byteLength <= BODY_TEXT_LIMIT) return { body, size: body.byteLength }
  // slice, not subarray: a view would keep the whole megabyte alive.
  return { body: TEXT_TYPE.test(type ?? '') ? body.slice(0, BODY_TEXT_LIMIT) : EMPTY, size: body.byteLength }
}
const EMPTY = new Uint8Array()

/** Headers within HEADERS_LIMIT: the same object when they fit, else a copy cut there. */
function heldHeaders<T extends string | undefined>(headers: Readonly<Record<string, T>>): Record<string, T> {
  let total = 0
  for (const name in headers) total += name.length + (headers[name]?.length ?? 0)
  if (total <= HEADERS_LIMIT) return headers as Record<string, T>
  const kept: Record<string, T> = Object.create(null)
  let left = HEADERS_LIMIT
  for (const name of Object.keys(headers)) {
    const value = headers[name]
    if (value === undefined || left <= name.length) continue
    kept[bounded(name, 256)] = bounded(value, Math.max(1, left - name.length)) as T
    left -= name.length + Math.min(value.length, left)
  }
  return kept
}

/**
 * What the journal holds of an exchange until its entry is first read: bounded copies (bodies cut
 * at BODY_TEXT_LIMIT, headers at HEADERS_LIMIT, names at TEXT_LIMIT), never the request's or the
 * reply's own megabytes; and roughly how many bytes that is, for the journal's budget.
 * @example
 * const held = holdExchange(request, wire, trace)
 * engine.journal.record(() => journalEntry({ ...held, arrived, durationMs, conformance, redact }), held.bytes)
 */
export function holdExchange(
  request: HttpRequest,
  reply: Wire | null,
  trace: Omit<RouteTrace, 'breaches'>,
): Pick<Observed, 'request' | 'reply' | 'trace' | 'requestSize' | 'replySize'> & { bytes: number } {
  const requestBody = heldBody(request.headers['content-type'], request.body)
  const replyBody = reply && heldBody(reply.headers['content-type'], reply.body)
  const headers = heldHeaders(request.headers)
  const held: HttpRequest = {
    method: bounded(request.method, 64),
    path: bounded(request.path, TEXT_LIMIT),
    query: bounded(request.query, TEXT_LIMIT),
    headers,
    body: requestBody.body as Uint8Array,
    origin: bounded(request.origin, 1024),
  }
  const kept: Omit<RouteTrace, 'breaches'> = { ...trace }
  if (kept.idempotencyKey !== undefined) kept.idempotencyKey = bounded(kept.idempotencyKey, 512)
  if (kept.taskId !== undefined) kept.taskId = bounded(kept.taskId, 512)
  const bodyBytes = (body: Uint8Array | string) => (typeof body === 'string' ? body.length * 2 : body.byteLength)
  return {
    request: held,
    reply: reply && { status: reply.status, headers: heldHeaders(reply.headers), body: replyBody!.body },
    trace: kept,
    requestSize: requestBody.size,
    ...(replyBody ? { replySize: replyBody.size } : {}),
    bytes:
      1024 +
      bodyBytes(held.body) +
      (replyBody ? bodyBytes(replyBody.body) : 0) +
      2 * (held.path.length + held.query.length),
  }
}

interface Observed {
  request: HttpRequest
  /** Bytes of the request body as sent, when `request.body` holds only its head. */
  requestSize?: number | undefined
  /** Bytes of the reply body as written, when `reply.body` holds only its head. */
  replySize?: number | undefined
  /** Simulated time the request arrived. */
  arrived: number
  /** The reply as written, or null for a dropped connection. */
  reply: Wire | null
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
  requestSize,
  arrived,
  reply,
  replySize,
  durationMs,
  trace,
  conformance,
  redact,
}: Observed): Omit<JournalEntry, 'seq'> {
  const requestBody = journalBody(request.headers['content-type'], request.body, redact, requestSize)
  const responseBody = reply && journalBody(reply.headers['content-type'], reply.body, redact, replySize)
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
