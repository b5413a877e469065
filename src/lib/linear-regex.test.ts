import { describe, expect, it } from 'vitest'
import { MAX_REGEX_STATES, parseRegex } from './regex-syntax.js'
import { linearRegex } from './linear-regex.js'

const compile = (source: string, flags = '') => {
  const parsed = parseRegex(source, flags)
  if (!parsed.ok) throw new Error(parsed.message)
  return linearRegex(parsed.regex)
}

/** Patterns of every supported feature, each judged against RegExp on the same inputs. */
const PATTERNS: [string, string][] = [
  ['fox', ''],
  ['^a (red|blue)', 'i'],
  ['^(a+)+$', ''],
  ['(a|aa)*b', ''],
  ['colou?r', ''],
  ['x{2,3}y', ''],
  ['x{2}', ''],
  ['x{2,}$', ''],
  ['[a-c]+\\d{1,2}', ''],
  ['[^aeiou\\s]{3}', ''],
  ['\\bcat\\b', ''],
  ['\\Bat', ''],
  ['^line2$', 'm'],
  ['^line2$', ''],
  ['a.b', ''],
  ['a.b', 's'],
  ['(?:ab|cd)+?e', ''],
  ['(?<word>\\w+)-\\w+', ''],
  ['\\x41\\u0042\\t', ''],
  ['[\\d-z]', ''],
  ['[-a]', ''],
  ['a{,2}', ''],
  ['\\u{1F98A}', 'u'],
  ['^.$', 'u'],
  ['[\\u{1F600}-\\u{1F64F}]', 'u'],
  ['ÉTÉ', 'i'],
  ['\\cJ', ''],
  ['', ''],
  ['a|', ''],
  ['(a*)*', ''],
  ['\\.\\*\\[', ''],
]
const INPUTS = [
  '',
  'fox',
  'A red fox',
  'a blue whale',
  'aaaa',
  'aaab',
  'color colour',
  'xxxy xy',
  'abc12 def',
  'bcd fgh',
  'the cat sat',
  'bat',
  'line1\nline2\nline3',
  'line2',
  'a\nb',
  'axb',
  'ababcde',
  'hello-world',
  'AB\t',
  '-',
  'z',
  'a{,2}',
  'fox 🦊 face 😀',
  '🦊',
  'été',
  '\n',
  '.*[',
]

describe('linearRegex', () => {
  it.each(PATTERNS)('agrees with RegExp on /%s/%s', (source, flags) => {
    const ours = compile(source, flags)
    const theirs = new RegExp(source, flags)
    for (const input of INPUTS) expect(ours.test(input), JSON.stringify(input)).toBe(theirs.test(input))
  })

  it('refuses backreferences and lookaround, naming the feature', () => {
    for (const [source, feature] of [
      ['(a)\\1', 'backreference \\1'],
      ['(?<x>a)\\k<x>', 'named backreference'],
      ['a(?=b)', 'lookahead'],
      ['a(?!b)', 'lookahead'],
      ['(?<=a)b', 'lookbehind'],
      ['(?<!a)b', 'lookbehind'],
    ]) {
      const parsed = parseRegex(source!)
      expect(parsed.ok).toBe(false)
      expect(!parsed.ok && parsed.message).toContain(feature)
      expect(!parsed.ok && parsed.message).toContain('needs backtracking')
    }
  })

  it('refuses a pattern past the state cap, and takes one at it', () => {
    // x{n} compiles to n instructions, plus the final match: MAX_REGEX_STATES − 1 copies fit.
    expect(parseRegex(`x{${MAX_REGEX_STATES - 1}}`).ok).toBe(true)
    const over = parseRegex(`x{${MAX_REGEX_STATES}}`)
    expect(over.ok).toBe(false)
    expect(!over.ok && over.message).toContain(`at most ${MAX_REGEX_STATES}`)
    expect(parseRegex('(a{1,100}){1,100}').ok).toBe(false)
  })

  it('matches catastrophic patterns on a 20,000-character prompt in milliseconds', () => {
    const prompt = `${'a'.repeat(19_999)}b`
    for (const source of ['^(a+)+$', '^(a|aa)*$', '(a*)*c', '^(a|a?)+$']) {
      const regex = compile(source)
      const started = performance.now()
      expect(regex.test(prompt)).toBe(false)
      // Backtracking would take years here; a linear match takes a few ms, and the bound leaves room
      // for a 2-core machine running two test files at a time beside other work.
      expect(performance.now() - started, source).toBeLessThan(1000)
    }
  })
})
