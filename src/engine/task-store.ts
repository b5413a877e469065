import { Collection } from '@msw/data'
import type { TaskRecord } from './task-record.js'

/** Tasks per collection: @msw/data finds a record to delete by scanning, so each one stays small. */
const SHARD_SIZE = 128

/** What the collections hold of a task: the fields listing queries filter and sort by. */
type IndexRow = Pick<TaskRecord, 'id' | 'seq' | 'accountId' | 'status'>

/**
 * The rows' Standard Schema. It checks nothing: only the store builds rows, and a collection
 * re-validating each insert was, with full records, a tenth of the cost of a submission.
 */
const indexRowSchema = {
  '~standard': {
    version: 1 as const,
    vendor: 'genmock',
    validate: (value: unknown) => ({ value: value as IndexRow }),
    types: undefined as unknown as { input: IndexRow; output: IndexRow },
  },
}

/**
 * The task store: records by task id, so that reading a task never scans, and @msw/data
 * collections of slim rows (id, seq, account, status) that answer the listing queries. A row is
 * updated in place when its task finishes — it is the very object the collection holds — because
 * the collection's own update() finds its record by scanning. Beyond `maxTasks`, the terminal
 * tasks that finished first are evicted, so a long run does not grow without bound; pending tasks
 * are never evicted. Rows live in one collection per 128 tasks (by creation order), so evicting
 * one scans at most 128.
 * @example
 * const store = new TaskStore(10_000)
 * await store.add(record)
 * store.get(record.id) // the same record, found in O(1)
 */
export class TaskStore {
  /** Shard number (seq / SHARD_SIZE) → its collection, oldest first. */
  #shards = new Map<number, Collection<typeof indexRowSchema>>()
  #byId = new Map<string, TaskRecord>()
  #rows = new Map<string, IndexRow>()
  /** Terminal task ids in the order they finished; `#head` is the oldest still stored. */
  #finished: string[] = []
  #head = 0

  readonly maxTasks: number

  constructor(maxTasks = Infinity) {
    this.maxTasks = maxTasks
  }

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
    if (!collection) this.#shards.set(shard, (collection = new Collection({ schema: indexRowSchema })))
    const { id, seq, accountId, status } = record
    this.#rows.set(id, (await collection.create({ id, seq, accountId, status })) as IndexRow)
    this.#byId.set(id, record)
    this.#evictOverCap()
    return record
  }

  /** A task reached status 1 or 2: its row says so, and from now on it may be evicted. */
  finished(id: string): void {
    this.#rows.get(id)!.status = this.#byId.get(id)!.status
    this.#finished.push(id)
    this.#evictOverCap()
  }

  /** Newest first, optionally only one account's. */
  list(filter: { accountId?: string; status?: TaskRecord['status'] } = {}): TaskRecord[] {
    const where: Partial<Pick<TaskRecord, 'accountId' | 'status'>> = {}
    if (filter.accountId !== undefined) where.accountId = filter.accountId
    if (filter.status !== undefined) where.status = filter.status
    const rows = [...this.#shards.values()].reverse().flatMap((collection) => collection.findMany((q) => q.where(where), { orderBy: { seq: 'desc' } }) as IndexRow[])
    return rows.map((row) => this.#byId.get(row.id)!)
  }

  clear(): void {
    this.#shards.clear()
    this.#byId.clear()
    this.#rows.clear()
    this.#finished = []
    this.#head = 0
  }

  #evictOverCap(): void {
    while (this.#byId.size > this.maxTasks && this.#head < this.#finished.length) {
      const id = this.#finished[this.#head++]!
      const row = this.#rows.get(id)!
      const shard = Math.floor(row.seq / SHARD_SIZE)
      const collection = this.#shards.get(shard)!
      // The stored row itself: deleted by primary key, without a query over the shard.
      collection.delete(row as Parameters<typeof collection.delete>[0])
      if (collection.count() === 0) this.#shards.delete(shard)
      this.#byId.delete(id)
      this.#rows.delete(id)
    }
    // Drop the evicted ids once they are most of the queue, so it does not grow without bound.
    if (this.#head > 1024 && this.#head * 2 > this.#finished.length) {
      this.#finished = this.#finished.slice(this.#head)
      this.#head = 0
    }
  }
}
