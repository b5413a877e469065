// `genmock/browser`: the worker door. The simulator in the page's service worker (msw's setupWorker),
// with its state kept across reloads and the devtools panel on demand.
import { setupWorker, type SetupWorker } from 'msw/browser'
import pkg from '../../package.json' with { type: 'json' }
import { scenarioSchema, type ScenarioInput } from '../contract/scenario.js'
import type { Engine } from '../engine/engine.js'
import { toIssues } from '../engine/validation.js'
import { mswHandlers } from '../msw/adapter.js'
import { buildSimulation, type SimulatorOptions, serveSimulation } from '../simulator.js'
import { persistence, type PersistOptions } from './persist.js'

export { bundledScenarios } from '../engine/scenarios/bundled-scenarios.js'

export interface WorkerOptions extends Omit<SimulatorOptions, 'scenarios' | 'videoSample' | 'browserContext'> {
  /** Scenarios as objects, on top of the bundled ones (which are always there: pick one with `scenario`). */
  scenarios?: readonly ScenarioInput[]
  /**
   * Where the sample MP4 for completed video tasks is fetched from, once, at start. Default: the
   * package's fixtures/sample.mp4 next to this module; with Vite, pass
   * `(await import('genmock/fixtures/sample.mp4?url')).default`.
   */
  videoSampleUrl?: string | URL
  /** Where the page serves mockServiceWorker.js (`npx msw init public`). Default '/mockServiceWorker.js'. */
  serviceWorkerUrl?: string
  /** Log every intercepted request in the console, as msw does by default. Default false. */
  logRequests?: boolean
  /**
   * The dashboard as a panel in the page: a small "genmock" toggle in the bottom-right corner
   * (in a shadow root: page styles and its own do not mix). Loaded only when asked. Default false.
   */
  devtools?: boolean
  /**
   * Keep the simulator across page reloads: tasks, accounts, balances, idempotency records, the
   * journal and the clock (a manual clock keeps its time, a real one goes on), in sessionStorage by
   * default. A state saved with other options is not restored. `false` starts afresh on every load.
   * Default true.
   */
  persist?: boolean | PersistOptions
}

export interface RunningWorker {
  engine: Engine
  worker: SetupWorker
  stop(): void
}

/** Validates scenario objects the way files are validated, with the path inside each. */
function parseScenarios(scenarios: readonly ScenarioInput[]) {
  return scenarios.map((input, i) => {
    const result = scenarioSchema.safeParse(input)
    if (result.success) return { scenario: result.data, origin: 'startWorker options' }
    const problems = toIssues(result.error, input, scenarioSchema).map(
      (issue) => `${issue.path || '(scenario)'}: ${issue.message}`,
    )
    throw new Error(`genmock: scenarios[${i}] is not a valid scenario:\n  ${problems.join('\n  ')}`)
  })
}

async function loadSample(url: string | URL): Promise<Uint8Array | undefined> {
  try {
    const res = await fetch(url)
    if (res.ok) return new Uint8Array(await res.arrayBuffer())
    console.warn(`genmock: the sample video at ${url} answered ${res.status}; video media will be 404`)
  } catch (error) {
    console.warn(
      `genmock: cannot fetch the sample video at ${url} (${(error as Error).message}); video media will be 404`,
    )
  }
  return undefined
}

/**
 * The whole simulator inside the page: the same engine, handlers, scenarios, clock, ledger and
 * control API as the standalone server, answered by an MSW service worker. The clock runs in
 * `real` mode unless told otherwise; requests to other hosts pass through untouched.
 * @example
 * import { startWorker } from 'genmock/browser'
 * const { engine } = await startWorker({ seed: 7, scenario: 'flaky' })
 * await fetch('/api/ai/image/generate', { method: 'POST', … }) // answered in the page
 */
export async function startWorker(options: WorkerOptions = {}): Promise<RunningWorker> {
  // Relative to the built dist/browser.js: the package's fixtures/ folder.
  const {
    scenarios = [],
    videoSampleUrl = new URL('../fixtures/sample.mp4', import.meta.url),
    serviceWorkerUrl = '/mockServiceWorker.js',
    logRequests = false,
    devtools = false,
    persist = true,
    ...rest
  } = options
  const videoSample = await loadSample(videoSampleUrl)
  const simulation = buildSimulation({
    ...rest,
    scenarios: parseScenarios(scenarios),
    ...(videoSample ? { videoSample } : {}),
    browserContext: true,
  })
  const { engine, drift } = simulation
  // A state is taken up only by the same genmock with the same options (functions, as sleep, drop out of the JSON).
  const saved =
    persist === false
      ? undefined
      : persistence(
          engine,
          drift,
          JSON.stringify({ version: pkg.version, ...rest, scenarios }),
          persist === true ? {} : persist,
        )
  saved?.restore()
  // Its saving is the route core's save step, as the server's --state DIR is.
  const { app } = serveSimulation(simulation, { save: saved })
  const worker = setupWorker(...mswHandlers(app))
  // Requests genmock does not own pass through untouched: msw 2 reads onUnhandledRequest, msw 3 onUnhandledFrame.
  const start = {
    serviceWorker: { url: serviceWorkerUrl },
    onUnhandledRequest: 'bypass' as const,
    onUnhandledFrame: 'bypass' as const,
    quiet: !logRequests,
  }
  await worker.start(start)
  saved?.start()
  const removeDevtools = devtools ? (await import('./devtools.js')).mountDevtools() : undefined
  return {
    engine,
    worker,
    stop: () => {
      removeDevtools?.()
      saved?.stop()
      worker.stop()
    },
  }
}

/**
 * The dashboard inside the page, for the worker door: the same one the standalone server serves
 * at GET /__mock/, reading the control API the worker answers, rendered into `root` (default: a
 * new element at the end of the body). Typing /__mock/ in the address bar cannot show it here:
 * MSW's service worker does not intercept page navigations (`startWorker({ devtools: true })`
 * gives it a corner toggle instead). Its code loads on demand, so it appears a moment later; the
 * returned function stops refreshing and removes it (and its element, when it made one).
 * @example
 * await startWorker({ clock: { mode: 'manual' } })
 * const stop = mountDashboard() // appended to document.body; or mountDashboard(someElement)
 */
export function mountDashboard(root?: HTMLElement): () => void {
  let stop: (() => void) | undefined
  let stopped = false
  void import('./devtools.js').then(({ mountInPage }) => {
    if (!stopped) stop = mountInPage(root)
  })
  return () => {
    stopped = true
    stop?.()
  }
}
