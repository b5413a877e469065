// The files of a --state DIR as the keeper writes them (docs/state.md, Crash safety and cost): what
// changed as one line of changes.log, after the lines a failed save left; or, once the log outgrows
// state.json twice over, the whole state: state.json anew (its body the kept document of
// snapshot/kept-document.ts, taken a slice at a time between turns of the event loop) and the log
// emptied. While saves fail, room is asked first (When a save fails). The files themselves are
// state-dir.ts's.
import { createHash } from 'node:crypto'
import { closeSync, fstatSync } from 'node:fs'
import { join } from 'node:path'
import { setImmediate } from 'node:timers/promises'
import type { Drift } from '../../drift/drift-state.js'
import type { Engine } from '../../engine/engine.js'
import { keptDocument, keptDocumentSlices } from '../../snapshot/kept-document.js'
import { probeSpace, roomFor, UnwrittenLines } from './log-append.js'
import {
  appendLine,
  type DirContents,
  logLine,
  newFolderId,
  openLog,
  renewLog,
  renewLogLater,
  STATE_FILE,
  StateDirError,
  stateFileHeader,
  stateFileText,
  writeDurably,
  writeDurablyLater,
} from './state-dir.js'
import { unwritable } from './state-error.js'
import type { TornWrite } from './state-log.js'

/** The log is compacted into state.json only once it is larger than this, and than LOG_OVER_STATE times state.json. */
const LOG_MIN_BYTES = 4 * 1024 * 1024
/**
 * A whole save serialises every task again: waiting until the log is twice state.json's size, it
 * costs half a byte for each byte of log written (a byte when it came at state.json's own size), and
 * a start reads about three times state.json's bytes at most (docs/state.md, Crash safety and cost).
 */
const LOG_OVER_STATE = 2

/** Whether the next save writes the whole state: the log has outgrown state.json twice over (and LOG_MIN_BYTES). */
const compactionDue = (logBytes: number, stateBytes: number): boolean =>
  logBytes > Math.max(LOG_MIN_BYTES, LOG_OVER_STATE * stateBytes)

/** state.json's body in pieces, with what its header says of it. */
export interface SlicedBody {
  chunks: string[]
  bytes: number
  sha256: string
}

/**
 * state.json's body from the kept document's slices, with its size and checksum: a turn of the
 * event loop after each slice, so that requests are answered meanwhile.
 * @example
 * const { chunks, bytes, sha256 } = await bodyInSlices(keptDocumentSlices(engine, drift))
 */
export async function bodyInSlices(slices: Iterable<string>): Promise<SlicedBody> {
  const hash = createHash('sha256')
  const body: SlicedBody = { chunks: [], bytes: 0, sha256: '' }
  for (const slice of slices) {
    body.chunks.push(slice)
    hash.update(slice)
    body.bytes += Buffer.byteLength(slice)
    // Before the next slice is made (for…of asks for it at the loop's top).
    await setImmediate()
  }
  body.sha256 = hash.digest('hex')
  return body
}

/**
 * @example
 * const files = new KeptFiles(dir, VERSION, readDir(dir), engine, drift)
 * await files.write(false) // a log line, or the whole state
 */
export class KeptFiles {
  readonly dir: string
  /** The log's torn last write, dropped when it was opened. */
  readonly torn: TornWrite | undefined
  /** The next save writes the whole state (compact, or a whole save that failed). */
  wholeNext = false
  readonly #engine: Engine
  readonly #drift: Drift
  readonly #version: string
  /** The folder's id (docs/state.md, The folder): in state.json's header and the log's opening line. */
  readonly #folder: string
  #generation: number
  /** The number of the log's last record (docs/state.md, Crash safety and cost): the next line is one more. */
  #record: number
  #log: number
  #logBytes: number
  #stateBytes: number
  /** The size of the last whole save made or tried. */
  #wholeBytes = 0
  /** Log lines a failed save could not write, written first by the next. */
  readonly #pending = new UnwrittenLines(LOG_MIN_BYTES)

