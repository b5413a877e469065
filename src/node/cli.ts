/**
 * The `genmock` command once its arguments are known to be good: loaded by bin.ts only then.
 * The scenario-file loader (and yaml with it) is loaded only for --scenarios and validate.
 */
import { lookup } from 'node:dns/promises'
import { accessSync, constants, statSync, writeFileSync } from 'node:fs'
import { constants as os } from 'node:os'
import { dirname, resolve } from 'node:path'
import type { RuleId } from '../contract/conformance-rules.js'
import { CONFORMANCE_RULES } from '../engine/journal/conformance.js'
import { unmetOutcomes } from '../engine/journal/coverage.js'
import { defaultAccounts } from '../engine/default-fixtures.js'
import type { Calibration } from '../drift/calibrate.js'
import type { Engine } from '../engine/engine.js'
import { Problem } from '../engine/problem.js'
import type { ScenarioEntry } from '../engine/scenarios/scenarios.js'
import { conformanceSummary, coverageSummary, driftSummary } from '../reports/summary-lines.js'
import { junitReport } from '../reports/conformance-junit.js'
import { banner, readyInfo } from './banner.js'
import { type ServeArgs, VERSION } from './cli-args.js'
import { leanHeap } from './lean-heap.js'
import { type Output, output, writeError } from './output.js'
import { type RunningServer, startServer } from './server.js'

/** Loopback addresses: binding anything else exposes the test keys and the control API to the network. */
const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|::1|localhost)$/i
/** The signals that stop genmock gracefully; a second one stops it at once. */
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/** `genmock validate FILE...`: every problem of every file, then a verdict per file. */
export async function validateFiles(files: string[]): Promise<number> {
  const { formatProblem, loadScenarioFiles } = await import('./scenario-files.js')
  const { entries, problems } = loadScenarioFiles(files)
  for (const problem of problems) writeError(`${formatProblem(problem)}\n`)
  const bad = new Set(problems.map((problem) => problem.file))
  for (const file of files) {
    const entry = entries.find((e) => e.origin === file)
    if (!bad.has(file) && entry) process.stdout.write(`ok ${file} (${entry.scenario.name})\n`)
  }
  return problems.length > 0 ? 1 : 0
}

/** The --scenarios directory's scenarios, or the reasons genmock will not start with them. */
async function userScenarios(dir: string | undefined): Promise<{ entries: ScenarioEntry[]; errors: string[] }> {
  if (dir === undefined) return { entries: [], errors: [] }
  const { formatProblem, loadScenarioFiles, scenarioFilesIn } = await import('./scenario-files.js')
  let files: string[]
  try {
    files = scenarioFilesIn(dir)
  } catch (error) {
    return { entries: [], errors: [`--scenarios ${dir}: ${(error as Error).message}`] }
  }
  const { entries, problems } = loadScenarioFiles(files)
  return { entries, errors: problems.map(formatProblem) }
}

/** `genmock calibrate FILE.har --out DIR`: 0 when the files are written, 1 for a bad recording or an unwritable DIR. */
export async function calibrateCommand(file: string, out: string): Promise<number> {
  const { CalibrationError, calibrateFile, writeCalibration } = await import('./calibration-files.js')
  try {
    const { output, used } = calibrateFile(file, (line) => writeError(`${line}\n`))
    const written = writeCalibration(out, output)
    process.stdout.write(
      `calibrated from ${used} exchanges with the service; wrote\n${written.map((f) => `  ${f}\n`).join('')}`,
    )
    process.stdout.write(`start genmock with them: genmock --calibration ${out}\n`)
    return 0
  } catch (error) {
    if (!(error instanceof CalibrationError) && !(error as NodeJS.ErrnoException).code) throw error
    writeError(`genmock calibrate: ${(error as Error).message}\n`)
    return 1
  }
}

/** The --calibration directory, or why genmock will not start with it. */
async function calibrationOf(dir: string | undefined): Promise<{ calibration?: Calibration; error?: string }> {
  if (dir === undefined) return {}
  const { CalibrationError, loadCalibration } = await import('./calibration-files.js')
  try {
    return { calibration: loadCalibration(dir) }
  } catch (error) {
    if (error instanceof CalibrationError) return { error: error.message }
    throw error
  }
}

/** Why --report FILE could not be written when genmock stops, found before it starts. */
function reportProblem(file: string): string | undefined {
  const full = resolve(file)
  try {
    const stat = statSync(full, { throwIfNoEntry: false })
    if (stat?.isDirectory()) return `--report ${file} is a folder; give a file name, such as conformance.xml`
    accessSync(stat ? full : dirname(full), constants.W_OK)
    return undefined
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return `--report ${file}: the folder ${dirname(full)} does not exist`
    return `--report ${file}: cannot be written (${code ?? (error as Error).message})`
  }
}

