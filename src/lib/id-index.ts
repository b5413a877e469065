/**
 * Records found by their `id`, in the order they were added: the task store's index. A Map of
 * 150,000 tasks holds 262,144 entries of three words and their buckets (7.3 MB, and the table
 * before it is garbage each time it doubles); here the records themselves sit in one array of
 * slots (open addressing, linear probing, at most three quarters full) and a second array keeps
 * their order: about 3.6 MB (docs/performance.md, Memory per task). A record deleted leaves the
 * order array until the dead ones are as many as the live, when the array is rebuilt.
 * @example
 * const index = new IdIndex<{ id: string }>()
 * index.set({ id: 'tsk_1' })
 * index.get('tsk_1') // { id: 'tsk_1' }
 */
export class IdIndex<T extends { readonly id: string }> {
  #slots: (T | undefined)[] = new Array<T | undefined>(16).fill(undefined)
  #size = 0
  #order: T[] = []
  /** Records in `#order` deleted since it was last rebuilt. */
  #dead = 0

  get size(): number {
    return this.#size
  }

  get(id: string): T | undefined {
    const slots = this.#slots
    const mask = slots.length - 1
    for (let i = hashOf(id) & mask; ; i = (i + 1) & mask) {
      const record = slots[i]
      if (record === undefined || record.id === id) return record
    }
  }

  has(id: string): boolean {
    return this.get(id) !== undefined
  }

  /** Adds a record, last in the order; one of an id already there takes its place and its rank. */
  set(record: T): void {
    const slots = this.#slots
    const mask = slots.length - 1
    let i = hashOf(record.id) & mask
    for (let found = slots[i]; found !== undefined; found = slots[i]) {
      if (found.id === record.id) {
        slots[i] = record
        this.#order[this.#order.lastIndexOf(found)] = record
        return
      }
      i = (i + 1) & mask
    }
    slots[i] = record
    this.#order.push(record)
    if (++this.#size * 4 > slots.length * 3) this.#resize(slots.length * 2)
  }

  delete(id: string): boolean {
    const slots = this.#slots
    const mask = slots.length - 1
    let i = hashOf(id) & mask
    for (;;) {
      const record = slots[i]
      if (record === undefined) return false
      if (record.id === id) break
      i = (i + 1) & mask
    }
    // Backward shift: each record after the hole that would not be found past it moves into it.
    for (let j = (i + 1) & mask; ; j = (j + 1) & mask) {
      const record = slots[j]
      if (record === undefined) break
      const home = hashOf(record.id) & mask
      const between = i <= j ? i < home && home <= j : i < home || home <= j
      if (between) continue
      slots[i] = record
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
    this.#size = 0
    this.#order = []
    this.#dead = 0
  }

  #resize(capacity: number): void {
    const old = this.#slots
    const slots = new Array<T | undefined>(capacity).fill(undefined)
    const mask = capacity - 1
    for (const record of old) {
      if (record === undefined) continue
      let i = hashOf(record.id) & mask
      while (slots[i] !== undefined) i = (i + 1) & mask
      slots[i] = record
    }
    this.#slots = slots
  }
}

/** FNV-1a over the UTF-16 units, then mixed, so that ids that differ in one place spread over the slots. */
function hashOf(id: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193)
  hash ^= hash >>> 15
  hash = Math.imul(hash, 0x2c1b3c6d)
  return (hash ^ (hash >>> 12)) >>> 0
}
