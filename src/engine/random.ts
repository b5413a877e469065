import { Faker, base } from '@faker-js/faker'

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
    this.#faker = new Faker({ locale: [base] })
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
