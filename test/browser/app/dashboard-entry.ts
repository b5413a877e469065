import { mountDashboard, startWorker } from 'genmock/browser'
import { fail } from './app.js'

/** The worker door's dashboard: the simulator and its dashboard, both in this page. */
try {
  await startWorker({
    seed: 7,
    clock: { mode: 'manual', start: Date.parse('2026-01-01T00:00:00Z') },
    videoSampleUrl: '/fixtures/sample.mp4',
  })
  mountDashboard()
  window.__answers = []
  window.__done = true
} catch (error) {
  fail(error)
}
