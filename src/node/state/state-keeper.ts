// Keeps a simulator's state in a --state DIR (docs/state.md): loads it at start, then writes what
// changed as the save strategy says (scheduled: within a second; request: before the answer is
// sent; shutdown; manual: POST /__mock/state/save), and compacts the log into state.json once it
// outgrows it. It keeps the engine's state and, beside it, the drift report's. The files themselves
// are state-dir.ts's; a whole state.json is made a slice at a time by state-slices.ts. A failed save
// is tried again; with `request` its changes are undone (docs/state.md, When a save fails).
import { randomInt } from 'node:crypto'
import { closeSync, fstatSync } from 'node:fs'
import { join } from 'node:path'
import type { Drift } from '../../drift/drift-state.js'
import type { Engine } from '../../engine/engine.js'
import type { Exchange, Step } from '../../handlers/route-exchange.js'
import { serialised } from '../../handlers/wire-step.js'
import { problemReply } from '../../http/replies.js'
import type { Sent } from '../../http/request-reply.js'
import { isControlPath } from '../../handlers/route-table.js'
import type { Snapshot } from '../../snapshot/snapshot.js'
import type { SaveStrategy, StateKeeping, StateStatus } from '../../snapshot/snapshot-keeping.js'
import { startFromSnapshot } from './snapshot-file.js'
import { probeSpace, roomFor, UnwrittenLines } from './log-append.js'
import { notSaved, notSavedProblem, reasonOf, RETRY_MS, SaveFailures } from './save-failures.js'
import type { StateLoaded, StateOptions } from './keeper-options.js'
import { stateInSlices } from './state-slices.js'
import { unwritable } from './state-error.js'
import { readBack } from './state-read-back.js'
import {
  appendLine,
  LOCK_BEAT_MS,
  logLine,
  newFolderId,
  openLog,
  prepareDir,
  readDir,
  renewLog,
  renewLogLater,
  STATE_FILE,
  StateDirError,
  stateFileHeader,
  stateFileText,
  takeLock,
  writeDurably,
  writeDurablyLater,
} from './state-dir.js'

export type { StateLoaded, StateOptions } from './keeper-options.js'

/** With `scheduled`, changes are written at most this long after they happen; a failed save is retried as soon. */
const SCHEDULED_MS = RETRY_MS
/** The log is compacted into state.json once it is larger than state.json and this. */
const LOG_MIN_BYTES = 4 * 1024 * 1024

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

