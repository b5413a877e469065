/**
 * A min-heap of timed events, ordered by time and then by the order they were scheduled, so that
 * applying due events is deterministic. Advancing over n due events costs O(n log n).
 * @example
 * const s = new Scheduler<string>()
 * s.schedule(1000, 'a')
 * s.runDue(1500, (at, item) => console.log(at, item)) // 1000 'a'
 */
export class Scheduler<T> {
  #heap: { at: number; seq: number; item: T }[] = []
  #seq = 0

  get size(): number {
    return this.#heap.length
  }

  /** When the earliest event is due, if any. */
  get nextAt(): number | undefined {
    return this.#heap[0]?.at
  }

  schedule(at: number, item: T): void {
    const heap = this.#heap
    heap.push({ at, seq: this.#seq++, item })
    let i = heap.length - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!this.#before(heap[i]!, heap[parent]!)) break
      ;[heap[i], heap[parent]] = [heap[parent]!, heap[i]!]
      i = parent
    }
  }

  /** Applies, in order, every event due at or before `now`, including ones scheduled while running, until `done` says so. */
  runDue(now: number, apply: (at: number, item: T) => void, done?: () => boolean): void {
    while (this.#heap.length > 0 && this.#heap[0]!.at <= now && !done?.()) {
      const next = this.#pop()
      apply(next.at, next.item)
    }
  }

  clear(): void {
    this.#heap = []
  }

  /**
   * Every event, in the order they would run: scheduling them again in this order on an empty
   * scheduler gives one that runs the same.
   * @example
   * other.restore(s.save())
   */
  save(): { at: number; item: T }[] {
    return this.#inOrder(this.#heap)
  }

  restore(events: readonly { at: number; item: T }[]): void {
    this.clear()
    for (const { at, item } of events) this.schedule(at, item)
  }

  /** Removes the events `take` accepts and returns them in the order they would have run. */
  take(take: (item: T) => boolean): { at: number; item: T }[] {
    const taken = this.#inOrder(this.#heap.filter((event) => take(event.item)))
    if (taken.length > 0) this.retain((item) => !take(item))
    return taken
  }

  /** Events in the order they would run, without their tie-breaking seq. */
  #inOrder(events: readonly { at: number; seq: number; item: T }[]): { at: number; item: T }[] {
    return [...events].sort((a, b) => (this.#before(a, b) ? -1 : 1)).map(({ at, item }) => ({ at, item }))
  }

  /** Keeps only the events `keep` accepts, in O(n): rebuilt bottom-up, order preserved. */
  retain(keep: (item: T) => boolean): void {
    this.#heap = this.#heap.filter((event) => keep(event.item))
    for (let i = (this.#heap.length >> 1) - 1; i >= 0; i--) this.#siftDown(i)
  }

  #before(a: { at: number; seq: number }, b: { at: number; seq: number }): boolean {
    return a.at < b.at || (a.at === b.at && a.seq < b.seq)
  }

  #pop() {
    const heap = this.#heap
    const top = heap[0]!
    const last = heap.pop()!
    if (heap.length > 0) {
      heap[0] = last
      this.#siftDown(0)
    }
    return top
  }

  #siftDown(start: number): void {
    const heap = this.#heap
    let i = start
    for (;;) {
      const l = 2 * i + 1
      const r = l + 1
      let smallest = i
      if (l < heap.length && this.#before(heap[l]!, heap[smallest]!)) smallest = l
      if (r < heap.length && this.#before(heap[r]!, heap[smallest]!)) smallest = r
      if (smallest === i) break
      ;[heap[i], heap[smallest]] = [heap[smallest]!, heap[i]!]
      i = smallest
    }
  }
}
