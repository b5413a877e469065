import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../src/node/server/server.js'
import { STAND_IN_KEY, startStandIn } from '../drift/stand-in.js'
import { auth } from '../support/api.js'
import {
  buildApp,
  ensureChromium,
  INSTALL_LIMIT_MS,
  launchBrowser,
  serveStatic,
  type StaticServer,
} from '../support/browser.js'
import { START } from '../support/doors.js'
import { indexHtml } from './app/page.js'

/**
 * The dashboard at GET /__mock/ in real Chromium, through its DOM contract (data-testid and
 * data-* attributes): tasks submitted from outside show up, its clock buttons move them along,
 * Alice's balance follows, and its mode toggle and scenario chooser drive the control API. Then, in
 * the same browser: the dashboard in the worker door, its drift card behind --proxy, and a team's
 * dashboard on a locked genmock.
 */

const SCREENSHOT = 'test/artifacts/dashboard.png'
/** The dashboard refreshes every second; anything it shows must appear within a few refreshes. */
const SHOWS = { timeout: 5_000, interval: 100 }
const WAIT = { timeout: 5_000 }
/** Each test waits for a few refreshes at most; this only guards against a hang under load. */
const LIMIT = { timeout: 20_000 }

const STATE_DIR = mkdtempSync(join(tmpdir(), 'genmock-dashboard-state-'))
let browser: Browser
let server: RunningServer
let page: Page
const pageErrors: string[] = []

beforeAll(async () => {
  await ensureChromium()
  ;[browser, server] = await Promise.all([
    launchBrowser(),
    startServer({
      port: 0,
      seed: 7,
      clock: { mode: 'manual', start: START },
      log: 'silent',
      state: { dir: STATE_DIR },
    }),
  ])
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  page.on('pageerror', (error) => pageErrors.push(String(error)))
}, INSTALL_LIMIT_MS)

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** A card's title as shown: its name and its count (`Tasks newest 50 of 58`). */
const cardTitle = async (name: string) => (await page.locator('h2', { hasText: name }).first().textContent()) ?? ''

const api = async <T>(path: string, init: RequestInit = {}) =>
  (await (await fetch(server.url + path, init)).json()) as T
const submit = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { ...auth(), 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(200)
  return (await res.json()) as { taskId: string; creditsUsed: number }
}

const text = (selector: string) =>
  page
    .locator(selector)
    .first()
    .textContent({ timeout: 1_000 })
    .then((t) => t?.trim() ?? null)
const row = (taskId: string) => `[data-testid=task-row][data-task-id="${taskId}"]`
const status = (taskId: string) => page.locator(row(taskId)).getAttribute('data-status', { timeout: 1_000 })
const ALICE = '[data-testid=account-row][data-account-id=acct_alice]'
const aliceCredits = () => text(`${ALICE} [data-testid=credits]`)
const ledgerKinds = () =>
  page
    .locator(`${ALICE} [data-testid=ledger-entry]`)
    .evaluateAll((entries) => entries.map((e) => e.getAttribute('data-kind')))
/** The server clock's simulated now, ISO 8601 (the page shows it since the start, the instant on hover). */
const clockNow = () => page.locator('[data-testid=clock-now]').getAttribute('data-now', { timeout: 1_000 })
const clockShown = async () => `${await text('[data-testid=clock-now]')} ${await text('[data-testid=clock-time]')}`
const clockMode = () => text('[data-testid=clock-mode]')

