import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../src/node/server/server.js'
import { NO_METRICS } from '../../src/handlers/metrics-handlers.js'
import { BUNDLED_SCENARIOS } from '../support/api.js'
import {
  buildApp,
  ensureChromium,
  INSTALL_LIMIT_MS,
  launchBrowser,
  serveStatic,
  type MswPackage,
  type StaticServer,
} from '../support/browser.js'
import { START } from '../support/doors.js'
import type { Answer } from './app/app.js'
import { indexHtml } from './app/page.js'

/**
 * The worker door in real Chromium: an example app bundled as a developer would bundle it (from
 * the package's built `genmock/browser`) runs once against startWorker() in its own page and once
 * against the standalone server, and both runs must see the same answers. Then the page's worker
 * is checked for what only a page does. One test file per msw major runs this suite.
 */

/** Declares the suite for pages built with `msw`'s major. */
export function workerDoorSuite(msw: MswPackage): void {
  const PAGE_LIMIT_MS = 15_000
  /** Only a guard against a hang under load: each test waits for one page event at most. */
  const LIMIT = { timeout: 20_000 }

  interface AppRun {
    door: 'worker' | 'server'
    page: Page
    /** The origin media URLs start with: the page's own for the worker door, the server's otherwise. */
    origin: string
    answers: Answer[]
  }

  let browser: Browser
  let server: RunningServer
  let workerSite: StaticServer
  let serverSite: StaticServer
  const contexts: BrowserContext[] = []
  const runs = {} as Record<AppRun['door'], AppRun>

  /** Opens the app in a fresh context and waits until it says it is done; page errors fail the run. */
  async function runApp(door: AppRun['door'], url: string, origin: string): Promise<AppRun> {
    const context = await browser.newContext()
    contexts.push(context)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(String(error)))
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        errors.push(`console.${message.type()}: ${message.text()}`)
    })
    await page.goto(url)
    await page.waitForFunction(() => window.__done === true, undefined, { timeout: PAGE_LIMIT_MS })
    const failure = await page.evaluate(() => window.__error)
    if (failure) throw new Error(`the app failed through the ${door} door: ${failure}\n${errors.join('\n')}`)
    return { door, page, origin, answers: await page.evaluate(() => window.__answers) }
  }

  beforeAll(async () => {
    await ensureChromium()
    const [workerBundle, serverBundle] = await Promise.all([
      buildApp('test/browser/app/worker-entry.ts', msw),
      buildApp('test/browser/app/server-entry.ts', msw),
    ])
    ;[browser, server, workerSite, serverSite] = await Promise.all([
      launchBrowser(),
      startServer({ port: 0, seed: 7, clock: { mode: 'manual', start: START }, log: 'silent' }),
      serveStatic(
        {
          '/index.html': { body: indexHtml(), type: 'text/html' },
          '/app.js': { body: workerBundle, type: 'application/javascript' },
          '/elsewhere/data': { body: '{}', type: 'application/json' },
        },
        msw,
      ),
      serveStatic(
        {
          '/index.html': { body: indexHtml(), type: 'text/html' },
          '/app.js': { body: serverBundle, type: 'application/javascript' },
        },
        msw,
      ),
    ])
    const [worker, standalone] = await Promise.all([
      runApp('worker', `${workerSite.url}/`, workerSite.url),
      runApp('server', `${serverSite.url}/?server=${encodeURIComponent(server.url)}`, server.url),
    ])
    runs.worker = worker
    runs.server = standalone
  }, INSTALL_LIMIT_MS)

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {})
    await browser?.close()
    await Promise.all([server?.close(), workerSite?.close(), serverSite?.close()])
  })

  /** A page-side fetch: the answer's status, content type and JSON body (or null). */
  async function pageFetch(
    page: Page,
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
  ) {
    return page.evaluate(
      async ({ path, init }) => {
        const res = await fetch(path, {
          method: init.method ?? 'GET',
          headers: init.headers ?? {},
          ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
        })
        const type = res.headers.get('content-type') ?? ''
        return {
          status: res.status,
          type,
          body: type.includes('json') ? ((await res.json()) as Record<string, unknown>) : null,
        }
      },
      { path, init },
    )
  }

  const ALICE = { authorization: 'Bearer sk_test_alice' }
  const JSON_TYPE = { 'content-type': 'application/json' }

  describe('the example app through both doors', LIMIT, () => {
    it('finishes through the worker door and through the standalone server', () => {
      for (const run of Object.values(runs)) {
        expect(run.answers.length, run.door).toBeGreaterThanOrEqual(6)
        expect(
          run.answers.map((a) => a.status),
          run.door,
        ).toEqual(run.answers.map((a) => (a.call === 'POST /__mock/accounts' ? 201 : 200)))
        // The app's own-clock account ran its clock until idle in the page too.
        expect(
          run.answers
            .filter((a) => /^POST \/__mock\/accounts\/\w+\/clock\/advance$/.test(a.call))
            .map((a) => JSON.parse(a.body).idle),
        ).toEqual([true])
        const [image, video] = run.answers.map((a) => JSON.parse(a.body) as { taskId?: string })
        expect(image!.taskId).toMatch(/^tsk_/)
        expect(video!.taskId).toMatch(/^tsk_/)
      }
    })

    it('sees byte-identical answers through both doors once the origin is a placeholder', () => {
      const blank = (run: AppRun) => run.answers.map((a) => ({ ...a, body: a.body.replaceAll(run.origin, 'ORIGIN') }))
      expect(runs.worker.answers.some((a) => a.body.includes(`${runs.worker.origin}/media/`))).toBe(true)
      expect(blank(runs.worker)).toEqual(blank(runs.server))
    })

    it.each(['worker', 'server'] as const)('shows the 16:9 output image [%s]', async (door) => {
      const { page } = runs[door]
      await page.waitForFunction(
        () => document.querySelector<HTMLImageElement>('#image')?.complete === true,
        undefined,
        { timeout: PAGE_LIMIT_MS },
      )
      const size = await page.$eval('#image', (img: HTMLImageElement) => ({
        width: img.naturalWidth,
        height: img.naturalHeight,
      }))
      expect(size).toEqual({ width: 256, height: 144 })
    })

    it.each(['worker', 'server'] as const)('plays the output video [%s]', async (door) => {
      const { page } = runs[door]
      await page.waitForFunction(
        () => {
          const video = document.querySelector<HTMLVideoElement>('#video')
          return video !== null && !video.paused && video.currentTime > 0 && video.readyState >= 2
        },
        undefined,
        { timeout: PAGE_LIMIT_MS },
      )
      const state = await page.$eval('#video', (video: HTMLVideoElement) => ({
        duration: video.duration,
        width: video.videoWidth,
        height: video.videoHeight,
        error: video.error?.message ?? null,
      }))
      expect(state.error).toBeNull()
      expect(state.duration).toBeCloseTo(2, 1)
      expect([state.width, state.height]).toEqual([192, 108])
    })
  })

  describe('the worker door in the page', LIMIT, () => {
    const page = () => runs.worker.page

    it('answers the control API in the page', async () => {
      expect(await pageFetch(page(), '/__mock/health')).toEqual({
        status: 200,
        type: 'application/json',
        body: { ok: true, version: '0.1.0' },
      })
      const clock = await pageFetch(page(), '/__mock/clock')
      expect(clock.body).toMatchObject({ mode: 'manual' })
    })

    it('answers GET /__mock/metrics 404 saying why: the worker has no process of its own to measure', async () => {
      // docs/metrics-and-traces.md, Which doors serve it: the Node server serves the page, the worker says why not.
      expect(await pageFetch(page(), '/__mock/metrics')).toEqual({
        status: 404,
        type: 'application/json',
        body: { error: NO_METRICS },
      })
    })

    it('exports the state as a snapshot, takes it back, and keeps the same document across a reload', async () => {
      const result = await page().evaluate(async () => {
        const snapshot = (await (await fetch('/__mock/state')).json()) as { format: string; tasks: object }
        sessionStorage.removeItem('genmock')
        const res = await fetch('/__mock/state', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(snapshot),
        })
        // Written within a second of the request (src/browser/persist.ts): waited for, 1.5 s at most.
        const deadline = performance.now() + 1500
        while (sessionStorage.getItem('genmock') === null && performance.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 50))
        const kept = JSON.parse(sessionStorage.getItem('genmock') ?? '{}') as { state?: { format?: string } }
        return { format: snapshot.format, put: res.status, body: await res.json(), kept: kept.state?.format }
      })
      expect(result).toMatchObject({ format: 'genmock-state', put: 200, body: { ok: true }, kept: 'genmock-state' })
    })

    it('generates the output PNG in the page', async () => {
      const image = JSON.parse(runs.worker.answers.findLast((a) => a.body.includes('outputImageUrls'))!.body) as {
        outputImageUrls: string[]
      }
      const url = image.outputImageUrls[0]!
      expect(url.startsWith(`${runs.worker.origin}/media/images/`)).toBe(true)
      const png = await page().evaluate(async (url) => {
        const res = await fetch(url)
        return {
          status: res.status,
          type: res.headers.get('content-type'),
          head: [...new Uint8Array(await res.arrayBuffer()).subarray(0, 8)],
        }
      }, url)
      expect(png).toEqual({ status: 200, type: 'image/png', head: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] })
    })

    it('lets requests genmock does not own pass through, without a warning', async () => {
      const warnings: string[] = []
      const listen = (message: { type(): string; text(): string }) =>
        void (message.type() === 'warning' || message.type() === 'error' ? warnings.push(message.text()) : undefined)
      page().on('console', listen)
      const status = await page().evaluate(async () => (await fetch('/elsewhere/data')).status)
      await page().waitForTimeout(200)
      page().off('console', listen)
      expect(status).toBe(200)
      expect(warnings).toEqual([])
    })

    it('answers every service, media and control request in the page: none reaches the static server', () => {
      const reached = workerSite.requested.filter((path) => /^\/(api|media|__mock)\//.test(path))
      expect(reached).toEqual([])
      expect(workerSite.requested).toContain('/fixtures/sample.mp4')
    })

    it('accepts the session cookie as Alice', async () => {
      const body = { model: 'base-image-2', prompt: 'a cookie fox' }
      const anonymous = await pageFetch(page(), '/api/ai/image/generate', { method: 'POST', headers: JSON_TYPE, body })
      expect(anonymous.status).toBe(401)
      // biome-ignore lint/suspicious/noDocumentCookie: the test sets the session cookie as a page would
      await page().evaluate(() => (document.cookie = 'genmock_session=sess_test_alice; path=/'))
      const withCookie = await pageFetch(page(), '/api/ai/image/generate', { method: 'POST', headers: JSON_TYPE, body })
      expect(withCookie.status).toBe(200)
      const taskId = withCookie.body!.taskId as string
      const tasks = await pageFetch(page(), '/__mock/tasks?limit=5')
      expect(
        (tasks.body!.tasks as { taskId: string; accountId: string }[]).find((t) => t.taskId === taskId)?.accountId,
      ).toBe('acct_alice')
      const journal = await pageFetch(page(), '/__mock/requests?limit=1')
      const [entry] = journal.body!.requests as { path: string; accountId?: string; conformance?: string[] }[]
      expect(entry).toMatchObject({ path: '/api/ai/image/generate', accountId: 'acct_alice' })
      expect(entry!.conformance).toBeUndefined()
    })

    it("accepts a page's bearer key but reports key-in-browser, in the journal and the response header", async () => {
      const header = await page().evaluate(
        async (headers) => (await fetch('/api/ai/models', { headers })).headers.get('genmock-conformance'),
        ALICE,
      )
      expect(header).toBe('key-in-browser')
      const journal = await pageFetch(page(), '/__mock/requests?limit=1')
      const [entry] = journal.body!.requests as { path: string; accountId?: string; conformance?: string[] }[]
      expect(entry).toMatchObject({ path: '/api/ai/models', status: 200, accountId: 'acct_alice' })
      expect(entry!.conformance).toEqual(['key-in-browser'])
    })

    it('offers the bundled scenarios, selectable by header', async () => {
      const scenarios = await pageFetch(page(), '/__mock/scenarios')
      expect((scenarios.body!.scenarios as { name: string }[]).map((s) => s.name).sort()).toEqual(BUNDLED_SCENARIOS)
      const refused = await pageFetch(page(), '/api/ai/image/generate', {
        method: 'POST',
        headers: { ...ALICE, ...JSON_TYPE, 'x-mock-scenario': 'insufficient-credits' },
        body: { model: 'base-image-2', prompt: 'a fox' },
      })
      expect(refused).toMatchObject({
        status: 402,
        body: { error: 'Insufficient credits', required: expect.any(Number) },
      })
    })
  })

  describe('scenario faults in the page', LIMIT, () => {
    const page = () => runs.worker.page

    it('drop-after-commit is a network error in the page too; the keyed retry gets the stored task', async () => {
      const outcome = await page().evaluate(async (headers) => {
        const init = {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': 'browser-drop-0001' },
          body: JSON.stringify({ model: 'base-image-2', prompt: 'a dropped fox' }),
        }
        let dropped = ''
        try {
          await fetch('/api/ai/image/generate', {
            ...init,
            headers: { ...init.headers, 'x-mock-scenario': 'drop-after-commit' },
          })
        } catch (error) {
          dropped = (error as Error).name
        }
        const retry = await fetch('/api/ai/image/generate', init)
        return { dropped, status: retry.status, replayed: retry.headers.get('idempotent-replayed') }
      }, ALICE)
      expect(outcome).toEqual({ dropped: 'TypeError', status: 200, replayed: 'true' })
      const journal = await pageFetch(page(), '/__mock/requests?limit=2')
      expect(journal.body!.requests).toMatchObject([
        { replayed: true, status: 200 },
        { dropped: true, status: 0, scenario: 'drop-after-commit' },
      ])
    })
  })
}
