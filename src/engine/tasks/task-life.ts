// Tasks' lives: timed and poll steps scheduled per clock, applied in order, with their ledger effects.
import type { Ledger } from '../accounts/ledger.js'
import { Scheduler } from '../clock/scheduler.js'
import { TaskHistory, type ChangeCause } from './task-history.js'
import { OneStep, Upcoming } from './steps-to-come.js'
import { NO_POLLS, stepsOf, type SavedLife, type TaskChange } from './life-views.js'
import { DUE, UPCOMING, type TaskRecord } from './task-record.js'
import type { TaskStore } from './task-store.js'
import type { Change, PollStep, ScheduledStep, TimedStep } from './timeline.js'

/**
 * Every pending change of every task, and the one place a change is applied to a task, with its
 * ledger effect. Terminal tasks never change. Each pending task keeps its steps on its record
 * (UPCOMING); the timed ones are events on a min-heap of records. A task with one timed step to
 * come costs no object of its own, only its event and its DUE slot (docs/performance.md, Memory
 * per task).
 * @example
 * life.schedule(task.id, steps)
 * life.runDue(clock.now()) // applies, in time order, every step due by now
 */
export class TaskLife {
  /** Each timed step of every task of this life, as the task's record: an event applies its first step to come. */
  readonly #events = new Scheduler<TaskRecord>()
  /** How many tasks of this life are pending. */
  #pending = 0
  /** Events left on the heap by tasks that finished first (a relay task's expiry, say): dropped in bulk. */
  #stale = 0
  /** The OneStep of each change of the scenarios' plans (keyed by its `set`), and of a refund alone. */
  #shared = new WeakMap<object, Map<boolean | undefined, OneStep>>()
  #sharedNoSet = new Map<boolean | undefined, OneStep>()
  /** Nothing to come. */
  readonly #nothing = new OneStep(this, undefined)

  private readonly tasks: TaskStore
  private readonly ledger: Ledger
  /** Where each change applied here is recorded; the lives of one engine share one. */
  readonly history: TaskHistory

  constructor(tasks: TaskStore, ledger: Ledger, history = new TaskHistory()) {
    this.tasks = tasks
    this.ledger = ledger
    this.history = history
  }

  /** Timed steps still to apply, of every pending task of this life. */
  get pendingEvents(): number {
    return this.#events.size - this.#stale
  }

  /** Events on the heap, those of tasks that finished first included: what its memory grows with. */
  get queuedEvents(): number {
    return this.#events.size
  }

  get pendingTasks(): number {
    return this.#pending
  }

  /** When the earliest timed step is due (it may belong to a task that finished since). */
  get nextAt(): number | undefined {
    return this.#events.nextAt
  }

  /** A stored task begins its life here: its history starts, and its steps are placed. */
  schedule(taskId: string, steps: readonly ScheduledStep[]): void {
    const task = this.tasks.get(taskId)
    if (!task) return
    this.history.created(task)
    this.#pending++
    const only = steps.length === 1 ? steps[0]! : undefined
    if (only?.kind === 'time') {
      // One timed step: a OneStep shared with the tasks of the same change, its time in the task's DUE slot.
      task[DUE] = only.at
      task[UPCOMING] = this.#sharedStep(only.set, only.refund)
      this.#events.schedule(only.at, task)
      return
    }
    const timed = steps.filter((step): step is TimedStep => step.kind === 'time').sort((a, b) => a.at - b.at)
    const polls =
      timed.length === steps.length
        ? NO_POLLS
        : steps.filter((step): step is PollStep => step.kind === 'poll').sort((a, b) => a.n - b.n)
    task[UPCOMING] = new Upcoming(this, timed, polls)
    for (const step of timed) this.#events.schedule(step.at, task)
  }

