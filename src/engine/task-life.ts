import type { Ledger } from './ledger.js'
import { Scheduler } from './scheduler.js'
import type { TaskStore } from './task-store.js'
import type { Change, ScheduledStep } from './timeline.js'

type PollStep = Extract<ScheduledStep, { kind: 'poll' }>

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

  private readonly tasks: TaskStore
  private readonly ledger: Ledger

  constructor(tasks: TaskStore, ledger: Ledger) {
    this.tasks = tasks
    this.ledger = ledger
  }

  get pendingEvents(): number {
    return this.#events.size
  }

  schedule(taskId: string, steps: readonly ScheduledStep[]): void {
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

  /** Applies every timed step due by `now`, each at its own time. */
  runDue(now: number): void {
    this.#events.runDue(now, (at, { taskId, change }) => {
      this.#times.get(taskId)?.shift()
      this.apply(taskId, change, at)
    })
  }

  /** The owner read the task once more: applies the `poll N` steps its count has reached. */
  polled(taskId: string, polls: number, now: number): void {
    const steps = this.#polls.get(taskId)
    while (steps && steps.length > 0 && steps[0]!.n <= polls) this.apply(taskId, steps.shift()!, now)
  }

  /** Sets the fields and refunds (once per task) at `at`; a terminal task is left as it is. */
  apply(taskId: string, { set, refund }: Change, at: number): void {
    const task = this.tasks.get(taskId)
    if (!task || task.status !== 0) return
    if (set) {
      Object.assign(task, set)
      task.updatedAt = at
    }
    if (refund && !task.creditRefunded) {
      this.ledger.refund(task.accountId, task.creditsUsed, task.id, at)
      task.creditRefunded = true
    }
    if (task.status !== 0) {
      this.#polls.delete(taskId)
      this.#stale += this.#times.get(taskId)?.length ?? 0
      this.#times.delete(taskId)
      this.tasks.finished(taskId)
      this.#dropStaleEvents()
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
    this.#events.clear()
    this.#polls.clear()
    this.#times.clear()
  }
}
