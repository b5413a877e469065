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
}
