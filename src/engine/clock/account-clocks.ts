// The server's clock and each account's own, each with the lives of the tasks that follow it (a "world").
import type { AdvanceBy } from '../../contract/control-requests.js'
import { Clock, type ClockState, type SavedClock } from './clock.js'
import type { SavedLife, TaskChange } from '../tasks/life-views.js'
import { TaskLife } from '../tasks/task-life.js'
import type { Ledger } from '../accounts/ledger.js'
import type { TaskStore } from '../tasks/task-store.js'

/** How far `until: "idle"` may take a clock. */
export const IDLE_CAP_MS = 7 * 24 * 3600 * 1000

/**
 * What an advance did: the clock after it, the task changes it applied in time order, and whether
 * nothing is pending.
 */
export interface Advanced extends ClockState {
  changes: TaskChange[]
  /** No task of this clock is pending. */
  idle: boolean
}

/** A world as saved: its clock, and what is still to come for its tasks. */
export interface SavedWorld {
  clock: SavedClock
  life: SavedLife
}

/** The server's world, and each account's own. */
export interface SavedWorlds {
  server: SavedWorld
  own: [accountId: string, world: SavedWorld][]
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

  save(): SavedWorld {
    return { clock: this.clock.save(), life: this.life.save() }
  }

  restore(saved: SavedWorld): void {
    this.clock.restore(saved.clock)
    this.life.restore(saved.life)
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
      for (let at = this.life.nextAt; at !== undefined && changes.length === 0; at = this.life.nextAt)
        this.life.runDue(at, changes)
    } else {
      this.life.runDue(start + IDLE_CAP_MS, changes, true)
    }
    const last = changes.at(-1)
    if (last && Date.parse(last.at) > this.clock.now()) this.clock.set({ now: Date.parse(last.at) })
    return { ...this.clock.state, changes, idle: this.life.pendingTasks === 0 }
  }
}

/**
 * The server's world and the accounts' own: which one an account's requests observe, and moving
 * an account (with its pending tasks and their steps) between a clock of its own and the server's.
 * A request observes the server's world and its account's, however many worlds there are.
 * @example
 * worlds.setClock('acct_a', 'own')
 * worlds.of('acct_a').advance({ until: 'idle' })
 */
export class Worlds {
  readonly server: World
  readonly #own = new Map<string, World>()
  readonly #tasks: TaskStore
  readonly #ledger: Ledger

  constructor(server: World, tasks: TaskStore, ledger: Ledger) {
    this.server = server
    this.#tasks = tasks
    this.#ledger = ledger
  }

  /** The account's own world, if it has one. */
  own(accountId: string | undefined): World | undefined {
    return accountId === undefined ? undefined : this.#own.get(accountId)
  }

  /** The world an account's tasks live in: its own, or the server's. */
  of(accountId: string | undefined): World {
    return this.own(accountId) ?? this.server
  }

  /** Applies what is due in the server's world and the account's own; the account's now. */
  observeFor(accountId: string | undefined): number {
    const now = this.server.observe()
    return this.own(accountId)?.observe() ?? now
  }

  observeAll(): void {
    this.server.observe()
    for (const world of this.#own.values()) world.observe()
  }

  /** Gives an account a manual clock of its own, starting at the server's now, or hands it back to the server's. */
  setClock(accountId: string, clock: 'own' | 'server'): void {
    const own = this.#own.get(accountId)
    const owned = (taskId: string) => this.#tasks.get(taskId)?.accountId === accountId
    if (clock === 'own' && !own) {
      const start = this.server.observe()
      const world = this.#ownWorld(start)
      this.server.life.moveTo(world.life, owned)
      this.#own.set(accountId, world)
    } else if (clock === 'server' && own) {
      own.life.moveTo(this.server.life, owned)
      this.#own.delete(accountId)
    }
  }

  get pendingEvents(): number {
    let events = this.server.life.pendingEvents
    for (const world of this.#own.values()) events += world.life.pendingEvents
    return events
  }

  /** Every account back on the server clock; their tasks are cleared by the caller. */
  clear(): void {
    this.#own.clear()
  }

  /**
   * Every clock and the steps still to come in it: the server's, and each account's own.
   * @example
   * other.restore(worlds.save())
   */
  save(): SavedWorlds {
    return { server: this.server.save(), own: [...this.#own].map(([accountId, world]) => [accountId, world.save()]) }
  }

  /** Every clock, without what is to come in it: the server's, and each account's own. */
  clocks(): { server: SavedClock; own: [accountId: string, clock: SavedClock][] } {
    return {
      server: this.server.clock.save(),
      own: [...this.#own].map(([accountId, world]) => [accountId, world.clock.save()]),
    }
  }

  restore(saved: SavedWorlds): void {
    this.server.restore(saved.server)
    this.#own.clear()
    for (const [accountId, own] of saved.own) {
      const world = this.#ownWorld(own.clock.now)
      world.restore(own)
      this.#own.set(accountId, world)
    }
  }

  /** A manual clock of an account's own, reading the server clock's wall time, and its tasks' life. */
  #ownWorld(start: number): World {
    return new World(
      new Clock({ mode: 'manual', start, wallNow: () => this.server.clock.wall() }),
      new TaskLife(this.#tasks, this.#ledger, this.server.life.history),
    )
  }
}