describe('the dashboard of the standalone server', LIMIT, () => {
  const tasks = {} as Record<'image' | 'video' | 'failing', { taskId: string; creditsUsed: number }>

  it('is served as HTML at GET /__mock/ and shows the clock and the accounts', async () => {
    const res = await fetch(`${server.url}/__mock/`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    await page.goto(`${server.url}/__mock/`)
    await expect.poll(clockNow, SHOWS).toContain('2026-01-01T00:00:00')
    await expect.poll(clockShown, SHOWS).toBe('+0 s 00:00:00 UTC')
    await expect.poll(clockMode, SHOWS).toBe('manual')
    await expect.poll(aliceCredits, SHOWS).toBe('1000')
    expect(await page.locator('[data-testid=account-row]').count()).toBeGreaterThanOrEqual(3)
  })

  it('says where the state is kept and when it was last saved', async () => {
    await expect.poll(() => text('[data-testid=state-kept]'), SHOWS).toMatch(new RegExp(`^state ${STATE_DIR}, saved `))
  })

  it('lists tasks submitted from outside as pending, and Alice’s debits', async () => {
    tasks.image = await submit('/api/ai/image/generate', {
      model: 'base-image-2',
      prompt: 'a red fox',
      aspectRatio: '16:9',
    })
    tasks.video = await submit('/api/ai/video/generate', {
      model: 'video-d',
      inputMode: 'text_to_video',
      prompt: 'waves',
    })
    tasks.failing = await submit(
      '/api/ai/image/generate',
      { model: 'base-image-2', prompt: 'a blue fox' },
      { 'x-mock-scenario': 'upstream-failure' },
    )
    for (const { taskId } of Object.values(tasks)) await expect.poll(() => status(taskId), SHOWS).toBe('0')
    const spent = tasks.image.creditsUsed + tasks.video.creditsUsed + tasks.failing.creditsUsed
    await expect.poll(aliceCredits, SHOWS).toBe(String(1000 - spent))
    await expect.poll(ledgerKinds, SHOWS).toEqual(expect.arrayContaining(['debit', 'debit', 'debit']))
    const rowText = await text(row(tasks.failing.taskId))
    expect(rowText).toContain('base-image-2')
    expect(rowText).toContain('upstream-failure')
  })

  it('moves the clock from its buttons, and tasks complete or fail on the page', async () => {
    await page.click('[data-testid=advance-10s]')
    await expect.poll(clockNow, SHOWS).toContain('2026-01-01T00:00:10')
    expect((await api<{ now: string }>('/__mock/clock')).now).toBe('2026-01-01T00:00:10.000Z')
    await page.click('[data-testid=advance-1m]')
    await expect.poll(clockNow, SHOWS).toContain('2026-01-01T00:01:10')
    await page.click('[data-testid=advance-1m]')
    await expect.poll(clockNow, SHOWS).toContain('2026-01-01T00:02:10')
    expect(await clockShown()).toBe('+2 min 10 s 00:02:10 UTC')

    await expect.poll(() => status(tasks.image.taskId), SHOWS).toBe('1')
    await expect.poll(() => status(tasks.video.taskId), SHOWS).toBe('1')
    await expect.poll(() => status(tasks.failing.taskId), SHOWS).toBe('2')
  })

  it('shows the image thumbnail and the video of completed tasks', async () => {
    const thumbnail = page.locator(`${row(tasks.image.taskId)} img[data-testid=thumbnail]`)
    await thumbnail.waitFor(WAIT)
    await thumbnail.scrollIntoViewIfNeeded()
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), SHOWS)
      .toBe(256)
    const { outputImageUrls } = await api<{ outputImageUrls: string[] }>(`/api/ai/tasks/${tasks.image.taskId}`, {
      headers: auth(),
    })
    // Fetched quietly through the control API, shown as a blob: URL; the output URL is kept beside it.
    expect(await thumbnail.getAttribute('data-url')).toBe(outputImageUrls[0])
    expect(await thumbnail.getAttribute('src')).toMatch(/^blob:/)

    const video = page.locator(`${row(tasks.video.taskId)} video[data-testid=video]`)
    await video.waitFor(WAIT)
    const { outputVideoUrl } = await api<{ outputVideoUrl: string }>(`/api/ai/tasks/${tasks.video.taskId}`, {
      headers: auth(),
    })
    expect(await video.getAttribute('data-url')).toBe(outputVideoUrl)
    expect(await video.evaluate((v: HTMLVideoElement) => v.controls)).toBe(true)
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 1 && Math.round(v.duration)), SHOWS)
      .toBe(2)
    expect(await page.locator(`${row(tasks.failing.taskId)} img[data-testid=thumbnail]`).count()).toBe(0)
  })

  it('shows the refund of the failed task in Alice’s ledger and balance', async () => {
    await expect.poll(ledgerKinds, SHOWS).toContain('refund')
    const spent = tasks.image.creditsUsed + tasks.video.creditsUsed
    await expect.poll(aliceCredits, SHOWS).toBe(String(1000 - spent))
    expect((await api<{ credits: number }>('/__mock/accounts/acct_alice')).credits).toBe(1000 - spent)
  })

  it('lists the journal, newest first', async () => {
    const rows = () => page.locator('[data-testid=journal-row]').allTextContents()
    await expect
      .poll(async () => (await rows()).filter((r) => r.includes('/api/ai/image/generate')).length, SHOWS)
      .toBe(2)
    expect((await rows()).filter((r) => r.includes('/api/ai/video/generate'))).toHaveLength(1)
    // The newest entry on top: the journal's first, once the page has caught up with it.
    const newest = async () =>
      (await api<{ requests: { path: string }[] }>('/__mock/requests?limit=1')).requests[0]!.path
    await expect.poll(async () => (await rows())[0]?.includes(await newest()), SHOWS).toBe(true)
  })

  it('shows the outcomes the clients met: a request with an unknown key is unauthorized', async () => {
    const outcome = (name: string) =>
      page.locator(`[data-testid=coverage-outcome][data-outcome=${name}]`).getAttribute('data-met', WAIT)
    expect(await outcome('unauthorized')).toBe('false')
    expect((await fetch(`${server.url}/api/ai/models`, { headers: auth('sk_test_nobody') })).status).toBe(401)
    await expect.poll(() => outcome('unauthorized'), SHOWS).toBe('true')
    expect(await text('[data-testid=coverage-outcome][data-outcome=unauthorized]')).toBe('unauthorized ×1')
    expect(await outcome('relay-expired')).toBe('false')
  })

  it('draws each coverage chip whole: its background covers its label', async () => {
    const chips = await page
      .locator('[data-testid=coverage-outcome] .st')
      .evaluateAll((spans) =>
        spans.map((s) => ({ text: s.textContent, whole: s.scrollWidth <= s.clientWidth && s.clientWidth > 0 })),
      )
    expect(chips.length).toBeGreaterThan(10)
    expect(chips.filter((c) => !c.whole)).toEqual([])
  })

  it('marks the account whose keys are all refused', async () => {
    const refused = '[data-testid=account-row][data-account-id=acct_refused]'
    expect(await text(`${refused} [data-testid=keys-refused]`)).toBe('keys refused: revoked, expired, IP allowlist')
    expect(await page.locator(`${ALICE} [data-testid=keys-refused]`).count()).toBe(0)
  })

  it('at 1280×800 shows the request journal without scrolling (screenshots saved)', async () => {
    mkdirSync('test/artifacts', { recursive: true })
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: SCREENSHOT, fullPage: true })
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.evaluate(() => window.scrollTo(0, 0))
    const firstRow = await page.locator('[data-testid=journal-row]').first().boundingBox()
    expect(firstRow!.y + firstRow!.height).toBeLessThan(800)
    await page.screenshot({ path: 'test/artifacts/dashboard-1280x800.png' })
    await page.setViewportSize({ width: 1280, height: 900 })
  })

  it('switches the clock to real and back to manual', async () => {
    await page.click('[data-testid=mode-toggle]')
    await expect.poll(clockMode, SHOWS).toBe('real')
    expect((await api<{ mode: string }>('/__mock/clock')).mode).toBe('real')
    await page.click('[data-testid=mode-toggle]')
    await expect.poll(clockMode, SHOWS).toBe('manual')
    expect((await api<{ mode: string }>('/__mock/clock')).mode).toBe('manual')
  })

  it('chooses the default scenario', async () => {
    const select = page.locator('select[data-testid=scenario-select]')
    await expect.poll(() => select.inputValue(), SHOWS).toBe('default')
    await select.selectOption('slow-video')
    await expect
      .poll(async () => (await api<{ default: string }>('/__mock/scenarios')).default, SHOWS)
      .toBe('slow-video')
    await select.selectOption('default')
    await expect.poll(async () => (await api<{ default: string }>('/__mock/scenarios')).default, SHOWS).toBe('default')
    expect(pageErrors).toEqual([])
  })

  it('pages through the tasks and the requests, older and newer (docs/control-api.md, Pages)', async () => {
    // One page: no pager to show.
    expect(await page.locator('[data-testid=tasks-older]').isVisible()).toBe(false)
    for (let i = 0; i < 55; i++) await submit('/api/ai/image/generate', { model: 'base-image-2', prompt: `fox ${i}` })
    const { total } = await api<{ total: number }>('/__mock/tasks?limit=1')
    const taskRows = () => page.locator('[data-testid=task-row]').count()
    await expect.poll(taskRows, SHOWS).toBe(50)
    // "older" follows the page shown: wait until it is the page of every task, not one from midway.
    await expect.poll(() => cardTitle('Tasks'), SHOWS).toContain(`newest 50 of ${total}`)
    await page.click('[data-testid=tasks-older]')
    await expect.poll(taskRows, SHOWS).toBe(total - 50)
    expect(await page.locator('[data-testid=tasks-older]').isDisabled()).toBe(true)
    await page.click('[data-testid=tasks-newer]')
    await expect.poll(taskRows, SHOWS).toBe(50)
    // Fifty tasks scroll in their card: the journal still starts on the first screen at 1280×800.
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.evaluate(() => window.scrollTo(0, 0))
    const firstRow = await page.locator('[data-testid=journal-row]').first().boundingBox()
    expect(firstRow!.y + firstRow!.height).toBeLessThan(800)
    await page.screenshot({ path: 'test/artifacts/dashboard-busy-1280x800.png' })
    await page.setViewportSize({ width: 1280, height: 900 })
    const journal = await api<{ total: number }>('/__mock/requests?limit=1')
    const journalRows = () => page.locator('[data-testid=journal-row]').count()
    await expect.poll(() => cardTitle('Requests'), SHOWS).toContain(`newest 50 of ${journal.total}`)
    await page.click('[data-testid=requests-older]')
    await expect.poll(journalRows, SHOWS).toBe(Math.min(50, journal.total - 50))
    await page.click('[data-testid=requests-newer]')
    await expect.poll(journalRows, SHOWS).toBe(50)
    expect(pageErrors).toEqual([])
  })
})

