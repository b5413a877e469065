// Keeps a simulator's state in a --state DIR (docs/state.md): takes the folder and loads it at start,
// then writes what changed as the save strategy says (scheduled: within a second; request: before
// the answer is sent; shutdown; manual: POST /__mock/state/save), and compacts the log into
// state.json once it outgrows it. It keeps the engine's state and, beside it, the drift report's.
// Its parts, one job each: the save step of the route core (save-step.ts), group commit
// (group-commit.ts), the files a save writes (kept-files.ts), undoing what a failed save could not
// write (roll-back.ts), what it says of failing saves (save-failures.ts).
import { randomInt } from 'node:crypto'
import type { Drift } from '../../drift/drift-state.js'
import type { Engine } from '../../engine/engine.js'
import type { Exchange, Step } from '../../handlers/route-exchange.js'
import type { Sent } from '../../http/request-reply.js'
import type { SaveStrategy, StateKeeping, StateStatus } from '../../snapshot/snapshot-keeping.js'
import { GroupCommit } from './group-commit.js'
import type { StateLoaded, StateOptions } from './keeper-options.js'
import { KeptFiles } from './kept-files.js'
import { rollBack } from './roll-back.js'
import { notSaved, RETRY_MS, SaveFailures } from './save-failures.js'
import { SaveStep, Unsaved } from './save-step.js'
import { LOCK_BEAT_MS, prepareDir, readDir, takeLock } from './state-dir.js'
import { readBack } from './state-read-back.js'

export type { StateLoaded, StateOptions } from './keeper-options.js'

/** With `scheduled`, changes are written at most this long after they happen; a failed save is retried as soon. */
const SCHEDULED_MS = RETRY_MS

export class StateKeeper implements StateKeeping, Step {
  readonly dir: string
  readonly strategy: SaveStrategy
  readonly loaded: StateLoaded
  /** Why the last save when stopping failed, if it did (the CLI says so). */
  failure: string | undefined
  readonly #engine: Engine
  readonly #onSaved: StateOptions['onSaved']
  readonly #drift: Drift
  readonly #files: KeptFiles
  readonly #failures: SaveFailures
  readonly #unsaved = new Unsaved()
  readonly #commit = new GroupCommit(() => this.#flush())
  readonly #step: SaveStep
  readonly #release: () => void
  readonly #beat: ReturnType<typeof setInterval>
  #timer: ReturnType<typeof setTimeout> | undefined
  #lastSavedAt: string | undefined
  #closed = false

