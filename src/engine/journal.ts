import type { RuleId } from './conformance.js'
import { toHar, type Har } from './har.js'

/** One request as the journal keeps it (WireMock's request log): what came in and what went out. */
export interface JournalEntry {
  /** Position in the journal since the last reset, from 1. */
  seq: number
  /** Simulated time the request arrived, ISO 8601. */
  at: string
  method: string
  path: string
  query: string
  status: number
  /** Wall-clock time spent answering, including any scenario latency. */
  durationMs: number
  /** Request headers; credentials are redacted before they get here. */
  headers: Record<string, string>
  accountId?: string
  scenario?: string
  taskId?: string
  idempotencyKey?: string
  replayed?: boolean
  /** The scenario dropped the connection: the client got no response at all. */
  dropped?: boolean
  /** The conformance rules the request broke (GET /__mock/conformance has the findings). */
  conformance?: RuleId[]
  requestBody?: JournalBody
  /** The reply's headers (none for a dropped connection). */
  responseHeaders?: Record<string, string>
  responseBody?: JournalBody
}

/** A body as the journal keeps it: JSON and other text as text up to a cap, media by type and size only. */
export interface JournalBody {
  type: string
  /** Bytes on the wire. */
  size: number
  text?: string
  /** The text was cut at the cap. */
  truncated?: true
}

/** What contract tests verify requests by (as WireMock's request matching): every field given must match. */
export interface JournalFilter {
  accountId?: string | undefined
  method?: string | undefined
  /** Exact, or with `*` standing for any run of characters. */
  path?: string | undefined
  status?: number | undefined
  taskId?: string | undefined
  /** Only entries after this seq. */
  since?: number | undefined
}

const pathMatcher = (pattern: string) => {
  if (!pattern.includes('*')) return (path: string) => path === pattern
  const regex = new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`)
  return (path: string) => regex.test(path)
}

/**
 * An entry test for a filter.
 * @example
 * journalMatcher({ method: 'POST', path: '/api/ai/*' })(entry) // true or false
 */
export function journalMatcher({ accountId, method, path, status, taskId, since }: JournalFilter): (entry: JournalEntry) => boolean {
  const pathOk = path === undefined ? () => true : pathMatcher(path)
  const upper = method?.toUpperCase()
  return (entry) =>
    (accountId === undefined || entry.accountId === accountId) &&
    (upper === undefined || entry.method === upper) &&
    (status === undefined || entry.status === status) &&
    (taskId === undefined || entry.taskId === taskId) &&
    (since === undefined || entry.seq > since) &&
    pathOk(entry.path)
}

/**
 * The last `capacity` requests, oldest dropped first, so a long run cannot grow it without bound.
 * @example
 * journal.record({ method: 'GET', path: '/api/ai/tasks/tsk_1', … })
 * journal.list(10) // newest first
 */
export class Journal {
  #entries: JournalEntry[] = []
  #seq = 0

  readonly capacity: number

  constructor(capacity = 1000) {
    this.capacity = capacity
  }

  /** Keeps an entry; returns its seq. */
  record(entry: Omit<JournalEntry, 'seq'>): number {
    this.#entries.push({ seq: ++this.#seq, ...entry })
    if (this.#entries.length > this.capacity) this.#entries.splice(0, this.#entries.length - this.capacity)
    return this.#seq
  }

  /** Newest first. */
  list(limit = this.capacity): JournalEntry[] {
    return this.#entries.slice(Math.max(0, this.#entries.length - limit)).reverse()
  }

  /**
   * The entries that match `filter`, newest first.
   * @example
   * simulator.journal.find({ method: 'POST', path: '/api/ai/image/generate', accountId: 'acct_alice' })
   */
  find(filter: JournalFilter = {}): JournalEntry[] {
    return this.#entries.filter(journalMatcher(filter)).reverse()
  }

  /**
   * The journal as HAR 1.2, for the browser's devtools and HAR viewers; `origin` completes the URLs.
   * @example
   * writeFileSync('session.har', JSON.stringify(simulator.journal.toHar()))
   */
  toHar(filter: JournalFilter = {}, origin = 'http://localhost'): Har {
    return toHar(this.find(filter).reverse(), origin)
  }

  get size(): number {
    return this.#entries.length
  }

  clear(): void {
    this.#entries = []
    this.#seq = 0
  }
}
