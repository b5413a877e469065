import { describe, expect, it } from 'vitest'
import { MAX_DURATION_MS, parseDuration, parseSpan } from './duration.js'
import { scenarioSchema } from './scenario.js'

const WEEK = 7 * 24 * 3_600_000

describe('parseDuration', () => {
  it.each([
    ['500ms', 500],
    ['1ms', 1],
    ['15s', 15_000],
    ['2m', 120_000],
    ['1h', 3_600_000],
    ['0s', 0],
    ['0ms', 0],
  ])('reads every unit: %s is %i ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms)
  })

  it.each([
    ['1m30s', 90_000],
    ['1h30m', 5_400_000],
    ['1h2m3s4ms', 3_723_004],
    ['2s500ms', 2_500],
  ])('adds up combinations: %s is %i ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms)
  })

  it.each([
    ['1.5s', 1_500],
    ['0.5m', 30_000],
    ['0.25h', 900_000],
    ['1.5m30s', 120_000],
    ['2.5ms', 3], // rounded to whole milliseconds
    ['0.4ms', 0],
  ])('reads decimals: %s is %i ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms)
  })

  it.each([
    [15, 15_000],
    [0, 0],
    [2.5, 2_500],
    [0.001, 1],
    [604_800, WEEK],
  ])('reads a bare number as seconds: %d is %i ms', (seconds, ms) => {
    expect(parseDuration(seconds)).toBe(ms)
  })

  it.each([-1, -0.001, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'refuses the number %d',
    (value) => {
      expect(parseDuration(value)).toBeUndefined()
    },
  )

  it.each([' 15s', '15s ', '15 s', '1m 30s', '\t15s', '15s\n', ' '])('refuses whitespace anywhere: %j', (text) => {
    expect(parseDuration(text)).toBeUndefined()
  })

  it.each([
    '',
    'abc',
    's',
    '15',
    '1d',
    '15S',
    '15sec',
    '1.s',
    '.5s',
    '1e3s',
    '-1s',
    '+1s',
    '1h30',
    '15s!',
    'x15s',
    '15s15',
    'expiry',
    '1,5s',
  ])('refuses what is not a duration: %j', (text) => {
    expect(parseDuration(text)).toBeUndefined()
  })

  it('starts afresh on every call (the parser keeps no state from a refused text)', () => {
    expect(parseDuration('15s x')).toBeUndefined()
    expect(parseDuration('15s')).toBe(15_000)
    expect(parseDuration('1m30s')).toBe(90_000)
    expect(parseDuration('30s')).toBe(30_000)
  })
})

describe('parseSpan', () => {
  it('reads a single duration as a span of one value', () => {
    expect(parseSpan('15s')).toEqual({ min: 15_000, max: 15_000 })
    expect(parseSpan(15)).toEqual({ min: 15_000, max: 15_000 })
    expect(parseSpan('1m30s')).toEqual({ min: 90_000, max: 90_000 })
  })

  it('reads a range lo..hi, each end in any unit', () => {
    expect(parseSpan('30s..120s')).toEqual({ min: 30_000, max: 120_000 })
    expect(parseSpan('500ms..2s')).toEqual({ min: 500, max: 2_000 })
    expect(parseSpan('1m..1m30s')).toEqual({ min: 60_000, max: 90_000 })
    expect(parseSpan('1.5s..2.5s')).toEqual({ min: 1_500, max: 2_500 })
  })

  it('accepts an empty range (lo equal to hi)', () => {
    expect(parseSpan('5s..5s')).toEqual({ min: 5_000, max: 5_000 })
    expect(parseSpan('1m..60s')).toEqual({ min: 60_000, max: 60_000 })
  })

  it('refuses a backwards range, even by one millisecond', () => {
    expect(parseSpan('120s..30s')).toBeUndefined()
    expect(parseSpan('1001ms..1s')).toBeUndefined()
    expect(parseSpan('1000ms..1s')).toEqual({ min: 1_000, max: 1_000 })
  })

  it.each([
    '30s..',
    '..30s',
    '..',
    '1s..2s..3s',
    '30s...60s',
    '30s .. 60s',
    '30s.. 60s',
    '30s ..60s',
    '30s-60s',
    '30s..abc',
    'abc..30s',
    '',
  ])('refuses a malformed range: %j', (text) => {
    expect(parseSpan(text)).toBeUndefined()
  })

  it('refuses a negative or non-finite number', () => {
    expect(parseSpan(-1)).toBeUndefined()
    expect(parseSpan(Number.NaN)).toBeUndefined()
    expect(parseSpan(Number.POSITIVE_INFINITY)).toBeUndefined()
  })

  describe('the one-week cap', () => {
    it('is a week', () => {
      expect(MAX_DURATION_MS).toBe(WEEK)
    })

    it('accepts exactly a week, as a duration, a number and either end of a range', () => {
      expect(parseSpan('168h')).toEqual({ min: WEEK, max: WEEK })
      expect(parseSpan('10080m')).toEqual({ min: WEEK, max: WEEK })
      expect(parseSpan(604_800)).toEqual({ min: WEEK, max: WEEK })
      expect(parseSpan('1s..168h')).toEqual({ min: 1_000, max: WEEK })
      expect(parseSpan('168h..168h')).toEqual({ min: WEEK, max: WEEK })
    })

    it('refuses a millisecond more, as a duration, a number and either end of a range', () => {
      expect(parseSpan('168h1ms')).toBeUndefined()
      expect(parseSpan(604_800.001)).toBeUndefined()
      expect(parseSpan('1s..168h1ms')).toBeUndefined()
      expect(parseSpan('168h1ms..169h')).toBeUndefined()
      expect(parseSpan('169h..170h')).toBeUndefined()
    })
  })
})

describe('the one-week cap in a scenario file', () => {
  const withRule = (rule: unknown) => scenarioSchema.safeParse({ name: 'cap', description: 'cap test', rules: [rule] })
  const issuePaths = (result: ReturnType<typeof withRule>) =>
    result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'))

  it('applies to a timeline step: a week is the latest a step may happen', () => {
    expect(withRule({ timeline: [{ at: '168h', set: { status: 1 } }] }).success).toBe(true)
    expect(issuePaths(withRule({ timeline: [{ at: '168h1ms', set: { status: 1 } }] }))).toEqual([
      'rules.0.timeline.0.at',
    ])
    expect(issuePaths(withRule({ timeline: [{ at: '1s..169h', set: { status: 1 } }] }))).toEqual([
      'rules.0.timeline.0.at',
    ])
  })

  it('applies to submit.latency', () => {
    expect(withRule({ submit: { latency: '0s..168h' } }).success).toBe(true)
    expect(issuePaths(withRule({ submit: { latency: '0s..168h1ms' } }))).toEqual(['rules.0.submit.latency'])
  })

  // MAX_DURATION_MS is "the longest duration a scenario may state". expiresIn goes through
  // parseDuration, which has no cap: an expiresIn of years is accepted, and a large enough one
  // makes expiresAt an invalid date (the submission then throws a RangeError after debiting).
  it('applies to submit.expiresIn', () => {
    const relay = (expiresIn: string) => withRule({ match: { provider: 'relay' }, submit: { expiresIn } })
    expect(relay('168h').success).toBe(true)
    expect(issuePaths(relay('168h1ms'))).toEqual(['rules.0.submit.expiresIn'])
    expect(issuePaths(relay('100000000000h'))).toEqual(['rules.0.submit.expiresIn'])
  })
})