describe('the dashboard in the worker door', LIMIT, () => {
  let site: StaticServer
  let workerPage: Page

  beforeAll(async () => {
    site = await serveStatic({
      '/index.html': { body: indexHtml('genmock dashboard in a page'), type: 'text/html' },
      '/app.js': { body: await buildApp('test/browser/app/dashboard-entry.ts'), type: 'application/javascript' },
    })
    workerPage = await browser.newPage()
    await workerPage.goto(`${site.url}/`)
    await workerPage.waitForFunction(() => window.__done === true, undefined, WAIT)
    const failure = await workerPage.evaluate(() => window.__error)
    if (failure) throw new Error(`the dashboard page failed: ${failure}`)
  }, LIMIT.timeout)

  afterAll(async () => {
    await workerPage?.close()
    await site?.close()
  })

  it('shows a task submitted in the page, and completes it from its clock button', async () => {
    const taskId = await workerPage.evaluate(async () => {
      const res = await fetch('/api/ai/image/generate', {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_alice', 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'base-image-2', prompt: 'a red fox', aspectRatio: '16:9' }),
      })
      return ((await res.json()) as { taskId: string }).taskId
    })
    const taskRow = workerPage.locator(row(taskId))
    await expect.poll(() => taskRow.getAttribute('data-status', { timeout: 1_000 }), SHOWS).toBe('0')
    await workerPage.click('[data-testid=advance-1m]')
    await expect.poll(() => taskRow.getAttribute('data-status', { timeout: 1_000 }), SHOWS).toBe('1')
    const thumbnail = taskRow.locator('img[data-testid=thumbnail]')
    await thumbnail.scrollIntoViewIfNeeded(WAIT)
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), SHOWS)
      .toBe(256)
    const now = workerPage.locator('[data-testid=clock-now]')
    expect(await now.getAttribute('data-now')).toContain('2026-01-01T00:01:00')
    expect(await now.textContent()).toBe('+1 min 0 s')
  })
})

