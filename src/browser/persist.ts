// The worker door's persistence: the simulator saved to sessionStorage (or a store given) and restored on load.
import type { Drift } from '../drift/drift-state.js'
import type { Engine } from '../engine/engine.js'
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
 * saved.touched() // after each request
 */
export function persistence(
  engine: Engine,
  drift: Drift,
  fingerprint: string,
  { storage = sessionStorage, key = 'genmock' }: PersistOptions = {},
) {
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
    /** A request was answered: the state is written once the burst it belongs to is over. */
    touched(): void {
      timer ??= setTimeout(save, SAVE_DELAY_MS)
    },
    /** Writes the state now and stops saving. */
    stop(): void {
      save()
      removeEventListener('pagehide', save)
      document.removeEventListener('visibilitychange', onHide)
    },
  }
}
