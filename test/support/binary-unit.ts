import fc from 'fast-check'

/**
 * fast-check's `unit: 'binary'` (any code point but a lone surrogate) for fc.string, drawing the
 * very same values from the same seed, without the table fast-check builds for its own the first
 * time such a string is made: a Map of all 1.1 million code points (85 MB, 1.5 s), kept for the
 * rest of the process. The in-process test files share their workers (test/vitest.config.ts), so
 * every file after the first that made one paid for that table again in each full garbage
 * collection. This unit turns a value back into its draw by arithmetic instead.
 * @example
 * fc.string({ unit: BINARY, maxLength: 40 })
 */

/** The code points below the surrogates, then those above them: fast-check's own two ranges, in order. */
const BELOW = 0xd800
const GAP = 0xe000 - 0xd800
const COUNT = BELOW + (0x10ffff - 0xe000 + 1)

export const BINARY: fc.Arbitrary<string> = fc.nat({ max: COUNT - 1 }).map(
  (index) => String.fromCodePoint(index < BELOW ? index : index + GAP),
  (value) => {
    const point = typeof value === 'string' ? value.codePointAt(0) : undefined
    if (point === undefined || String.fromCodePoint(point) !== value || (point >= BELOW && point < BELOW + GAP))
      throw new Error('not a single code point of the unit')
    return point < BELOW ? point : point - GAP
  },
)
