import { mkdirSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildApp,
  ensureChromium,
  INSTALL_LIMIT_MS,
  launchBrowser,
  serveStatic,
  type MswPackage,
  type StaticServer,
} from '../support/browser.js'
import { indexHtml } from './app/page.js'

/**
 * The worker door as a developer keeps it open, in real Chromium: `startWorker({ devtools: true })`
 * puts the dashboard in the page behind a corner toggle, in a shadow root, and the simulator's
 * state outlives a page reload, so a client resuming a stored task id gets its task, which then
 * completes on time. One test file per msw major runs this suite.
 */

const LIMIT = { timeout: 30_000 }
const SHOWS = { timeout: 8_000, interval: 100 }
/** Page styles that would reach the devtools if they could, and page elements the devtools' CSS would restyle. */
const HOSTILE =
  '<style>*{color:rgb(255,0,0)!important;font-size:31px!important}</style>' +
  '<div class="gm"><button id="page-button" class="link">page</button></div>'

/** Declares the suite for pages built with `msw`'s major. */
export function devtoolsSuite(msw: MswPackage): void {
  let browser: Browser
  let site: StaticServer
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    await ensureChromium()
    const bundle = await buildApp('test/browser/app/devtools-entry.ts', msw)
    ;[browser, site] = await Promise.all([
      launchBrowser(),
      serveStatic(
        {
          '/index.html': { body: indexHtml('devtools').replace('<body>', `<body>${HOSTILE}`), type: 'text/html' },
          '/app.js': { body: bundle, type: 'application/javascript' },
        },
        msw,
      ),
    ])
  }, INSTALL_LIMIT_MS)

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {})
    await browser?.close()
    await site?.close()
  })

  /** A fresh tab (its own sessionStorage) on the app, once the worker is up. */
  async function open(query = ''): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    contexts.push(context)
    const page = await context.newPage()
    await page.goto(`${site.url}/${query}`)
    await ready(page)
    return page
  }

  async function ready(page: Page): Promise<void> {
    await page.waitForFunction(() => window.__done === true, undefined, { timeout: 10_000 })
    const failure = await page.evaluate(() => window.__error)
    if (failure) throw new Error(`the app failed: ${failure}`)
  }

  /** A fetch from the page, through its worker; JSON body or null. */
  const call = (page: Page, path: string, init: { method?: string; body?: unknown } = {}) =>
    page.evaluate(
      async ({ path, init }) => {
        const res = await fetch(path, {
          method: init.method ?? 'GET',
          headers: { authorization: 'Bearer sk_test_alice', 'content-type': 'application/json' },
          ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        })
        return { status: res.status, body: await res.json().catch(() => null) }
      },
      { path, init },
    )
  const submit = async (page: Page) => {
    const { status, body } = await call(page, '/api/ai/image/generate', {
      method: 'POST',
      body: { model: 'base-image-2', prompt: 'a fox that survives a reload' },
    })
    expect(status).toBe(200)
    return body.taskId as string
  }

  describe(`state across a page reload (${msw})`, LIMIT, () => {
    it('a real clock goes on: the task is still there after a reload, and completes when it was due', async () => {
      const page = await open()
      const taskId = await submit(page)
      const before = (await call(page, `/__mock/tasks/${taskId}`)).body
      expect(before.task.status).toBe(0)
      const due = before.task.nextChangeAt as string
      const credits = (await call(page, '/__mock/accounts/acct_alice')).body.credits
      const journal = (await call(page, '/__mock/requests/count')).body.count

      await page.reload()
      await ready(page)
      const after = await call(page, `/api/ai/tasks/${taskId}`)
      expect(after.status).toBe(200)
      expect((await call(page, '/__mock/accounts/acct_alice')).body.credits).toBe(credits)
      expect((await call(page, '/__mock/requests/count')).body.count).toBeGreaterThan(journal)
      await expect.poll(async () => (await call(page, `/api/ai/tasks/${taskId}`)).body.status, SHOWS).toBe(1)
      expect((await call(page, `/__mock/tasks/${taskId}`)).body.task.updatedAt).toBe(due)
    })

    it('a manual clock keeps its time, and an Idempotency-Key retried after a reload replays', async () => {
      const page = await open('?clock=manual')
      const advanced = (await call(page, '/__mock/clock/advance', { method: 'POST', body: { seconds: 90 } })).body.now
      const send = () =>
        page.evaluate(async () => {
          const res = await fetch('/api/ai/image/generate', {
            method: 'POST',
            headers: {
              authorization: 'Bearer sk_test_alice',
              'content-type': 'application/json',
              'idempotency-key': 'reload-1',
            },
            body: JSON.stringify({ model: 'base-image-2', prompt: 'once' }),
          })
          return res.json()
        })
      const original = await send()
      await page.reload()
      await ready(page)
      expect((await call(page, '/__mock/clock')).body.now).toBe(advanced)
      expect(await send()).toEqual(original)
      expect((await call(page, '/__mock/tasks?limit=10')).body.total).toBe(1)
    })

    it('a GET or HEAD of the control API writes nothing; a change is written, as with --state', async () => {
      const page = await open('?clock=manual')
      const kept = () => page.evaluate(() => sessionStorage.getItem('genmock'))
      for (const method of ['GET', 'HEAD'])
        expect(await page.evaluate(async (method) => (await fetch('/__mock/health', { method })).status, method)).toBe(
          200,
        )
      // A write is due a second after a change (src/browser/persist.ts): past it, none came. Slowness can
      // only make this pass, never fail.
      await page.waitForTimeout(1500)
      expect(await kept()).toBeNull()
      await call(page, '/__mock/clock/advance', { method: 'POST', body: { seconds: 5 } })
      await expect.poll(kept, SHOWS).not.toBeNull()
    })

    it('with persist: false, a reload starts afresh (the task is gone, as it is without persistence)', async () => {
      const page = await open('?persist=off')
      const taskId = await submit(page)
      await page.reload()
      await ready(page)
      expect((await call(page, `/api/ai/tasks/${taskId}`)).status).toBe(404)
    })
  })

  describe(`the devtools panel (${msw})`, LIMIT, () => {
    it('opens from its corner toggle, shows the page’s tasks, acts through the control API, stays quiet', async () => {
      const page = await open('?clock=manual')
      const taskId = await submit(page)
      const journal = (await call(page, '/__mock/requests/count')).body.count
      const toggle = page.locator('[data-testid=devtools-toggle]')
      expect(await toggle.getAttribute('aria-expanded')).toBe('false')
      await toggle.click()
      const row = page.locator(`[data-testid=task-row][data-task-id="${taskId}"]`)
      await expect.poll(() => row.getAttribute('data-status', { timeout: 1_000 }), SHOWS).toBe('0')
      await page.locator('[data-testid=advance-idle]').first().click()
      await expect.poll(() => row.getAttribute('data-status', { timeout: 1_000 }), SHOWS).toBe('1')
      expect((await call(page, `/__mock/tasks/${taskId}`)).body.task.status).toBe(1)
      await expect
        .poll(
          () =>
            row
              .locator('img[data-testid=thumbnail]')
              .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
          SHOWS,
        )
        .toBe(256)
      await page.waitForTimeout(1_500)
      // The panel reads through the control API only: the task was never polled,
      // and the page's journal holds its own submission alone.
      expect((await call(page, `/__mock/tasks/${taskId}`)).body.task.polls).toBe(0)
      expect((await call(page, '/__mock/requests/count')).body.count).toBe(journal)
      mkdirSync('test/artifacts', { recursive: true })
      await page.screenshot({ path: `test/artifacts/devtools-1280-${msw}.png` })
      await toggle.click()
      expect(await page.locator('[data-testid=task-row]').count()).toBe(0)
    })

    it('keeps msw’s request log (logRequests) to the page’s own requests: none of the panel’s', async () => {
      const page = await open('?clock=manual&log=on')
      const lines: string[] = []
      page.on('console', (message) => lines.push(message.text()))
      await page.locator('[data-testid=devtools-toggle]').click()
      await page.locator('[data-testid=account-row]').first().waitFor()
      await page.locator('[data-testid=advance-10s]').click()
      await page.waitForTimeout(2_500)
      await submit(page)
      await expect.poll(() => lines.some((line) => line.includes('/api/ai/image/generate')), SHOWS).toBe(true)
      expect(lines.filter((line) => line.includes('/__mock/'))).toEqual([])
    })

    it('lives in a shadow root: page styles do not reach it, and its styles do not reach the page', async () => {
      const page = await open('?clock=manual')
      await page.locator('[data-testid=devtools-toggle]').click()
      await page.locator('[data-testid=clock-now]').waitFor()
      const inside = await page.evaluate(() => {
        const host = document.querySelector('genmock-devtools')!
        const now = host.shadowRoot!.querySelector('[data-testid=clock-now]')!
        const style = getComputedStyle(now)
        return {
          shadow: host.shadowRoot !== null,
          color: style.color,
          fontSize: style.fontSize,
          inDocument: document.querySelector('[data-testid=clock-now]') === null,
        }
      })
      expect(inside).toEqual({
        shadow: true,
        color: expect.not.stringMatching(/^rgb\(255, 0, 0\)$/),
        fontSize: '14px',
        inDocument: true,
      })
      const pageButton = await page.locator('#page-button').evaluate((button) => {
        const style = getComputedStyle(button)
        return { fontSize: style.fontSize, background: style.backgroundColor, border: style.borderTopStyle }
      })
      expect(pageButton.fontSize).toBe('31px')
      expect(pageButton.border).not.toBe('none')
    })
  })
}
