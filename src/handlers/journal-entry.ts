import type { RuleId } from '../engine/conformance.js'
import type { JournalEntry } from '../engine/journal.js'
import type { HttpRequest } from './exchange.js'
import type { RouteTrace } from './context.js'

/** Header and query names whose values are credentials; the Idempotency-Key is not one. */
const SECRET_NAME = /^(?:(?:proxy-)?authorization|cookie)$|secret|token|passw|api[-_]?key|access[-_]?key|^key$/i
const SCHEME = /^(?:Bearer|Basic|Digest|Token)\s/i

function redact(name: string, value: string): string {
  if (name === 'cookie') return value.split(';').map((pair) => (pair.includes('=') ? `${pair.split('=', 1)[0]!.trim()}=[redacted]` : '[redacted]')).join('; ')
  return SCHEME.test(value) ? `${value.split(/\s/, 1)[0]} [redacted]` : '[redacted]'
}

/** Request headers as the journal may keep them: sorted by name (as every door then agrees), credentials redacted. */
function redactedHeaders(headers: HttpRequest['headers']): Record<string, string> {
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

interface Observed {
  request: HttpRequest
  /** Simulated time the request arrived. */
  arrived: number
  status: number
  durationMs: number
  trace: Omit<RouteTrace, 'breaches'>
  dropped: boolean
  conformance: RuleId[]
}

/**
 * One journal entry from what a route saw.
 * @example
 * engine.journal.record(journalEntry({ request, arrived, status: 200, durationMs: 1.2, trace: {}, dropped: false, conformance: [] }))
 */
export function journalEntry({ request, arrived, status, durationMs, trace, dropped, conformance }: Observed): Omit<JournalEntry, 'seq'> {
  return {
    at: new Date(arrived).toISOString(),
    method: request.method,
    path: request.path,
    query: redactedQuery(request.query),
    status,
    durationMs: Math.round(durationMs * 100) / 100,
    headers: redactedHeaders(request.headers),
    ...trace,
    ...(dropped ? { dropped } : {}),
    ...(conformance.length > 0 ? { conformance } : {}),
  }
}
