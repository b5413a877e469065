import type { Ledger } from './ledger.js'
import { Scheduler } from './scheduler.js'
import type { TaskStore } from './task-store.js'
import type { Change, ScheduledStep } from './timeline.js'

type PollStep = Extract<ScheduledStep, { kind: 'poll' }>

/** A change applied to a task, as a clock advance reports it. */
export interface TaskChange {
  taskId: string
  /** ISO 8601, the simulated time it took effect. */
  at: string
  status: 0 | 1 | 2
  relayStatus?: string
}

/**
 * Every pending change of every task: timed steps on a min-heap, `poll N` steps per task, and the
 * one place a change is applied to a task, with its ledger effect. Terminal tasks never change.
 * @example
 * life.schedule(task.id, steps)
 * life.runDue(clock.now()) // applies, in time order, every step due by now
 */
export class TaskLife {
  readonly #events = new Scheduler<{ taskId: string; change: Change }>()
  /** `poll N` steps of pending tasks, in order of N. */
  readonly #polls = new Map<string, PollStep[]>()
  /** Times of each pending task's timed steps still to come, in order: where it is on its timeline. */
  readonly #times = new Map<string, number[]>()
  /** Events left on the heap by tasks that finished first (a relay task's expiry, say): dropped in bulk. */
  #stale = 0
  /** Tasks scheduled here that are still pending. */
  readonly #pending = new Set<string>()

  private readonly tasks: TaskStore
  private readonly ledger: Ledger

  constructor(tasks: TaskStore, ledger: Ledger) {
    this.tasks = tasks
    this.ledger = ledger
  }

  get pendingEvents(): number {
    return this.#events.size
  }

  get pendingTasks(): number {
    return this.#pending.size
  }

  /** When the earliest timed step is due (it may belong to a task that finished since). */
  get nextAt(): number | undefined {
    return this.#events.nextAt
  }

  schedule(taskId: string, steps: readonly ScheduledStep[]): void {
    this.#pending.add(taskId)
    const polls: PollStep[] = []
    const times: number[] = []
    for (const step of steps) {
      if (step.kind === 'time') {
        this.#events.schedule(step.at, { taskId, change: step })
        times.push(step.at)
      } else polls.push(step)
    }
    if (polls.length > 0) this.#polls.set(taskId, polls.sort((a, b) => a.n - b.n))
    if (times.length > 0) this.#times.set(taskId, times.sort((a, b) => a - b))
  }

  /**
   * What comes next for a pending task: the time of its next timed step and the poll of its next
   * `poll N` step, where it has them.
   */
  next(taskId: string): { at?: number; poll?: number } {
    const at = this.#times.get(taskId)?.[0]
    const poll = this.#polls.get(taskId)?.[0]?.n
    return { ...(at !== undefined ? { at } : {}), ...(poll !== undefined ? { poll } : {}) }
  }

  /**
   * Applies every timed step due by `now`, each at its own time; `changes` learns what each one did.
   * With `untilIdle`, it stops as soon as no task is pending.
   */
  runDue(now: number, changes?: TaskChange[], untilIdle = false): void {
    const apply = (at: number, { taskId, change }: { taskId: string; change: Change }) => {
      this.#times.get(taskId)?.shift()
      this.apply(taskId, change, at, changes)
    }
    this.#events.runDue(now, apply, untilIdle ? () => this.#pending.size === 0 : undefined)
  }

  /** The owner read the task once more: applies the `poll N` steps its count has reached. */
  polled(taskId: string, polls: number, now: number): void {
    const steps = this.#polls.get(taskId)
    while (steps && steps.length > 0 && steps[0]!.n <= polls) this.apply(taskId, steps.shift()!, now)
  }

  /** Sets the fields and refunds (once per task) at `at`; a terminal task is left as it is. */
  apply(taskId: string, { set, refund }: Change, at: number, changes?: TaskChange[]): void {
    const task = this.tasks.get(taskId)
    if (!task || task.status !== 0) return
    if (set) {
      Object.assign(task, set)
      task.updatedAt = at
      changes?.push({ taskId, at: new Date(at).toISOString(), status: task.status, ...(task.relayStatus !== undefined ? { relayStatus: task.relayStatus } : {}) })
    }
    if (refund && !task.creditRefunded) {
      this.ledger.refund(task.accountId, task.creditsUsed, task.id, at)
      task.creditRefunded = true
    }
    if (task.status !== 0) {
      this.#pending.delete(taskId)
      this.#polls.delete(taskId)
      this.#stale += this.#times.get(taskId)?.length ?? 0
      this.#times.delete(taskId)
      this.tasks.finished(taskId)
      this.#dropStaleEvents()
    }
  }

  /** Hands the pending tasks `owned` accepts, with all their steps, to another clock's life. */
  moveTo(other: TaskLife, owned: (taskId: string) => boolean): void {
    for (const { at, item } of this.#events.take(({ taskId }) => owned(taskId))) other.#events.schedule(at, item)
    for (const taskId of [...this.#pending].filter(owned)) {
      this.#pending.delete(taskId)
      other.#pending.add(taskId)
      const polls = this.#polls.get(taskId)
      const times = this.#times.get(taskId)
      if (polls) other.#polls.set(taskId, polls)
      if (times) other.#times.set(taskId, times)
      this.#polls.delete(taskId)
      this.#times.delete(taskId)
    }
  }

  /** Once most of the heap is events of finished tasks, keeps only the pending tasks' ones. */
  #dropStaleEvents(): void {
    if (this.#stale < 1024 || this.#stale * 2 < this.#events.size) return
    this.#events.retain(({ taskId }) => this.tasks.get(taskId)?.status === 0)
    this.#stale = 0
  }

  clear(): void {
    this.#stale = 0
    this.#pending.clear()
    this.#events.clear()
    this.#polls.clear()
    this.#times.clear()
  }
}
