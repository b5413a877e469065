// Idempotency keys: a replayed submission gets the first answer; another body under the same key is refused.
import { OrderedMap } from '../../lib/ordered-map.js'
import { Problem } from '../problem.js'

/**
 * JSON with object keys sorted at every level: two bodies are "the same" when this is equal.
 * @example
 * canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] }) // '{"a":[{"c":3,"d":2}],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
    return `{${entries.join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

export interface IdempotencyRecord<R> {
  fingerprint: string
  createdAt: number
  response?: R
}

/** Completed records by scope and key (joined by a newline), oldest first. */
export type SavedIdempotency<R> = [id: string, record: IdempotencyRecord<R>][]

/**
 * Idempotency-Key records, per scope (account and endpoint). A key first seen is held "in
 * progress" until its request completes (then its response is kept for replay) or fails (then the
 * key is released, so a corrected retry can use it). Records older than the retention are forgotten.
 * @example
 * const outcome = records.begin('acct_a|image', 'key-12345', canonicalJson(body), now)
 * if (outcome.kind === 'replay') return outcome.response
 */
export class IdempotencyRecords<R> {
  // Insertion order is time order, so expired records are always the oldest.
  #records = new OrderedMap<string, IdempotencyRecord<R>>()

  readonly retentionMs: number
  readonly maxRecords: number

  /**
   * Records older than `retentionMs` are forgotten, and the oldest beyond `maxRecords` (by default
   * as many as the tasks kept, so that a long run's memory stays flat: README, Performance).
   */
  constructor(retentionMs: number, maxRecords = 10_000) {
    this.retentionMs = retentionMs
    this.maxRecords = maxRecords
  }

  begin(
    scope: string,
    key: string,
    fingerprint: string,
    now: number,
  ): { kind: 'new' } | { kind: 'replay'; response: R } {
    this.#forgetExpired(now)
    const id = `${scope}\n${key}`
    const record = this.#records.get(id)
    if (!record) {
      this.#records.set(id, { fingerprint, createdAt: now })
      if (this.#records.size > this.maxRecords) this.#records.deleteOldest()
      return { kind: 'new' }
    }
    if (record.fingerprint !== fingerprint) throw Problem.of({ kind: 'idempotency-mismatch' })
    if (record.response === undefined) throw Problem.of({ kind: 'idempotency-in-progress' })
    return { kind: 'replay', response: record.response }
  }

  complete(scope: string, key: string, response: R): void {
    const record = this.#records.get(`${scope}\n${key}`)
    if (record) record.response = response
  }

  release(scope: string, key: string): void {
    this.#records.delete(`${scope}\n${key}`)
  }

  clear(): void {
    this.#records.clear()
  }

  /**
   * The completed records, oldest first. A key still in progress is left out: its request does not
   * outlive what is saved (a page reload), so a retry must be able to run it again.
   * @example
   * other.restore(records.save())
   */
  save(): SavedIdempotency<R> {
    return this.#records.entries().filter(([, record]) => record.response !== undefined)
  }

  restore(saved: SavedIdempotency<R>): void {
    this.#records.clear()
    for (const [id, record] of saved) this.#records.set(id, record)
  }

  #forgetExpired(now: number): void {
    for (
      let oldest = this.#records.oldest();
      oldest && oldest[1].createdAt + this.retentionMs <= now;
      oldest = this.#records.oldest()
    )
      this.#records.deleteOldest()
  }
}
