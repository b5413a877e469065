// Keeps a simulator's state in a --state DIR (docs/state.md): loads it at start, then writes what
// changed as the save strategy says (scheduled: within a second; request: before the answer is
// sent; shutdown; manual: POST /__mock/state/save), and compacts the log into state.json once it
// outgrows it. It keeps the engine's state and, beside it, the drift report's. The files themselves
// are state-dir.ts's; a whole state.json is made a slice at a time by state-slices.ts.
import { randomInt } from 'node:crypto'
import { fdatasync, fsyncSync, ftruncate, ftruncateSync, write } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { savedDriftSchema } from '../../contract/saved-snapshot.js'
import type { Drift } from '../../drift/drift-state.js'
import { replayDrift } from '../../drift/saved-drift.js'
import type { Engine } from '../../engine/engine.js'
import { StateReplay } from '../../engine/state-replay.js'
import type { App } from '../../handlers/app.js'
import { isControlPath } from '../../handlers/route-table.js'
import type { Snapshot } from '../../snapshot/snapshot.js'
import { snapshotIssues } from '../../snapshot/snapshot-check.js'
import type { SaveStrategy, StateKeeping, StateStatus } from '../../snapshot/snapshot-keeping.js'
import { startFromSnapshot } from './snapshot-file.js'
import { stateInSlices } from './state-slices.js'
import {
  LOCK_BEAT_MS,
  logLine,
  openLog,
  prepareDir,
  readDir,
  STATE_DIR_FORMAT,
  STATE_FILE,
  StateDirError,
  stateFileHeader,
  stateFileText,
  takeLock,
  writeDurably,
  writeDurablyLater,
} from './state-dir.js'

export interface StateOptions {
  /** The folder the state is kept in; without it, `from` is only where the state starts. */
  dir?: string | undefined
  /** Default 'scheduled'. */
  save?: SaveStrategy | undefined
  /** A snapshot (GET /__mock/state) to start from when `dir` holds no state yet. */
  from?: string | undefined
}

/** How the state was found at start, for the banner. */
export interface StateLoaded {
  /** `dir` with `fromIgnored`: --state-from was given, but the folder already held a state. */
  from: 'dir' | 'file' | 'new'
  fromIgnored?: true
  tasks: number
  /** The last run did not stop cleanly: its lock was taken over. */
  recovered: boolean
}

/** With `scheduled`, changes are written at most this long after they happen. */
const SCHEDULED_MS = 1000
/** The log is compacted into state.json once it is larger than state.json and this. */
const LOG_MIN_BYTES = 4 * 1024 * 1024

const writeAsync = promisify(write) as (fd: number, text: string) => Promise<unknown>
const datasync = promisify(fdatasync)
const truncate = promisify(ftruncate)

export class StateKeeper implements StateKeeping {
  readonly dir: string
  readonly strategy: SaveStrategy
  readonly loaded: StateLoaded
  readonly #engine: Engine
  readonly #drift: Drift
  readonly #version: string
  readonly #release: () => void
  readonly #beat: ReturnType<typeof setInterval>
  #log: number
  #logBytes: number
  #stateBytes = 0
  #generation: number
  /** A request that may have changed something was answered since the last save. */
  #touched = false
  #timer: ReturnType<typeof setTimeout> | undefined
  #queue: Promise<void> = Promise.resolve()
  #next: Promise<void> | undefined
  #lastSavedAt: string | undefined
  #closed = false
  /** The next save writes the whole state (compact). */
  #wholeNext = false
  /** Why the last save when stopping failed, if it did (the CLI says so). */
  failure: string | undefined

  /**
   * Takes the folder and puts its state into `engine` (made with the options the state was kept
   * with) and `drift`; a new folder gets their state (or --state-from's) at once, and so does one
   * of an older format. Refuses with a StateDirError naming the file.
   */
  constructor(engine: Engine, drift: Drift, options: StateOptions & { dir: string }, version: string) {
    this.dir = options.dir
    this.strategy = options.save ?? 'scheduled'
    this.#engine = engine
    this.#drift = drift
    this.#version = version
    prepareDir(this.dir)
    const lock = takeLock(this.dir)
    try {
      const contents = readDir(this.dir)
      this.#generation = contents.header?.generation ?? 0
      if (contents.saved) {
        this.#restore(contents)
        // The last run may have handed out ids it did not save: draw new ones from another stream.
        if (lock.stale) engine.newRandomStream(randomInt(2 ** 47))
        this.#stateBytes = contents.header!.bytes
      } else if (options.from !== undefined) startFromSnapshot(engine, drift, options.from)
      this.#logBytes = contents.logBytes
      this.#log = openLog(this.dir, contents.logBytes)
      if (!contents.saved || contents.header!.version < STATE_DIR_FORMAT) this.#writeWholeNow()
      this.loaded = {
        from: contents.saved ? 'dir' : options.from !== undefined ? 'file' : 'new',
        tasks: engine.storedTasks,
        recovered: lock.stale && contents.saved !== undefined,
        ...(contents.saved && options.from !== undefined ? { fromIgnored: true as const } : {}),
      }
    } catch (error) {
      lock.release()
      throw error
    }
    this.#release = lock.release
    this.#beat = setInterval(lock.beat, LOCK_BEAT_MS).unref()
    process.once('exit', this.#release)
    // A proxied exchange changes the drift report (and the journal) without passing the routes.
    drift.onChange = () => this.#touch()
  }

  /** state.json brought up to date by the log, into the engine and the drift report. */
  #restore({ saved: snapshot, changes, drift: driftLines }: ReturnType<typeof readDir>): void {
    const file = join(this.dir, STATE_FILE)
    const { drift: driftSaved, ...engineSaved } = snapshot!
    const drift = replayDrift(driftSaved, driftLines)
    if (drift !== undefined && !savedDriftSchema.safeParse(drift).success)
      throw new StateDirError(`${file}: cannot be restored (its drift report is malformed)`)
    const replay = new StateReplay(engineSaved)
    for (const line of changes) replay.apply(line)
    const { saved, records } = replay.result()
    const [issue] = snapshotIssues({ ...saved, ...(drift ? { drift } : {}) }, records)
    if (issue) throw new StateDirError(`${file}: cannot be restored (${issue.path || '(top)'} ${issue.message})`)
    try {
      this.#engine.restore(saved, { trusted: true, records })
    } catch (error) {
      throw new StateDirError(`${file}: cannot be restored (${(error as Error).message})`)
    }
    this.#drift.restore(drift)
    this.#engine.markSaved()
    this.#drift.markSaved()
  }

