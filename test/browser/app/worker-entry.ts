import { startWorker } from 'genmock/browser'
import { fail, runApp } from './app.js'

/** The worker door: the whole simulator runs in this page, so the app uses its own origin. */
try {
  await startWorker({
    seed: 7,
    clock: { mode: 'manual', start: Date.parse('2026-01-01T00:00:00Z') },
    videoSampleUrl: '/fixtures/sample.mp4',
  })
  await runApp({ baseUrl: '', controlBase: '', apiKey: 'sk_test_alice' })
} catch (error) {
  fail(error)
}
