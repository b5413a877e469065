import { isDeepStrictEqual } from 'node:util'
import { expect } from 'vitest'

/**
 * `expect(actual, message)` for the checks a property test repeats thousands of times (a model's
 * invariants after every step, over every ledger entry): each comparison is made plainly first, and
 * only one that fails goes through vitest's expect, which then fails with its usual message and
 * diff. Vitest's expect does some bookkeeping on every call, which in such loops costs more than
 * the model itself. A passing check passes exactly when vitest's would: `toEqual` takes the fast
 * way only for deeply, strictly equal values, and asks vitest otherwise.
 * @example
 * quickExpect(balance, 'balance against the model').toBe(expected)
 */
export function quickExpect(actual: unknown, message?: string) {
  const vitest = () => expect(actual, message)
  return {
    toBe(expected: unknown): void {
      if (!Object.is(actual, expected)) vitest().toBe(expected)
    },
    toEqual(expected: unknown): void {
      if (!isDeepStrictEqual(actual, expected)) vitest().toEqual(expected)
    },
    toBeUndefined(): void {
      if (actual !== undefined) vitest().toBeUndefined()
    },
    toBeGreaterThanOrEqual(bound: number): void {
      if (!(typeof actual === 'number' && actual >= bound)) vitest().toBeGreaterThanOrEqual(bound)
    },
    toHaveLength(length: number): void {
      if (!(Array.isArray(actual) && actual.length === length)) vitest().toHaveLength(length)
    },
    toContain(item: unknown): void {
      if (!(Array.isArray(actual) && actual.includes(item))) vitest().toContain(item)
    },
    toBeInstanceOf(type: abstract new (...args: never[]) => unknown): void {
      if (!(actual instanceof type)) vitest().toBeInstanceOf(type)
    },
    toMatch(pattern: RegExp): void {
      if (!(typeof actual === 'string' && !pattern.global && !pattern.sticky && pattern.test(actual)))
        vitest().toMatch(pattern)
    },
  }
}