/** What the options need from the machine, checked before anything starts: each problem found. */
async function preflight(args: ServeArgs): Promise<string[]> {
  const problems: string[] = []
  try {
    await lookup(args.host)
  } catch (error) {
    problems.push(`--host ${args.host}: no such address (${(error as NodeJS.ErrnoException).code})`)
  }
  const report = args.report === undefined ? undefined : reportProblem(args.report)
  if (report) problems.push(report)
  return problems
}

/** What stopping has to go on: the options, the simulation, where to write. */
export interface StopContext {
  args: ServeArgs
  engine: Engine
  /** With --proxy: where the service answered otherwise than genmock would have. */
  drift: RunningServer['drift']
  out: Output
}

/** One step when genmock stops, once the requests in flight are answered: it may print; its exit code. */
export type ShutdownStep = (context: StopContext) => number

const errorFindings = (counts: Partial<Record<RuleId, number>>) =>
  Object.entries(counts).reduce(
    (sum, [rule, n]) => sum + (CONFORMANCE_RULES[rule as RuleId].severity === 'error' ? n : 0),
    0,
  )

/** What genmock does when it stops, in this order; the largest exit code wins. */
const SHUTDOWN: ShutdownStep[] = [
  function summary({ engine, out }) {
    const counts = engine.conformance.counts()
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0)
    out.event('conformance', { findings: total, errors: errorFindings(counts), counts }, conformanceSummary(counts))
    return 0
  },
  function coverageLine({ args, engine, out }) {
    const report = engine.coverage.report()
    out.event('coverage', { met: report.met, total: report.total }, coverageSummary(report))
    const unmet = unmetOutcomes(report, args.requireCoverage)
    if (unmet.length === 0) return 0
    out.warn('coverage-unmet', { unmet }, `--require-coverage: not met: ${unmet.join(', ')}, exit 1`)
    return 1
  },
  function driftLine({ args, drift, out }) {
    if (args.proxy === undefined) return 0
    const counts = drift.report.counts()
    const exchanges = drift.observations().exchanges
    out.event('drift', { exchanges, counts }, driftSummary(counts, exchanges))
    return 0
  },
  function report({ args, engine, out }) {
    if (args.report === undefined) return 0
    try {
      writeFileSync(args.report, junitReport(engine.conformance.findings()))
      out.event('report', { file: args.report }, `genmock: conformance report written to ${args.report}`)
      return 0
    } catch (error) {
      const reason = (error as Error).message
      out.warn('report-failed', { file: args.report, reason }, `cannot write --report ${args.report}: ${reason}`)
      return 1
    }
  },
  function failOnFindings({ args, engine, out }) {
    const errors = errorFindings(engine.conformance.counts())
    if (!args.failOnFindings || errors === 0) return 0
    out.warn(
      'findings',
      { errors },
      `--fail-on-findings: ${errors} error finding${errors === 1 ? '' : 's'} in the conformance report, exit 1`,
    )
    return 1
  },
]

/**
 * npx and `npm start` run genmock under `sh -c`, and npm passes SIGINT and SIGTERM to that shell
 * only: the shell dies and genmock, reparented, would keep the port. Started by npm, genmock
 * therefore stops when its parent process goes away.
 */
function onParentExit(stop: () => void): () => void {
  if (process.env.npm_lifecycle_event === undefined) return () => {}
  const parent = process.ppid
  const timer = setInterval(() => {
    if (process.ppid !== parent) stop()
  }, 200)
  timer.unref()
  return () => clearInterval(timer)
}

/** Resolves with what stopped genmock: the first signal, or its parent's exit. A second signal exits at once. */
function stopRequested(out: Output): { stopped: Promise<string>; dispose: () => void } {
  let first: string | undefined
  let done: (reason: string) => void = () => {}
  const stopped = new Promise<string>((resolve) => {
    done = resolve
  })
  const request = (reason: string) => {
    if (first === undefined) {
      first = reason
      return done(reason)
    }
    if (!(SIGNALS as readonly string[]).includes(reason)) return
    out.warn('stopped', { signal: reason }, `${reason} again: stopped at once, without the reports`)
    process.exit(128 + os.signals[reason as (typeof SIGNALS)[number]])
  }
  const handlers = SIGNALS.map((signal) => [signal, () => request(signal)] as const)
  for (const [signal, handler] of handlers) process.on(signal, handler)
  const stopWatching = onParentExit(() => request('parent exited'))
  return {
    stopped,
    dispose: () => {
      stopWatching()
      for (const [signal, handler] of handlers) process.off(signal, handler)
    },
  }
}

