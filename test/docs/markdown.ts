import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { slugify } from '../../docs/.vitepress/config.mjs'

/**
 * Reads the README and the docs/ pages for the doc tests: their pages, links, heading anchors and
 * fenced code blocks with the marker comment before each.
 */

export const DOCS_ROOT = join(import.meta.dirname, '..', '..')

export const readPage = (page: string) => readFileSync(join(DOCS_ROOT, page), 'utf8')

/** README.md and every Markdown page under docs/ (the site's own folders excluded), as repository paths. */
export function pages(): string[] {
  const docs = readdirSync(join(DOCS_ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md') && !file.split('/').some((part) => part.startsWith('.')))
    .map((file) => `docs/${file}`)
  return ['README.md', ...docs.sort()]
}

/** The page's lines outside fenced code blocks, with their line numbers. */
function prose(page: string): { text: string; line: number }[] {
  let fenced = false
  return readPage(page)
    .split('\n')
    .flatMap((text, i) => {
      if (/^\s*```/.test(text)) {
        fenced = !fenced
        return []
      }
      return fenced ? [] : [{ text, line: i + 1 }]
    })
}

/** A heading's anchor as the repository host writes it: the site's own slugify, so the two cannot differ. */
export const slug = slugify

/** The anchors of a page's headings; a repeated one gets `-1`, `-2`, … as on the repository host. */
export function anchors(page: string): Set<string> {
  const seen = new Map<string, number>()
  const result = new Set<string>()
  for (const { text } of prose(page)) {
    const heading = /^#{1,6} (.*)$/.exec(text)?.[1]
    if (heading === undefined) continue
    const base = slug(heading)
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    result.add(n === 0 ? base : `${base}-${n}`)
  }
  return result
}

/** Every inline Markdown link `[text](target)` and image outside code, with its line. */
export function links(page: string): { target: string; line: number }[] {
  return prose(page).flatMap(({ text, line }) =>
    [...text.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)].map((m) => ({ target: m[1]!, line })),
  )
}

/** Every repository path named in inline code outside code blocks: `src/…`, `test/…`, `build/…`, …. */
export function paths(page: string): { path: string; line: number }[] {
  return prose(page).flatMap(({ text, line }) =>
    [...text.matchAll(/`((?:src|test|build|fixtures|scenarios|docs|\.ci)\/[^`\s]*)`/g)].map((m) => ({
      path: m[1]!,
      line,
    })),
  )
}

export interface Block {
  page: string
  /** The line of the opening fence. */
  line: number
  language: string
  code: string
  /** The HTML comment on the line before the fence, without `<!--` and `-->`, if any. */
  marker?: string
}

/** Every fenced code block of a page. */
export function blocks(page: string): Block[] {
  const lines = readPage(page).split('\n')
  const found: Block[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(\S*)\s*$/.exec(lines[i]!)
    if (!open) continue
    const indent = open[1]!.length
    const start = i
    const body: string[] = []
    for (i++; i < lines.length && !/^\s*```\s*$/.test(lines[i]!); i++) body.push(lines[i]!.slice(indent))
    const before = lines[start - 1]?.trim() ?? ''
    const marker = /^<!--\s*([\s\S]*?)\s*-->$/.exec(before)?.[1]
    found.push({
      page,
      line: start + 1,
      language: open[2]!,
      code: `${body.join('\n')}\n`,
      ...(marker ? { marker } : {}),
    })
  }
  return found
}
