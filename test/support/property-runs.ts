/**
 * How many cases a property test tries. Each test names its count: enough that its inputs reach
 * every kind of answer it checks (the tests assert they did), few enough for `npm test` on a busy
 * two-core machine. GENMOCK_PROPERTY_RUNS=N multiplies every count by N, for a thorough run (e.g.
 * before a release, or after a change to validation); FC_SEED picks another seed.
 * @example
 * const RUNS = runs(100) // 100, or 400 with GENMOCK_PROPERTY_RUNS=4
 */

const FACTOR = Number(process.env.GENMOCK_PROPERTY_RUNS ?? 1)
if (!(FACTOR > 0))
  throw new Error(`GENMOCK_PROPERTY_RUNS must be a positive number, not ${process.env.GENMOCK_PROPERTY_RUNS}`)

/** `count` cases, times GENMOCK_PROPERTY_RUNS. */
export const runs = (count: number): number => Math.max(1, Math.round(count * FACTOR))

/**
 * A generous limit for one property test, for a busy machine (CPU-bound runs take several times
 * their quiet-machine time there), longer as GENMOCK_PROPERTY_RUNS asks for more runs.
 */
export const PROPERTY_LIMIT_MS = Math.round(180_000 * Math.max(1, FACTOR))
