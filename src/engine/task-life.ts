import type { Ledger } from './ledger.js'
import { Scheduler } from './scheduler.js'
import { TaskHistory, type ChangeCause } from './task-history.js'
import type { TaskStore } from './task-store.js'
import type { Change, ScheduledStep } from './timeline.js'

type PollStep = Extract<ScheduledStep, { kind: 'poll' }>
type TimedStep = Extract<ScheduledStep, { kind: 'time' }>

/** A life as saved: what is still to come for its tasks. */
export interface SavedLife {
  /** Timed steps on the heap, in the order they run; each one's `at` is when. */
  events: { taskId: string; step: TimedStep }[]
  polls: [taskId: string, steps: PollStep[]][]
  pending: string[]
  /** Events of finished tasks still on the heap. */
  stale: number
}

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
  /** Each pending task's timed steps still to come, in time order (the heap's own objects): where it is on its timeline. */
  readonly #times = new Map<string, TimedStep[]>()
  /** Events left on the heap by tasks that finished first (a relay task's expiry, say): dropped in bulk. */
  #stale = 0
  /** Tasks scheduled here that are still pending. */
  readonly #pending = new Set<string>()

  private readonly tasks: TaskStore
  private readonly ledger: Ledger
  /** Where each change applied here is recorded; the lives of one engine share one. */
  readonly history: TaskHistory

  constructor(tasks: TaskStore, ledger: Ledger, history = new TaskHistory()) {
    this.tasks = tasks
    this.ledger = ledger
    this.history = history
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

  /** A task begins its life here: its history starts, and its steps are placed. */
  schedule(taskId: string, steps: readonly ScheduledStep[]): void {
    const task = this.tasks.get(taskId)
    if (task) this.history.created(task)
    this.#pending.add(taskId)
    const polls: PollStep[] = []
    const times: TimedStep[] = []
    for (const step of steps) {
      if (step.kind === 'time') {
        this.#events.schedule(step.at, { taskId, change: step })
        times.push(step)
      } else polls.push(step)
    }
    if (polls.length > 0) this.#polls.set(taskId, polls.sort((a, b) => a.n - b.n))
    if (times.length > 0) this.#times.set(taskId, times.sort((a, b) => a.at - b.at))
  }

  /**
   * What comes next for a pending task: the time of its next timed step and the poll of its next
   * `poll N` step, where it has them.
   */
  next(taskId: string): { at?: number; poll?: number } {
    const at = this.#times.get(taskId)?.[0]?.at
    const poll = this.#polls.get(taskId)?.[0]?.n
    return { ...(at !== undefined ? { at } : {}), ...(poll !== undefined ? { poll } : {}) }
  }

  /**
   * A pending task's steps still to come, without a scan: its timed steps in time order, then its
   * `poll N` steps in order of N. Empty for a terminal or unknown task.
   * @example
   * life.upcoming('tsk_1') // { timed: [{ kind: 'time', at: 1767225612000, set: { status: 1 } }], polls: [] }
   */
  upcoming(taskId: string): { timed: readonly TimedStep[]; polls: readonly PollStep[] } {
    return { timed: this.#times.get(taskId) ?? [], polls: this.#polls.get(taskId) ?? [] }
  }

  /**
   * Applies every timed step due by `now`, each at its own time; `changes` learns what each one did.
   * With `untilIdle`, it stops as soon as no task is pending.
   */
  runDue(now: number, changes?: TaskChange[], untilIdle = false): void {
    const apply = (at: number, { taskId, change }: { taskId: string; change: Change }) => {
      this.#times.get(taskId)?.shift()
      this.apply(taskId, change, at, changes, 'timeline')
    }
    this.#events.runDue(now, apply, untilIdle ? () => this.#pending.size === 0 : undefined)
  }

  /** The owner read the task once more: applies the `poll N` steps its count has reached. */
  polled(taskId: string, polls: number, now: number): void {
    const steps = this.#polls.get(taskId)
    while (steps && steps.length > 0 && steps[0]!.n <= polls) this.apply(taskId, steps.shift()!, now, undefined, 'poll')
  }

  /**
   * Sets the fields and refunds (once per task) at `at`, and records it in the history as `by`
   * did it (a forced transition unless told); a terminal task is left as it is.
   */
  apply(taskId: string, { set, refund }: Change, at: number, changes?: TaskChange[], by: ChangeCause = 'transition'): void {
    const task = this.tasks.get(taskId)
    if (!task || task.status !== 0) return
    if (set) {
      Object.assign(task, set)
      task.updatedAt = at
      changes?.push({ taskId, at: new Date(at).toISOString(), status: task.status, ...(task.relayStatus !== undefined ? { relayStatus: task.relayStatus } : {}) })
    }
    const refunded = refund === true && !task.creditRefunded
    if (refunded) {
      this.ledger.refund(task.accountId, task.creditsUsed, task.id, at)
      task.creditRefunded = true
    }
    if (set || refunded) this.history.changed(task, at, by, refunded)
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

  /**
   * The steps still to come: timed ones in the order they run (with those of tasks that finished
   * first, so that the heap drops them when it would have), `poll N` ones, and the pending tasks.
   * @example
   * other.restore(life.save())
   */
  save(): SavedLife {
    return {
      events: this.#events.save().map(({ item }) => ({ taskId: item.taskId, step: item.change as TimedStep })),
      polls: [...this.#polls],
      pending: [...this.#pending],
      stale: this.#stale,
    }
  }

  restore(saved: SavedLife): void {
    this.clear()
    this.#events.restore(saved.events.map(({ taskId, step }) => ({ at: step.at, item: { taskId, change: step } })))
    for (const taskId of saved.pending) this.#pending.add(taskId)
    for (const [taskId, steps] of saved.polls) this.#polls.set(taskId, steps)
    // A pending task's timed steps are its events on the heap, which come in time order.
    for (const { taskId, step } of saved.events) {
      if (!this.#pending.has(taskId)) continue
      const times = this.#times.get(taskId)
      if (times) times.push(step)
      else this.#times.set(taskId, [step])
    }
    this.#stale = saved.stale
  }
}
