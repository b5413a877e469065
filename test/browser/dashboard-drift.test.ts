import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../src/node/server/server.js'
import { STAND_IN_KEY, startStandIn } from '../drift/stand-in.js'
import { ensureChromium, INSTALL_LIMIT_MS, launchBrowser } from '../support/browser.js'

/** The dashboard's drift card in real Chromium: hidden until genmock proxies, then each finding. */

let browser: Browser
let server: RunningServer
let standIn: Awaited<ReturnType<typeof startStandIn>>

beforeAll(async () => {
  await ensureChromium()
  standIn = await startStandIn()
  ;[browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ port: 0, log: 'silent', proxy: { target: standIn.url } }),
  ])
}, INSTALL_LIMIT_MS)

afterAll(async () => {
  await browser?.close()
  await server?.close()
  await standIn?.close()
})

it('shows the drift once genmock has proxied an exchange', { timeout: 20_000 }, async () => {
  const page = await browser.newPage()
  await page.goto(`${server.url}/__mock/`)
  const card = page.locator('section.card', { hasText: /^Drift \(/ })
  await card.waitFor({ state: 'attached' })
  await page.locator('[data-testid=account-row]').first().waitFor()
  expect(await card.isVisible()).toBe(false)
  await fetch(`${server.url}/api/ai/video/generate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${STAND_IN_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'video-d', inputMode: 'text_to_video', prompt: 'waves' }),
  })
  await card.getByText('price video-d 8 ×1').waitFor({ timeout: 5_000 })
  expect(await card.textContent()).toContain('service 60, genmock 80')
  expect(await card.locator('h2').textContent()).toBe('Drift (1 proxied)')
})
