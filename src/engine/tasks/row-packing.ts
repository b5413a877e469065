// What one task store's rows share to stay small: the first task's time and the fields most tasks have alike.
import type { ImageSize } from '../media/preview-image.js'

/** The largest offset kept as a small integer (12 days); beyond it, the time itself, in a number box. */
const SMALL_OFFSET = 2 ** 30 - 1

/** How many of the Commons made last are kept to be shared. */
const RECENT = 8

/**
 * `at` − `from` when it is a small integer that gives `at` back exactly: what a row keeps of a time
 * with no number box (task-row.ts), its creation, last change and due step alike.
 */
export function smallOffset(at: number, from: number): number | undefined {
  const delta = at - from
  // `| 0`: the difference of two times is a double even when whole, and a field given one keeps a number box.
  return Number.isInteger(delta) && Math.abs(delta) <= SMALL_OFFSET && from + delta === at ? delta | 0 : undefined
}

/** The fields most tasks share with others: those of their account, model, scenario and layout. */
export interface CommonFields {
  readonly accountId: string
  readonly model: string
  readonly scenario: string
  readonly creditsUsed: number
  readonly preview: ImageSize
}

/** CommonFields as rows share them, with the packing that made them (where a changed row finds its next). */
export interface Common extends CommonFields {
  readonly packing: RowPacking
}

/**
 * The packing of one task store's rows (docs/performance.md, Memory per task): the first row's
 * createdAt, which the others' are kept as offsets from, and the Commons made last, which a new row
 * takes when it has every field the same. One per store, so two engines in one process share nothing.
 * @example
 * const packing = new RowPacking()
 * packing.common(fields) === packing.common({ ...fields }) // true: one object for like rows
 */
export class RowPacking {
  /**
   * The first row's createdAt: the others' are kept as offsets from it, with no number box of their
   * own. NaN until a row is made (`firstRow`).
   */
  #base = Number.NaN
  /** The Commons made last, newest first. */
  readonly #recent: Common[] = []

  get base(): number {
    return this.#base
  }

  /** A row is made at `createdAt`: the first one fixes the base. */
  firstRow(createdAt: number): void {
    if (Number.isNaN(this.#base)) this.#base = createdAt
  }

  /** A Common with `fields`' values: one of the recent ones when it matches, else a new one. */
  common({ accountId, model, scenario, creditsUsed, preview }: CommonFields): Common {
    for (const kept of this.#recent)
      if (
        kept.accountId === accountId &&
        kept.model === model &&
        kept.scenario === scenario &&
        kept.creditsUsed === creditsUsed &&
        kept.preview === preview
      )
        return kept
    const made: Common = { accountId, model, scenario, creditsUsed, preview, packing: this }
    if (this.#recent.unshift(made) > RECENT) this.#recent.pop()
    return made
  }
}
