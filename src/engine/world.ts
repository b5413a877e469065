import type { AdvanceBy } from '../contract/control.js'
import type { Clock, ClockState } from './clock.js'
import type { TaskChange, TaskLife } from './task-life.js'

/** How far `until: "idle"` may take a clock. */
export const IDLE_CAP_MS = 7 * 24 * 3600 * 1000

/** What an advance did: the clock after it, the task changes it applied in time order, and whether nothing is pending. */
export interface Advanced extends ClockState {
  changes: TaskChange[]
  /** No task of this clock is pending. */
  idle: boolean
}

/**
 * A clock and the tasks it moves, as Stripe's test clocks: the server's, or an account's own.
 * Advancing one never moves another's tasks.
 * @example
 * const world = new World(new Clock({ mode: 'manual' }), life)
 * world.advance({ until: 'idle' }) // { now, changes: [{ taskId, at, status: 1 }, …], idle: true, … }
 */
export class World {
  readonly clock: Clock
  readonly life: TaskLife

  constructor(clock: Clock, life: TaskLife) {
    this.clock = clock
    this.life = life
  }

  /** The clock's now, after applying every change due by then. */
  observe(): number {
    const now = this.clock.now()
    this.life.runDue(now)
    return now
  }

  /**
   * Moves the clock by some seconds, to the next scheduled change of a task, or event by event
   * until no task is pending (at most 7 days; it stops at the last change).
   */
  advance(by: AdvanceBy): Advanced {
    const changes: TaskChange[] = []
    const start = this.observe()
    if (by.seconds !== undefined) {
      this.clock.advance(by.seconds)
      this.life.runDue(this.clock.now(), changes)
    } else if (by.until === 'next-event') {
      // A next time with no change behind it (an event of a task that finished first) is passed over.
      for (let at = this.life.nextAt; at !== undefined && changes.length === 0; at = this.life.nextAt) this.life.runDue(at, changes)
    } else {
      this.life.runDue(start + IDLE_CAP_MS, changes, true)
    }
    const last = changes.at(-1)
    if (last && Date.parse(last.at) > this.clock.now()) this.clock.set({ now: Date.parse(last.at) })
    return { ...this.clock.state, changes, idle: this.life.pendingTasks === 0 }
  }
}
