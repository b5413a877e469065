import { describe, expect, it } from 'vitest'
import { etagOf, noneMatch } from './etag.js'

describe('etagOf', () => {
  it('is the quoted 64-bit FNV-1a of the UTF-8 bytes, the same from the text or its bytes', () => {
    expect(etagOf('')).toBe('"cbf29ce484222325"')
    expect(etagOf('a')).toBe('"af63dc4c8601ec8c"')
    expect(etagOf('foobar')).toBe('"85944171f73967e8"')
    for (const text of ['{"prompt":"café"}', '€ 𝄞 ✓', 'lone \ud800 surrogate'])
      expect(etagOf(text)).toBe(etagOf(new TextEncoder().encode(text)))
    expect(etagOf('{"n":1}')).not.toBe(etagOf('{"n":2}'))
  })
})

describe('noneMatch (If-None-Match, RFC 9110 §13.1.2)', () => {
  const tag = '"0123456789abcdef"'
  it('matches *, the tag itself, the tag in a list, and the weak form of the tag', () => {
    expect(noneMatch('*', tag)).toBe(true)
    expect(noneMatch(tag, tag)).toBe(true)
    expect(noneMatch(`"x", ${tag}`, tag)).toBe(true)
    expect(noneMatch(`W/${tag}`, tag)).toBe(true)
    expect(noneMatch(`"a,b" ,W/${tag}`, tag)).toBe(true)
  })
  it('does not match another tag, an unquoted one, or no header', () => {
    expect(noneMatch('"0123456789abcdee"', tag)).toBe(false)
    expect(noneMatch('0123456789abcdef', tag)).toBe(false)
    expect(noneMatch(undefined, tag)).toBe(false)
    expect(noneMatch('', tag)).toBe(false)
  })
})
