/**
 * The Mersenne Twister (MT19937) seeded as @faker-js/faker seeds it, with faker's 53-bit floats:
 * the same seed gives the same numbers as faker did, so every id and duration genmock drew
 * before stays the same, without carrying faker's 113 kB into a page.
 */

const N = 624
const M = 397

/** Where a generator is: its 624 words of state, as hex, and how many of them it has used. */
export interface MersenneState {
  words: string
  index: number
}

/** A generator of floats in [0, 1) that can hand over its state and take one up. */
export interface Mersenne {
  (): number
  save(): MersenneState
  /** Continues from a saved state; throws, unchanged, on a malformed one. */
  restore(saved: MersenneState): void
}

/**
 * A generator of floats in [0, 1), 53 bits each, from a numeric seed (taken modulo 2^32).
 * @example
 * const next = mersenne(7)
 * next() // 0.0751…, as faker.seed(7) then faker's randomizer.next()
 */
export function mersenne(seed: number): Mersenne {
  const state = new Uint32Array(N)
  state[0] = seed >>> 0
  for (let i = 1; i < N; i++) {
    const previous = state[i - 1]!
    state[i] = Math.imul(1812433253, previous ^ (previous >>> 30)) + i
  }
  let index = N
  // The reference implementation's three loops: no index needs a `%` to wrap inside them.
  const mix = (i: number, next: number, far: number) => {
    const y = (state[i]! & 0x80000000) | (state[next]! & 0x7fffffff)
    state[i] = state[far]! ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0)
  }
  const twist = () => {
    let i = 0
    for (; i < N - M; i++) mix(i, i + 1, i + M)
    for (; i < N - 1; i++) mix(i, i + 1, i + M - N)
    mix(N - 1, 0, M - 1)
    index = 0
  }
  const next32 = () => {
    if (index >= N) twist()
    let y = state[index++]!
    y ^= y >>> 11
    y ^= (y << 7) & 0x9d2c5680
    y ^= (y << 15) & 0xefc60000
    y ^= y >>> 18
    return y >>> 0
  }
  const next = () => ((next32() >>> 5) * 67108864 + (next32() >>> 6)) / 9007199254740992
  // Hex: 5 kB of JSON against 6.5 kB as an array of numbers.
  const save = (): MersenneState => ({
    words: Array.from(state, (word) => word.toString(16).padStart(8, '0')).join(''),
    index,
  })
  const restore = ({ words, index: at }: MersenneState) => {
    if (!/^[0-9a-f]*$/.test(words) || words.length !== N * 8 || !Number.isInteger(at) || at < 0 || at > N)
      throw new Error('not a Mersenne Twister state')
    for (let i = 0; i < N; i++) state[i] = Number.parseInt(words.slice(i * 8, i * 8 + 8), 16)
    index = at
  }
  return Object.assign(next, { save, restore })
}
