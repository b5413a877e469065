// The worker door's persistence: the simulator saved to sessionStorage (or a store given) and restored on load;
// its saving after a change is the route core's save step (handlers/route-steps.ts), as the server's is.
import type { Drift } from '../drift/drift-state.js'
import type { Engine } from '../engine/engine.js'
import type { Step } from '../handlers/route-exchange.js'
import { snapshotOf, type Snapshot } from '../snapshot/snapshot.js'
import { restoreSnapshot } from '../snapshot/snapshot-restore.js'
import { snapshotIssues } from '../snapshot/snapshot-check.js'

/** Where the worker door keeps the simulator between page loads. */
export interface PersistOptions {
  /** Default `sessionStorage`: the state lives as long as the tab. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
  /** Default 'genmock'. */
  key?: string
}

/** The worker door's persistence: its save step, and what the door does at start and stop. */
export interface Persistence extends Required<Pick<Step, 'after'>> {
  /** Restores the saved state, unless there is none or it was saved with other options. */
  restore(): void
  /** Starts saving: after requests (the step) and when the page goes away. */
  start(): void
  /** A request was answered: the state is written once the burst it belongs to is over. */
  touched(): void
  /** Writes the state now and stops saving. */
  stop(): void
}

/**
 * How long after a request the state is written: the requests of that second share one write
 * (a few ms per thousand tasks, on the page's thread). Leaving or hiding the page writes at once.
 */
const SAVE_DELAY_MS = 1000

/**
 * The simulator's state across page reloads: restored at start when it was saved with the same
 * options, written at most once a second while requests come, and when the page is hidden or left.
 * A state that cannot be restored, or written (storage full), is reported once in the console and
 * the simulator goes on without it: a reload then starts afresh, as it would without persistence.
 * @example
 * const saved = persistence(engine, drift, JSON.stringify(options))
 * saved.restore()
 * serveSimulation(simulation, { save: saved }) // its `after` is the save step
 */
export function persistence(
  engine: Engine,
  drift: Drift,
  fingerprint: string,
  { storage = sessionStorage, key = 'genmock' }: PersistOptions = {},
): Persistence {
  let timer: ReturnType<typeof setTimeout> | undefined
  let broken = false
  const save = () => {
    clearTimeout(timer)
    timer = undefined
    if (broken) return
    try {
      // The same document as GET /__mock/state gives (docs/state.md): it may be PUT to any door.
      storage.setItem(key, JSON.stringify({ fingerprint, state: snapshotOf(engine, drift) }))
    } catch (error) {
      broken = true
      // An older state left behind would be restored on the next load: time would go back.
      storage.removeItem(key)
      console.warn(
        `genmock: cannot keep the simulator's state in storage (${(error as Error).message}); ` +
          'a reload will start afresh',
      )
    }
  }
  const onHide = () => {
    if (document.visibilityState === 'hidden') save()
  }
  /** A request was answered: the state is written once the burst it belongs to is over. */
  const touched = () => {
    timer ??= setTimeout(save, SAVE_DELAY_MS)
  }
  return {
    /** Restores the saved state, unless there is none or it was saved with other options. */
    restore(): void {
      const text = storage.getItem(key)
      if (text === null) return
      try {
        const saved = JSON.parse(text) as { fingerprint: string; state: Snapshot }
        if (saved.fingerprint !== fingerprint) return
        const [issue] = snapshotIssues(saved.state)
        if (issue) throw new Error(`${issue.path || '(top)'} ${issue.message}`)
        restoreSnapshot(engine, drift, saved.state)
      } catch (error) {
        console.warn(
          `genmock: the saved simulator state was not restored (${(error as Error).message}); starting afresh`,
        )
        storage.removeItem(key)
      }
    },
    /** Starts saving: after requests (see touched) and when the page goes away. */
    start(): void {
      addEventListener('pagehide', save)
      document.addEventListener('visibilitychange', onHide)
    },
    touched,
    /** The save step: after a request that may have changed the state (the route core's rule), a write is due. */
    after(exchange, sent) {
      if (exchange.mayChange) touched()
      return sent
    },
    /** Writes the state now and stops saving. */
    stop(): void {
      save()
      removeEventListener('pagehide', save)
      document.removeEventListener('visibilitychange', onHide)
    },
  }
}
