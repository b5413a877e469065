// The save step of the route core's list (handlers/route-steps.ts), plugged in by the server's
// --state DIR (docs/state.md, Save strategies: what each can lose): `request` answers a change once
// it is durable, and refuses with the not-saved Problem, which the route core serialises (503,
// Retry-After), when it could not be written or while saves fail; `scheduled` arms its timer.
import type { Engine } from '../../engine/engine.js'
import type { Exchange, Step } from '../../handlers/route-exchange.js'
import type { Sent } from '../../http/request-reply.js'
import type { SaveStrategy } from '../../snapshot/snapshot-keeping.js'
import { notSavedProblem, reasonOf, type SaveFailures } from './save-failures.js'

/** What the step and the keeper's saves share: what is not saved yet, and the last undoing. */
export class Unsaved {
  /** A request that may have changed something was answered since the last save. */
  touched = false
  /** Changing requests answered since the last save that wrote their changes. */
  changed = 0
  /** Requests waiting for the next write to answer (`request`): a write that fails undoes their changes. */
  waiting = 0
  /** When `request` last undid the changes a failed save could not write (performance.now()). */
  rolledBackAt = -1
}

/** What the step asks of the keeper. */
export interface SaveStepParts {
  strategy: SaveStrategy
  engine: Engine
  unsaved: Unsaved
  failures: SaveFailures
  /** Resolves once what changed so far is durable (group-commit.ts). */
  durable(): Promise<void>
  /** A save within a second (`scheduled`). */
  schedule(): void
  /** Something changed after the answer: saved within a second. */
  touch(): void
}

const isReading = (method: string) => method === 'GET' || method === 'HEAD'

/**
 * @example
 * const step = new SaveStep({ strategy: 'request', engine, unsaved, failures, durable, schedule, touch })
 * routeSteps(choices, { save: step })
 */
export class SaveStep implements Required<Step> {
  readonly #parts: SaveStepParts

  constructor(parts: SaveStepParts) {
    this.#parts = parts
  }

  /** With `request`, while saves fail, a changing request (not GET, HEAD) is refused before it changes anything. */
  before({ request }: Exchange): void {
    const failing = this.#parts.failures.current
    if (failing?.refusing && !isReading(request.method)) throw notSavedProblem(failing.reason)
  }

  /**
   * After the route: `request` waits until what it changed is durable and refuses instead when the
   * write failed (its changes undone); `scheduled` arms its timer.
   */
  after(exchange: Exchange, sent: Sent): Sent | Promise<Sent> {
    const { strategy, engine, unsaved, failures } = this.#parts
    const reading = isReading(exchange.request.method)
    // Refused while saves fail (here or by a step ahead): it changed nothing, and waits for no write.
    if (!reading && exchange.started >= failures.refusingSince) {
      unsaved.touched = true
      return sent
    }
    if (!reading || !exchange.control) unsaved.touched = true
    if (!reading) unsaved.changed++
    if (!unsaved.touched && !engine.saving.unsaved) return sent
    if (strategy === 'scheduled') this.#parts.schedule()
    if (strategy !== 'request') return sent
    // While saves fail, reads are answered from memory: what they change is saved when one works.
    if (reading && failures.current) return sent
    unsaved.waiting++
    return this.#parts.durable().then(
      // A failed save undid changes made since this request began: some of its own may be among them.
      () => {
        if (unsaved.rolledBackAt >= exchange.started) throw notSavedProblem(failures.current?.reason ?? 'a save failed')
        // The journal step records the exchange after this one (route-steps.ts): saved within a second.
        if (!exchange.control) this.#parts.touch()
        return sent
      },
      (error: unknown) => {
        throw notSavedProblem(reasonOf(error))
      },
    )
  }
}
