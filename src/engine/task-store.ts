import { Collection } from '@msw/data'
import { taskRecordSchema, type TaskRecord } from './task-record.js'

/**
 * The task store: an @msw/data collection for records and queries, plus an index by task id so
 * that reading a task never scans the collection. State changes mutate the indexed record in
 * place — it is the very object the collection holds — because the collection's own update()
 * finds its record by scanning.
 * @example
 * const store = new TaskStore()
 * await store.add(record)
 * store.get(record.id) // the same record, found in O(1)
 */
export class TaskStore {
  #collection = new Collection({ schema: taskRecordSchema })
  #byId = new Map<string, TaskRecord>()

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
    return stored
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
  }
}
