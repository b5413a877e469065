/**
 * The answers of the tasks read last, serialised once per change of the task (docs/performance.md):
 * a poll of a task that has not changed since the last one writes the very text the last one wrote,
 * without building the snapshot, leaving fields out or serialising again. An answer is kept for one
 * origin and one sparseness setting (`off` or `all`: a `random` answer draws its coins per read, so
 * it is never kept); the task store forgets a task's answer whenever the task changes. At most
 * `capacity` answers are kept, the oldest going first, so a store of a million tasks keeps no more
 * than the tasks polled last: memory per stored task stays what the record costs.
 */
import type { SparseSetting } from '../../contract/sparse.js'
import type { TaskRecord } from './task-record.js'

/** One task's answer as last written. */
export interface Answer {
  origin: string
  setting: Exclude<SparseSetting, 'random'>
  /** The snapshot as JSON text, exactly as the doors write it. */
  text: string
  /** Sparseness left fields out: each read of it counts a `sparse-answer` again. */
  sparse: boolean
}

/** How many answers are kept by default: more tasks than a client polls at once. */
export const ANSWERS_KEPT = 1024

/**
 * @example
 * const answers = new Answers()
 * answers.set(task, { origin, setting: 'off', text, sparse: false })
 * answers.get(task, origin, 'off')?.text // the same text, until answers.forget(task)
 */
export class Answers {
  #kept = new Map<TaskRecord, Answer>()
  /** The tasks in the order their answers were kept: the slot at `#next` goes first. */
  #order: (TaskRecord | undefined)[]
  #next = 0

  constructor(capacity = ANSWERS_KEPT) {
    this.#order = new Array(capacity).fill(undefined)
  }

  get size(): number {
    return this.#kept.size
  }

  get(task: TaskRecord, origin: string, setting: SparseSetting): Answer | undefined {
    const answer = this.#kept.get(task)
    return answer !== undefined && answer.origin === origin && answer.setting === setting ? answer : undefined
  }

  set(task: TaskRecord, answer: Answer): void {
    if (!this.#kept.has(task)) {
      // A task forgotten and kept again holds two slots: the older one may let its answer go early (a
      // miss, never a wrong answer). Every kept answer has a slot, so at most `capacity` are kept.
      const oldest = this.#order[this.#next]
      if (oldest !== undefined && oldest !== task) this.#kept.delete(oldest)
      this.#order[this.#next] = task
      this.#next = (this.#next + 1) % this.#order.length
    }
    this.#kept.set(task, answer)
  }

  /** The task changed: its next read serialises it again. */
  forget(task: TaskRecord): void {
    this.#kept.delete(task)
  }

  clear(): void {
    this.#kept.clear()
    this.#order.fill(undefined)
    this.#next = 0
  }
}
