import { describe, expect, it } from 'vitest'
import { BODY_TEXT_LIMIT, journalBody } from './exchange-entry.js'

describe('journalBody', () => {
  const encode = (text: string) => new TextEncoder().encode(text)

  it('cuts a long body between characters, and the next body is read as it is', () => {
    // 'é' is two bytes: the cut at BODY_TEXT_LIMIT falls between them.
    const cut = journalBody('text/plain', encode(`${'a'.repeat(BODY_TEXT_LIMIT - 1)}é and more`))
    expect(cut).toMatchObject({ size: BODY_TEXT_LIMIT + 10, truncated: true })
    expect(cut?.text).toBe('a'.repeat(BODY_TEXT_LIMIT - 1))
    // The half character held back by the cut is not carried into another body.
    expect(journalBody('application/json', encode('{"b":1}'))).toEqual({
      type: 'application/json',
      size: 7,
      text: '{"b":1}',
    })
  })

  it('keeps a body of exactly BODY_TEXT_LIMIT bytes whole, and one byte more cut', () => {
    expect(journalBody('text/plain', encode('x'.repeat(BODY_TEXT_LIMIT)))).not.toHaveProperty('truncated')
    expect(journalBody('text/plain', encode('x'.repeat(BODY_TEXT_LIMIT + 1)))).toHaveProperty('truncated', true)
  })

  it('keeps media by type and size only', () => {
    expect(journalBody('image/png', new Uint8Array([1, 2, 3]))).toEqual({ type: 'image/png', size: 3 })
  })
})
