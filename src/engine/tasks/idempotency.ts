// Idempotency keys: a replayed submission gets the first answer; another body under the same key is refused.
import { OrderedMap } from '../../lib/ordered-map.js'
import { LIMITS } from '../../contract/limits.js'
import { textHash } from '../../lib/bounded.js'
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

/** What `begin` found: a new request (`evicted` when the key's record was let go for room), or a replay. */
export type Begun<R> = { kind: 'new'; evicted?: true } | { kind: 'replay'; response: R }

/** Records kept per account by default (docs/limits-and-security.md). */
export const RECORDS_PER_ACCOUNT = LIMITS.kept.idempotencyPerAccount
/** How many keys of records let go for room an account remembers, as hashes, to recognise their retries. */
const EVICTED_PER_ACCOUNT = 10_000

/** One account's records, oldest first, and the keys of those let go for room (hash → createdAt). */
interface AccountRecords<R> {
  records: OrderedMap<string, IdempotencyRecord<R>>
  evicted: OrderedMap<string, number>
}

/** The account part of a scope `account|endpoint`. */
const accountOf = (scope: string) => scope.slice(0, scope.lastIndexOf('|'))

/**
 * Idempotency-Key records, per scope (account and endpoint). A key first seen is held "in
 * progress" until its request completes (then its response is kept for replay) or fails (then the
 * key is released, so a corrected retry can use it). A record lives for the retention, unless its
 * account holds `maxPerAccount` newer ones: accounts never take each other's room. A key whose
 * record was let go for room, within the retention, begins as `new` with `evicted` set, so that its
 * retry is reported rather than silently charged again.
 * @example
 * const outcome = records.begin('acct_a|image', 'key-12345', canonicalJson(body), now)
 * if (outcome.kind === 'replay') return outcome.response
 */
export class IdempotencyRecords<R> {
  // Map, never a plain object: account ids come from outside. Insertion order is time order.
  #accounts = new Map<string, AccountRecords<R>>()

  readonly retentionMs: number
  readonly maxPerAccount: number

  constructor(retentionMs: number, maxPerAccount: number = RECORDS_PER_ACCOUNT) {
    this.retentionMs = retentionMs
    this.maxPerAccount = maxPerAccount
  }

  begin(scope: string, key: string, fingerprint: string, now: number): Begun<R> {
    const account = this.#account(scope, now)
    const id = `${scope}\n${key}`
    const record = account.records.get(id)
    if (!record) {
      account.records.set(id, { fingerprint, createdAt: now })
      while (account.records.size > this.maxPerAccount) this.#evictOldest(account)
      const hash = textHash(id)
      const evictedAt = account.evicted.get(hash)
      if (evictedAt === undefined) return { kind: 'new' }
      // The hash stays: a strict refusal releases the key, and its next retry must be recognised too.
      return evictedAt + this.retentionMs > now ? { kind: 'new', evicted: true } : { kind: 'new' }
    }
    if (record.fingerprint !== fingerprint) throw Problem.of({ kind: 'idempotency-mismatch' })
    if (record.response === undefined) throw Problem.of({ kind: 'idempotency-in-progress' })
    return { kind: 'replay', response: record.response }
  }

  complete(scope: string, key: string, response: R): void {
    const record = this.#accounts.get(accountOf(scope))?.records.get(`${scope}\n${key}`)
    if (record) record.response = response
  }

  release(scope: string, key: string): void {
    this.#accounts.get(accountOf(scope))?.records.delete(`${scope}\n${key}`)
  }

  /** How many records are kept, every account's. */
  get size(): number {
    let size = 0
    for (const account of this.#accounts.values()) size += account.records.size
    return size
  }

  clear(): void {
    this.#accounts.clear()
  }

  /**
   * The completed records, oldest first within each account. A key still in progress is left out:
   * its request does not outlive what is saved (a page reload), so a retry must be able to run it again.
   * @example
   * other.restore(records.save())
   */
  save(): SavedIdempotency<R> {
    return [...this.#accounts.values()].flatMap(({ records }) =>
      records.entries().filter(([, record]) => record.response !== undefined),
    )
  }

  restore(saved: SavedIdempotency<R>): void {
    this.#accounts.clear()
    for (const [id, record] of saved) {
      const account = this.#account(id.slice(0, id.indexOf('\n')), -Infinity)
      account.records.set(id, record)
      while (account.records.size > this.maxPerAccount) account.records.deleteOldest()
    }
  }

  /** The scope's account, its expired records forgotten (they are always its oldest). */
  #account(scope: string, now: number): AccountRecords<R> {
    const name = accountOf(scope)
    let account = this.#accounts.get(name)
    if (!account) this.#accounts.set(name, (account = { records: new OrderedMap(), evicted: new OrderedMap() }))
    const { records, evicted } = account
    for (
      let oldest = records.oldest();
      oldest && oldest[1].createdAt + this.retentionMs <= now;
      oldest = records.oldest()
    )
      records.deleteOldest()
    for (let oldest = evicted.oldest(); oldest && oldest[1] + this.retentionMs <= now; oldest = evicted.oldest())
      evicted.deleteOldest()
    return account
  }

  #evictOldest(account: AccountRecords<R>): void {
    const [id, record] = account.records.oldest()!
    account.records.deleteOldest()
    account.evicted.set(textHash(id), record.createdAt)
    if (account.evicted.size > EVICTED_PER_ACCOUNT) account.evicted.deleteOldest()
  }
}
