import { Collection } from '@msw/data'
import { taskRecordSchema, type TaskRecord } from './task-record.js'

/**
 * The task store: an @msw/data collection for records and queries, plus an index by task id so
 * that reading a task never scans the collection. State changes mutate the indexed record in
 * place — it is the very object the collection holds — because the collection's own update()
 * finds its record by scanning. Beyond `maxTasks`, the terminal tasks that finished first are
 * evicted, so a long run does not grow without bound; pending tasks are never evicted.
 * @example
 * const store = new TaskStore(10_000)
 * await store.add(record)
 * store.get(record.id) // the same record, found in O(1)
 */
export class TaskStore {
  #collection = new Collection({ schema: taskRecordSchema })
  #byId = new Map<string, TaskRecord>()
  /** Terminal task ids in the order they finished; `#head` is the oldest still stored. */
  #finished: string[] = []
  #head = 0

  constructor(readonly maxTasks = Infinity) {}

  get size(): number {
    return this.#byId.size
  }

  has(id: string): boolean {
    return this.#byId.has(id)
  }

  get(id: string): TaskRecord | undefined {
    return this.#byId.get(id)
  }

  async add(record: TaskRecord): Promise<TaskRecord> {
    const stored = (await this.#collection.create(record)) as TaskRecord
    this.#byId.set(stored.id, stored)
    this.#evictOverCap()
    return stored
  }

  /** A task reached status 1 or 2: from now on it may be evicted. */
  finished(id: string): void {
    this.#finished.push(id)
    this.#evictOverCap()
  }

  /** Newest first, optionally only one account's. */
  list(filter: { accountId?: string; status?: TaskRecord['status'] } = {}): TaskRecord[] {
    const where: Partial<Pick<TaskRecord, 'accountId' | 'status'>> = {}
    if (filter.accountId !== undefined) where.accountId = filter.accountId
    if (filter.status !== undefined) where.status = filter.status
    return this.#collection.findMany((q) => q.where(where), { orderBy: { seq: 'desc' } }) as TaskRecord[]
  }

  clear(): void {
    this.#collection.clear()
    this.#byId.clear()
    this.#finished = []
    this.#head = 0
  }

  #evictOverCap(): void {
    while (this.#byId.size > this.maxTasks && this.#head < this.#finished.length) {
      const id = this.#finished[this.#head++]!
      // The oldest records sit at the front of the collection, so finding one is quick.
      this.#collection.delete((q) => q.where({ id }))
      this.#byId.delete(id)
    }
    // Drop the evicted ids once they are most of the queue, so it does not grow without bound.
    if (this.#head > 1024 && this.#head * 2 > this.#finished.length) {
      this.#finished = this.#finished.slice(this.#head)
      this.#head = 0
    }
  }
}