/** Why the server could not start, and the exit code: 2 when an option is at fault, 1 otherwise. */
function startFailure(error: unknown, args: ServeArgs): [number, string] {
  if (error instanceof Problem && error.detail.kind === 'invalid-request') {
    const lines = error.detail.issues.map(
      (issue) =>
        `  --scenario ${args.scenario ?? 'default'}: ${issue.path === 'name' ? '' : `${issue.path}: `}` +
        `${issue.message}\n`,
    )
    return [2, `not starting\n${lines.join('')}`]
  }
  const code = (error as { code?: string }).code
  if (code === 'EADDRINUSE') return [1, `port ${args.port} is in use (try --port 0 for a free one)\n`]
  if (code === 'EADDRNOTAVAIL') return [2, `--host ${args.host}: not an address of this machine, cannot bind it\n`]
  if (args.record !== undefined && (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES'))
    return [2, `--record ${args.record}: cannot be written (${code})\n`]
  if (code === 'EACCES') return [2, `--port ${args.port}: not allowed to listen there (ports below 1024 need root)\n`]
  return [1, `${(error as Error).message}\n`]
}

/**
 * Serves until SIGINT, SIGTERM or SIGHUP, then lets the requests in flight finish (--grace) and
 * runs the SHUTDOWN steps. The exit code: 0 after a clean stop, 1 when a step says so or the port
 * is taken, 2 for bad options or scenarios.
 */
export async function serve(args: ServeArgs): Promise<number> {
  const out = output(args.log)
  const problems = await preflight(args)
  if (problems.length > 0) {
    writeError(
      `genmock: not starting\n${problems.map((e) => `  ${e}\n`).join('')}Run genmock --help for the options.\n`,
    )
    return 2
  }
  const scenarios = await userScenarios(args.scenarios)
  if (scenarios.errors.length > 0) {
    writeError(
      `genmock: not starting: the scenarios have problems\n${scenarios.errors.map((e) => `  ${e}\n`).join('')}`,
    )
    return 2
  }
  const { calibration, error: badCalibration } = await calibrationOf(args.calibration)
  if (badCalibration !== undefined) {
    writeError(`genmock: not starting: ${badCalibration}\n`)
    return 2
  }
  let server: RunningServer
  try {
    server = await startServer({
      port: args.port,
      host: args.host,
      seed: args.seed,
      log: args.log,
      write: out.line,
      clock: { mode: args.clock, speed: args.speed },
      scenarios: scenarios.entries,
      maxTasks: args.maxTasks,
      ...(args.scenario !== undefined ? { scenario: args.scenario } : {}),
      ...(args.adminToken !== undefined ? { adminToken: args.adminToken } : {}),
      ...(args.allowedHosts !== undefined ? { allowedHosts: args.allowedHosts } : {}),
      ...(args.corsOrigin !== undefined ? { corsOrigins: args.corsOrigin } : {}),
      strict: args.strict,
      idStyle: args.idStyle,
      sparse: args.sparse,
      ...(calibration ? { calibration } : {}),
      ...(args.proxy !== undefined
        ? {
            proxy: {
              target: args.proxy,
              timeoutMs: args.proxyTimeout * 1000,
              ...(args.record !== undefined ? { record: args.record } : {}),
            },
          }
        : {}),
    })
  } catch (error) {
    const [code, message] = startFailure(error, args)
    writeError(`genmock: ${message}`)
    return code
  }
  const stopSteering = leanHeap()
  // The handlers are in place before the banner: whoever reads the URL may stop it at once.
  const { stopped, dispose } = stopRequested(out)
  const info = readyInfo({
    url: server.url,
    port: server.port,
    version: VERSION,
    seed: server.engine.seed,
    clock: server.engine.clockState(),
    accounts: defaultAccounts,
    scenarios: server.engine.scenarios,
    locked: args.adminToken !== undefined,
  })
  const stopWatch = args.watch
    ? (await import('./watch.js')).watchScenarios(args.scenarios!, server.engine, out)
    : () => {}
  const proxied =
    args.proxy === undefined
      ? ''
      : `\n  proxy      the service's routes go to ${args.proxy}: use its keys` +
        `${args.record ? `; recording ${args.record}` : ''}\n  drift      ${server.url}/__mock/drift`
  out.event(
    'ready',
    { ...info, ...(args.proxy !== undefined ? { proxy: args.proxy } : {}) },
    banner(info).trimEnd() + proxied,
  )
  if (!LOOPBACK.test(args.host)) {
    const lock = args.adminToken ? '' : ' Consider --admin-token to lock the control API.'
    out.warn(
      'exposed',
      { host: args.host },
      `warning: listening on ${args.host}, not only this machine: ` +
        `anyone who can reach it can use the test keys.${lock}`,
    )
  }
  const reason = await stopped
  stopWatch()
  out.event('stopping', { reason, graceSeconds: args.grace }, `genmock: ${reason}, stopping`)
  await server.close({ graceMs: args.grace * 1000 })
  stopSteering()
  const context = { args, engine: server.engine, drift: server.drift, out }
  const code = Math.max(...SHUTDOWN.map((step) => step(context)))
  dispose()
  return code
}
