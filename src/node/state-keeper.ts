// Keeps a simulator's state in a --state DIR (docs/state.md): loads it at start, then writes what
// changed as the save strategy says (scheduled: within a second; request: before the answer is
// sent; shutdown; manual: POST /__mock/state/save), and compacts the log into state.json once it
// outgrows it. The files themselves are state-dir.ts's.
import { randomInt } from 'node:crypto'
import { fdatasync, ftruncate, readFileSync, write } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Engine } from '../engine/engine.js'
import { Random } from '../engine/random/random.js'
import { StateReplay } from '../engine/state-replay.js'
import type { App } from '../handlers/app.js'
import { isControlPath } from '../handlers/route-table.js'
import { snapshotIssues, type StateKeeping, type StateStatus } from '../handlers/state-handlers.js'
import type { SavedEngine } from '../engine/saved-state.js'
import type { SaveStrategy } from './state-options.js'
import {
  LOCK_BEAT_MS,
  logLine,
  openLog,
  prepareDir,
  readDir,
  STATE_FILE,
  StateDirError,
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

/**
 * Reads a snapshot file for --state-from, or says why not (StateDirError).
 * @example
 * engine.restore(readSnapshotFile('fixture.json'))
 */
export function readSnapshotFile(file: string): SavedEngine {
  let value: unknown
  try {
    value = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new StateDirError(`--state-from ${file}: ${code ? `cannot be read (${code})` : 'is not JSON'}`)
  }
  const [issue] = snapshotIssues(value)
  if (issue) throw new StateDirError(`--state-from ${file}: ${issue.path || '(top)'} ${issue.message}`)
  return value as SavedEngine
}

export class StateKeeper implements StateKeeping {
  readonly dir: string
  readonly strategy: SaveStrategy
  readonly loaded: StateLoaded
  readonly #engine: Engine
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
  /** Why the last save when stopping failed, if it did (the CLI says so). */
  failure: string | undefined

  /**
   * Takes the folder and puts its state into `engine` (made with the options the state was kept
   * with); a new folder gets the engine's state (or --state-from's) at once. Refuses with a
   * StateDirError naming the file.
   */
  constructor(engine: Engine, options: StateOptions & { dir: string }, version: string) {
    this.dir = options.dir
    this.strategy = options.save ?? 'scheduled'
    this.#engine = engine
    this.#version = version
    prepareDir(this.dir)
    const lock = takeLock(this.dir)
    try {
      const contents = readDir(this.dir)
      this.#generation = contents.header?.generation ?? 0
      if (contents.saved) {
        const replay = new StateReplay(contents.saved)
        for (const changes of contents.changes) replay.apply(changes)
        const { saved, records } = replay.result()
        // The last run may have handed out ids it did not save: draw new ones from another stream.
        if (lock.stale) saved.random = new Random(randomInt(2 ** 47)).save()
        try {
          engine.restore(saved, { trusted: true, records })
        } catch (error) {
          throw new StateDirError(`${join(this.dir, STATE_FILE)}: cannot be restored (${(error as Error).message})`)
        }
        engine.markSaved()
        this.#stateBytes = contents.header!.bytes
      } else if (options.from !== undefined) engine.restore(readSnapshotFile(options.from))
      this.#logBytes = contents.logBytes
      this.#log = openLog(this.dir, contents.logBytes)
      if (!contents.saved) this.#writeWholeNow()
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
      if (this.strategy === 'scheduled') this.#timer ??= setTimeout(() => this.#scheduled(), SCHEDULED_MS)
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

  #scheduled(): void {
    this.#timer = undefined
    this.save().catch((error: unknown) => {
      process.emitWarning(`genmock: the state was not saved to ${this.dir}: ${(error as Error).message}`)
    })
  }

  async #flush(): Promise<void> {
    this.#touched = false
    const changes = this.#logBytes > Math.max(LOG_MIN_BYTES, this.#stateBytes) ? undefined : this.#engine.takeChanges()
    if (changes) {
      const line = logLine(changes, this.#generation)
      await writeAsync(this.#log, line)
      await datasync(this.#log)
      this.#logBytes += Buffer.byteLength(line)
    } else await this.#writeWhole()
    this.#lastSavedAt = new Date().toISOString()
  }

  /** The whole state into state.json (the log's lines so far are in it), then the log emptied. */
  async #writeWhole(): Promise<void> {
    const text = stateFileText(JSON.stringify(this.#engine.checkpoint()), this.#generation + 1, this.#version)
    await writeDurablyLater(join(this.dir, STATE_FILE), text)
    this.#generation++
    this.#stateBytes = Buffer.byteLength(text)
    await truncate(this.#log, 0)
    await datasync(this.#log)
    this.#logBytes = 0
  }

  #writeWholeNow(): void {
    const text = stateFileText(JSON.stringify(this.#engine.checkpoint()), this.#generation + 1, this.#version)
    try {
      writeDurably(join(this.dir, STATE_FILE), text)
    } catch (error) {
      throw new StateDirError(`--state ${this.dir}: cannot be written (${(error as NodeJS.ErrnoException).code})`)
    }
    this.#generation++
    this.#stateBytes = Buffer.byteLength(text)
    this.#lastSavedAt = new Date().toISOString()
  }
}
