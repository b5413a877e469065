// What a door that keeps the engine's state in a log asks of it (docs/state.md): a whole save to start
// the log from, the changes since, and a new random stream after a run that did not save its draws.
import { Random } from './random/random.js'
import { saveEngine, saveLive, type SavedEngine } from './saved-state.js'
import type { SavedChanges } from './state-changes.js'
import type { EngineState } from './engine-state.js'
import type { TaskRecord } from './tasks/task-record.js'

/**
 * The engine's saving side, `engine.saving`: checkpoints and the changes that follow them. The
 * browser door, which keeps a whole value, needs only `engine.save()` and `engine.restore()`.
 * @example
 * const { saved, records } = engine.saving.checkpointLive() // then engine.saving.takeChanges() after each request
 */
export class EngineSaving {
  readonly #state: EngineState

  constructor(state: EngineState) {
    this.#state = state
  }

  /**
   * A whole save for a log's snapshot (docs/state.md), from which `takeChanges` counts. Not a copy:
   * it holds the engine's own objects, so serialise it before the engine goes on.
   * @example
   * writeSnapshot(JSON.stringify(engine.saving.checkpoint()))
   */
  checkpoint(): SavedEngine {
    const saved = saveEngine(this.#state.parts(), { copy: false })
    this.#state.changes.restart()
    return saved
  }

  /**
   * What changed since the last `checkpoint` or `takeChanges`, for a log that follows a checkpoint;
   * undefined when only a whole save will do (after a reset or a restore). Serialise it at once.
   * @example
   * if (engine.saving.unsaved) log.append(JSON.stringify(engine.saving.takeChanges() ?? engine.saving.checkpoint()))
   */
  takeChanges(): SavedChanges | undefined {
    const changes = this.#state.changes
    return changes.wholeNeeded ? undefined : changes.take()
  }

  /** The state as it is now is saved (a door has just read it back): changes count from here. */
  markSaved(): void {
    this.#state.changes.restart()
  }

  /**
   * `checkpoint` with the task records as they are rather than as a table, for a door that
   * serialises them a slice at a time (docs/state.md): a record that changes meanwhile is in the
   * next `takeChanges` as well, which replaces it. The rest must be serialised at once.
   */
  checkpointLive(): { saved: SavedEngine; records: readonly TaskRecord[] } {
    const live = saveLive(this.#state.parts())
    this.#state.changes.restart()
    return live
  }

  /**
   * Draws ids from a new random stream from here on: a door whose last run may have handed out
   * ids it did not save (docs/state.md). The next `takeChanges` carries the new stream.
   */
  newRandomStream(seed: number): void {
    this.#state.random = new Random(seed)
  }

  /**
   * Runs `restore` (a door reading its folder back after a save failed) keeping the journal and the
   * findings as they are: undoing changes does not undo the record of what was answered. The next
   * `takeChanges` carries them whole, as new.
   * @example
   * engine.saving.keepingRecords(() => engine.restore(readBack()))
   */
  keepingRecords(restore: () => void): void {
    const { journal, conformance } = this.#state
    const kept = { journal: journal.save(), conformance: conformance.save({ reads: false }) }
    restore()
    journal.restore(kept.journal)
    const { seq, findings, counts } = kept.conformance
    conformance.restore({ ...conformance.save(), seq, findings, counts })
  }

  /** Whether anything may have changed since the last `checkpoint` or `takeChanges`. */
  get unsaved(): boolean {
    return this.#state.changes.pending
  }
}
