import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ADMIN_TOKEN, type Case, expected, judge, makeWorld, matrix, PLACEHOLDERS } from '../support/access-matrix.js'
import { IMAGE } from '../support/api.js'
import {
  buildApp,
  ensureChromium,
  INSTALL_LIMIT_MS,
  launchBrowser,
  serveStatic,
  type StaticServer,
} from '../support/browser.js'
import { indexHtml } from './app/page.js'

/**
 * A shared sandbox through the browser worker door (docs/sandbox.md): every control row × every caller,
 * generated from the route table as test/http/sandbox-access.test.ts does for the server and msw/node,
 * sent from one page to the simulator in its service worker. The whole matrix goes into the page in one
 * evaluate: per row, the page makes a world of its own (makeWorld, the very function) and sends the row's
 * calls; the answers are judged here. A refused call changes nothing (the admin's GET /__mock/state).
 * Every row runs, none is skipped: the access step comes before routing in every door, so a row whose
 * handler the worker door has nothing for still answers each caller as its access column says.
 */

/** Only a guard against a hang under load: the page answers the whole matrix in a few seconds. */
const LIMIT = { timeout: 60_000 }

let browser: Browser
let site: StaticServer
let page: Page
const pageErrors: string[] = []

beforeAll(async () => {
  await ensureChromium()
  const bundle = await buildApp('test/browser/app/sandbox-entry.ts')
  ;[browser, site] = await Promise.all([
    launchBrowser(),
    serveStatic({
      '/index.html': { body: indexHtml('genmock shared sandbox'), type: 'text/html' },
      '/app.js': { body: bundle, type: 'application/javascript' },
    }),
  ])
  page = await browser.newPage()
  page.on('pageerror', (error) => pageErrors.push(String(error)))
  await page.goto(`${site.url}/?token=${encodeURIComponent(ADMIN_TOKEN)}`)
  await page.waitForFunction(() => window.__done === true, undefined, LIMIT)
  const failure = await page.evaluate(() => window.__error)
  if (failure) throw new Error(`the sandbox page failed: ${failure}`)
  // The page makes its worlds with the very function the HTTP doors' matrix uses.
  await page.addScriptTag({ content: `window.makeWorld = ${makeWorld}` })
}, INSTALL_LIMIT_MS)

afterAll(async () => {
  await browser?.close()
  await site?.close()
})

/** One answer of the page: the status, the JSON body (or null), and whether the state changed over the call. */
interface Answered {
  status: number
  body: { error?: string; message?: string } | null
  changed: boolean
}

/**
 * The page's side: per row, a world of its own, then the row's calls with the world's ids and keys filled
 * in. The state is read around each call that must be refused (`refused`), once between two of them.
 */
async function inPage(args: { rows: (Case & { refused: boolean })[][]; adminToken: string; image: object }) {
  const { makeWorld } = window as unknown as { makeWorld: typeof import('../support/access-matrix.js').makeWorld }
  const admin = { authorization: `Bearer ${args.adminToken}` }
  /** The whole state but when it was exported and the wall time a clock was last read at. */
  const state = async () =>
    (await (await fetch('/__mock/state', { headers: admin })).text()).replace(/"(wall|savedAt)":("[^"]*"|\d+)/g, '')
  const answers: Answered[] = []
  for (const row of args.rows) {
    const world = (await makeWorld({ fetch: (path, init) => fetch(path, init) }, args.adminToken, args.image)) as never
    const filled = (text: string) =>
      text.replace(/\{(own|other)\.(\w+)\}/g, (_, who: string, field: string) => world[who][field])
    let last: string | undefined
    for (const one of JSON.parse(filled(JSON.stringify(row))) as typeof row) {
      const before = one.refused ? (last ?? (await state())) : undefined
      const res = await fetch(one.path, {
        method: one.method,
        headers: one.headers,
        redirect: 'manual',
        ...(one.body ? { body: one.body } : {}),
      })
      const text = await res.text()
      const body = res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null
      last = one.refused ? await state() : undefined
      answers.push({ status: res.status, body, changed: last !== before })
    }
  }
  return answers
}

it(
  'answers every control row × every caller as its access column says, and a refusal changes nothing',
  LIMIT,
  async () => {
    const cases = matrix(PLACEHOLDERS)
    const byRow = new Map<string, (Case & { refused: boolean })[]>()
    for (const one of cases) {
      const key = `${one.row.method} ${one.row.path}`
      const refused = !expected(one.row.access, one.caller).allowed
      byRow.set(key, [...(byRow.get(key) ?? []), { ...one, refused }])
    }
    const rows = [...byRow.values()]
    const answers = await page.evaluate(inPage, {
      rows,
      adminToken: ADMIN_TOKEN,
      image: IMAGE,
    })
    expect(answers).toHaveLength(cases.length)
    const problems = rows.flat().flatMap((one, i) => {
      const { status, body, changed } = answers[i]!
      const wrong = judge(one, status, body)
      const refused = status === 401 || status === 403 || (one.caller === 'other account' && status === 404)
      return [...(wrong ? [wrong] : []), ...(refused && changed ? [`${one.label}: the refusal changed the state`] : [])]
    })
    expect(problems).toEqual([])
    expect(pageErrors).toEqual([])
  },
)
