// A journal entry from an exchange: the request and reply values with their bodies kept as text, redacted.
import type { RuleId } from '../engine/journal/conformance.js'
import type { JournalBody, JournalEntry, LazyEntry } from '../engine/journal/journal.js'
import { utf8Length } from '../contract/fields.js'
import { LIMITS } from '../contract/limits.js'
import { bounded } from '../lib/bounded.js'
import type { Redactor } from './redaction.js'
import type { HttpRequest, WireReply } from './request-reply.js'
import type { Breach } from '../engine/journal/conformance.js'
import { traceContext } from '../tracing/trace-context.js'

/**
 * What the route core learnt about the request, for the journal and the conformance findings: from
 * the request itself, from what the engine returned, or from the `facts` of the Problem it threw.
 */
export interface RouteTrace {
  scenario?: string
  taskId?: string
  /** The conformance rules the request broke, as it broke them (undefined once the findings have them). */
  breaches?: Breach[] | undefined
  accountId?: string
  /** Who a control request let in is (handlers/access-step.ts): `admin`, or the calling account's id. */
  by?: string
  idempotencyKey?: string
  replayed?: boolean
}

/** How much of a body the journal keeps as text, in bytes. */
export const BODY_TEXT_LIMIT = LIMITS.kept.journalBodyBytes
/** How much of a request's or reply's headers the journal keeps, names and values, in UTF-16 units. */
export const HEADERS_LIMIT = LIMITS.kept.journalHeaders
/** How much of a path, a query or a name the client gave (a task id, an Idempotency-Key) the journal keeps. */
export const TEXT_LIMIT = LIMITS.kept.journalText
const TEXT_TYPE = /^(?:text\/|application\/(?:[\w.+-]+\+)?(?:json|xml))/i

/** One decoder for every body (making one costs more than decoding a short body). */
const DECODER = new TextDecoder()

/**
 * A body's head as text: a character its cut split in two is left out, not replaced (a stream's
 * decoding, then flushed, so that what it held back is not carried into the next body).
 */
function headText(bytes: Uint8Array): string {
  const text = DECODER.decode(bytes, { stream: true })
  DECODER.decode()
  return text
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
  size = typeof body === 'string' ? utf8Length(body) : body.byteLength,
): JournalBody | undefined {
  if (size === 0) return undefined
  const mime = type ?? 'application/octet-stream'
  if (!TEXT_TYPE.test(mime)) return { type: mime, size }
  const text = typeof body === 'string' ? body.slice(0, BODY_TEXT_LIMIT) : headText(body.subarray(0, BODY_TEXT_LIMIT))
  return {
    type: mime,
    size,
    text: redact ? redact.text(text) : text,
    ...(size > BODY_TEXT_LIMIT ? { truncated: true as const } : {}),
  }
}

type Wire = { status: number; headers: Record<string, string>; body: Uint8Array | string }

const EMPTY = new Uint8Array()

/**
 * A body as the journal holds it until its entry is built: the body itself when it is short, else a
 * copy of its head at most BODY_TEXT_LIMIT bytes long (media: nothing).
 */
function heldBody(type: string | undefined, body: Uint8Array | string): Uint8Array | string {
  if (typeof body === 'string') {
    if (body.length <= BODY_TEXT_LIMIT / 3 || utf8Length(body) <= BODY_TEXT_LIMIT) return body
    // A copy of its own: a slice of the reply's text would keep the whole text alive.
    const head = TEXT_TYPE.test(type ?? '') ? new TextEncoder().encode(body.slice(0, BODY_TEXT_LIMIT)) : EMPTY
    return head.subarray(0, BODY_TEXT_LIMIT)
  }
  if (body.byteLength <= BODY_TEXT_LIMIT) return body
  // A copy into a buffer of its own: a view would keep the whole megabyte alive, and a Node Buffer's
  // slice() is one.
  return TEXT_TYPE.test(type ?? '') ? new Uint8Array(body.subarray(0, BODY_TEXT_LIMIT)) : EMPTY
}

/** The size of a body the journal holds only the head of; undefined when it holds it whole (counted if ever built). */
const sizeOf = (body: Uint8Array | string, held: Uint8Array | string) =>
  held === body ? undefined : typeof body === 'string' ? utf8Length(body) : body.byteLength

/** Whether headers fit in HEADERS_LIMIT, names and values. */
function headersFit(headers: Readonly<Record<string, string | undefined>>): boolean {
  let total = 0
  for (const name in headers) total += name.length + (headers[name]?.length ?? 0)
  return total <= HEADERS_LIMIT
}

