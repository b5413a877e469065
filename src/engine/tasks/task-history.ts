// Each task's past changes with their cause, kept for the control API's task detail, bounded.
import { OrderedMap } from '../../lib/ordered-map.js'
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

/** How many tasks' histories are kept by default: as many as the task store keeps by default. */
export const HISTORY_TASKS = 10_000

/** The task's state now, as an entry: strings are the task's own, never copied. */
function entry(task: TaskRecord, at: number): HistoryEntry {
  const kept: HistoryEntry = { at, status: task.status }
  if (task.relayStatus !== undefined) kept.relayStatus = task.relayStatus
  if (task.errorCode !== undefined) kept.errorCode = task.errorCode
  return kept
}

/**
 * The past of the most recent tasks (the dashboard's task detail): each task's creation, then
 * every change applied to it, in order. Bounded: the `capacity` most recently created tasks keep
 * theirs, and the task store drops a task's history with the task. An entry is one small object;
 * each task's list is copied on append so that it holds no spare slots (lists are a few long).
 * @example
 * const history = new TaskHistory()
 * history.created(task)
 * history.changed(task, now, 'timeline', false)
 * history.of(task.id) // [{ at: createdAt, status: 0 }, { at: now, status: 1, by: 'timeline' }]
 */
export class TaskHistory {
  /** Task id → its entries, in creation order (a change replaces the list in its place). */
  #kept = new OrderedMap<string, readonly HistoryEntry[]>()

  readonly capacity: number
  /** Told the id of each task created or changed (whether its history is kept or not): what a save follows. */
  onChange: ((taskId: string) => void) | undefined

  constructor(capacity = HISTORY_TASKS) {
    this.capacity = capacity
  }

  get size(): number {
    return this.#kept.size
  }

  /** A task was accepted: its history begins, and the oldest one goes beyond capacity. */
  created(task: TaskRecord): void {
    this.onChange?.(task.id)
    this.#add(task.id, [entry(task, task.createdAt)])
  }

  /** A change was applied to `task` at `at`; a task whose history was let go gets none back. */
  changed(task: TaskRecord, at: number, by: ChangeCause, refunded: boolean): void {
    this.onChange?.(task.id)
    const kept = this.#kept.get(task.id)
    if (!kept) return
    const added = entry(task, at)
    if (refunded) added.refunded = true
    added.by = by
    this.#kept.replace(task.id, [...kept, added])
  }

  /** The task's history, oldest first; undefined when it is not kept (unknown, evicted, or older than the capacity). */
  of(taskId: string): readonly HistoryEntry[] | undefined {
    return this.#kept.get(taskId)
  }

  drop(taskId: string): void {
    this.#kept.delete(taskId)
  }

  clear(): void {
    this.#kept.clear()
  }

  /**
   * Every kept history, oldest task first: restoring it gives the same histories in the same order.
   * @example
   * other.restore(history.save())
   */
  save(): [taskId: string, entries: readonly HistoryEntry[]][] {
    return this.#kept.entries()
  }

  restore(saved: readonly (readonly [taskId: string, entries: readonly HistoryEntry[]])[]): void {
    this.clear()
    for (const [id, entries] of saved) this.#add(id, entries)
  }

  #add(taskId: string, entries: readonly HistoryEntry[]): void {
    this.#kept.set(taskId, entries)
    while (this.#kept.size > this.capacity) this.#kept.deleteOldest()
  }
}
