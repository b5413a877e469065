import { mkdirSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../src/node/server/server.js'
import { auth, KEYS } from '../support/api.js'
import { ensureChromium, INSTALL_LIMIT_MS, launchBrowser } from '../support/browser.js'
import { START } from '../support/doors.js'

/**
 * The dashboard as a working tool, in real Chromium against the standalone server: every action
 * it offers changes what the control API reports; its own requests never reach the journal, the
 * findings or the request log; it fits 1024, 1280 and 1920 px in both colour schemes, and is
 * usable by keyboard. Screenshots go to test/artifacts/.
 */

const SHOWS = { timeout: 5_000, interval: 100 }
const LIMIT = { timeout: 30_000 }
const WIDTHS = [1024, 1280, 1920] as const
const FIXTURE_ACCOUNTS = ['acct_alice', 'acct_bob', 'acct_low', 'acct_refused']

let browser: Browser
let server: RunningServer
let page: Page
const logLines: string[] = []
const pageErrors: string[] = []

beforeAll(async () => {
  await ensureChromium()
  ;[browser, server] = await Promise.all([
    launchBrowser(),
    startServer({
      port: 0,
      seed: 7,
      clock: { mode: 'manual', start: START },
      log: 'pretty',
      write: (line) => logLines.push(line),
    }),
  ])
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  page.on('pageerror', (error) => pageErrors.push(String(error)))
  await page.goto(`${server.url}/__mock/`)
  await page.locator('[data-testid=account-row][data-account-id=acct_alice]').waitFor({ timeout: 5_000 })
}, INSTALL_LIMIT_MS)

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

// biome-ignore lint/suspicious/noExplicitAny: each test reads the fields it asserts
const api = async <T = any>(path: string, init: RequestInit = {}) =>
  (await (await fetch(server.url + path, init)).json()) as T
const submit = async (body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.url}/api/ai/image/generate`, {
    method: 'POST',
    headers: { ...auth(), 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { taskId: string }).taskId
}
const taskStatus = async (taskId: string) =>
  (await api<{ task: { status: number } }>(`/__mock/tasks/${taskId}`)).task.status
const result = () => page.locator('[data-testid=action-result]').textContent()
const openTask = async (taskId: string) => {
  await page.locator(`[data-testid=task-row][data-task-id="${taskId}"] [data-testid=open-task]`).click()
  await page.locator('[data-testid=panel]').waitFor()
}
const closePanel = () => page.locator('[data-testid=close-panel]').click()
const account = (id: string) => page.locator(`[data-testid=account-row][data-account-id="${id}"]`)

describe('the dashboard acts through the control API', LIMIT, () => {
  it('completes, fails (with a code and a refund) and expires pending tasks from the task panel', async () => {
    const done = await submit({ model: 'base-image-2', prompt: 'complete me' })
    const failed = await submit({ model: 'base-image-2', prompt: 'fail me' })
    const relay = await submit(
      { model: 'base-image-2', prompt: 'expire me', provider: 'relay', resolution: '1K' },
      { 'idempotency-key': 'dash-relay-1' },
    )
    const before = (await api<{ credits: number }>('/__mock/accounts/acct_alice')).credits

    await expect.poll(() => page.locator(`[data-task-id="${done}"]`).count(), SHOWS).toBe(1)
    await openTask(done)
    await expect.poll(() => page.locator('[data-testid=scheduled-step]').count(), SHOWS).toBeGreaterThan(0)
    await page.locator('[data-testid=complete-task]').click()
    await expect.poll(() => taskStatus(done), SHOWS).toBe(1)
    await expect.poll(result, SHOWS).toContain('completed')
    await expect.poll(() => page.locator('[data-testid=history-step]').count(), SHOWS).toBe(2)
    await closePanel()

    await openTask(failed)
    await page.locator('[data-testid=fail-code]').fill('CONTENT_POLICY')
    await page.locator('[data-testid=fail-task]').click()
    await expect.poll(() => taskStatus(failed), SHOWS).toBe(2)
    const failedTask = (await api(`/__mock/tasks/${failed}`)).task
    expect([failedTask.errorCode, failedTask.creditRefunded]).toEqual(['CONTENT_POLICY', true])
    await closePanel()

    await openTask(relay)
    await page.locator('[data-testid=expire-task]').click()
    await expect.poll(() => taskStatus(relay), SHOWS).toBe(2)
    const expired = (await api(`/__mock/tasks/${relay}`)).task
    expect([expired.relayStatus, expired.creditRefunded]).toEqual(['expired', false])
    await closePanel()
    expect((await api<{ credits: number }>('/__mock/accounts/acct_alice')).credits).toBe(
      before + failedTask.creditsUsed,
    )
  })

  it('shows a task’s snapshot, timeline, ledger and requests, and a request’s bodies with copy-as-curl', async () => {
    const taskId = await submit({ model: 'base-image-2', prompt: 'look at me' }, { 'idempotency-key': 'dash-look-1' })
    await expect.poll(() => page.locator(`[data-task-id="${taskId}"]`).count(), SHOWS).toBe(1)
    await openTask(taskId)
    const panel = page.locator('[data-testid=panel]')
    await expect.poll(() => panel.textContent(), SHOWS).toContain('"prompt": "look at me"')
    const text = (await panel.textContent())!
    expect(text).toContain('debit')
    expect(text).toContain('POST /api/ai/image/generate')
    // The request that made it: bodies as the journal keeps them, and curl with the key as a placeholder.
    await panel.locator('.reqs button').first().click()
    await expect.poll(() => panel.textContent(), SHOWS).toContain('Request body')
    const curl = (await panel.locator('pre').first().textContent())!
    expect(curl).toContain(`curl -X POST '${server.url}/api/ai/image/generate'`)
    expect(curl).toContain('-H "authorization: Bearer $GENMOCK_API_KEY"')
    expect(curl).toContain("-H 'idempotency-key: dash-look-1'")
    expect(curl).toContain(`--data-raw '{"model":"base-image-2","prompt":"look at me"}'`)
    expect(curl).not.toContain(KEYS.alice)
    expect(await panel.textContent()).toContain('"taskId": "')
    await page.keyboard.press('Escape')
    expect(await panel.isHidden()).toBe(true)
  })

  it('filters the journal by account, status and path', async () => {
    await fetch(`${server.url}/api/ai/tasks/tsk_nope`, { headers: auth(KEYS.bob) })
    const rows = () => page.locator('[data-testid=journal-row]').allTextContents()
    await page.locator('[data-testid=journal-status]').fill('404')
    await page.locator('[data-testid=journal-status]').dispatchEvent('change')
    await expect.poll(async () => (await rows()).length, SHOWS).toBe(1)
    expect((await rows())[0]).toContain('/api/ai/tasks/tsk_nope')
    await page.locator('[data-testid=journal-status]').fill('')
    await page.locator('[data-testid=journal-status]').dispatchEvent('change')
    await page.locator('[data-testid=journal-account]').selectOption('acct_bob')
    await expect.poll(async () => (await rows()).every((r) => r.includes('Bob (acct_bob)')), SHOWS).toBe(true)
    await page.locator('[data-testid=journal-account]').selectOption('')
    await page.locator('[data-testid=journal-path]').fill('/api/ai/image/*')
    await page.locator('[data-testid=journal-path]').dispatchEvent('change')
    await expect.poll(async () => (await rows()).every((r) => r.includes('/api/ai/image/generate')), SHOWS).toBe(true)
    await page.locator('[data-testid=journal-path]').fill('')
    await page.locator('[data-testid=journal-path]').dispatchEvent('change')
  })

  it('shows conformance findings as they happen', async () => {
    const taskId = await submit(
      { model: 'base-image-2', prompt: 'poll me too soon', provider: 'relay', resolution: '1K' },
      { 'idempotency-key': 'dash-relay-2' },
    )
    await fetch(`${server.url}/api/ai/tasks/${taskId}`, { headers: auth() })
    const total = (await api<{ total: number }>('/__mock/conformance')).total
    expect(total).toBeGreaterThan(0)
    await expect.poll(() => page.locator('[data-testid=finding]').count(), SHOWS).toBe(Math.min(total, 30))
  })

  it('creates an account with its own clock, tops it up, drains it and advances its clock until idle', async () => {
    await page.locator('[data-testid=new-account-name]').fill('Dashboard tester')
    await page.locator('[data-testid=new-account-credits]').fill('250')
    await page.locator('[data-testid=new-account-own]').check()
    await page.locator('[data-testid=create-account]').click()
    await expect.poll(result, SHOWS).toMatch(/create account: acct_\w+, key sk_test_\w+/)
    const [, id, key] = /(acct_\w+), key (sk_test_\w+)/.exec((await result())!)!
    const created = await api(`/__mock/accounts/${id}`)
    expect([created.name, created.credits, created.clock.own]).toEqual(['Dashboard tester', 250, true])

    await account(id!).locator('[data-testid=topup-amount]').fill('50')
    await account(id!).locator('[data-testid=topup]').click()
    await expect.poll(async () => (await api(`/__mock/accounts/${id}`)).credits, SHOWS).toBe(300)
    await account(id!).locator('[data-testid=drain]').click()
    await expect.poll(async () => (await api(`/__mock/accounts/${id}`)).credits, SHOWS).toBe(0)
    await account(id!).locator('[data-testid=topup]').click()
    await expect.poll(async () => (await api(`/__mock/accounts/${id}`)).credits, SHOWS).toBe(50)

    const taskId = await submit({ model: 'base-image-2', prompt: 'on my own clock' }, auth(key))
    await expect.poll(() => account(id!).locator('[data-testid=acct-advance-idle]').count(), SHOWS).toBe(1)
    const serverNow = (await api('/__mock/clock')).now
    await account(id!).locator('[data-testid=acct-advance-idle]').click()
    await expect.poll(async () => (await api(`/__mock/tasks/${taskId}`)).task.status, SHOWS).toBe(1)
    expect((await api('/__mock/clock')).now).toBe(serverNow)
    await expect.poll(result, SHOWS).toMatch(/1 change, nothing pending/)

    await account(id!).locator('[data-testid=account-clock]').click()
    await expect.poll(async () => (await api(`/__mock/accounts/${id}`)).clock.own, SHOWS).toBe(false)
  })

  it('advances the server clock to the next event and until idle', async () => {
    const first = await submit({ model: 'base-image-2', prompt: 'next' })
    const second = await submit({ model: 'base-image-2', prompt: 'idle' })
    await page.locator('[data-testid=advance-next]').click()
    await expect.poll(result, SHOWS).toMatch(/advance next event: now .*, 1 change/)
    await page.locator('[data-testid=advance-idle]').click()
    await expect.poll(async () => [await taskStatus(first), await taskStatus(second)], SHOWS).toEqual([1, 1])
    await expect.poll(result, SHOWS).toContain('nothing pending')
  })

  it('pauses and resumes live updates', async () => {
    await page.locator('[data-testid=pause]').click()
    await expect.poll(() => page.locator('.state').textContent(), SHOWS).toBe('paused')
    const taskId = await submit({ model: 'base-image-2', prompt: 'while paused' })
    await page.waitForTimeout(2_500)
    expect(await page.locator(`[data-task-id="${taskId}"]`).count()).toBe(0)
    await page.locator('[data-testid=pause]').click()
    await expect.poll(() => page.locator(`[data-task-id="${taskId}"]`).count(), SHOWS).toBe(1)
  })

  it('a task panel left open across a simulator reset says its task is gone, and the rest stays live', async () => {
    const taskId = await submit({ model: 'base-image-2', prompt: 'open me, then reset' })
    await expect.poll(() => page.locator(`[data-task-id="${taskId}"]`).count(), SHOWS).toBe(1)
    await openTask(taskId)
    await fetch(`${server.url}/__mock/reset`, { method: 'POST' })
    await page.locator('[data-testid=task-gone]').waitFor()
    await expect.poll(() => page.locator(`[data-task-id="${taskId}"]`).count(), SHOWS).toBe(0)
    expect(await page.locator('.state').textContent()).toBe('live')
    await closePanel()
  })

  it('resets the simulator', async () => {
    await submit({ model: 'base-image-2', prompt: 'reset me' })
    await expect.poll(() => page.locator('[data-testid=task-row]').count(), SHOWS).toBe(1)
    await page.locator('[data-testid=reset]').click()
    await expect.poll(async () => (await api('/__mock/tasks')).total, SHOWS).toBe(0)
    await expect.poll(() => page.locator('[data-testid=task-row]').count(), SHOWS).toBe(0)
    expect((await api('/__mock/accounts')).accounts.map((a: { id: string }) => a.id)).toEqual(FIXTURE_ACCOUNTS)
  })
})

describe('the dashboard stays quiet', LIMIT, () => {
  it('adds no journal entry, finding or request line in a simulated minute with thumbnails on screen', async () => {
    const taskId = await submit({ model: 'base-image-2', prompt: 'a thumbnail' })
    await fetch(`${server.url}/__mock/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 15 }),
    })
    await expect
      .poll(
        () =>
          page
            .locator(`[data-task-id="${taskId}"] img[data-testid=thumbnail]`)
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        SHOWS,
      )
      .toBe(256)
    const start = Date.parse((await api('/__mock/clock')).now)
    const journal = (await api('/__mock/requests/count')).count
    const findings = (await api('/__mock/conformance')).total
    const lines = logLines.length
    const statuses: number[] = []
    const count = (response: { status(): number }) => statuses.push(response.status())
    page.on('response', count)
    // The dashboard's own clock buttons, a minute of simulated time (each step once its answer shows), and its
    // polling all along.
    for (let i = 1; i <= 6; i++) {
      await page.locator('[data-testid=advance-10s]').click()
      const now = new Date(start + i * 10_000).toISOString()
      await expect.poll(result, SHOWS).toContain(`advance +10 s: now ${now}`)
    }
    await openTask(taskId)
    await page.waitForTimeout(1_500)
    await closePanel()
    page.off('response', count)
    // Its reads log nothing; each change it made is one line saying who made it (docs/sandbox.md).
    const logged = logLines.slice(lines)
    expect(logged.filter((line) => !/ change by admin: advanceClock → 200$/.test(line))).toEqual([])
    expect(logged).toHaveLength(6)
    // Its polling found most reads unchanged: a 304 each, not the whole answer again.
    expect(statuses.filter((status) => status === 304).length).toBeGreaterThan(statuses.length / 2)
    expect((await api('/__mock/requests/count')).count).toBe(journal)
    expect((await api('/__mock/conformance')).total).toBe(findings)
    expect(await page.locator(`[data-task-id="${taskId}"]`).getAttribute('data-status')).toBe('1')
  })
})

