// The characters of the regular expressions a scenario may use (docs/scenarios.md, Regular
// expressions): the tests of `\d`, `\w`, `\s` and their negations, line terminators, and the control
// escapes, as the parser (regex-syntax.ts) and the matcher (linear-regex.ts) read them.

/** Whether a character (a code unit, or a code point with the `u` flag) belongs. */
export type CharTest = (code: number) => boolean

export const range =
  (low: number, high: number): CharTest =>
  (c) =>
    c >= low && c <= high
const DIGIT = range(48, 57)
const WORD: CharTest = (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95
const SPACE_CHARS = new Set([
  9,
  10,
  11,
  12,
  13,
  32,
  0xa0,
  0x1680,
  0x2028,
  0x2029,
  0x202f,
  0x205f,
  0x3000,
  0xfeff,
  ...Array.from({ length: 11 }, (_, i) => 0x2000 + i),
])
const SPACE: CharTest = (c) => SPACE_CHARS.has(c)
export const not =
  (test: CharTest): CharTest =>
  (c) =>
    !test(c)
/** Line terminators, for `.` without `s` and for `^`/`$` with `m`. */
export const isLineTerminator = (c: number) => c === 10 || c === 13 || c === 0x2028 || c === 0x2029
/** `\w`, as `\b` judges word characters. */
export const isWordChar = WORD

export const CLASS_ESCAPES: Record<string, CharTest> = {
  d: DIGIT,
  D: not(DIGIT),
  w: WORD,
  W: not(WORD),
  s: SPACE,
  S: not(SPACE),
}
export const CONTROL_ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, f: 12, v: 11 }
