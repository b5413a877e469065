import { startWorker } from 'genmock/browser'
import { fail } from './app.js'

/**
 * The worker door of a shared sandbox: the simulator in this page with the admin token the page's query
 * names (`?token=`), afresh on every load; the test sends the access matrix's requests from the page.
 */
try {
  await startWorker({
    seed: 7,
    clock: { mode: 'manual', start: Date.parse('2026-01-01T00:00:00Z') },
    videoSampleUrl: '/fixtures/sample.mp4',
    adminToken: new URLSearchParams(location.search).get('token') ?? undefined,
    persist: false,
  })
  window.__answers = []
  window.__done = true
} catch (error) {
  fail(error)
}
