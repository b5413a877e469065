// The outputs of completed tasks, as the engine gives them (docs/openapi.md): `engine.media`,
// an image or a video for the service's media routes (relay media need the owner's credential), and
// a task's output for the control API, asking no credential.
import type { Account } from './accounts/accounts.js'
import * as control from './control-actions.js'
import type { EngineState } from './engine-state.js'
import * as reads from './service-reads.js'
import type { TaskRecord } from './tasks/task-record.js'

/**
 * The engine's media side, `engine.media`.
 * @example
 * const png = engine.media.image('tsk_…', 0, null)
 */
export class EngineMedia {
  readonly #state: EngineState

  constructor(state: EngineState) {
    this.#state = state
  }

  /** PNG bytes of an output image; relay media need the owner's credential (`caller` null: none asked). */
  image(taskId: string, index: number, caller: (() => Account) | null): Uint8Array {
    return reads.imageMedia(this.#state, taskId, index, caller)
  }

  /** MP4 bytes of an output video; relay media need the owner's credential. */
  video(taskId: string, caller: (() => Account) | null): Uint8Array {
    return reads.videoMedia(this.#state, taskId, caller)
  }

  /**
   * A completed task's output for the control API (the dashboard): image `index`, or the video at
   * index 0. No credential is asked, even for relay media, so no conformance rule can be broken.
   */
  ofTask(taskId: string, index: number): { type: TaskRecord['type']; bytes: Uint8Array } {
    return control.taskMedia(this.#state, taskId, index)
  }
}
