// The task store: records by id and creation order, the finished ones by finishing order, bounded and paged.
import { CreatedTally } from './task-tally.js'
import { IdIndex } from '../../lib/id-index.js'
import { OrderedMap } from '../../lib/ordered-map.js'
import { Answers } from './kept-answers.js'
import { UPCOMING, type TaskFields, type TaskRecord } from './task-record.js'
import { RowPacking } from './row-packing.js'
import { plainRecord } from './plain-record.js'
import { TaskRow } from './task-row.js'

/** Tasks as saved: the records by creation order, and positions among them of the finished ones, by finishing order. */
export interface SavedTasks {
  records: TaskRecord[]
  finished: number[]
}

/**
 * The finished tasks of each account never evicted, its latest (at most `maxTasks`): one account's
 * traffic never takes another's results (docs/limits-and-security.md).
 */
export const KEEP_FINISHED_PER_ACCOUNT = 1000

/** How many evicted ids (with their owner) the store remembers, so that a late read can be told why. */
const EVICTED_IDS = 10_000

type Filter = { accountId?: string | undefined; status?: TaskRecord['status'] | undefined }

/** Which page of a listing: `limit` tasks, after skipping `offset`, older than the task of seq `before`. */
export interface PageRequest {
  limit?: number
  offset?: number
  /** A cursor: the seq of the last task of the previous page. */
  before?: number | undefined
}

/** One page of a listing, newest first: `total` counts every match, `next` is the cursor of the page after it. */
export interface TaskPage {
  total: number
  tasks: TaskRecord[]
  next?: number
}

/**
 * The task store: every task by id, so that reading one never scans, in creation order, so that a
 * listing page is a walk from the newest (or from its cursor) that stops once the page is full,
 * counting the rest: with 100,000 tasks a first page takes a few milliseconds and builds nothing.
 * Beyond `maxTasks`, the terminal tasks that finished first are evicted, so a long run does not
 * grow without bound; pending tasks are never evicted.
 * @example
 * const store = new TaskStore(10_000)
 * store.add(record)
 * store.get(record.id) // the same record, found in O(1)
 */
export class TaskStore {
  /**
   * Every stored task by id, in creation order: the records themselves, with nothing around them
   * (docs/performance.md, Memory per task). The steps to come of the pending ones are on their
   * records (UPCOMING).
   */
  #entries = new IdIndex<TaskRecord>()
  /** Terminal task ids in the order they finished; `#head` is the oldest still stored. */
  #finished: string[] = []
  #head = 0
  /** Per account (a Map: ids come from outside), its stored terminal tasks, and those held back as its latest. */
  #accounts = new Map<string, { finished: number; held: string[] }>()
  /** Held tasks whose account has since finished enough newer ones: evicted before the queue. */
  #released: string[] = []
  /** The latest evicted ids and their owners, oldest first. */
  #evicted = new OrderedMap<string, string>()

  readonly maxTasks: number
  readonly keepPerAccount: number
  /** The answers of the tasks read last, each forgotten when its task changes (`changed`) or goes. */
  readonly answers = new Answers()
  /** What this store's new rows share to stay small (row-packing.ts): its own, never another store's. */
  readonly packing = new RowPacking()
  /** Tasks created, by model and scenario (docs/metrics-and-traces.md). */
  readonly created = new CreatedTally()
  /** Told each evicted task's id, so that what is kept beside the store (task histories) goes with it. */
  onEvict: ((id: string) => void) | undefined

  constructor(maxTasks = Infinity, keepPerAccount = 0) {
    this.maxTasks = maxTasks
    this.keepPerAccount = Math.min(keepPerAccount, maxTasks)
  }

  /** The owner of an evicted task, while its id is among the last EVICTED_IDS evicted. */
  evictedOwner(id: string): string | undefined {
    return this.#evicted.get(id)
  }

  get size(): number {
    return this.#entries.size
  }

  has(id: string): boolean {
    return this.#entries.has(id)
  }

  get(id: string): TaskRecord | undefined {
    return this.#entries.get(id)
  }

  /** A stored task as a plain record, as a saved state holds it. */
  saved(id: string): TaskRecord | undefined {
    const task = this.#entries.get(id)
    return task && plainRecord(task)
  }

  /** Every stored task, in creation order. */
  records(): TaskRecord[] {
    return this.#entries.list()
  }

