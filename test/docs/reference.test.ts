import { describe, expect, it } from 'vitest'
import { REFERENCE_PAGES } from '../../build/docs-reference.js'
import { readPage } from './markdown.js'

/**
 * The generated reference pages (docs/reference/) are what build/docs-reference.ts writes from
 * the option table and the control API's OpenAPI document: a change to either without
 * `npm run docs:reference` fails here.
 */
describe('the generated reference pages', () => {
  for (const [page, render] of Object.entries(REFERENCE_PAGES))
    it(`${page} is current (npm run docs:reference rewrites it)`, () => {
      expect(readPage(page)).toBe(render())
    })
})
