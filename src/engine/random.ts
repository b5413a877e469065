import type { Faker } from '@faker-js/faker'
import { faker as baseFaker } from '@faker-js/faker/locale/base'

// The base-locale entry loads in a tenth of the time of the main one, which imports every locale.
// Each Random needs its own instance (a shared one would mix seeds), so take the class from it.
const FakerClass = baseFaker.constructor as typeof Faker

/**
 * The one seeded source of randomness: identifiers and durations drawn from ranges.
 * Same seed and same sequence of calls give the same values.
 * @example
 * const random = new Random(7)
 * random.id('tsk_') // 'tsk_' + 20 base62 characters
 */
export class Random {
  #faker: Faker

  constructor(seed: number) {
    // The base locale only: genmock needs strings and numbers, not names or addresses.
    this.#faker = new FakerClass({ locale: baseFaker.rawDefinitions })
    this.#faker.seed(seed)
  }

  /** An opaque identifier: the prefix and `length` base62 characters. */
  id(prefix: string, length = 20): string {
    return prefix + this.#faker.string.alphanumeric({ length, casing: 'mixed' })
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return this.#faker.number.int({ min, max })
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
    return p >= 1 || this.#faker.number.float({ min: 0, max: 1 }) < p
  }
}