  /** The pending tasks (those with steps to come, task-life.ts), in creation order. */
  pendingRecords(): TaskRecord[] {
    const pending: TaskRecord[] = []
    for (const task of this.#entries.list()) if (task[UPCOMING]) pending.push(task)
    return pending
  }

  /**
   * A new task's record, packed as this store keeps its rows (task-row.ts); not stored until `add`.
   * @example
   * store.add(store.newRecord(fields))
   */
  newRecord(fields: TaskFields): TaskRecord {
    return new TaskRow(fields, this.packing)
  }

  /** Stores a new task; its seq is higher than every stored task's. */
  add(record: TaskRecord): TaskRecord {
    this.#entries.set(record)
    this.created.count(record)
    this.#evictOverCap()
    return record
  }

  /** A stored task's fields changed: its next read is serialised again. */
  changed(task: TaskRecord): void {
    this.answers.forget(task)
  }

  /** A task reached status 1 or 2: from now on it may be evicted. */
  finished(id: string): void {
    const task = this.#entries.get(id)
    if (!task) return
    const account = this.#account(task.accountId)
    account.finished++
    if (account.held.length > 0 && account.finished > this.keepPerAccount) this.#released.push(account.held.shift()!)
    this.#finished.push(id)
    this.#evictOverCap()
  }

  /**
   * One page of the tasks that match, newest first.
   * @example
   * const first = store.page({ status: 0 }, { limit: 100 })
   * store.page({ status: 0 }, { limit: 100, before: first.next }) // the next 100
   */
  page(filter: Filter = {}, { limit = Infinity, offset = 0, before }: PageRequest = {}): TaskPage {
    const { accountId, status } = filter
    const entries = this.#entries.list()
    // Records are in creation order, so seq ascends: the cursor's place is found by bisection.
    let end = entries.length
    if (before !== undefined) {
      let low = 0
      while (low < end) {
        const middle = (low + end) >>> 1
        if (entries[middle]!.seq < before) low = middle + 1
        else end = middle
      }
    }
    const tasks: TaskRecord[] = []
    let total = 0
    let skipped = 0
    let more = false
    for (let i = entries.length - 1; i >= 0; i--) {
      const task = entries[i]!
      if ((accountId !== undefined && task.accountId !== accountId) || (status !== undefined && task.status !== status))
        continue
      total++
      if (i >= end) continue // newer than the cursor: on an earlier page
      if (skipped < offset) skipped++
      else if (tasks.length < limit) tasks.push(task)
      else more = true
    }
    return { total, tasks, ...(more && tasks.length > 0 ? { next: tasks.at(-1)!.seq } : {}) }
  }

  clear(): void {
    this.#entries.clear()
    this.answers.clear()
    this.#finished = []
    this.#head = 0
    this.#accounts.clear()
    this.#released = []
    this.#evicted.clear()
  }

  /**
   * The records in creation order and, as positions among them, the terminal ones in the order
   * they finished (the order they are evicted in).
   * @example
   * other.restore(store.save())
   */
  save(): SavedTasks {
    // A whole save runs in one turn of the event loop (docs/state.md): no map of every id is made,
    // the records are in seq order (add), so a position is found by its seq.
    const records = this.#entries.list().map(plainRecord)
    const finished: number[] = []
    const add = (id: string) => {
      const seq = this.#entries.get(id)?.seq
      if (seq === undefined) return
      let low = 0
      let high = records.length - 1
      while (low < high) {
        const middle = (low + high) >>> 1
        if (records[middle]!.seq < seq) low = middle + 1
        else high = middle
      }
      finished.push(low)
    }
    this.#released.forEach(add)
    for (const account of this.#accounts.values()) account.held.forEach(add)
    for (let i = this.#head; i < this.#finished.length; i++) add(this.#finished[i]!)
    return { records, finished }
  }

  /** Replaces every task with the saved ones. */
  restore(saved: SavedTasks): void {
    this.clear()
    for (const record of [...saved.records].sort((a, b) => a.seq - b.seq)) this.add(record)
    for (const i of saved.finished) this.finished(saved.records[i]!.id)
  }

  #account(accountId: string) {
    let account = this.#accounts.get(accountId)
    if (!account) this.#accounts.set(accountId, (account = { finished: 0, held: [] }))
    return account
  }

  #evictOverCap(): void {
    while (this.#entries.size > this.maxTasks && this.#released.length > 0) this.#evict(this.#released.shift()!)
    while (this.#entries.size > this.maxTasks && this.#head < this.#finished.length) {
      const id = this.#finished[this.#head++]!
      const task = this.#entries.get(id)
      if (!task) continue
      // An account's oldest stored terminal task: held back while the account has no more than it keeps.
      const account = this.#account(task.accountId)
      if (account.finished <= this.keepPerAccount) account.held.push(id)
      else this.#evict(id)
    }
    // Drop the evicted ids once they are most of the queue, so it does not grow without bound.
    if (this.#head > 1024 && this.#head * 2 > this.#finished.length) {
      this.#finished = this.#finished.slice(this.#head)
      this.#head = 0
    }
  }

  #evict(id: string): void {
    const task = this.#entries.get(id)
    if (!task) return
    this.answers.forget(task)
    this.#entries.delete(id)
    const account = this.#account(task.accountId)
    if (--account.finished === 0 && account.held.length === 0) this.#accounts.delete(task.accountId)
    this.#evicted.set(id, task.accountId)
    if (this.#evicted.size > EVICTED_IDS) this.#evicted.deleteOldest()
    this.onEvict?.(id)
  }
}