  /** The folder as read (`readDir`), its log opened to append (a torn last write dropped). */
  constructor(dir: string, version: string, contents: DirContents, engine: Engine, drift: Drift) {
    this.dir = dir
    this.#version = version
    this.#engine = engine
    this.#drift = drift
    this.#generation = contents.header?.generation ?? 0
    this.#folder = contents.header?.folder ?? newFolderId()
    this.#stateBytes = contents.saved ? contents.header!.bytes : 0
    this.#logBytes = contents.logBytes
    this.#record = contents.record
    const opened = openLog(dir, contents.logBytes)
    this.#log = opened.fd
    this.torn = opened.torn
  }

  /** The folder read back after a failed save (roll-back.ts): the log's records counted from there. */
  readBack(contents: DirContents): void {
    this.#record = contents.record
  }

  /** Lines a failed save could not write wait for the next. */
  get unwritten(): boolean {
    return this.#pending.any
  }

  /**
   * What changed since the last save, as a log line (after those a failed save left), or the whole
   * state. While saves fail (`failing`), room for more than this save is asked first: a recovery
   * that lasts, and a statfs before any write, so that a full disk costs next to nothing.
   */
  async write(failing: boolean): Promise<void> {
    if (failing) {
      roomFor(this.dir, 0)
      await probeSpace(this.#log)
    }
    const whole = this.wholeNext || compactionDue(this.#logBytes, this.#stateBytes)
    this.wholeNext = false
    const changes = whole ? undefined : this.#engine.saving.takeChanges()
    if (changes) {
      const line = logLine(changes, this.#generation, this.#drift.takeChanges(), this.#folder, ++this.#record)
      const text = this.#pending.with(line)
      await appendLine(this.#log, text, this.dir)
      this.#logBytes += Buffer.byteLength(text)
    } else await this.#writeWhole(failing)
    this.#pending.clear()
  }

  /**
   * A save failed: the lines it could not write are dropped (`drop`: their changes are undone) or
   * kept for the next save; beyond LOG_MIN_BYTES of them, the next save writes the whole state instead.
   */
  failed(drop: boolean): void {
    if (drop) this.#pending.clear()
    else if (this.#pending.tooMany) {
      this.#pending.clear()
      this.wholeNext = true
    }
  }

  /**
   * The whole state into state.json (the log's lines so far are in it), then the log emptied. Made
   * a slice at a time: requests are answered meanwhile.
   */
  async #writeWhole(failing: boolean): Promise<void> {
    // While saves fail, a whole save is built again only once the disk has room for the one that failed.
    if (failing)
      try {
        roomFor(this.dir, Math.max(this.#stateBytes, this.#wholeBytes))
      } catch (error) {
        this.wholeNext = true
        throw error
      }
    const body = await bodyInSlices(keptDocumentSlices(this.#engine, this.#drift))
    this.#wholeBytes = body.bytes
    const header = stateFileHeader(body, this.#generation + 1, this.#version, this.#folder)
    const commit = () => writeDurablyLater(join(this.dir, STATE_FILE), [header, ...body.chunks])
    let log: number | undefined
    try {
      log = await renewLogLater(this.dir, this.#folder, this.#generation + 1, commit, this.#log)
    } catch (error) {
      // The changes counted from this save on: only a whole one brings the folder up to date now.
      this.wholeNext = true
      throw error
    }
    this.#generation++
    this.#record = 0
    this.#stateBytes = body.bytes
    // The new log could not be put in place: the old one is stale, so the next save is whole too.
    if (log === undefined) this.wholeNext = true
    else [this.#log, this.#logBytes] = [log, fstatSync(log).size]
  }

  /** The whole save at start, at once. Refuses with a StateDirError naming the folder. */
  writeWholeNow(): void {
    const body = keptDocument(this.#engine, this.#drift)
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
  }
}
