import type { JournalEntry } from '../engine/journal.js'
import { REMOTE_ADDRESS_HEADER } from './request.js'
import type { RouteTrace } from './route.js'

/** Request headers as the journal may keep them: credentials and cookie values redacted, genmock's own address header left out. */
function redactedHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {}
  headers.forEach((value, name) => {
    if (name === REMOTE_ADDRESS_HEADER) return
    if (name === 'authorization') kept[name] = /^\S+\s/.test(value) ? `${value.split(/\s/, 1)[0]} [redacted]` : '[redacted]'
    else if (name === 'cookie') kept[name] = value.split(';').map((pair) => `${pair.split('=', 1)[0]!.trim()}=[redacted]`).join('; ')
    else kept[name] = value
  })
  return kept
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
    query: url.search,
    status,
    durationMs: Math.round(durationMs * 100) / 100,
    headers: redactedHeaders(request.headers),
    ...trace,
    ...(dropped ? { dropped } : {}),
  }
}
