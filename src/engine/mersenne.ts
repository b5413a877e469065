/**
 * The Mersenne Twister (MT19937) seeded as @faker-js/faker seeds it, with faker's 53-bit floats:
 * the same seed gives the same numbers as faker did, so every id and duration genmock drew
 * before stays the same, without carrying faker's 113 kB into a page.
 */

const N = 624
const M = 397

/**
 * A generator of floats in [0, 1), 53 bits each, from a numeric seed (taken modulo 2^32).
 * @example
 * const next = mersenne(7)
 * next() // 0.0751…, as faker.seed(7) then faker's randomizer.next()
 */
export function mersenne(seed: number): () => number {
  const state = new Uint32Array(N)
  state[0] = seed >>> 0
  for (let i = 1; i < N; i++) {
    const previous = state[i - 1]!
    state[i] = Math.imul(1812433253, previous ^ (previous >>> 30)) + i
  }
  let index = N
  const twist = () => {
    for (let i = 0; i < N; i++) {
      const y = (state[i]! & 0x80000000) | (state[(i + 1) % N]! & 0x7fffffff)
      state[i] = state[(i + M) % N]! ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0)
    }
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
  return () => ((next32() >>> 5) * 67108864 + (next32() >>> 6)) / 9007199254740992
}
