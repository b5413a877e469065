import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isPlainTarget, target } from './request-target.js'

/** What a Fetch URL makes of a target: its path and query, as the msw and browser doors read them. */
const parsed = (url: string) => {
  const { pathname, search } = new URL(url, 'http://localhost')
  return { path: pathname, query: search.slice(1) }
}

describe('request targets', () => {
  it('reads a plain target as it is, without a URL parser', () => {
    expect(isPlainTarget('/api/ai/tasks/tsk_1?limit=5')).toBe(true)
    expect(target('/api/ai/tasks/tsk_1?limit=5')).toEqual({ path: '/api/ai/tasks/tsk_1', query: 'limit=5' })
    expect(isPlainTarget('/a/b.c/d%41e')).toBe(true) // a dot inside a segment, an escape that is no dot
  })

  it('resolves dot segments anywhere in the path, the first one and escaped ones too, as a Fetch URL does', () => {
    for (const url of ['/./api/ai/models', '/../api/ai/models', '/%2e%2e/api/ai/models', '/%2E/api/ai/models']) {
      expect(isPlainTarget(url), url).toBe(false)
      expect(target(url), url).toEqual({ path: '/api/ai/models', query: '' })
    }
    expect(target('/api/ai/x/%2e%2E/models?q=1')).toEqual({ path: '/api/ai/models', query: 'q=1' })
  })

  it('reads every target as a URL parser does, most of them without one', () => {
    const unit = fc.constantFrom(...'/./..%2e%2E%41?ab_-~!$&()*+,;=:@'.split(''), '/.', '/..', '/%2e', '%2E', '?')
    let plain = 0
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 16 }), (units) => {
        const url = `/${units.join('')}`
        // `//x` is a path to HTTP (RFC 9112 §3.2.1) and a host to a URL parser: not what is compared here.
        fc.pre(!url.startsWith('//'))
        if (isPlainTarget(url)) plain++
        expect(target(url)).toEqual(parsed(url))
      }),
      { numRuns: 2000 },
    )
    expect(plain).toBeGreaterThan(200) // the fast path was taken, and checked
  })

  it('leaves a query and a fragment to the URL parser as before', () => {
    expect(isPlainTarget('/a?x=/.')).toBe(false)
    expect(isPlainTarget('/a#frag')).toBe(false)
    expect(isPlainTarget('/a?x=1#frag')).toBe(false)
    expect(isPlainTarget('http://example.com/a')).toBe(false)
    expect(isPlainTarget('*')).toBe(false)
  })
})
