// Tasks' lives: timed and poll steps scheduled per clock, applied in order, with their ledger effects.
import type { TaskStatus } from '../../contract/task-status.js'
import type { Ledger } from '../accounts/ledger.js'
import { Scheduler } from '../clock/scheduler.js'
import { TaskHistory, type ChangeCause } from './task-history.js'
import type { TaskStore } from './task-store.js'
import type { Change, PollStep, ScheduledStep, TimedStep, Upcoming } from './timeline.js'

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
  status: TaskStatus
  relayStatus?: string
}

/** The `polls` of the tasks that have none (most): one array, never added to. */
const NO_POLLS: PollStep[] = []

/**
 * Every pending change of every task: timed steps on a min-heap, `poll N` steps per task, and the
 * one place a change is applied to a task, with its ledger effect. Terminal tasks never change.
 * A pending task's steps are kept beside its record in the task store, and each event on the heap is
 * that same object (its first timed step is the change the event applies): per task, memory is
 * what a minute of load keeps (docs/performance.md).
 * @example
 * life.schedule(task.id, steps)
 * life.runDue(clock.now()) // applies, in time order, every step due by now
 */
export class TaskLife {
  /** Each timed step of every task of this life, as its task's Upcoming: an event applies `timed[0]` of it. */
  readonly #events = new Scheduler<Upcoming>()
  /** How many tasks of this life are pending. */
  #pending = 0
  /** Events left on the heap by tasks that finished first (a relay task's expiry, say): dropped in bulk. */
  #stale = 0

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
    return this.#pending
  }

  /** When the earliest timed step is due (it may belong to a task that finished since). */
  get nextAt(): number | undefined {
    return this.#events.nextAt
  }

  /**
   * A stored task begins its life here: its history starts, and its steps are placed. With `owned`,
   * the caller hands `steps` over (it keeps no reference): when all are timed, they are the task's
   * timed steps as they are, with no copy.
   */
  schedule(taskId: string, steps: readonly ScheduledStep[], owned = false): void {
    const task = this.tasks.get(taskId)
    if (!task) return
    this.history.created(task)
    // Arrays of their exact length (a push reserves 17 slots, kept as long as the task is pending), sorted
    // only when there is something to sort: most tasks have one timed step and no poll step.
    let count = 0
    for (const step of steps) if (step.kind === 'time') count++
    const allTimed = count === steps.length
    const timed = allTimed && owned ? (steps as TimedStep[]) : new Array<TimedStep>(count)
    const polls = allTimed ? NO_POLLS : new Array<PollStep>(steps.length - count)
    if (timed !== steps) {
      let t = 0
      let p = 0
      for (const step of steps) {
        if (step.kind === 'time') timed[t++] = step
        else polls[p++] = step
      }
    }
    if (timed.length > 1) timed.sort((a, b) => a.at - b.at)
    if (polls.length > 1) polls.sort((a, b) => a.n - b.n)
    const upcoming: Upcoming = { taskId, owner: this, timed, polls }
    this.tasks.setUpcoming(taskId, upcoming)
    this.#pending++
    for (const step of timed) this.#events.schedule(step.at, upcoming)
  }

  /** The task's steps to come when it is pending in this life. */
  #upcoming(taskId: string): Upcoming | undefined {
    const upcoming = this.tasks.upcoming(taskId)
    return upcoming?.owner === this ? upcoming : undefined
  }

  /**
   * What comes next for a pending task: the time of its next timed step and the poll of its next
   * `poll N` step, where it has them.
   */
  next(taskId: string): { at?: number; poll?: number } {
    const upcoming = this.#upcoming(taskId)
    const at = upcoming?.timed[0]?.at
    const poll = upcoming?.polls[0]?.n
    return { ...(at !== undefined ? { at } : {}), ...(poll !== undefined ? { poll } : {}) }
  }

  /**
   * A pending task's steps still to come, without a scan: its timed steps in time order, then its
   * `poll N` steps in order of N. Empty for a terminal or unknown task.
   * @example
   * life.upcoming('tsk_1') // { timed: [{ kind: 'time', at: 1767225612000, set: { status: 1 } }], polls: [] }
   */
  upcoming(taskId: string): { timed: readonly TimedStep[]; polls: readonly PollStep[] } {
    const upcoming = this.#upcoming(taskId)
    return { timed: upcoming?.timed ?? [], polls: upcoming?.polls ?? [] }
  }

  /**
   * Applies every timed step due by `now`, each at its own time; `changes` learns what each one did.
   * With `untilIdle`, it stops as soon as no task is pending.
   */
  runDue(now: number, changes?: TaskChange[], untilIdle = false): void {
    // Every request observes the clock: when nothing is due, that costs a comparison and builds nothing.
    const next = this.#events.nextAt
    if (next === undefined || next > now) return
    const apply = (at: number, upcoming: Upcoming) => {
      const step = upcoming.timed.shift()!
      // A finished task's steps have left the store (and its id may have been drawn again since).
      if (this.tasks.upcoming(upcoming.taskId) === upcoming) this.apply(upcoming.taskId, step, at, changes, 'timeline')
    }
    this.#events.runDue(now, apply, untilIdle ? () => this.#pending === 0 : undefined)
  }

  /** The owner read the task once more: applies the `poll N` steps its count has reached. */
  polled(taskId: string, polls: number, now: number): void {
    const steps = this.#upcoming(taskId)?.polls
    while (steps && steps.length > 0 && steps[0]!.n <= polls) this.apply(taskId, steps.shift()!, now, undefined, 'poll')
  }

  /**
   * Sets the fields and refunds (once per task) at `at`, and records it in the history as `by`
   * did it (a forced transition unless told); a terminal task is left as it is.
   */
  apply(
    taskId: string,
    { set, refund }: Change,
    at: number,
    changes?: TaskChange[],
    by: ChangeCause = 'transition',
  ): void {
    const task = this.tasks.get(taskId)
    if (task?.status !== 0) return
    if (set) {
      Object.assign(task, set)
      task.updatedAt = at
      changes?.push({
        taskId,
        at: new Date(at).toISOString(),
        status: task.status,
        ...(task.relayStatus !== undefined ? { relayStatus: task.relayStatus } : {}),
      })
    }
    const refunded = refund === true && !task.creditRefunded
    if (refunded) {
      this.ledger.refund(task.accountId, task.creditsUsed, task.id, at)
      task.creditRefunded = true
    }
    if (set || refunded) {
      this.tasks.changed(task)
      this.history.changed(task, at, by, refunded)
    }
    if (task.status !== 0) {
      const upcoming = this.#upcoming(taskId)
      if (upcoming) {
        this.#stale += upcoming.timed.length
        this.#pending--
        this.tasks.setUpcoming(taskId, undefined)
      }
      this.tasks.finished(taskId)
      this.#dropStaleEvents()
    }
  }

  /** Hands the pending tasks `owned` accepts, with all their steps, to another clock's life. */
  moveTo(other: TaskLife, owned: (taskId: string) => boolean): void {
    for (const { at, item } of this.#events.take(({ taskId }) => owned(taskId))) other.#events.schedule(at, item)
    for (const upcoming of this.tasks.allUpcoming()) {
      if (upcoming.owner !== this || !owned(upcoming.taskId)) continue
      upcoming.owner = other
      this.#pending--
      other.#pending++
    }
  }

  /** Once most of the heap is events of finished tasks, keeps only the pending tasks' ones. */
  #dropStaleEvents(): void {
    if (this.#stale < 1024 || this.#stale * 2 < this.#events.size) return
    this.#events.retain((upcoming) => this.tasks.upcoming(upcoming.taskId) === upcoming)
    this.#stale = 0
  }

  clear(): void {
    for (const upcoming of this.#mine()) this.tasks.setUpcoming(upcoming.taskId, undefined)
    this.#pending = 0
    this.#stale = 0
    this.#events.clear()
  }

  /** This life's pending tasks' steps, in creation order. */
  #mine(): Upcoming[] {
    return this.tasks.allUpcoming().filter(({ owner }) => owner === this)
  }

  /**
   * The steps still to come: timed ones in the order they run (with those of tasks that finished
   * first, so that the heap drops them when it would have), `poll N` ones, and the pending tasks.
   * @example
   * other.restore(life.save())
   */
  save(): SavedLife {
    // A task's events run in the order of its timed steps: its i-th event applies timed[i].
    const seen = new Map<Upcoming, number>()
    const events = this.#events.save().map(({ item }) => {
      const i = seen.get(item) ?? 0
      seen.set(item, i + 1)
      return { taskId: item.taskId, step: item.timed[i]! }
    })
    const mine = this.#mine()
    return {
      events,
      polls: mine.filter(({ polls }) => polls !== NO_POLLS).map(({ taskId, polls }) => [taskId, polls]),
      pending: mine.map(({ taskId }) => taskId),
      stale: this.#stale,
    }
  }

  restore(saved: SavedLife): void {
    this.clear()
    const polls = new Map(saved.polls)
    for (const taskId of saved.pending) {
      if (!this.tasks.has(taskId)) continue
      const steps = polls.get(taskId)
      this.tasks.setUpcoming(taskId, { taskId, owner: this, timed: [], polls: steps ? [...steps] : NO_POLLS })
      this.#pending++
    }
    // Events of finished tasks get steps of their own, on no row, as they had.
    const finished = new Map<string, Upcoming>()
    for (const { taskId, step } of saved.events) {
      let upcoming = this.#upcoming(taskId) ?? finished.get(taskId)
      if (!upcoming) finished.set(taskId, (upcoming = { taskId, owner: this, timed: [], polls: NO_POLLS }))
      upcoming.timed.push(step)
      this.#events.schedule(step.at, upcoming)
    }
    this.#stale = saved.stale
  }
}
