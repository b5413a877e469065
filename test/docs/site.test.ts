import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureChromium, INSTALL_LIMIT_MS, launchBrowser } from '../support/browser.js'
import { DOCS_ROOT, pages } from './markdown.js'

/**
 * The documentation site as a reader meets it: `vitepress build docs` (what npm run docs:build
 * runs) into a temporary folder, served over HTTP and opened in Chromium. Every page renders
 * with its title and no script error, every internal link lands on a page and, with a fragment,
 * on an element of that id, and the search finds "Idempotency-Key". Screenshots go to
 * test/artifacts/docs-*.png.
 */

const ARTIFACTS = join(DOCS_ROOT, 'test', 'artifacts')
const BUILD_MS = 180_000
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
}

let out: string
let server: Server
let origin: string
let browser: Browser

function build(dir: string): Promise<string> {
  const bin = join(DOCS_ROOT, 'node_modules', 'vitepress', 'bin', 'vitepress.js')
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'build', 'docs', '--outDir', dir], { cwd: DOCS_ROOT })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`vitepress build: ${code}\n${output}`)),
    )
  })
}

/** Serves the built site as a static host does: a path, or the path with .html, or its index.html. */
function serve(root: string): Promise<Server> {
  const site = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url!, 'http://x').pathname))
    const candidates = [path, `${path}.html`, join(path, 'index.html')].map((p) => join(root, p))
    const file = candidates.find((p) => p.startsWith(root) && existsSync(p) && statSync(p).isFile())
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/html' }).end(readFileSync(join(root, '404.html')))
      return
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
    response.end(readFileSync(file))
  })
  return new Promise((resolve) => site.listen(0, '127.0.0.1', () => resolve(site)))
}

/** The site path of a Markdown page: docs/README.md is the home page. */
const sitePath = (page: string) =>
  page === 'docs/README.md' ? '/' : `/${page.replace(/^docs\//, '').replace(/\.md$/, '.html')}`

beforeAll(async () => {
  await ensureChromium()
  out = mkdtempSync(join(tmpdir(), 'genmock-docs-site-'))
  // Chromium starts while the site builds; a failed build still leaves it for afterAll to close.
  const [built, launched] = await Promise.allSettled([build(out), launchBrowser()])
  if (launched.status === 'fulfilled') browser = launched.value
  for (const settled of [built, launched]) if (settled.status === 'rejected') throw settled.reason
  server = await serve(out)
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  mkdirSync(ARTIFACTS, { recursive: true })
}, INSTALL_LIMIT_MS + BUILD_MS)

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => server?.close(resolve))
  if (out) rmSync(out, { recursive: true, force: true })
})

describe('the documentation site', () => {
  it('renders every page, and every internal link lands on a page and an anchor of it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`))
    const ids = new Map<string, Set<string>>()
    const linksFrom = new Map<string, string[]>()
    for (const markdown of pages().filter((p) => p.startsWith('docs/'))) {
      const path = sitePath(markdown)
      const response = await page.goto(origin + path, { waitUntil: 'load' })
      expect(response?.status(), path).toBe(200)
      const heading = await page.locator('.vp-doc h1').first().textContent()
      expect(heading?.trim().length, `${path} has a title`).toBeGreaterThan(0)
      ids.set(path, new Set(await page.$$eval('[id]', (nodes) => nodes.map((node) => node.id))))
      linksFrom.set(
        path,
        await page.$$eval('.vp-doc a[href], .VPSidebar a[href]', (anchors) =>
          anchors.map((a) => (a as HTMLAnchorElement).href),
        ),
      )
      if (path === '/' || path === '/get-started.html' || path === '/reference/control-api.html')
        await page.screenshot({ path: join(ARTIFACTS, `docs-${path.replace(/\W+/g, '-')}.png`) })
    }
    const broken: string[] = []
    for (const [from, hrefs] of linksFrom)
      for (const href of hrefs) {
        const url = new URL(href)
        if (url.origin !== origin) continue
        const target = url.pathname === '/index.html' ? '/' : url.pathname
        const anchors = ids.get(target)
        if (!anchors) broken.push(`${from} → ${href} (no such page)`)
        else if (url.hash && !anchors.has(decodeURIComponent(url.hash.slice(1))))
          broken.push(`${from} → ${href} (no element #${url.hash.slice(1)})`)
      }
    expect(broken).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)

  it('finds "Idempotency-Key" with its search', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' })
    await page
      .getByRole('button', { name: /search/i })
      .first()
      .click()
    await page.locator('.VPLocalSearchBox input').fill('Idempotency-Key')
    const results = page.locator('.VPLocalSearchBox .result')
    await results.first().waitFor()
    // The excerpts mark the words found (the search splits the name at its hyphen).
    const marked = await page.locator('.VPLocalSearchBox .result mark').allTextContents()
    expect(marked.map((text) => text.toLowerCase())).toEqual(expect.arrayContaining(['idempotency', 'key']))
    expect(await results.allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('Where the interface is silent')]),
    )
    await page.screenshot({ path: join(ARTIFACTS, 'docs-search.png') })
    await page.close()
  }, 60_000)
})
