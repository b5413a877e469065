// A proxied exchange as the route core's steps record it (handlers/route-steps.ts): its journal entry
// (secrets redacted) and its comparison for the drift report.
import type { Engine } from '../engine/engine.js'
import type { DriftExample } from './drift-report.js'
import type { JournalBody, JournalEntry } from '../engine/journal/journal.js'
import { compareExchange, type ServiceAnswer } from './compare-exchange.js'
import type { Drift } from './drift-state.js'
import type { HttpRequest } from '../http/request-reply.js'
import { journalEntry } from '../http/exchange-entry.js'
import { REDACTED, type Redactor } from '../http/redaction.js'
import { type ProxyTimeout, timeoutMessage } from './proxy-failure.js'

/** JSON members named like secrets, whatever their value's shape (a proxied body may carry the service's). */
const SECRET_MEMBER =
  /("(?:authorization|cookie|set-cookie|api[-_]?key|access[-_]?key|token|secret|password)"\s*:\s*)"[^"]*"/gi

/** A proxied body's text with its secrets redacted: by value as everywhere, and by JSON member name. */
const redactBody = (redact: Redactor, body: JournalBody | undefined): JournalBody | undefined =>
  body?.text === undefined ? body : { ...body, text: redact.text(body.text).replace(SECRET_MEMBER, `$1"${REDACTED}"`) }

/** Response headers as a file may keep them: Set-Cookie values and credential-named headers redacted. */
function redactedResponseHeaders(redact: Redactor, headers: Record<string, string>): Record<string, string> {
  const kept = redact.headers(headers)
  if (kept['set-cookie'] !== undefined)
    kept['set-cookie'] = kept['set-cookie']
      .split(/,(?=\s*[^;=,\s]+=)/)
      .map((cookie) => `${cookie.split('=', 1)[0]!.trim()}=${REDACTED}`)
      .join(', ')
  return kept
}

/** One exchange the proxy forwarded, or answered itself when the service could not be reached. */
export interface ProxiedExchange {
  request: HttpRequest
  /** The service's answer; for genmock's own 502/504, its status and headers with `genmock` set. */
  answer: ServiceAnswer
  /** Bytes of the answer's body as they came, even when `answer.body` kept only part or none. */
  size: number
  /** Wall time the request arrived, and how long the answer took, in milliseconds. */
  at: number
  durationMs: number
  /** genmock answered (502, 504): no service answer to compare. */
  genmock?: boolean
  /** A time-out ended the exchange: which one, and whether the client got 504 or a cut connection. */
  timeout?: ProxyTimeout
}

const EXAMPLE_TEXT = 2000
const cut = (text: string) => (text.length > EXAMPLE_TEXT ? `${text.slice(0, EXAMPLE_TEXT)}…` : text)

/**
 * A finding's example from a journal entry (already redacted): its bodies cut short.
 * @example
 * exampleOf(entry) // { seq: 4, at, method: 'POST', path: '/api/ai/video/generate', status: 202, requestBody: '…' }
 */
export const exampleOf = (entry: JournalEntry): DriftExample => ({
  seq: entry.seq,
  at: entry.at,
  method: entry.method,
  path: entry.path,
  status: entry.status,
  ...(entry.requestBody?.text !== undefined ? { requestBody: cut(entry.requestBody.text) } : {}),
  ...(entry.responseBody?.text !== undefined ? { responseBody: cut(entry.responseBody.text) } : {}),
})

/**
 * A proxied exchange's journal entry: marked `proxied`, its credentials redacted by `redact` (the
 * simulator's and the ones the client sent), the service's answer as it came. The journal step records it.
 * @example
 * engine.record.request(proxiedEntry(exchange, redact))
 */
export function proxiedEntry(exchange: ProxiedExchange, redact: Redactor): Omit<JournalEntry, 'seq'> {
  const { request, answer, size, at, durationMs } = exchange
  const built = journalEntry({
    redact,
    request,
    arrived: at,
    reply: { status: answer.status, headers: answer.headers, body: answer.body ?? new Uint8Array() },
    durationMs,
    trace: {},
    conformance: [],
  })
  const responseBody: JournalBody | undefined =
    size === 0
      ? undefined
      : built.responseBody
        ? { ...built.responseBody, size, ...(size > built.responseBody.size ? { truncated: true as const } : {}) }
        : { type: answer.headers['content-type'] ?? 'application/octet-stream', size }
  return {
    ...built,
    proxied: true as const,
    responseHeaders: redactedResponseHeaders(redact, answer.headers),
    ...(built.requestBody ? { requestBody: redactBody(redact, built.requestBody)! } : {}),
    ...(responseBody ? { responseBody: redactBody(redact, responseBody)! } : {}),
  }
}

/**
 * A proxied exchange compared with what genmock would have answered (its time-out a finding of its own),
 * `kept` (its journal entry) the findings' example; the drift report's keeper is told (Drift.changed).
 * @example
 * compareProxied(engine, drift, exchange, entry, redact)
 */
export function compareProxied(
  engine: Engine,
  drift: Drift,
  exchange: ProxiedExchange,
  kept: JournalEntry,
  redact: Redactor,
): void {
  const { request, answer, at } = exchange
  if (exchange.timeout) timedOut(drift, request, exchange.timeout, exampleOf(kept))
  if (!exchange.genmock) compareExchange(engine, drift, request, answer, at, exampleOf(kept), redact)
  drift.changed()
}

/** A proxy time-out as a drift finding: the phase that expired, and what the client got. */
function timedOut(drift: Drift, request: HttpRequest, timeout: ProxyTimeout, example: DriftExample): void {
  const route = request.path.startsWith('/api/ai/tasks/') ? '/api/ai/tasks/{id}' : request.path
  const got = timeout.outcome === '504' ? 'genmock answered 504' : 'genmock cut the connection (the answer had begun)'
  drift.report.add(
    {
      kind: 'proxy-timeout',
      place: `${request.method} ${route} ${timeout.phase}`,
      service: timeoutMessage('the service', timeout),
      genmock: timeout.outcome === '504' ? '504' : 'cut',
      message: `${timeoutMessage('the service', timeout)} (--proxy-timeout): ${got}`,
    },
    example,
  )
}
