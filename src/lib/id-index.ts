/**
 * Records found by their `id`, in the order they were added: the task store's index. A Map of
 * 150,000 tasks holds 262,144 entries of three words and their buckets (7.3 MB, and the table
 * before it is garbage each time it doubles); here the records themselves sit in one array of
 * slots (open addressing, linear probing, at most three quarters full), each slot's hash in a
 * typed array beside it, and a second array keeps their order: about 4.6 MB (docs/performance.md,
 * Memory per task). A probe compares hashes and reads a record only when its hash matches, so a
 * search touches two arrays in order rather than a record per slot, and growing hashes no id again.
 * A record deleted leaves the order array until the dead ones are as many as the live, when the
 * array is rebuilt.
 * @example
 * const index = new IdIndex<{ id: string }>()
 * index.set({ id: 'tsk_1' })
 * index.get('tsk_1') // { id: 'tsk_1' }
 */
export class IdIndex<T extends { readonly id: string }> {
  #slots: (T | undefined)[] = new Array<T | undefined>(16).fill(undefined)
  /** The hash of the id in each full slot (hashOf); an empty slot's is never read. */
  #hashes = new Uint32Array(16)
  #size = 0
  #order: T[] = []
  /** Records in `#order` deleted since it was last rebuilt. */
  #dead = 0

  get size(): number {
    return this.#size
  }

  get(id: string): T | undefined {
    const slots = this.#slots
    const hashes = this.#hashes
    const mask = slots.length - 1
    const hash = hashOf(id)
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const record = slots[i]
      if (record === undefined || (hashes[i] === hash && record.id === id)) return record
    }
  }

  has(id: string): boolean {
    return this.get(id) !== undefined
  }

  /** Adds a record, last in the order; one of an id already there takes its place and its rank. */
  set(record: T): void {
    const slots = this.#slots
    const hashes = this.#hashes
    const mask = slots.length - 1
    const hash = hashOf(record.id)
    let i = hash & mask
    for (let found = slots[i]; found !== undefined; found = slots[i]) {
      if (hashes[i] === hash && found.id === record.id) {
        slots[i] = record
        this.#order[this.#order.lastIndexOf(found)] = record
        return
      }
      i = (i + 1) & mask
    }
    slots[i] = record
    hashes[i] = hash
    this.#order.push(record)
    if (++this.#size * 4 > slots.length * 3) this.#resize(slots.length * 2)
  }

  delete(id: string): boolean {
    const slots = this.#slots
    const hashes = this.#hashes
    const mask = slots.length - 1
    const hash = hashOf(id)
    let i = hash & mask
    for (;;) {
      const record = slots[i]
      if (record === undefined) return false
      if (hashes[i] === hash && record.id === id) break
      i = (i + 1) & mask
    }
    // Backward shift: each record after the hole that would not be found past it moves into it.
    for (let j = (i + 1) & mask; ; j = (j + 1) & mask) {
      const record = slots[j]
      if (record === undefined) break
      const home = hashes[j]! & mask
      const between = i <= j ? i < home && home <= j : i < home || home <= j
      if (between) continue
      slots[i] = record
      hashes[i] = hashes[j]!
      i = j
    }
    slots[i] = undefined
    this.#size--
    if (++this.#dead > this.#size) this.#order = this.list()
    if (this.#order.length === this.#size) this.#dead = 0
    return true
  }

  /** The records in the order they were added. */
  list(): T[] {
    if (this.#dead === 0) return this.#order.slice()
    return this.#order.filter((record) => this.get(record.id) === record)
  }

  clear(): void {
    this.#slots = new Array<T | undefined>(16).fill(undefined)
    this.#hashes = new Uint32Array(16)
    this.#size = 0
    this.#order = []
    this.#dead = 0
  }

  #resize(capacity: number): void {
    const old = this.#slots
    const oldHashes = this.#hashes
    const slots = new Array<T | undefined>(capacity).fill(undefined)
    const hashes = new Uint32Array(capacity)
    const mask = capacity - 1
    for (let j = 0; j < old.length; j++) {
      const record = old[j]
      if (record === undefined) continue
      const hash = oldHashes[j]!
      let i = hash & mask
      while (slots[i] !== undefined) i = (i + 1) & mask
      slots[i] = record
      hashes[i] = hash
    }
    this.#slots = slots
    this.#hashes = hashes
  }
}

/** FNV-1a over the UTF-16 units, then mixed, so that ids that differ in one place spread over the slots. */
export function hashOf(id: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193)
  hash ^= hash >>> 15
  hash = Math.imul(hash, 0x2c1b3c6d)
  return (hash ^ (hash >>> 12)) >>> 0
}
