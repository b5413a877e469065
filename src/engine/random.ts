import { mersenne, type Mersenne, type MersenneState } from './mersenne.js'

const ALPHANUMERIC = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'

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

  constructor(seed: number) {
    this.#next = mersenne(seed)
  }

  /** An opaque identifier: the prefix and `length` base62 characters. */
  id(prefix: string, length = 20): string {
    // Joined once, not appended a character at a time: appending leaves a chain of string pieces
    // per id (about 2 KB a task) that lives as long as the task.
    const chars = [prefix]
    for (let i = 0; i < length; i++) chars.push(ALPHANUMERIC[Math.floor(this.#next() * ALPHANUMERIC.length)]!)
    return chars.join('')
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

  /** True with probability `p`. */
  chance(p: number): boolean {
    return p >= 1 || this.#next() < p
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
  }
}
