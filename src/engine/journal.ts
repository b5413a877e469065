import type { RuleId } from './conformance.js'

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

  constructor(readonly capacity = 1000) {}

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

  get size(): number {
    return this.#entries.length
  }

  clear(): void {
    this.#entries = []
    this.#seq = 0
  }
}
