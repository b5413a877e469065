/**
 * The documentation site (npm run docs:build → docs/.vitepress/dist/, npm run docs:dev to write):
 * VitePress over the plain Markdown pages of docs/. The sidebar is the docs index (docs/README.md),
 * anchors are written as the repository host writes them so one link works in both, and links to
 * files outside docs/ point at the repository.
 */
import { readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { defineConfig, type DefaultTheme } from 'vitepress'

const DOCS = join(import.meta.dirname, '..')
const REPOSITORY = 'https://github.com/genmock/genmock/blob/main/'

/**
 * A heading's anchor as the repository host writes it (the docs tests check links with it): lower
 * case, punctuation dropped but `-` and `_`, each space a `-`.
 * @example slugify('Use it from tests (msw/node)') // 'use-it-from-tests-mswnode'
 */
export function slugify(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-')
}

/** The sidebar: the index's `## Group` headings and the page links under each. */
function sidebar(): DefaultTheme.SidebarItem[] {
  const groups: DefaultTheme.SidebarItem[] = []
  for (const line of readFileSync(join(DOCS, 'README.md'), 'utf8').split('\n')) {
    const group = /^## (.+)$/.exec(line)?.[1]
    if (group) groups.push({ text: group, items: [] })
    for (const [, text, page] of line.matchAll(/\[([^\]]+)\]\(([\w/-]+)\.md\)/g))
      groups.at(-1)?.items?.push({ text: text![0]!.toUpperCase() + text!.slice(1), link: `/${page}` })
  }
  return [{ text: 'Overview', link: '/' }, ...groups]
}

export default defineConfig({
  title: 'genmock',
  description: 'A local simulator of an image and video generation task service',
  lang: 'en',
  rewrites: { 'README.md': 'index.md' },
  cleanUrls: false,
  lastUpdated: false,
  markdown: {
    anchor: { slugify },
    config(md) {
      // A link to a file outside docs/ (a scenario, a test, the LICENSE) opens it in the repository.
      const render = md.renderer.rules.link_open
      md.renderer.rules.link_open = (tokens, index, options, env, self) => {
        const href = tokens[index]!.attrGet('href')
        const page = (env as { relativePath?: string }).relativePath ?? ''
        const target = href && !/^[a-z]+:|^#/i.test(href) ? posix.join(posix.dirname(page), href) : ''
        if (target.startsWith('../')) tokens[index]!.attrSet('href', REPOSITORY + target.replace(/^(\.\.\/)+/, ''))
        return render ? render(tokens, index, options, env, self) : self.renderToken(tokens, index, options)
      }
    },
  },
  themeConfig: {
    nav: [
      { text: 'Get started', link: '/get-started' },
      { text: 'Test kit', link: '/test-kit' },
      { text: 'CLI', link: '/reference/cli' },
      { text: 'Control API', link: '/reference/control-api' },
    ],
    sidebar: sidebar(),
    outline: [2, 3],
    search: { provider: 'local', options: { detailedView: true } },
  },
})
