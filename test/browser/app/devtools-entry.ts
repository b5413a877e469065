import { startWorker } from 'genmock/browser'
import { fail } from './app.js'

/**
 * The worker door with its in-page devtools and its state kept across reloads. The query string
 * picks the clock (`clock=manual`, else real at 4× speed); `persist=off` opts out, `log=on` has
 * msw log each request in the console.
 */
try {
  const query = new URLSearchParams(location.search)
  const clock =
    query.get('clock') === 'manual'
      ? { mode: 'manual' as const, start: Date.parse('2026-01-01T00:00:00Z') }
      : { mode: 'real' as const, speed: 4 }
  await startWorker({
    seed: 7,
    clock,
    videoSampleUrl: '/fixtures/sample.mp4',
    devtools: true,
    persist: query.get('persist') !== 'off',
    logRequests: query.get('log') === 'on',
  })
  window.__answers = []
  window.__done = true
} catch (error) {
  fail(error)
}