/** Headers within HEADERS_LIMIT: the same object when they fit, else a copy cut there. */
function heldHeaders<T extends string | undefined>(headers: Readonly<Record<string, T>>): Record<string, T> {
  if (headersFit(headers)) return headers as Record<string, T>
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

/** A request as the journal holds it: the request itself when every part of it is within bounds, else a copy. */
function heldRequest(request: HttpRequest, body: Uint8Array): HttpRequest {
  const { method, path, query, headers, origin } = request
  if (
    body === request.body &&
    method.length <= 64 &&
    path.length <= TEXT_LIMIT &&
    query.length <= TEXT_LIMIT &&
    origin.length <= 1024 &&
    headersFit(headers)
  )
    return request
  return {
    method: bounded(method, 64),
    path: bounded(path, TEXT_LIMIT),
    query: bounded(query, TEXT_LIMIT),
    headers: heldHeaders(headers),
    body,
    origin: bounded(origin, 1024),
  }
}

const textBytes = (body: Uint8Array | string) => (typeof body === 'string' ? body.length * 2 : body.byteLength)

/**
 * What the journal holds of an exchange until its entry is first read (docs/performance.md): one
 * object over the values the request already made, with bounded copies only of what is not bounded
 * (bodies cut at BODY_TEXT_LIMIT, headers at HEADERS_LIMIT, names at TEXT_LIMIT), never the
 * request's or the reply's own megabytes; `bytes` is roughly how much it holds, for the journal's budget.
 * @example
 * const held = new HeldExchange(request, reply, trace, arrived, durationMs, conformance, redact)
 * engine.record.request(held, held.bytes)
 */
export class HeldExchange implements LazyEntry {
  readonly request: HttpRequest
  /** Bytes of the request body as sent, when `request.body` holds only its head (else counted when built). */
  readonly requestSize: number | undefined
  /** The reply's status, headers and body (or its head); status 0 for a dropped connection. */
  readonly status: number
  readonly headers: Record<string, string> | undefined
  readonly body: Uint8Array | string
  /** Bytes of the reply body as written, when `body` holds only its head. */
  readonly replySize: number | undefined
  readonly trace: RouteTrace
  readonly arrived: number
  readonly durationMs: number
  readonly conformance: readonly RuleId[]
  readonly redact: Redactor
  readonly bytes: number

  constructor(
    request: HttpRequest,
    reply: WireReply | null,
    trace: RouteTrace,
    arrived: number,
    durationMs: number,
    conformance: readonly RuleId[],
    redact: Redactor,
  ) {
    const requestBody = heldBody(request.headers['content-type'], request.body) as Uint8Array
    this.request = heldRequest(request, requestBody)
    this.requestSize = sizeOf(request.body, requestBody)
    this.status = reply ? reply.status : 0
    this.headers = reply ? heldHeaders(reply.headers) : undefined
    this.body = reply ? heldBody(reply.headers['content-type'], reply.bytes) : EMPTY
    this.replySize = reply ? sizeOf(reply.bytes, this.body) : undefined
    const { idempotencyKey, taskId } = trace
    this.trace =
      (idempotencyKey?.length ?? 0) > 512 || (taskId?.length ?? 0) > 512
        ? {
            ...trace,
            ...(idempotencyKey !== undefined ? { idempotencyKey: bounded(idempotencyKey, 512) } : {}),
            ...(taskId !== undefined ? { taskId: bounded(taskId, 512) } : {}),
          }
        : trace
    this.arrived = arrived
    this.durationMs = durationMs
    this.conformance = conformance
    this.redact = redact
    const held = this.request
    this.bytes = 1024 + textBytes(held.body) + textBytes(this.body) + 2 * (held.path.length + held.query.length)
  }

  /** The journal entry, built when first read. */
  build(): Omit<JournalEntry, 'seq'> {
    // The breaches are the findings' (GET /__mock/conformance), not the entry's.
    const { breaches: _, ...trace } = this.trace
    const { status, headers, body } = this
    return journalEntry({
      request: this.request,
      requestSize: this.requestSize,
      arrived: this.arrived,
      reply: headers ? { status, headers, body } : null,
      replySize: this.replySize,
      durationMs: this.durationMs,
      trace,
      conformance: [...this.conformance],
      redact: this.redact,
    })
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
 * const reply = { status: 200, headers: { 'content-type': 'application/json' }, body: '{}' }
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
  // Read when the entry is built, so that a request costs nothing more (docs/metrics-and-traces.md, Trace context).
  const traced = traceContext(request.headers)
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
    ...(traced ? { traceId: traced.traceId, traceparent: traced.traceparent } : {}),
    ...(traced?.tracestate !== undefined ? { tracestate: traced.tracestate } : {}),
    ...(requestBody ? { requestBody } : {}),
    ...(reply ? { responseHeaders: redact.headers(reply.headers) } : {}),
    ...(responseBody ? { responseBody } : {}),
  }
}
