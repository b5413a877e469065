import { describe, it, expect } from 'vitest'
import { parseRange } from './range.js'

const size = 1000

describe('parseRange: the ranges it serves', () => {
  it('returns null without a header', () => {
    expect(parseRange(null, size)).toBeNull()
  })

  it('parses bytes=a-b', () => {
    expect(parseRange('bytes=0-99', size)).toEqual({ start: 0, end: 99 })
    expect(parseRange('bytes=10-10', size)).toEqual({ start: 10, end: 10 })
  })

  it('parses open-ended bytes=a-', () => {
    expect(parseRange('bytes=500-', size)).toEqual({ start: 500, end: 999 })
    expect(parseRange('bytes=0-', size)).toEqual({ start: 0, end: 999 })
  })

  it('parses suffix bytes=-n', () => {
    expect(parseRange('bytes=-100', size)).toEqual({ start: 900, end: 999 })
    expect(parseRange('bytes=-1', size)).toEqual({ start: 999, end: 999 })
  })

  it('accepts a start at size-1', () => {
    expect(parseRange('bytes=999-', size)).toEqual({ start: 999, end: 999 })
    expect(parseRange('bytes=999-999', size)).toEqual({ start: 999, end: 999 })
  })
})

describe('parseRange: at the edges, and what it refuses or ignores', () => {
  it('is unsatisfiable when the start is at or beyond size', () => {
    expect(parseRange('bytes=1000-', size)).toBe('unsatisfiable')
    expect(parseRange('bytes=1000-2000', size)).toBe('unsatisfiable')
    expect(parseRange('bytes=5000-', size)).toBe('unsatisfiable')
  })

  it('clamps an end beyond size', () => {
    expect(parseRange('bytes=900-5000', size)).toEqual({ start: 900, end: 999 })
    expect(parseRange('bytes=0-99999999999999999999', size)).toEqual({ start: 0, end: 999 })
  })

  it('turns a suffix larger than size into the whole file', () => {
    expect(parseRange('bytes=-5000', size)).toEqual({ start: 0, end: 999 })
    expect(parseRange('bytes=-1000', size)).toEqual({ start: 0, end: 999 })
  })

  it('treats bytes=-0 as unsatisfiable', () => {
    expect(parseRange('bytes=-0', size)).toBe('unsatisfiable')
  })

  it('is unsatisfiable for any range of an empty body', () => {
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable')
    expect(parseRange('bytes=-5', 0)).toBe('unsatisfiable')
  })

  it('ignores malformed headers', () => {
    for (const h of [
      '',
      'bytes=',
      'bytes=-',
      'bytes=abc-def',
      'bytes=1.5-2',
      'bytes=+1-2',
      'bytes 0-1',
      'items=0-1',
      'bytes=0-1-2',
      'bytes = 0-1',
    ]) {
      expect(parseRange(h, size), h).toBeNull()
    }
  })

  it('accepts a case-insensitive unit and surrounding whitespace', () => {
    expect(parseRange('  Bytes=1-2 ', size)).toEqual({ start: 1, end: 2 })
  })

  it('ignores multiple ranges', () => {
    expect(parseRange('bytes=0-1,5-6', size)).toBeNull()
    expect(parseRange('bytes=0-1, -5', size)).toBeNull()
  })

  it('ignores a range whose first byte is after its last', () => {
    expect(parseRange('bytes=10-5', size)).toBeNull()
    expect(parseRange('bytes=2000-1500', size)).toBeNull()
  })
})
