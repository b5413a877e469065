import { Collection } from '@msw/data'
import type { TaskRecord } from './task-record.js'
import type { Upcoming } from './timeline.js'

/** Tasks per collection: @msw/data finds a record to delete by scanning, so each one stays small. */
const SHARD_SIZE = 128

/** Tasks as saved: the records by creation order, and positions among them of the finished ones, by finishing order. */
export interface SavedTasks {
  records: TaskRecord[]
  finished: number[]
}

/**
 * @msw/data's own key of a row, learnt from the first row it makes. Given the task id as the key,
 * a row needs no random UUID: those cost ~480 bytes a task (a quarter of its memory) and a
 * crypto call each. The symbol is not exported; without it, rows simply get their UUIDs.
 */
let primaryKey: symbol | undefined

/** What the collections hold of a task: the fields listing queries filter and sort by. */
type IndexRow = Pick<TaskRecord, 'id' | 'seq' | 'accountId' | 'status'>

/** A stored task: its record, its row once indexed, and while it is pending its steps to come. */
interface Entry {
  readonly task: TaskRecord
  row: IndexRow | undefined
  upcoming: Upcoming | undefined
}

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

type Filter = { accountId?: string; status?: TaskRecord['status'] }

/**
 * The task store: every task by id, so that reading one never scans, and @msw/data collections of
 * slim rows (id, seq, account, status) that answer the listing queries. The rows are built when
 * tasks are first listed, not when they arrive: a row costs ~300 bytes (@msw/data gives each a Map
 * of its own), a quarter of a pending task's memory, and a load that never lists (a CI run, a
 * benchmark) need not pay it. A listing builds the rows of the tasks that arrived since the last
 * one and answers for them from their records until their rows are in. A row is updated in place
 * when its task finishes — it is the very object the collection holds — because the collection's
 * own update() finds its record by scanning. Beyond `maxTasks`, the terminal tasks that finished
 * first are evicted, so a long run does not grow without bound; pending tasks are never evicted.
 * Rows live in one collection per 128 tasks (by creation order). An evicted task's row stays in
 * its collection, unlisted, until the whole collection can go at once: @msw/data deletes a record
 * by scanning, and 90,000 evictions one by one were most of an `until: "idle"` over 100k tasks. A
 * collection with mostly evicted rows is swept row by row.
 * @example
 * const store = new TaskStore(10_000)
 * store.add(record)
 * store.get(record.id) // the same record, found in O(1)
 */
export class TaskStore {
  /** Shard number (seq / SHARD_SIZE) → its collection, oldest first. */
  #shards = new Map<number, Collection<typeof indexRowSchema>>()
  /** Shard number → its indexed tasks, how many of them finished, and its evicted rows still in the collection. */
  #counts = new Map<number, { live: number; finished: number; dead: IndexRow[] }>()
  /** Every stored task, in creation order. */
  #entries = new Map<string, Entry>()
  /** The highest seq whose row is built or being built: the rows of later tasks are not. */
  #indexedTo = -1
  /** Terminal task ids in the order they finished; `#head` is the oldest still stored. */
  #finished: string[] = []
  #head = 0

  readonly maxTasks: number
  /** Told each evicted task's id, so that what is kept beside the store (task histories) goes with it. */
  onEvict: ((id: string) => void) | undefined

  constructor(maxTasks = Infinity) {
    this.maxTasks = maxTasks
  }

  get size(): number {
    return this.#entries.size
  }

  has(id: string): boolean {
    return this.#entries.has(id)
  }

  get(id: string): TaskRecord | undefined {
    return this.#entries.get(id)?.task
  }

  /** A pending task's steps to come, kept here for its life (task-life.ts): they cost no map of their own. */
  upcoming(id: string): Upcoming | undefined {
    return this.#entries.get(id)?.upcoming
  }

  setUpcoming(id: string, upcoming: Upcoming | undefined): void {
    const entry = this.#entries.get(id)
    if (entry) entry.upcoming = upcoming
  }

