import type { JournalEntry } from '../engine/journal.js'
import { REMOTE_ADDRESS_HEADER } from './request.js'
import type { RouteTrace } from './route.js'

/** Header and query names whose values are credentials; the Idempotency-Key is not one. */
const SECRET_NAME = /^(?:(?:proxy-)?authorization|cookie)$|secret|token|passw|api[-_]?key|access[-_]?key|^key$/i
const SCHEME = /^(?:Bearer|Basic|Digest|Token)\s/i

function redact(name: string, value: string): string {
  if (name === 'cookie') return value.split(';').map((pair) => (pair.includes('=') ? `${pair.split('=', 1)[0]!.trim()}=[redacted]` : '[redacted]')).join('; ')
  return SCHEME.test(value) ? `${value.split(/\s/, 1)[0]} [redacted]` : '[redacted]'
}

/** Request headers as the journal may keep them: credentials redacted, genmock's own address header left out. */
function redactedHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {}
  headers.forEach((value, name) => {
    if (name === REMOTE_ADDRESS_HEADER) return
    kept[name] = SECRET_NAME.test(name) && name !== 'idempotency-key' ? redact(name, value) : value
  })
  return kept
}

/** The query string with the values of credential-like parameters (`api_key`, `token`, …) redacted. */
function redactedQuery(url: URL): string {
  if (url.search === '') return ''
  const params = new URLSearchParams(url.search)
  for (const name of new Set(params.keys())) if (SECRET_NAME.test(name)) params.set(name, '[redacted]')
  return `?${params.toString()}`
}

interface Observed {
  request: Request
  url: URL
  /** Simulated time the request arrived. */
  arrived: number
  status: number
  durationMs: number
  trace: RouteTrace
  dropped: boolean
}

/**
 * One journal entry from what a route saw.
 * @example
 * engine.journal.record(journalEntry({ request, url, arrived, status: 200, durationMs: 1.2, trace: {}, dropped: false }))
 */
export function journalEntry({ request, url, arrived, status, durationMs, trace, dropped }: Observed): Omit<JournalEntry, 'seq'> {
  return {
    at: new Date(arrived).toISOString(),
    method: request.method,
    path: url.pathname,
    query: redactedQuery(url),
    status,
    durationMs: Math.round(durationMs * 100) / 100,
    headers: redactedHeaders(request.headers),
    ...trace,
    ...(dropped ? { dropped } : {}),
  }
}