describe('the dashboard fits', LIMIT, () => {
  /** WCAG contrast of two rgb() colours. */
  const contrast = (a: string, b: string) => {
    const lum = (c: string) => {
      const [r, g, bl] = c
        .match(/\d+(\.\d+)?/g)!
        .slice(0, 3)
        .map((v) => Number(v) / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!
    }
    const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x)
    return (hi! + 0.05) / (lo! + 0.05)
  }

  it('has tasks to show', async () => {
    await submit({ model: 'base-image-2', prompt: `a very long prompt that goes on ${'and on '.repeat(30)}` })
    await fetch(`${server.url}/__mock/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `A team with a rather long name ${'x'.repeat(60)}`, credits: 10 }),
    })
    await expect.poll(() => page.locator('[data-testid=task-row]').count(), SHOWS).toBeGreaterThan(0)
  })

  for (const scheme of ['light', 'dark'] as const) {
    for (const width of WIDTHS) {
      it(`at ${width} px, ${scheme}: no horizontal overflow, nothing cut, readable text, a screenshot`, async () => {
        await page.emulateMedia({ colorScheme: scheme })
        await page.setViewportSize({ width, height: 800 })
        // The next frame is laid out at the new width and scheme.
        await page.evaluate(() => new Promise(requestAnimationFrame))
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        )
        expect(overflow).toBe(0)
        // Nothing is clipped: no element hides its text behind an ellipsis or a hidden overflow.
        const clipped = await page.evaluate(
          () =>
            [...document.querySelectorAll('.gm *')].filter((node) => {
              const style = getComputedStyle(node)
              return (
                (style.textOverflow === 'ellipsis' || style.overflowX === 'hidden') &&
                node.scrollWidth > node.clientWidth
              )
            }).length,
        )
        expect(clipped).toBe(0)
        const colours = await page.evaluate(() => {
          const gm = getComputedStyle(document.querySelector('.gm')!)
          const card = getComputedStyle(document.querySelector('.gm .card')!)
          const sub = getComputedStyle(document.querySelector('.gm .sub')!)
          return { fg: gm.color, bg: gm.backgroundColor, card: card.backgroundColor, mute: sub.color }
        })
        expect(contrast(colours.fg, colours.card)).toBeGreaterThan(7)
        expect(contrast(colours.mute, colours.card)).toBeGreaterThan(4.5)
        mkdirSync('test/artifacts', { recursive: true })
        await page.screenshot({ path: `test/artifacts/dashboard-${width}-${scheme}.png`, fullPage: true })
        // The task panel over it: the same checks, and its own screenshot.
        await page.locator('[data-testid=open-task]').first().click()
        await expect.poll(() => page.locator('[data-testid=panel] pre').count(), SHOWS).toBeGreaterThan(0)
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        ).toBe(0)
        const panelOverflow = await page
          .locator('[data-testid=panel]')
          .evaluate((panel) => panel.scrollWidth - panel.clientWidth)
        expect(panelOverflow).toBe(0)
        await page.screenshot({ path: `test/artifacts/dashboard-${width}-${scheme}-task.png` })
        await closePanel()
      })
    }
  }

  it('is usable by keyboard: Tab reaches a task, Enter opens it, Escape closes it and gives focus back', async () => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize({ width: 1280, height: 800 })
    const opener = page.locator('[data-testid=open-task]').first()
    await opener.focus()
    await page.keyboard.press('Enter')
    await page.locator('[data-testid=panel]').waitFor()
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('panel')
    await page.keyboard.press('Escape')
    expect(await page.locator('[data-testid=panel]').isHidden()).toBe(true)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('open-task')
    // Every control is reachable: no button, input or select is taken out of the tab order.
    expect(await page.locator('.gm [tabindex="-1"]:is(button,input,select)').count()).toBe(0)
    expect(pageErrors).toEqual([])
  })
})
