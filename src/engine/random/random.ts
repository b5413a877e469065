// The one seeded source of randomness: ids, durations, chances and fractions from the seed.
import { mersenne, type Mersenne, type MersenneState } from '../../lib/mersenne.js'

const ALPHANUMERIC_CODES = Array.from('0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', (c) =>
  c.charCodeAt(0),
)

/** Numbers the generators' sequences: a count of draws means something only within one. */
let streams = 0

/**
 * The one seeded source of randomness: identifiers and durations drawn from ranges. Same seed and
 * same sequence of calls give the same values, the very ones faker's seeded generator gave
 * (mersenne.test.ts holds them to it).
 * @example
 * const random = new Random(7)
 * random.id('tsk_') // 'tsk_4MrIYxv4guGNn4hUdsV1'
 */
export class Random {
  readonly #next: Mersenne
  readonly #codes: number[] = []
  #draws = 0
  #stream = ++streams

  constructor(seed: number) {
    this.#next = mersenne(seed)
  }

  /**
   * How many values were drawn since the sequence was seeded or last restored: a saved state's
   * log says this count, not the generator's 5 kB (docs/state.md, Crash safety and cost).
   */
  get draws(): number {
    return this.#draws
  }

  /** Which sequence the draws count in: another one after each restore (and for each generator). */
  get stream(): number {
    return this.#stream
  }

  /**
   * Draws `count` values and drops them: where the sequence is after that many draws.
   * @example
   * other.restore(saved); other.skip(random.draws) // other draws what random would have
   */
  skip(count: number): void {
    for (let i = 0; i < count; i++) this.#next()
    this.#draws += count
  }

  /** An opaque identifier: the prefix and `length` base62 characters. */
  id(prefix: string, length = 20): string {
    // Made in one piece from character codes, in an array kept for the next id: appending a
    // character at a time leaves a chain of string pieces per id (about 2 KB a task, as long as the
    // task lives), and joining a fresh array is a tenth of a submission's garbage.
    const codes = this.#codes
    codes.length = prefix.length + length
    for (let i = 0; i < prefix.length; i++) codes[i] = prefix.charCodeAt(i)
    this.#draws += length
    for (let i = prefix.length; i < codes.length; i++)
      codes[i] = ALPHANUMERIC_CODES[Math.floor(this.#next() * ALPHANUMERIC_CODES.length)]!
    return String.fromCharCode.apply(null, codes)
  }

  /**
   * An integer in [min, max], both included; fractional ends round inwards, as faker's number.int did.
   * @example
   * random.int(4, 12) // 4, 5, … or 12
   */
  int(min: number, max: number): number {
    const low = Math.ceil(min)
    const high = Math.floor(max)
    // A one-value range draws nothing, so the sequence stays where faker left it.
    if (low === high) return low
    if (high < low) throw new RangeError(`No integer between ${min} and ${max}`)
    this.#draws++
    return Math.floor(this.#next() * (high - low + 1) + low)
  }

  /**
   * Milliseconds drawn from a span; in whole seconds when both ends are whole seconds.
   * @example
   * random.within({ min: 30000, max: 120000 }) // 30000, 31000, … or 120000
   */
  within({ min, max }: { min: number; max: number }): number {
    if (min === max) return min
    return min % 1000 === 0 && max % 1000 === 0 ? this.int(min / 1000, max / 1000) * 1000 : this.int(min, max)
  }

  /** A float in [0, 1), as the generator draws it. */
  fraction(): number {
    this.#draws++
    return this.#next()
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    if (p >= 1) return true
    this.#draws++
    return this.#next() < p
  }

  /**
   * Where the sequence is, to continue it after a restore (saved-state.ts).
   * @example
   * other.restore(random.save()) // other draws what random would have
   */
  save(): MersenneState {
    return this.#next.save()
  }

  restore(saved: MersenneState): void {
    this.#next.restore(saved)
    this.#draws = 0
    this.#stream = ++streams
  }
}