export class StateKeeper implements StateKeeping, Step {
  readonly dir: string
  readonly strategy: SaveStrategy
  readonly loaded: StateLoaded
  /** Told of every save, its wall seconds and whether it failed (the metrics, docs/metrics-and-traces.md). */
  onSaved: ((seconds: number, failed: boolean) => void) | undefined
  readonly #engine: Engine
  readonly #drift: Drift
  readonly #version: string
  readonly #release: () => void
  readonly #beat: ReturnType<typeof setInterval>
  #log: number
  #logBytes: number
  #stateBytes = 0
  /** The size of the last whole save made or tried. */
  #wholeBytes = 0
  #generation: number
  /** The number of the log's last record (docs/state.md, Crash safety and cost): the next line is one more. */
  #record = 0
  /** The folder's id (docs/state.md, The folder): in state.json's header and the log's opening line. */
  #folder: string
  /** A request that may have changed something was answered since the last save. */
  #touched = false
  #timer: ReturnType<typeof setTimeout> | undefined
  #queue: Promise<void> = Promise.resolve()
  #next: Promise<void> | undefined
  #lastSavedAt: string | undefined
  #closed = false
  /** The next save writes the whole state (compact, or a whole save that failed). */
  #wholeNext = false
  /** When `request` last undid the changes a failed save could not write (performance.now()). */
  #rolledBackAt = -1
  /** Log lines a failed save could not write (not with `request`), written first by the next. */
  readonly #pending = new UnwrittenLines(LOG_MIN_BYTES)
  /** Changing requests answered since the last save that wrote their changes. */
  #changed = 0
  #failures: SaveFailures
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
    this.#failures = new SaveFailures(this.dir, options.warn)
    prepareDir(this.dir)
    const lock = takeLock(this.dir, options)
    try {
      const contents = readDir(this.dir)
      this.#generation = contents.header?.generation ?? 0
      this.#folder = contents.header?.folder ?? newFolderId()
      if (contents.saved) {
        readBack(this.dir, contents, this.#engine, this.#drift)
        // The last run may have handed out ids it did not save: draw new ones from another stream.
        if (lock.stale) engine.saving.newRandomStream(randomInt(2 ** 47))
        this.#stateBytes = contents.header!.bytes
      } else if (options.from !== undefined) startFromSnapshot(engine, drift, options.from)
      this.#logBytes = contents.logBytes
      this.#record = contents.record
      const opened = openLog(this.dir, contents.logBytes)
      this.#log = opened.fd
      if (contents.rewrite) this.#writeWholeNow()
      this.loaded = {
        from: contents.saved ? 'dir' : options.from !== undefined ? 'file' : 'new',
        tasks: engine.storedTasks,
        recovered: lock.stale && contents.saved !== undefined,
        ...(opened.torn ? { torn: opened.torn } : {}),
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

  status(): StateStatus {
    const failing = this.#failures.current
    return {
      dir: this.dir,
      strategy: this.strategy,
      ...(this.#lastSavedAt ? { lastSavedAt: this.#lastSavedAt } : {}),
      unsaved: this.#touched || this.#engine.saving.unsaved || this.#pending.any || this.#wholeNext,
      ...(failing ? { failing: { ...failing, unsavedRequests: this.#changed } } : {}),
    }
  }

  /** Writes what changed since the last save; resolves once it is durable. Saves asked meanwhile share one write. */
  save(): Promise<StateStatus> {
    return this.#durable().then(() => this.status())
  }

  /**
   * Group commit (docs/state.md, Save strategies: what each can lose): a write starts a turn of the
   * event loop after it is asked for, so that every request read in that turn shares its write and
   * fsync; those asked while it is under way share the next.
   */
  #durable(): Promise<void> {
    this.#next ??= this.#queue.then(nextTurn).then(() => {
      this.#next = undefined
      return this.#flush()
    })
    this.#queue = this.#next.catch(() => {})
    return this.#next
  }

  /** Writes the whole state now: state.json anew, the log emptied (what a save does once the log outgrows it). */
  compact(): Promise<StateStatus> {
    this.#wholeNext = true
    return this.save()
  }

  /**
   * The route core's save step, before the route (route-steps.ts): with `request`, while saves fail, a
   * changing request (not GET, HEAD) is refused before it changes anything.
   */
  before({ request }: Exchange): void {
    const failing = this.#failures.current
    if (failing?.refusing && request.method !== 'GET' && request.method !== 'HEAD')
      throw notSavedProblem(failing.reason)
  }

  /**
   * The route core's save step, after the route: `request` waits until what it changed is durable and
   * answers 503 instead when the write failed (its changes undone); `scheduled` arms its timer.
   */
  after(exchange: Exchange, reply: Sent): Sent | Promise<Sent> {
    const { request } = exchange
    const reading = request.method === 'GET' || request.method === 'HEAD'
    if (!reading || !isControlPath(request.path)) this.#touched = true
    if (!reading) this.#changed++
    if (!this.#touched && !this.#engine.saving.unsaved) return reply
    if (this.strategy === 'scheduled') this.#schedule()
    if (this.strategy !== 'request') return reply
    // While saves fail, reads are answered from memory: what they change is saved when one works.
    if (reading && this.#failures.current) return reply
    const refused = (reason: string) => serialised(exchange, problemReply(notSavedProblem(reason).detail))
    return this.#durable().then(
      // A failed save undid changes made since this request began: some of its own may be among them.
      () => {
        if (this.#rolledBackAt >= exchange.started) return refused(this.#failures.current?.reason ?? 'a save failed')
        // The journal step records the exchange after this one (route-steps.ts): saved within a second.
        if (!isControlPath(request.path)) this.#touch()
        return reply
      },
      (error: unknown) => refused(reasonOf(error)),
    )
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
      this.failure = notSaved(error, this.#changed, this.#lastSavedAt)
    } finally {
      process.off('exit', this.#release)
      this.#release()
    }
  }

  /**
   * Something changed outside the routes (a proxied exchange), or after the save step (the journal's
   * entry of an answered request): saved as `scheduled` saves, within a second, with `request` too
   * (the client had its answer already).
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
    // A failure is reported, and tried again, by #failed.
    this.save().catch(() => {})
  }

  async #flush(): Promise<void> {
    const touched = this.#touched
    this.#touched = false
    const counted = this.#changed
    const started = performance.now()
    try {
      await this.#write()
    } catch (error) {
      this.onSaved?.((performance.now() - started) / 1000, true)
      this.#failed(error, touched)
      throw error
    }
    this.onSaved?.((performance.now() - started) / 1000, false)
    this.#changed -= counted
    this.#lastSavedAt = new Date().toISOString()
    this.#failures.succeeded()
  }

  /** What changed since the last save, as a log line (after those a failed save left), or the whole state. */
  async #write(): Promise<void> {
    // While saves fail, room for more than this save is asked first: a recovery that lasts.
    if (this.#failures.current) await probeSpace(this.#log)
    const whole = this.#wholeNext || this.#logBytes > Math.max(LOG_MIN_BYTES, this.#stateBytes)
    this.#wholeNext = false
    const changes = whole ? undefined : this.#engine.saving.takeChanges()
    if (changes) {
      const text = this.#pending.with(
        logLine(changes, this.#generation, this.#drift.takeChanges(), this.#folder, ++this.#record),
      )
      await appendLine(this.#log, text, this.dir)
      this.#logBytes += Buffer.byteLength(text)
    } else await this.#writeWhole()
    this.#pending.clear()
  }

  /**
   * A save failed; the log is back at its last whole record. `request` undoes every change not
   * written (the engine and the drift report read back from the folder) and refuses changes until a
   * save works; the others keep the lines to write them next. Either way it is tried again.
   */
  #failed(error: unknown, touched: boolean): void {
    if (this.strategy === 'request') {
      this.#pending.clear()
      this.#rollBack()
    } else this.#touched ||= touched
    if (this.#pending.tooMany) {
      // The next save writes the whole state instead.
      this.#pending.clear()
      this.#wholeNext = true
    }
    this.#failures.failed(error, this.strategy === 'request')
    this.#schedule()
  }

  /**
   * The state back to what the folder holds, as a start reads it, but for the journal and the findings
   * (the record of what was answered); ids from a new random stream, since a read may have shown one
   * of those undone.
   */
  #rollBack(): void {
    this.#rolledBackAt = performance.now()
    try {
      this.#engine.saving.keepingRecords(() => {
        const contents = readDir(this.dir)
        readBack(this.dir, contents, this.#engine, this.#drift)
        this.#record = contents.record
      })
      // The journal and findings kept are not in the folder: the next save writes them.
      this.#touched = true
      this.#engine.saving.newRandomStream(randomInt(2 ** 47))
      this.#changed = 0
      this.#wholeNext = false // the folder holds the state now: a failed whole save need not be made again
    } catch (error) {
      this.#wholeNext = true // the folder cannot be read back: the next save writes the state as it is
      this.#failures.failed(error, true)
    }
  }

  /**
   * The whole state into state.json (the log's lines so far are in it), then the log emptied. Made
   * a slice at a time: requests are answered meanwhile (state-slices.ts).
   */
  async #writeWhole(): Promise<void> {
    // While saves fail, a whole save is built again only once the disk has room for the one that failed.
    if (this.#failures.current)
      try {
        roomFor(this.dir, Math.max(this.#stateBytes, this.#wholeBytes))
      } catch (error) {
        this.#wholeNext = true
        throw error
      }
    const body = await stateInSlices(this.#engine, this.#drift)
    this.#wholeBytes = body.bytes
    const header = stateFileHeader(body, this.#generation + 1, this.#version, this.#folder)
    const commit = () => writeDurablyLater(join(this.dir, STATE_FILE), [header, ...body.chunks])
    let log: number | undefined
    try {
      log = await renewLogLater(this.dir, this.#folder, this.#generation + 1, commit, this.#log)
    } catch (error) {
      // The changes counted from this save on: only a whole one brings the folder up to date now.
      this.#wholeNext = true
      throw error
    }
    this.#generation++
    this.#record = 0
    this.#stateBytes = body.bytes
    // The new log could not be put in place: the old one is stale, so the next save is whole too.
    if (log === undefined) this.#wholeNext = true
    else [this.#log, this.#logBytes] = [log, fstatSync(log).size]
  }

  /** #writeWhole at start, at once. */
  #writeWholeNow(): void {
    const saved: Snapshot = { ...this.#engine.saving.checkpoint(), drift: this.#drift.save() }
    this.#drift.markSaved()
    const body = JSON.stringify(saved)
    const text = stateFileText(body, this.#generation + 1, this.#version, this.#folder)
    try {
      const log = renewLog(this.dir, this.#folder, this.#generation + 1, () =>
        writeDurably(join(this.dir, STATE_FILE), text),
      )
      closeSync(this.#log)
      this.#log = log
    } catch (error) {
      if (error instanceof StateDirError) throw error
      throw unwritable(`--state ${this.dir}`, (error as NodeJS.ErrnoException).code)
    }
    this.#generation++
    this.#record = 0
    this.#logBytes = fstatSync(this.#log).size
    this.#stateBytes = Buffer.byteLength(body)
    this.#lastSavedAt = new Date().toISOString()
  }
}
