// Each task's past changes with their cause, kept for the control API's task detail, bounded.
import type { TaskRecord } from './task-record.js'

/** What applied a change: a timed step, a `poll N` step, or the control API's transition. */
export type ChangeCause = 'timeline' | 'poll' | 'transition'

/**
 * One moment of a task's past: its creation (no `by`) or an applied change, with the task's
 * status, relayStatus and errorCode right after it. `at` is epoch milliseconds of simulated time.
 */
export interface HistoryEntry {
  at: number
  status: TaskRecord['status']
  relayStatus?: string
  errorCode?: string
  /** This change gave the pre-debited credits back. */
  refunded?: true
  by?: ChangeCause
}

/**
 * A change applied to a task, as a listener of the engine is told it at once (docs/metrics-and-traces.md):
 * the task's status, relayStatus and errorCode right after it, at `at` (epoch ms of simulated time).
 */
export interface AppliedChange extends Omit<HistoryEntry, 'refunded' | 'by'> {
  taskId: string
  refunded: boolean
  by: ChangeCause
}

/** How many tasks' histories are kept by default: as many as the task store keeps by default. */
export const HISTORY_TASKS = 10_000

/** The task's state now, as an entry: strings are the task's own, never copied. */
function entry(task: TaskRecord, at: number): HistoryEntry {
  const kept: HistoryEntry = { at, status: task.status }
  if (task.relayStatus !== undefined) kept.relayStatus = task.relayStatus
  if (task.errorCode !== undefined) kept.errorCode = task.errorCode
  return kept
}

/** A changed task's history: its seq (which says when it leaves the newest) and its entries. */
interface Kept {
  seq: number
  entries: readonly HistoryEntry[]
}

/**
 * The past of the tasks among the `capacity` most recently created (the dashboard's task detail):
 * each one's creation, then every change applied to it, in order. A task not changed yet keeps
 * nothing here: its creation is its state now, worked out when asked (`of`), so that a load whose
 * tasks change only after `capacity` newer ones came keeps and builds nothing (docs/performance.md).
 * The first change keeps the creation (`changing`, before the change is applied), each change then
 * adds an entry; the task store drops a task's history with the task.
 * @example
 * const history = new TaskHistory()
 * history.created(task)
 * history.changing(task); Object.assign(task, { status: 1 }); history.changed(task, now, 'timeline', false)
 * history.of(task) // [{ at: createdAt, status: 0 }, { at: now, status: 1, by: 'timeline' }]
 */
export class TaskHistory {
  /** The changed tasks among the newest, by id; those that left the newest go in bulk. */
  #kept = new Map<string, Kept>()
  /** The seq of the newest task created. */
  #newest = -1

  readonly capacity: number
  /** Told the id of each task created or changed (whether its history is kept or not): what a save follows. */
  onChange: ((taskId: string) => void) | undefined
  /** Told each change as it is applied, of every task (whether its history is kept or not): a door's traces. */
  listener: ((change: AppliedChange) => void) | undefined

  constructor(capacity = HISTORY_TASKS) {
    this.capacity = capacity
  }

  /** Whether a task of this seq is among the `capacity` most recently created. */
  #newer(seq: number): boolean {
    return seq > this.#newest - this.capacity
  }

  /** A task was accepted: it is the newest, and the oldest leaves the newest beyond capacity. */
  created(task: TaskRecord): void {
    this.onChange?.(task.id)
    if (task.seq > this.#newest) this.#newest = task.seq
  }

  /** A change is about to be applied to `task`: its creation is kept first, while it is among the newest. */
  changing(task: TaskRecord): void {
    if (!this.#newer(task.seq) || this.#kept.has(task.id)) return
    this.#kept.set(task.id, { seq: task.seq, entries: [entry(task, task.createdAt)] })
    if (this.#kept.size > 2 * this.capacity)
      for (const [id, { seq }] of this.#kept) if (!this.#newer(seq)) this.#kept.delete(id)
  }

  /** A change was applied to `task` at `at`; a task no longer among the newest gets none. */
  changed(task: TaskRecord, at: number, by: ChangeCause, refunded: boolean): void {
    this.onChange?.(task.id)
    if (this.listener) this.listener({ ...entry(task, at), taskId: task.id, refunded, by })
    const kept = this.#kept.get(task.id)
    if (!kept || !this.#newer(kept.seq)) return
    const added = entry(task, at)
    if (refunded) added.refunded = true
    added.by = by
    kept.entries = [...kept.entries, added]
  }

  /** The task's history, oldest first; undefined when it is not among the `capacity` most recently created. */
  of(task: TaskRecord): readonly HistoryEntry[] | undefined {
    if (!this.#newer(task.seq)) return undefined
    return this.#kept.get(task.id)?.entries ?? [entry(task, task.createdAt)]
  }

  drop(taskId: string): void {
    this.#kept.delete(taskId)
  }

  clear(): void {
    this.#kept.clear()
    this.#newest = -1
  }

  /**
   * The history of every stored task among the newest, oldest task first, from the store's
   * records in creation order: restoring it with them gives the same histories.
   * @example
   * other.restore(history.save(records), records)
   */
  save(records: readonly TaskRecord[]): [taskId: string, entries: readonly HistoryEntry[]][] {
    const saved: [string, readonly HistoryEntry[]][] = []
    for (const task of records) {
      const entries = this.of(task)
      if (entries) saved.push([task.id, entries])
    }
    return saved
  }

  restore(
    saved: readonly (readonly [taskId: string, entries: readonly HistoryEntry[]])[],
    records: readonly TaskRecord[],
  ): void {
    this.clear()
    const seqs = new Map(records.map(({ id, seq }) => [id, seq]))
    for (const { seq } of records) if (seq > this.#newest) this.#newest = seq
    for (const [id, entries] of saved) {
      const seq = seqs.get(id)
      if (seq !== undefined && entries.length > 1) this.#kept.set(id, { seq, entries })
    }
  }
}