  status(): StateStatus {
    return {
      dir: this.dir,
      strategy: this.strategy,
      ...(this.#lastSavedAt ? { lastSavedAt: this.#lastSavedAt } : {}),
      unsaved: this.#touched || this.#engine.unsaved,
    }
  }

  /** Writes what changed since the last save; resolves once it is durable. Saves asked meanwhile share one write. */
  save(): Promise<StateStatus> {
    this.#next ??= this.#queue.then(() => {
      this.#next = undefined
      return this.#flush()
    })
    this.#queue = this.#next.catch(() => {})
    return this.#next.then(() => this.status())
  }

  /** Writes the whole state now: state.json anew, the log emptied (what a save does once the log outgrows it). */
  compact(): Promise<StateStatus> {
    this.#wholeNext = true
    return this.save()
  }

  /**
   * The routes as the strategy needs them: after a request that may have changed something,
   * `request` waits until it is durable (a failed write answers 503), `scheduled` arms its timer.
   */
  wrap(app: App): App {
    return async (request) => {
      const reply = await app(request)
      const read = (request.method === 'GET' || request.method === 'HEAD') && isControlPath(request.path)
      if (!read) this.#touched = true
      if (!this.#touched && !this.#engine.unsaved) return reply
      if (this.strategy === 'scheduled') this.#schedule()
      if (this.strategy !== 'request') return reply
      try {
        await this.save()
        return reply
      } catch (error) {
        const body = JSON.stringify({
          error: 'Service Unavailable',
          message: `the state was not saved: ${(error as Error).message}`,
        })
        return { status: 503, headers: { 'content-type': 'application/json' }, bytes: body }
      }
    }
  }

  /** Saves (unless `manual`), stops saving and lets the folder go. A failed save is kept in `failure`. */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    clearTimeout(this.#timer)
    clearInterval(this.#beat)
    try {
      await (this.strategy === 'manual' ? this.#queue : this.save())
    } catch (error) {
      this.failure = (error as Error).message
    } finally {
      process.off('exit', this.#release)
      this.#release()
    }
  }

  /**
   * Something changed outside the routes (a proxied exchange): saved as `scheduled` saves, within a
   * second, with `request` too (the client had its answer already).
   */
  #touch(): void {
    this.#touched = true
    if (this.strategy === 'scheduled' || this.strategy === 'request') this.#schedule()
  }

  #schedule(): void {
    if (!this.#closed) this.#timer ??= setTimeout(() => this.#scheduled(), SCHEDULED_MS)
  }

  #scheduled(): void {
    this.#timer = undefined
    this.save().catch((error: unknown) => {
      process.emitWarning(`genmock: the state was not saved to ${this.dir}: ${(error as Error).message}`)
    })
  }

  async #flush(): Promise<void> {
    this.#touched = false
    const whole = this.#wholeNext || this.#logBytes > Math.max(LOG_MIN_BYTES, this.#stateBytes)
    this.#wholeNext = false
    const changes = whole ? undefined : this.#engine.takeChanges()
    if (changes) {
      const line = logLine(changes, this.#generation, this.#drift.takeChanges())
      await writeAsync(this.#log, line)
      await datasync(this.#log)
      this.#logBytes += Buffer.byteLength(line)
    } else await this.#writeWhole()
    this.#lastSavedAt = new Date().toISOString()
  }

  /**
   * The whole state into state.json (the log's lines so far are in it), then the log emptied. Made
   * a slice at a time: requests are answered meanwhile (state-slices.ts).
   */
  async #writeWhole(): Promise<void> {
    const body = await stateInSlices(this.#engine, this.#drift)
    const header = stateFileHeader(body, this.#generation + 1, this.#version)
    await writeDurablyLater(join(this.dir, STATE_FILE), [header, ...body.chunks])
    this.#generation++
    this.#stateBytes = body.bytes
    await truncate(this.#log, 0)
    await datasync(this.#log)
    this.#logBytes = 0
  }

  /** #writeWhole at start, at once. */
  #writeWholeNow(): void {
    const saved: Snapshot = { ...this.#engine.checkpoint(), drift: this.#drift.save() }
    this.#drift.markSaved()
    const body = JSON.stringify(saved)
    const text = stateFileText(body, this.#generation + 1, this.#version)
    try {
      writeDurably(join(this.dir, STATE_FILE), text)
      ftruncateSync(this.#log, 0)
      fsyncSync(this.#log)
    } catch (error) {
      throw new StateDirError(`--state ${this.dir}: cannot be written (${(error as NodeJS.ErrnoException).code})`)
    }
    this.#generation++
    this.#logBytes = 0
    this.#stateBytes = Buffer.byteLength(body)
    this.#lastSavedAt = new Date().toISOString()
  }
}
