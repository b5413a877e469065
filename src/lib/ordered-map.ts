/**
 * A Map that finds its oldest entry in O(1): entries in the order they were last set, so `set` of
 * a key already there moves it last. What the bounded stores need to let their oldest go. V8's
 * Map keeps deleted slots in its insertion order until it rehashes, so reaching the first live key
 * (`keys().next()`, or a loop that breaks early) walks past every one of them: as a queue, that
 * was 6% of a submission's time. Here a queue of the entries themselves says which is the oldest:
 * an entry deleted or set again since is no longer its key's entry, so it is skipped, and such
 * entries are dropped with the spent ones once they are most of the queue. An entry is one small
 * object, held by the map and the queue; one deleted lets its value go at once, so the queue's spent
 * entries keep only their keys until they are dropped (a value set again under its key waits for that).
 * @example
 * const reads = new OrderedMap<string, number>()
 * reads.set('a', 1); reads.set('b', 2); reads.set('a', 3)
 * reads.oldest() // ['b', 2]
 */
export class OrderedMap<K, V> {
  #map = new Map<K, Entry<K, V>>()
  #queue: Entry<K, V>[] = []
  #head = 0

  get size(): number {
    return this.#map.size
  }

  /**
   * Entries queued, spent and stale ones included: what its memory grows with (at most 2 × size + 1024
   * right after a set).
   */
  get queued(): number {
    return this.#queue.length
  }

  get(key: K): V | undefined {
    return this.#map.get(key)?.value
  }

  has(key: K): boolean {
    return this.#map.has(key)
  }

  /** Sets the value and makes the entry the newest. */
  set(key: K, value: V): void {
    const entry: Entry<K, V> = { key, value }
    this.#map.set(key, entry)
    this.#queue.push(entry)
    // Spent and stale entries go once they are most of the queue: amortised O(1), and bounded.
    if (this.#queue.length > 2 * this.#map.size + 1024) this.#compact()
  }

  /** Replaces the value of a key already there, leaving its place in the order; false when it is not there. */
  replace(key: K, value: V): boolean {
    const entry = this.#map.get(key)
    if (!entry) return false
    entry.value = value
    return true
  }

  delete(key: K): boolean {
    const entry = this.#map.get(key)
    if (!entry) return false
    entry.value = undefined
    return this.#map.delete(key)
  }

  /** The entry set longest ago, or undefined when empty. */
  oldest(): [K, V] | undefined {
    const entry = this.#oldest()
    return entry && [entry.key, entry.value as V]
  }

  /** Lets the oldest entry go. */
  deleteOldest(): void {
    const entry = this.#oldest()
    if (!entry) return
    entry.value = undefined
    this.#map.delete(entry.key)
    this.#head++
  }

  #oldest(): Entry<K, V> | undefined {
    while (this.#head < this.#queue.length) {
      const entry = this.#queue[this.#head]!
      if (this.#map.get(entry.key) === entry) return entry
      this.#head++
    }
    return undefined
  }

  clear(): void {
    this.#map.clear()
    this.#queue = []
    this.#head = 0
  }

  /** Every entry, oldest first. */
  entries(): [K, V][] {
    this.#compact()
    return this.#queue.map(({ key, value }) => [key, value as V])
  }

  /** Keeps only the live entries, in order. */
  #compact(): void {
    this.#queue = this.#queue.slice(this.#head).filter((entry) => this.#map.get(entry.key) === entry)
    this.#head = 0
  }
}

interface Entry<K, V> {
  readonly key: K
  /** Undefined once the entry has left the map. */
  value: V | undefined
}