  /** The OneStep of this change. */
  #sharedStep(set: Change['set'], refund: Change['refund']): OneStep {
    let byRefund = set ? this.#shared.get(set) : this.#sharedNoSet
    if (!byRefund) this.#shared.set(set!, (byRefund = new Map()))
    let step = byRefund.get(refund)
    if (!step) byRefund.set(refund, (step = new OneStep(this, { set, refund })))
    return step
  }

  /** The task, when it is pending in this life. */
  #ownTask(taskId: string): TaskRecord | undefined {
    const task = this.tasks.get(taskId)
    return task?.[UPCOMING]?.owner === this ? task : undefined
  }

  /**
   * What comes next for a pending task: the time of its next timed step and the poll of its next
   * `poll N` step, where it has them.
   */
  next(taskId: string): { at?: number; poll?: number } {
    const { timed, polls } = this.upcoming(taskId)
    const at = timed[0]?.at
    const poll = polls[0]?.n
    return { ...(at !== undefined ? { at } : {}), ...(poll !== undefined ? { poll } : {}) }
  }

  /**
   * A pending task's steps still to come, without a scan: its timed steps in time order, then its
   * `poll N` steps in order of N. Empty for a terminal or unknown task.
   * @example
   * life.upcoming('tsk_1') // { timed: [{ kind: 'time', at: 1767225612000, set: { status: 1 } }], polls: [] }
   */
  upcoming(taskId: string): { timed: readonly TimedStep[]; polls: readonly PollStep[] } {
    const task = this.#ownTask(taskId)
    return (task && stepsOf(task)) || { timed: [], polls: [] }
  }

  /**
   * Applies every timed step due by `now`, each at its own time; `changes` learns what each one did.
   * With `untilIdle`, it stops as soon as no task is pending.
   */
  runDue(now: number, changes?: TaskChange[], untilIdle = false): void {
    // Every request observes the clock: when nothing is due, that costs a comparison and builds nothing.
    const next = this.#events.nextAt
    if (next === undefined || next > now) return
    this.#dueChanges = changes
    this.#events.runDue(now, this.#applyDue, untilIdle ? this.#idle : undefined)
    this.#dueChanges = undefined
  }

  /** Where the changes `runDue` applies are told, while it runs. */
  #dueChanges: TaskChange[] | undefined
  /** An event's step applied (made once: a request that finds steps due builds no function). */
  readonly #applyDue = (at: number, task: TaskRecord): void => {
    const steps = task[UPCOMING]
    // A finished task's steps have left its record: its events are stale.
    if (!steps) {
      this.#stale--
      return
    }
    let change: Change | undefined
    if (steps instanceof Upcoming) change = steps.timed.shift()
    else {
      change = steps.change
      task[UPCOMING] = this.#nothing
    }
    if (change) this.#change(task, change.set, change.refund, at, this.#dueChanges, 'timeline')
  }
  readonly #idle = (): boolean => this.#pending === 0

  /**
   * The owner read a stored task once more: applies the `poll N` steps its count has reached, when it is
   * pending in this life. The reader hands over the record it read, so that it is not looked up again.
   */
  polled(task: TaskRecord, polls: number, now: number): void {
    const steps = task[UPCOMING]
    if (!(steps instanceof Upcoming) || steps.owner !== this) return
    const { polls: due } = steps
    while (due.length > 0 && due[0]!.n <= polls) {
      const { set, refund } = due.shift()!
      this.#change(task, set, refund, now, undefined, 'poll')
    }
  }

  /**
   * Sets the fields and refunds (once per task) at `at`, and records it in the history as a forced
   * transition; a terminal task is left as it is.
   */
  apply(taskId: string, { set, refund }: Change, at: number): void {
    const task = this.tasks.get(taskId)
    if (task) this.#change(task, set, refund, at, undefined, 'transition')
  }

  /** A step's change applied to a task, with its ledger effect and its history, as `by` did it. */
  #change(
    task: TaskRecord,
    set: Change['set'],
    refund: Change['refund'],
    at: number,
    changes: TaskChange[] | undefined,
    by: ChangeCause,
  ): void {
    if (task.status !== 0) return
    if (set || refund) this.history.changing(task)
    if (set) {
      Object.assign(task, set)
      task.updatedAt = at
      changes?.push({
        taskId: task.id,
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
      const steps = task[UPCOMING]
      if (steps?.owner === this) {
        this.#stale += steps instanceof Upcoming ? steps.timed.length : steps.change ? 1 : 0
        this.#pending--
        task[UPCOMING] = undefined
      }
      this.tasks.finished(task.id)
      this.#dropStaleEvents()
    }
  }

  /** Hands the pending tasks `owned` accepts, with all their steps, to another clock's life. */
  moveTo(other: TaskLife, owned: (taskId: string) => boolean): void {
    // Events of finished tasks stay: this life counts them as stale and drops them.
    const moving = (task: TaskRecord) => task[UPCOMING] !== undefined && owned(task.id)
    for (const { at, item } of this.#events.take(moving)) other.#events.schedule(at, item)
    for (const task of this.#mine()) {
      if (!owned(task.id)) continue
      const steps = task[UPCOMING]!
      if (steps instanceof Upcoming) steps.owner = other
      else task[UPCOMING] = steps.change ? other.#sharedStep(steps.change.set, steps.change.refund) : other.#nothing
      this.#pending--
      other.#pending++
    }
  }

  /** Once most of the heap is events of finished tasks, keeps only the pending tasks' ones. */
  #dropStaleEvents(): void {
    if (this.#stale < 1024 || this.#stale * 2 < this.#events.size) return
    this.#events.retain((task) => task[UPCOMING] !== undefined)
    this.#stale = 0
  }

  clear(): void {
    for (const task of this.#mine()) task[UPCOMING] = undefined
    this.#pending = 0
    this.#stale = 0
    this.#events.clear()
  }

  /** This life's pending tasks, in creation order. */
  #mine(): TaskRecord[] {
    return this.tasks.pendingRecords().filter((task) => task[UPCOMING]!.owner === this)
  }

  /**
   * The steps still to come: the pending tasks' timed ones in the order they run, their `poll N`
   * ones, and the pending tasks.
   * @example
   * other.restore(life.save())
   */
  save(): SavedLife {
    // A task's events run in the order of its timed steps: its i-th event applies its i-th step to come.
    const seen = new Map<TaskRecord, number>()
    const events: SavedLife['events'] = []
    for (const { item: task } of this.#events.save()) {
      if (task[UPCOMING] === undefined) continue
      const i = seen.get(task) ?? 0
      seen.set(task, i + 1)
      events.push({ taskId: task.id, step: stepsOf(task)!.timed[i]! })
    }
    const mine = this.#mine()
    const polls: SavedLife['polls'] = []
    for (const task of mine) {
      const steps = task[UPCOMING]
      if (steps instanceof Upcoming && steps.polls !== NO_POLLS) polls.push([task.id, steps.polls])
    }
    return { events, polls, pending: mine.map(({ id }) => id), stale: 0 }
  }

  restore(saved: SavedLife): void {
    this.clear()
    const polls = new Map(saved.polls)
    for (const taskId of saved.pending) {
      const task = this.tasks.get(taskId)
      if (!task) continue
      const steps = polls.get(taskId)
      task[UPCOMING] = new Upcoming(this, [], steps ? [...steps] : NO_POLLS)
      this.#pending++
    }
    // Events of tasks that finished first (an older save lists them) are left out.
    for (const { taskId, step } of saved.events) {
      const task = this.#ownTask(taskId)
      const steps = task?.[UPCOMING]
      if (!task || !(steps instanceof Upcoming)) continue
      steps.timed.push(step)
      this.#events.schedule(step.at, task)
    }
  }
}
