import { Collection } from '@msw/data'
import { taskRecordSchema, type TaskRecord } from './task-record.js'

/** Tasks per collection: @msw/data finds a record to delete by scanning, so each one stays small. */
const SHARD_SIZE = 1024

/**
 * The task store: @msw/data collections for records and queries, plus an index by task id so
 * that reading a task never scans a collection. State changes mutate the indexed record in
 * place — it is the very object the collection holds — because the collection's own update()
 * finds its record by scanning. Beyond `maxTasks`, the terminal tasks that finished first are
 * evicted, so a long run does not grow without bound; pending tasks are never evicted. Records
 * live in one collection per 1024 tasks (by creation order), so evicting one scans at most 1024.
 * @example
 * const store = new TaskStore(10_000)
 * await store.add(record)
 * store.get(record.id) // the same record, found in O(1)
 */
export class TaskStore {
  /** Shard number (seq / SHARD_SIZE) → its collection, oldest first. */
  #shards = new Map<number, Collection<typeof taskRecordSchema>>()
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
    const shard = Math.floor(record.seq / SHARD_SIZE)
    let collection = this.#shards.get(shard)
    if (!collection) this.#shards.set(shard, (collection = new Collection({ schema: taskRecordSchema })))
    const stored = (await collection.create(record)) as TaskRecord
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
    return [...this.#shards.values()].reverse().flatMap((collection) => collection.findMany((q) => q.where(where), { orderBy: { seq: 'desc' } }) as TaskRecord[])
  }

  clear(): void {
    this.#shards.clear()
    this.#byId.clear()
    this.#finished = []
    this.#head = 0
  }

  #evictOverCap(): void {
    while (this.#byId.size > this.maxTasks && this.#head < this.#finished.length) {
      const id = this.#finished[this.#head++]!
      const record = this.#byId.get(id)!
      const shard = Math.floor(record.seq / SHARD_SIZE)
      const collection = this.#shards.get(shard)!
      // The stored record itself: deleted by primary key, without a query over the shard.
      collection.delete(record as Parameters<typeof collection.delete>[0])
      if (collection.count() === 0) this.#shards.delete(shard)
      this.#byId.delete(id)
    }
    // Drop the evicted ids once they are most of the queue, so it does not grow without bound.
    if (this.#head > 1024 && this.#head * 2 > this.#finished.length) {
      this.#finished = this.#finished.slice(this.#head)
      this.#head = 0
    }
  }
}