describe("a team's dashboard on a locked genmock (docs/sandbox.md, A team's dashboard)", LIMIT, () => {
  const TOKEN = 'dashboard-admin-token-2026'
  const ADMIN = { authorization: `Bearer ${TOKEN}` }
  /** The admin's controls: none of them is on a team's page, not even disabled. */
  const ADMIN_CONTROLS = [
    'reset',
    'scenario-select',
    'advance-10s',
    'advance-idle',
    'mode-toggle',
    'speed',
    'topup',
    'drain',
    'account-clock',
    'create-account',
  ]
  type Team = { id: string; apiKey: string; taskId: string }
  let locked: RunningServer
  let lockedPage: Page
  const teams = {} as Record<'one' | 'two', Team>
  /** The control API's refusals the page met (status ≥ 400), as `METHOD path status`. */
  const refused: string[] = []

  const team = async (body: object): Promise<Team> => {
    const res = await fetch(`${locked.url}/__mock/accounts`, {
      method: 'POST',
      headers: { ...ADMIN, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const { id, apiKey } = (await res.json()) as { id: string; apiKey: string }
    const submitted = await fetch(`${locked.url}/api/ai/image/generate`, {
      method: 'POST',
      headers: { ...auth(apiKey), 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'base-image-2', prompt: `the fox of ${id}` }),
    })
    return { id, apiKey, taskId: ((await submitted.json()) as { taskId: string }).taskId }
  }
  /** Opens the page at a fragment: a changed fragment reloads it as the caller the new one names. */
  const open = (fragment: string) => {
    refused.length = 0
    return lockedPage.goto(`${locked.url}/__mock/${fragment}`)
  }
  const shown = (testid: string) => lockedPage.locator(`[data-testid=${testid}]`).count()

  beforeAll(async () => {
    locked = await startServer({
      port: 0,
      seed: 7,
      clock: { mode: 'manual', start: START },
      log: 'silent',
      adminToken: TOKEN,
    })
    teams.one = await team({ name: 'checkout', credits: 100, clock: 'own' })
    teams.two = await team({ name: 'search', credits: 100 })
    lockedPage = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    lockedPage.on('pageerror', (error) => pageErrors.push(String(error)))
    lockedPage.on('response', (res) => {
      const { pathname } = new URL(res.url())
      if (pathname.startsWith('/__mock/') && res.status() >= 400)
        refused.push(`${res.request().method()} ${pathname} ${res.status()}`)
    })
  }, LIMIT.timeout)

  afterAll(async () => {
    await lockedPage?.close()
    await locked?.close()
  })

  it('without a credential says it is locked and how to open it, instead of showing no tasks', async () => {
    await open('')
    const message = lockedPage.locator('[data-testid=locked][data-reason="no credential"]')
    await message.waitFor(WAIT)
    const said = await message.textContent()
    expect(said).toContain('This genmock is locked')
    expect(said).toContain("/__mock/#key=<your team's API key>")
    expect(said).toContain('/__mock/#token=<the admin token>')
    expect(await lockedPage.locator('#genmock').textContent()).not.toContain('No tasks yet')
    expect(await shown('task-row')).toBe(0)
    expect(refused).toEqual(['GET /__mock/whoami 401'])
  })

  it('with a key genmock does not know says so', async () => {
    await open('#key=sk_test_nobodys_key')
    const message = lockedPage.locator('[data-testid=locked][data-reason=refused]')
    await message.waitFor(WAIT)
    expect(await message.textContent()).toContain('The key in this link is not accepted')
    expect(refused).toEqual(['GET /__mock/whoami 401'])
  })

  it("with a team's key shows its own tasks, requests and account, with no control of the admin's", async () => {
    const { one, two } = teams
    await open(`#key=${one.apiKey}`)
    await lockedPage.locator(`[data-testid=team][data-account-id="${one.id}"]`).waitFor(WAIT)
    expect(await lockedPage.locator('[data-testid=team]').textContent()).toBe(`team checkout (${one.id})`)
    await lockedPage.locator(row(one.taskId)).waitFor(WAIT)
    await lockedPage.locator('[data-testid=journal-row]').first().waitFor(WAIT)
    const ids = (selector: string, name: string) =>
      lockedPage.locator(selector).evaluateAll((rows, name) => rows.map((r) => r.getAttribute(name)), name)
    expect(await ids('[data-testid=task-row]', 'data-task-id')).toEqual([one.taskId])
    expect(await ids('[data-testid=account-row]', 'data-account-id')).toEqual([one.id])
    const requests = await lockedPage.locator('[data-testid=journal-row]').allTextContents()
    expect(requests.length).toBeGreaterThan(0)
    expect(requests.filter((r) => !r.includes(one.id))).toEqual([])
    expect(await lockedPage.locator('#genmock').textContent()).not.toContain(two.id)
    for (const control of ADMIN_CONTROLS) expect(await shown(control), control).toBe(0)
    expect(await lockedPage.locator('[data-testid=scenario-default]').textContent()).toBe('default')
    expect(refused).toEqual([])
  })

  it("advances the team's own clock from its page, and its task completes there", async () => {
    const { one } = teams
    await lockedPage.click(`[data-account-id="${one.id}"] [data-testid=acct-advance-idle]`)
    await expect
      .poll(() => lockedPage.locator(row(one.taskId)).getAttribute('data-status', { timeout: 1_000 }), SHOWS)
      .toBe('1')
    const thumbnail = lockedPage.locator(`${row(one.taskId)} img[data-testid=thumbnail]`)
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), SHOWS)
      .toBe(256)
    await lockedPage.locator(`${row(one.taskId)} [data-testid=open-task]`).click()
    await lockedPage.locator('[data-testid=panel]').waitFor(WAIT)
    // Its own clock moved; the server's, the admin's, did not.
    const clock = async (path: string) =>
      ((await (await fetch(locked.url + path, { headers: ADMIN })).json()) as { now: string }).now
    expect(await clock(`/__mock/accounts/${one.id}/clock`)).not.toBe(new Date(START).toISOString())
    expect(await clock('/__mock/clock')).toBe(new Date(START).toISOString())
    await lockedPage.locator('[data-testid=close-panel]').click()
    expect(refused).toEqual([])
  })

  it("with the admin token shows every team and the admin's controls, as before", async () => {
    await open(`#token=${TOKEN}`)
    await lockedPage.locator('[data-testid=reset]').waitFor(WAIT)
    await lockedPage.locator(row(teams.two.taskId)).waitFor(WAIT)
    expect(await lockedPage.locator(row(teams.one.taskId)).count()).toBe(1)
    for (const control of ['scenario-select', 'advance-10s', 'mode-toggle', 'create-account', 'topup'])
      expect(await shown(control), control).toBeGreaterThan(0)
    expect(await shown('team')).toBe(0)
    expect(refused).toEqual([])
    expect(pageErrors).toEqual([])
  })
})

