// The request journal (WireMock's request log): bounded, filtered by glob, paged, saved and restored.
import { globMatcher } from '../../lib/glob.js'
import type { JournalEntry } from './journal-entry.js'

export type { JournalBody, JournalEntry } from './journal-entry.js'

/** A journal as saved: its entries, oldest first, and the seq of the last request recorded. */
export interface SavedJournal {
  seq: number
  entries: JournalEntry[]
}

/** What contract tests verify requests by (as WireMock's request matching): every field given must match. */
export interface JournalFilter {
  accountId?: string | undefined
  method?: string | undefined
  /** Exact, or with `*` standing for any run of characters. */
  path?: string | undefined
  status?: number | undefined
  taskId?: string | undefined
  /** Only requests whose traceparent named this trace. */
  traceId?: string | undefined
  /** Only entries after this seq. */
  since?: number | undefined
}

/**
 * An entry test for a filter.
 * @example
 * journalMatcher({ method: 'POST', path: '/api/ai/*' })(entry) // true or false
 */
export function journalMatcher({
  accountId,
  method,
  path,
  status,
  taskId,
  traceId,
  since,
}: JournalFilter): (entry: JournalEntry) => boolean {
  const pathOk = path === undefined ? () => true : globMatcher(path)
  const upper = method?.toUpperCase()
  return (entry) =>
    (accountId === undefined || entry.accountId === accountId) &&
    (upper === undefined || entry.method === upper) &&
    (status === undefined || entry.status === status) &&
    (taskId === undefined || entry.taskId === taskId) &&
    (traceId === undefined || entry.traceId === traceId) &&
    (since === undefined || entry.seq > since) &&
    pathOk(entry.path)
}

/** An entry built when it is first read: the route core holds one per request (http/exchange-entry.ts). */
export interface LazyEntry {
  build(): Omit<JournalEntry, 'seq'>
}

/** How many bytes the journal holds at most, by default (docs/limits-and-security.md). */
export const JOURNAL_BYTES = 64 * 1024 * 1024

/**
 * The last `capacity` requests, within `maxBytes` as their recorders count them, oldest dropped
 * first, so a long run, or a run of megabyte requests, cannot grow it without bound.
 * @example
 * journal.record({ method: 'GET', path: '/api/ai/tasks/tsk_1', … })
 * journal.list(10) // newest first
 */
export class Journal {
  /**
   * Entries as given: built ones, or how to build them (the doors hand over their request and reply as they are).
   * A ring: the oldest at `#start`, overwritten in place once full, so recording costs the same at any size.
   */
  #ring: Kept[] = []
  #start = 0
  #seq = 0
  #bytes = 0

  readonly capacity: number
  readonly maxBytes: number

  constructor(capacity = 1000, maxBytes = JOURNAL_BYTES) {
    this.capacity = capacity
    this.maxBytes = maxBytes
  }

  /**
   * Keeps an entry, or what builds it when it is first read: most entries are never
   * read, and building one (copying and redacting headers, decoding bodies) is a tenth of a
   * request's cost. A LazyEntry must hold only bounded copies (http/exchange-entry.ts), and
   * `bytes` says how much. Returns its seq.
   */
  record(entry: Omit<JournalEntry, 'seq'> | LazyEntry, bytes = 0): number {
    const seq = ++this.#seq
    const kept: Kept = { seq, bytes, entry: 'build' in entry ? entry : { seq, ...entry } }
    this.#bytes += bytes
    if (this.#ring.length < this.capacity) this.#ring.push(kept)
    else if (this.capacity > 0) {
      this.#bytes -= this.#ring[this.#start]!.bytes
      this.#ring[this.#start] = kept
      this.#start = (this.#start + 1) % this.capacity
    }
    while (this.#bytes > this.maxBytes && this.#ring.length > 1) this.#dropOldest()
    return seq
  }

  /** The oldest entry goes; the ring is laid out from 0 again (rare: only past the byte budget). */
  #dropOldest(): void {
    const ring = this.#ring
    const ordered = [...ring.slice(this.#start), ...ring.slice(0, this.#start)]
    this.#bytes -= ordered.shift()!.bytes
    this.#ring = ordered
    this.#start = 0
  }

  /** Newest first. */
  list(limit = this.capacity): JournalEntry[] {
    return this.#entries(Math.max(0, this.#ring.length - limit)).reverse()
  }

  /**
   * The entries that match `filter`, newest first.
   * @example
   * simulator.journal.find({ method: 'POST', path: '/api/ai/image/generate', accountId: 'acct_alice' })
   */
  find(filter: JournalFilter = {}): JournalEntry[] {
    return this.#entries().filter(journalMatcher(filter)).reverse()
  }

  get size(): number {
    return this.#ring.length
  }

  /** The seq of the last request recorded. */
  get seq(): number {
    return this.#seq
  }

  clear(): void {
    this.#ring = []
    this.#start = 0
    this.#seq = 0
    this.#bytes = 0
  }

  /**
   * The entries, built, and the last seq given, so that numbering goes on where it was.
   * @example
   * other.restore(journal.save())
   */
  save(): SavedJournal {
    return { seq: this.#seq, entries: this.#entries() }
  }

  restore(saved: SavedJournal): void {
    this.#ring = saved.entries
      .slice(Math.max(0, saved.entries.length - this.capacity))
      .map((entry) => ({ seq: entry.seq, bytes: 0, entry }))
    this.#start = 0
    this.#bytes = 0
    this.#seq = saved.seq
  }

  /** The kept entries from the `from`th oldest on, oldest first, each built once: those not asked for stay unbuilt. */
  #entries(from = 0): JournalEntry[] {
    const ring = this.#ring
    const entries: JournalEntry[] = []
    for (let i = from; i < ring.length; i++) {
      const kept = ring[(this.#start + i) % ring.length]!
      if ('build' in kept.entry) kept.entry = { seq: kept.seq, ...kept.entry.build() }
      entries.push(kept.entry)
    }
    return entries
  }
}

interface Kept {
  seq: number
  bytes: number
  entry: JournalEntry | LazyEntry
}
