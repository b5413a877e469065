// What the keeper tells about saves that fail, a full disk say (docs/state.md, When a save fails):
// since when, why, how many tries, whether changing requests are refused meanwhile. It warns once
// when saving starts to fail and once when it works again, not at every retry.
import type { StateFailure } from '../../snapshot/snapshot-keeping.js'
import { Problem } from '../../engine/problem.js'

/** A failed save is tried again this long after; a refusal's Retry-After says as much. */
export const RETRY_MS = 1000

/** How a warning reaches the logs: the CLI's output (an event with --log json), else stderr. */
export type StateWarn = (event: string, fields: Record<string, unknown>, text: string) => void

/** Where a state warning goes when nobody says: a process warning on stderr. */
export const toStderr: StateWarn = (_event, _fields, text) => process.emitWarning(`genmock: ${text}`)

/** An error's code (ENOSPC, EIO, …), or its message. */
export const reasonOf = (error: unknown): string =>
  (error as NodeJS.ErrnoException).code ?? (error as Error).message ?? String(error)

/**
 * @example
 * const failures = new SaveFailures(dir, out.warn)
 * failures.failed(error, true) // warns: the state is not being saved …
 * failures.succeeded() // warns: … saved again
 */
export class SaveFailures {
  readonly #dir: string
  readonly #warn: StateWarn
  #current: StateFailure | undefined
  #refusingSince = Number.POSITIVE_INFINITY

  constructor(dir: string, warn: StateWarn = toStderr) {
    this.#dir = dir
    this.#warn = warn
  }

  /** Set while saving fails. */
  get current(): StateFailure | undefined {
    return this.#current
  }

  /** When changing requests began to be refused (performance.now()); never while they are not. */
  get refusingSince(): number {
    return this.#refusingSince
  }

  /** A save failed; `refusing` when changing requests are refused until one works. */
  failed(error: unknown, refusing: boolean): void {
    const reason = reasonOf(error)
    if (this.#current) {
      this.#current = { ...this.#current, reason, attempts: this.#current.attempts + 1 }
      return
    }
    this.#current = { since: new Date().toISOString(), reason, attempts: 1, refusing }
    if (refusing) this.#refusingSince = performance.now()
    const refused = refusing ? '; changing requests are answered 503 until it can' : ''
    this.#warn(
      'state-failing',
      { dir: this.#dir, reason, refusing },
      `the state cannot be saved to ${this.#dir} (${reason}); trying again every second${refused}`,
    )
  }

  /** A save worked: if saving was failing, it is over. */
  succeeded(): void {
    if (!this.#current) return
    const { since, attempts } = this.#current
    this.#current = undefined
    this.#refusingSince = Number.POSITIVE_INFINITY
    this.#warn(
      'state-saving',
      { dir: this.#dir, failingSince: since, attempts },
      `the state is saved to ${this.#dir} again (it could not be since ${since})`,
    )
  }
}

/**
 * What a save that failed when genmock stopped left out, for its last line.
 * @example
 * notSaved(error, 12, '2026-11-29T00:40:00.000Z') // 'ENOSPC: 12 changing requests answered since … not saved'
 */
export function notSaved(error: unknown, requests: number, lastSavedAt: string | undefined): string {
  const plural = requests === 1 ? '' : 's'
  return `${reasonOf(error)}: ${requests} changing request${plural} answered since ${lastSavedAt ?? 'start'} not saved`
}

/**
 * A change refused or undone because the state could not be saved: 503, try again in a second.
 * @example
 * notSavedProblem('ENOSPC').detail // { kind: 'not-saved', reason: 'ENOSPC', retryAfterSeconds: 1 }
 */
export const notSavedProblem = (reason: string): Problem =>
  Problem.of({ kind: 'not-saved', reason, retryAfterSeconds: RETRY_MS / 1000 })