  /** Every pending task's steps to come, in creation order. */
  allUpcoming(): Upcoming[] {
    const all: Upcoming[] = []
    for (const { upcoming } of this.#entries.values()) if (upcoming) all.push(upcoming)
    return all
  }

  /** Stores a new task; its seq is higher than every stored task's. */
  add(record: TaskRecord): TaskRecord {
    this.#entries.set(record.id, { task: record, row: undefined, upcoming: undefined })
    this.#evictOverCap()
    return record
  }

  /** A task reached status 1 or 2: its row says so, and from now on it may be evicted. */
  finished(id: string): void {
    const entry = this.#entries.get(id)!
    if (entry.row) {
      entry.row.status = entry.task.status
      this.#counts.get(Math.floor(entry.row.seq / SHARD_SIZE))!.finished++
    }
    this.#finished.push(id)
    this.#evictOverCap()
  }

  /** Newest first, optionally only one account's or one status's. */
  list(filter: Filter = {}): TaskRecord[] {
    const where: Filter = {}
    if (filter.accountId !== undefined) where.accountId = filter.accountId
    if (filter.status !== undefined) where.status = filter.status
    const rows = [...this.#shards.values()]
      .reverse()
      .flatMap((collection) => collection.findMany((q) => q.where(where), { orderBy: { seq: 'desc' } }))
    // An evicted task's row is not its id's row any more (the id may even have been drawn again).
    const indexed = rows.flatMap((row) => {
      const entry = this.#entries.get(row.id)
      return entry?.row === row ? [entry.task] : []
    })
    // The tasks whose rows are not in yet are newer than every indexed one.
    const matches = ({ task }: Entry) =>
      (where.accountId === undefined || task.accountId === where.accountId) &&
      (where.status === undefined || task.status === where.status)
    const unindexed = [...this.#entries.values()]
      .filter((entry) => !entry.row && matches(entry))
      .map(({ task }) => task)
    this.#index()
    return [...unindexed.reverse(), ...indexed]
  }

  clear(): void {
    this.#shards.clear()
    this.#counts.clear()
    this.#entries.clear()
    this.#indexedTo = -1
    this.#finished = []
    this.#head = 0
  }

  /**
   * The records in creation order and, as positions among them, the terminal ones in the order
   * they finished (the order they are evicted in). The rows are worked out again from the records.
   * @example
   * other.restore(store.save())
   */
  save(): SavedTasks {
    const records = [...this.#entries.values()].map(({ task }) => task)
    const position = new Map(records.map((record, i) => [record.id, i]))
    return { records, finished: this.#finished.slice(this.#head).flatMap((id) => position.get(id) ?? []) }
  }

  /** Replaces every task with the saved ones. */
  restore(saved: SavedTasks): void {
    this.clear()
    for (const record of [...saved.records].sort((a, b) => a.seq - b.seq)) this.add(record)
    for (const i of saved.finished) this.finished(saved.records[i]!.id)
  }

  /** Starts building the rows of the tasks that have none yet; each entry gets its row once it is in. */
  #index(): void {
    for (const entry of this.#entries.values()) {
      const { id, seq, accountId } = entry.task
      if (seq <= this.#indexedTo) continue
      this.#indexedTo = seq
      const shard = Math.floor(seq / SHARD_SIZE)
      let collection = this.#shards.get(shard)
      if (!collection) {
        this.#shards.set(shard, (collection = new Collection({ schema: indexRowSchema })))
        this.#counts.set(shard, { live: 0, finished: 0, dead: [] })
      }
      const counts = this.#counts.get(shard)!
      counts.live++
      void collection
        .create({ id, seq, accountId, status: entry.task.status, ...(primaryKey ? { [primaryKey]: id } : {}) })
        .then((row) => {
          primaryKey ??= Object.getOwnPropertySymbols(row).find((symbol) => symbol.description === 'kPrimaryKey')
          if (this.#counts.get(shard) !== counts) return // the store was cleared since
          row.status = entry.task.status
          if (row.status !== 0) counts.finished++
          entry.row = row
          // Evicted while its row was being built: the row goes the way of an evicted task's.
          if (this.#entries.get(id) !== entry) this.#unlist(row)
        })
    }
  }

  /**
   * Drops an evicted task's collection once it holds no stored task; or, once its evicted rows are
   * half of it and every task left there is pending (it may stay so for long), those rows.
   */
  #unlist(row: IndexRow): void {
    const shard = Math.floor(row.seq / SHARD_SIZE)
    const counts = this.#counts.get(shard)!
    counts.live--
    counts.finished--
    counts.dead.push(row)
    if (counts.live === 0) {
      this.#shards.delete(shard)
      this.#counts.delete(shard)
    } else if (counts.finished === 0 && counts.dead.length >= SHARD_SIZE / 2) {
      const collection = this.#shards.get(shard)!
      // The stored rows themselves: deleted by primary key, without a query over the shard.
      for (const dead of counts.dead) collection.delete(dead as Parameters<typeof collection.delete>[0])
      counts.dead = []
    }
  }

  #evictOverCap(): void {
    while (this.#entries.size > this.maxTasks && this.#head < this.#finished.length) {
      const id = this.#finished[this.#head++]!
      const entry = this.#entries.get(id)!
      this.#entries.delete(id)
      if (entry.row) this.#unlist(entry.row)
      this.onEvict?.(id)
    }
    // Drop the evicted ids once they are most of the queue, so it does not grow without bound.
    if (this.#head > 1024 && this.#head * 2 > this.#finished.length) {
      this.#finished = this.#finished.slice(this.#head)
      this.#head = 0
    }
  }
}
