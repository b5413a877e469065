import type { Faker } from '@faker-js/faker'
import { faker as baseFaker } from '@faker-js/faker/locale/base'
import { describe, expect, it } from 'vitest'
import { Random } from './random.js'

/**
 * The oracle: Random as it was when faker drew every value (faker stays a dev dependency for
 * this). The same seed and the same calls must give the same values, or every id, duration and
 * scenario draw a user has recorded would change.
 */
class FakerRandom {
  readonly #faker: Faker
  constructor(seed: number) {
    this.#faker = new (baseFaker.constructor as typeof Faker)({ locale: baseFaker.rawDefinitions })
    this.#faker.seed(seed)
  }
  id(prefix: string, length = 20) {
    return prefix + this.#faker.string.alphanumeric({ length, casing: 'mixed' })
  }
  int(min: number, max: number) {
    return this.#faker.number.int({ min, max })
  }
  chance(p: number) {
    return p >= 1 || this.#faker.number.float({ min: 0, max: 1 }) < p
  }
}

/** A long mixed sequence of calls, as the engine makes them: ids of several lengths, ints over several spans, chances. */
function draws(random: Pick<Random, 'id' | 'int' | 'chance'>): unknown[] {
  const out: unknown[] = []
  for (let i = 0; i < 3000; i++) {
    switch (i % 6) {
      case 0: out.push(random.id('tsk_')); break
      case 1: out.push(random.id('acct_', 12), random.id('sk_test_', 24)); break
      case 2: out.push(random.int(4, 12), random.int(30, 120), random.int(5, 5)); break
      case 3: out.push(random.int(0, 2 ** 40), random.int(50, 500)); break
      case 4: out.push(random.chance(0.25), random.chance(1), random.chance(0.5)); break
      default: out.push(random.int(1000, 3000))
    }
  }
  return out
}

describe('Random without faker', () => {
  it.each([0, 1, 7, 42, 123456, 2 ** 31, 2 ** 32 + 5, 2 ** 40, Number.MAX_SAFE_INTEGER])('draws exactly what faker drew for seed %s', (seed) => {
    expect(draws(new Random(seed))).toEqual(draws(new FakerRandom(seed)))
  })

  it('gives the README its first task id of seed 7', () => {
    expect(new Random(7).id('tsk_')).toBe('tsk_4MrIYxv4guGNn4hUdsV1')
  })

  it('different seeds draw different ids', () => {
    expect(new Random(1).id('tsk_')).not.toBe(new Random(2).id('tsk_'))
  })
})