describe('the drift card (docs/check-against-the-service.md)', LIMIT, () => {
  let standIn: Awaited<ReturnType<typeof startStandIn>>
  let proxying: RunningServer

  beforeAll(async () => {
    standIn = await startStandIn()
    proxying = await startServer({ port: 0, log: 'silent', proxy: { target: standIn.url } })
  }, LIMIT.timeout)

  afterAll(async () => {
    await proxying?.close()
    await standIn?.close()
  })

  it('is hidden until genmock has proxied an exchange, then shows each finding', async () => {
    const driftPage = await browser.newPage()
    await driftPage.goto(`${proxying.url}/__mock/`)
    const card = driftPage.locator('section.card', { hasText: /^Drift \(/ })
    await card.waitFor({ state: 'attached', ...WAIT })
    await driftPage.locator('[data-testid=account-row]').first().waitFor(WAIT)
    expect(await card.isVisible()).toBe(false)
    await fetch(`${proxying.url}/api/ai/video/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${STAND_IN_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'video-d', inputMode: 'text_to_video', prompt: 'waves' }),
    })
    await card.getByText('price video-d 8 ×1').waitFor(WAIT)
    expect(await card.textContent()).toContain('service 60, genmock 80')
    expect(await card.locator('h2').textContent()).toBe('Drift (1 proxied)')
    await driftPage.close()
  })
})
