/**
 * A min-heap of timed events, ordered by time and then by the order they were scheduled, so that
 * applying due events is deterministic. Advancing over n due events costs O(n log n).
 * @example
 * const s = new Scheduler<string>()
 * s.schedule(1000, 'a')
 * s.runDue(1500, (at, item) => console.log(at, item)) // 1000 'a'
 */
export class Scheduler<T> {
  // The heap as three parallel arrays, not an object per event: a number array holds doubles
  // unboxed, so an event costs 24 bytes instead of ~70, and a pending task has one or two.
  #at: number[] = []
  #seq: number[] = []
  #items: T[] = []
  #nextSeq = 0
  /** The most events held since the arrays were last made to measure: popping never gives their room back. */
  #peak = 0

  get size(): number {
    return this.#items.length
  }

  /** When the earliest event is due, if any. */
  get nextAt(): number | undefined {
    return this.#at[0]
  }

  schedule(at: number, item: T): void {
    this.#at.push(at)
    this.#seq.push(this.#nextSeq++)
    this.#items.push(item)
    if (this.#items.length > this.#peak) this.#peak = this.#items.length
    let i = this.#items.length - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!this.#before(i, parent)) break
      this.#swap(i, parent)
      i = parent
    }
  }

  /**
   * Applies, in order, every event due at or before `now`, including ones scheduled while running,
   * until `done` says so.
   */
  runDue(now: number, apply: (at: number, item: T) => void, done?: () => boolean): void {
    while (this.#items.length > 0 && this.#at[0]! <= now && !done?.()) {
      const at = this.#at[0]!
      apply(at, this.#pop())
    }
  }

  clear(): void {
    this.#at = []
    this.#seq = []
    this.#items = []
    this.#peak = 0
  }

  /**
   * Every event, in the order they would run: scheduling them again in this order on an empty
   * scheduler gives one that runs the same.
   * @example
   * other.restore(s.save())
   */
  save(): { at: number; item: T }[] {
    return this.#inOrder(() => true)
  }

  restore(events: readonly { at: number; item: T }[]): void {
    this.clear()
    for (const { at, item } of events) this.schedule(at, item)
  }

  /** Removes the events `take` accepts and returns them in the order they would have run. */
  take(take: (item: T) => boolean): { at: number; item: T }[] {
    const taken = this.#inOrder(take)
    if (taken.length > 0) this.retain((item) => !take(item))
    return taken
  }

  /** The events `keep` accepts, in the order they would run. */
  #inOrder(keep: (item: T) => boolean): { at: number; item: T }[] {
    const kept = this.#items.flatMap((item, i) => (keep(item) ? [i] : []))
    return kept.sort((a, b) => (this.#before(a, b) ? -1 : 1)).map((i) => ({ at: this.#at[i]!, item: this.#items[i]! }))
  }

  /** Keeps only the events `keep` accepts, in O(n): rebuilt bottom-up, order preserved. */
  retain(keep: (item: T) => boolean): void {
    const at: number[] = []
    const seq: number[] = []
    const items: T[] = []
    this.#items.forEach((item, i) => {
      if (!keep(item)) return
      at.push(this.#at[i]!)
      seq.push(this.#seq[i]!)
      items.push(item)
    })
    this.#at = at
    this.#seq = seq
    this.#items = items
    this.#peak = items.length
    for (let i = (items.length >> 1) - 1; i >= 0; i--) this.#siftDown(i)
  }

  /** Whether the event at heap position a runs before the one at b: earlier, or as early and scheduled first. */
  #before(a: number, b: number): boolean {
    const at = this.#at
    return at[a]! < at[b]! || (at[a] === at[b] && this.#seq[a]! < this.#seq[b]!)
  }

  #swap(a: number, b: number): void {
    // By hand: a destructuring swap builds an array per swap, several per event.
    const at = this.#at
    const seq = this.#seq
    const items = this.#items
    const when = at[a]!
    at[a] = at[b]!
    at[b] = when
    const order = seq[a]!
    seq[a] = seq[b]!
    seq[b] = order
    const item = items[a]!
    items[a] = items[b]!
    items[b] = item
  }

  #pop(): T {
    const top = this.#items[0]!
    const at = this.#at.pop()!
    const seq = this.#seq.pop()!
    const item = this.#items.pop()!
    if (this.#items.length > 0) {
      this.#at[0] = at
      this.#seq[0] = seq
      this.#items[0] = item
      this.#siftDown(0)
    }
    // Once the load that filled the heap has drained to a quarter, copies to measure let its room go.
    if (this.#peak > 1024 && this.#items.length * 4 < this.#peak) this.#fit()
    return top
  }
  #fit(): void {
    this.#at = this.#at.slice()
    this.#seq = this.#seq.slice()
    this.#items = this.#items.slice()
    this.#peak = this.#items.length
  }

  #siftDown(start: number): void {
    const size = this.#items.length
    let i = start
    for (;;) {
      const l = 2 * i + 1
      const r = l + 1
      let smallest = i
      if (l < size && this.#before(l, smallest)) smallest = l
      if (r < size && this.#before(r, smallest)) smallest = r
      if (smallest === i) break
      this.#swap(i, smallest)
      i = smallest
    }
  }
}
