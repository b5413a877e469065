import { existsSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { anchors, DOCS_ROOT, links, pages, paths, readPage } from './markdown.js'

/**
 * The README and the docs/ pages as a reader meets them on the repository host: a README that
 * fits on a screen or two, and every relative link landing on a file that exists and, with a
 * fragment, on a heading of it (anchors as the repository host and the site both write them).
 */

/** Paths the docs name that are not the repository's: a user's file, another tool's, a run's output. */
const ELSEWHERE = new Set(['src/main.ts', 'src/content/docs/', 'test/artifacts/bench.json', 'docs/.vitepress/dist/'])

describe('the README', () => {
  it('is at most 200 lines', () => {
    expect(readPage('README.md').split('\n').length - 1).toBeLessThanOrEqual(200)
  })

  it('links to the docs index, which links every page', () => {
    expect(links('README.md').map((link) => link.target)).toContain('docs/README.md')
  })
})

describe('the docs', () => {
  it('have a relative link target for every link, and a heading for every fragment', () => {
    const broken: string[] = []
    for (const page of pages())
      for (const { target, line } of links(page)) {
        if (/^[a-z]+:/i.test(target)) continue
        const [path = '', fragment] = target.split('#')
        const file = path === '' ? page : relative(DOCS_ROOT, join(DOCS_ROOT, dirname(page), path))
        if (!existsSync(join(DOCS_ROOT, file))) broken.push(`${page}:${line}: ${target} (no file ${file})`)
        else if (fragment !== undefined && file.endsWith('.md') && !anchors(file).has(fragment))
          broken.push(`${page}:${line}: ${target} (no heading #${fragment} in ${file})`)
      }
    expect(broken).toEqual([])
  })

  it('name only files and folders of the repository that exist', () => {
    const missing = pages().flatMap((page) =>
      paths(page)
        .filter(({ path }) => !ELSEWHERE.has(path) && !/[*{…]/.test(path))
        .filter(({ path }) => !existsSync(join(DOCS_ROOT, path.replace(/\/$/, '').split(':')[0]!)))
        .map(({ path, line }) => `${page}:${line}: ${path}`),
    )
    expect(missing).toEqual([])
  })

  it('are each linked from the docs index', () => {
    const linked = new Set(links('docs/README.md').map((link) => `docs/${link.target.split('#')[0]}`))
    const missing = pages().filter((page) => page.startsWith('docs/') && page !== 'docs/README.md' && !linked.has(page))
    expect(missing).toEqual([])
  })
})