  /**
   * Takes the folder and puts its state into `engine` (made with the options the state was kept
   * with) and `drift`; a new folder gets their state at once (after `takeUp`, which puts --state-from's
   * snapshot in: state-start.ts), and so does one of an older format. Refuses with a StateDirError
   * naming the file.
   */
  constructor(
    engine: Engine,
    drift: Drift,
    options: StateOptions & { dir: string },
    version: string,
    takeUp: () => void = () => {},
  ) {
    this.dir = options.dir
    this.strategy = options.save ?? 'scheduled'
    this.#engine = engine
    this.#onSaved = options.onSaved
    this.#drift = drift
    this.#failures = new SaveFailures(this.dir, options.warn)
    prepareDir(this.dir)
    const lock = takeLock(this.dir, options)
    try {
      const contents = readDir(this.dir)
      if (contents.saved) {
        readBack(this.dir, contents, engine, drift)
        // The last run may have handed out ids it did not save: draw new ones from another stream.
        if (lock.stale) engine.saving.newRandomStream(randomInt(2 ** 47))
      } else takeUp()
      this.#files = new KeptFiles(this.dir, version, contents, engine, drift)
      if (contents.rewrite) {
        this.#files.writeWholeNow()
        this.#lastSavedAt = new Date().toISOString()
      }
      this.loaded = {
        from: contents.saved ? 'dir' : options.from !== undefined ? 'file' : 'new',
        tasks: engine.storedTasks,
        recovered: lock.stale && contents.saved !== undefined,
        ...(this.#files.torn ? { torn: this.#files.torn } : {}),
        ...(contents.saved && options.from !== undefined ? { fromIgnored: true as const } : {}),
      }
    } catch (error) {
      lock.release()
      throw error
    }
    this.#release = lock.release
    this.#beat = setInterval(lock.beat, LOCK_BEAT_MS).unref()
    this.#step = new SaveStep({
      strategy: this.strategy,
      engine,
      unsaved: this.#unsaved,
      failures: this.#failures,
      durable: () => this.#commit.durable(),
      schedule: () => this.#schedule(),
      touch: () => this.#touch(),
    })
    // A proxied exchange changes the drift report (and the journal) without passing the routes.
    drift.onChange = () => this.#touch()
  }

  status(): StateStatus {
    const failing = this.#failures.current
    return {
      dir: this.dir,
      strategy: this.strategy,
      ...(this.#lastSavedAt ? { lastSavedAt: this.#lastSavedAt } : {}),
      unsaved: this.#unsaved.touched || this.#engine.saving.unsaved || this.#files.unwritten || this.#files.wholeNext,
      ...(failing ? { failing: { ...failing, unsavedRequests: this.#unsaved.changed } } : {}),
    }
  }

  /** Writes what changed since the last save; resolves once it is durable. Saves asked meanwhile share one write. */
  save(): Promise<StateStatus> {
    return this.#commit.durable().then(() => this.status())
  }

  /** Writes the whole state now: state.json anew, the log emptied (what a save does once the log outgrows it). */
  compact(): Promise<StateStatus> {
    this.#files.wholeNext = true
    return this.save()
  }

  /** The route core's save step, before the route (save-step.ts). */
  before(exchange: Exchange): void {
    this.#step.before(exchange)
  }

  /** The route core's save step, after the route (save-step.ts). */
  after(exchange: Exchange, sent: Sent): Sent | Promise<Sent> {
    return this.#step.after(exchange, sent)
  }

  /** Saves (unless `manual`), stops saving and lets the folder go. A failed save is kept in `failure`. */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    clearTimeout(this.#timer)
    clearInterval(this.#beat)
    try {
      await (this.strategy === 'manual' ? this.#commit.settled() : this.save())
    } catch (error) {
      this.failure = notSaved(error, this.#unsaved.changed, this.#lastSavedAt)
    } finally {
      this.#release()
    }
  }

  /**
   * Something changed outside the routes (a proxied exchange), or after the save step (the journal's
   * entry of an answered request): saved as `scheduled` saves, within a second, with `request` too
   * (the client had its answer already).
   */
  #touch(): void {
    this.#unsaved.touched = true
    if (this.strategy === 'scheduled' || this.strategy === 'request') this.#schedule()
  }

  #schedule(): void {
    if (!this.#closed) this.#timer ??= setTimeout(() => this.#scheduled(), SCHEDULED_MS)
  }

  #scheduled(): void {
    this.#timer = undefined
    // A failure is reported, and tried again, by #failed.
    this.save().catch(() => {})
  }

  /** One write of group commit (group-commit.ts): what changed, timed for the metrics. */
  async #flush(): Promise<void> {
    const unsaved = this.#unsaved
    const { touched, changed: counted, waiting } = unsaved
    unsaved.touched = false
    unsaved.waiting = 0
    const started = performance.now()
    try {
      await this.#files.write(this.#failures.current !== undefined)
    } catch (error) {
      this.#onSaved?.((performance.now() - started) / 1000, true)
      this.#failed(error, touched, waiting)
      throw error
    }
    this.#onSaved?.((performance.now() - started) / 1000, false)
    unsaved.changed -= counted
    this.#lastSavedAt = new Date().toISOString()
    this.#failures.succeeded()
  }

  /**
   * A save failed; the log is back at its last whole record. With `request`, the first failure, and
   * any whose write requests waited for, undoes every change not written (roll-back.ts) and refuses
   * changes until a save works; a retry nobody waits for undoes nothing, so that a full disk costs
   * a statfs a second. Otherwise the lines are kept to be written next. Either way it is tried again.
   */
  #failed(error: unknown, touched: boolean, waiting: number): void {
    const undo = this.strategy === 'request' && (waiting > 0 || !this.#failures.current)
    this.#files.failed(undo)
    if (undo)
      rollBack(this.#engine, this.#drift, { files: this.#files, unsaved: this.#unsaved, failures: this.#failures })
    else this.#unsaved.touched ||= touched
    this.#failures.failed(error, this.strategy === 'request')
    this.#schedule()
  }
}
