import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The code's citations of the docs, as the house rule asks for them (docs/how-it-is-built.md,
 * Developing): `(docs/PAGE.md)` or `(docs/PAGE.md, Section)` names a page that exists and, with a
 * section, one of its headings or a paragraph's bold lead (`**Memory per task.**`). A citation may
 * run over a comment's line break. The README is a landing page: code cites its sections no more.
 */

const ROOT = join(import.meta.dirname, '..', '..')
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src', 'test', 'build'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /\.(?:[cm]?[jt]s|tsx)$/.test(file) && !file.endsWith('.d.ts') && existsSync(join(ROOT, file)))
  // This file's own patterns are not citations.
  .filter((file) => file !== 'test/docs/citations.test.ts')

/** A file's text with comment line breaks joined, so a citation over two lines reads as one. */
const joined = (file: string) => readFileSync(join(ROOT, file), 'utf8').replace(/\n\s*(?:\*(?!\/)|\/\/)\s*/g, ' ')

/** What a page offers to cite: its headings and its paragraphs' bold leads, lower-cased. */
function sections(page: string): Set<string> {
  const text = readFileSync(join(ROOT, page), 'utf8')
  const found = new Set<string>()
  for (const [, heading] of text.matchAll(/^#{1,6} +(.+?) *$/gm)) found.add(heading!.toLowerCase())
  for (const [, lead] of text.matchAll(/^\*\*(.+?)\.?\*\*/gm)) found.add(lead!.toLowerCase())
  return found
}

const CITATION = /\((docs\/[\w./-]+)(?:, "?([^)";]+?)"?)?[);]/g

describe('citations of the docs in code', () => {
  it('name pages that exist and sections those pages have', () => {
    const cache = new Map<string, Set<string>>()
    const broken: string[] = []
    let count = 0
    for (const file of files)
      for (const [, page, section] of joined(file).matchAll(CITATION)) {
        count++
        if (!existsSync(join(ROOT, page!))) {
          broken.push(`${file}: ${page} does not exist`)
          continue
        }
        if (section === undefined) continue
        if (!cache.has(page!)) cache.set(page!, sections(page!))
        if (!cache.get(page!)!.has(section.replace(/\s+/g, ' ').toLowerCase()))
          broken.push(`${file}: ${page} has no section "${section}"`)
      }
    expect(broken).toEqual([])
    expect(count).toBeGreaterThan(100)
  })

  it('never cite a README section', () => {
    const cited = (file: string) => [...joined(file).matchAll(/\(README, ([^)]+)\)/g)]
    const stale = files.flatMap((file) => cited(file).map(([citation]) => `${file}: ${citation}`))
    expect(stale).toEqual([])
  })
})
