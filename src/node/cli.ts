import { writeFileSync } from 'node:fs'
import type { RuleId } from '../engine/journal/conformance.js'
import { defaultAccounts } from '../engine/default-fixtures.js'
import type { Calibration } from '../engine/drift/calibrate.js'
import { driftSummary } from '../handlers/drift-routes.js'
import { junitReport } from '../handlers/junit.js'
import { Problem } from '../engine/problem.js'
import type { ScenarioEntry } from '../engine/scenarios/scenarios.js'
import { banner } from './banner.js'
import { leanHeap } from './lean-heap.js'
import { VERSION, type ServeArgs } from './cli-args.js'
import { startServer } from './server.js'

/**
 * The `genmock` command once its arguments are known to be good: loaded by bin.ts only then.
 * The scenario-file loader (and yaml with it) is loaded only for --scenarios and validate.
 */

/** Loopback addresses: binding anything else exposes the test keys and the control API to the network. */
const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|::1|localhost)$/i

/** `genmock validate FILE...`: every problem of every file, then a verdict per file. */
export async function validateFiles(files: string[]): Promise<number> {
  const { formatProblem, loadScenarioFiles } = await import('./scenario-files.js')
  const { entries, problems } = loadScenarioFiles(files)
  for (const problem of problems) process.stderr.write(`${formatProblem(problem)}\n`)
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
    const { output, used } = calibrateFile(file, (line) => process.stderr.write(`${line}\n`))
    const written = writeCalibration(out, output)
    process.stdout.write(
      `calibrated from ${used} exchanges with the service; wrote\n${written.map((f) => `  ${f}\n`).join('')}`,
    )
    process.stdout.write(`start genmock with them: genmock --calibration ${out}\n`)
    return 0
  } catch (error) {
    if (!(error instanceof CalibrationError) && !(error as NodeJS.ErrnoException).code) throw error
    process.stderr.write(`genmock calibrate: ${(error as Error).message}\n`)
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

/** Serves until SIGINT or SIGTERM; the exit code: 0 after a clean stop, 2 for bad scenarios, 1 if it cannot listen. */
export async function serve(args: ServeArgs): Promise<number> {
  const scenarios = await userScenarios(args.scenarios)
  if (scenarios.errors.length > 0) {
    process.stderr.write(
      `genmock: not starting: the scenarios have problems\n${scenarios.errors.map((e) => `  ${e}\n`).join('')}`,
    )
    return 2
  }
  const { calibration, error: badCalibration } = await calibrationOf(args.calibration)
  if (badCalibration !== undefined) {
    process.stderr.write(`genmock: not starting: ${badCalibration}\n`)
    return 2
  }
  let server: Awaited<ReturnType<typeof startServer>>
  try {
    server = await startServer({
      port: args.port,
      host: args.host,
      seed: args.seed,
      log: args.log,
      clock: { mode: args.clock, speed: args.speed },
      scenarios: scenarios.entries,
      maxTasks: args.maxTasks,
      ...(args.scenario !== undefined ? { scenario: args.scenario } : {}),
      ...(args.adminToken !== undefined ? { adminToken: args.adminToken } : {}),
      ...(args.allowedHosts !== undefined ? { allowedHosts: args.allowedHosts } : {}),
      ...(args.corsOrigins !== undefined ? { corsOrigins: args.corsOrigins } : {}),
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
    if (error instanceof Problem && error.detail.kind === 'invalid-request') {
      const lines = error.detail.issues.map(
        (issue) =>
          `  --scenario ${args.scenario ?? 'default'}: ${issue.path === 'name' ? '' : `${issue.path}: `}${issue.message}\n`,
      )
      process.stderr.write(`genmock: not starting\n${lines.join('')}`)
      return 2
    }
    const code = (error as { code?: string }).code
    const reason =
      code === 'EADDRINUSE'
        ? `port ${args.port} is in use (try --port 0 for a free one)`
        : code === 'EADDRNOTAVAIL'
          ? `cannot bind ${args.host}`
          : code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR'
            ? `cannot write --record ${args.record}: ${code}`
            : (error as Error).message
    process.stderr.write(`genmock: ${reason}\n`)
    return 1
  }
  const stopSteering = leanHeap()
  if (!LOOPBACK.test(args.host)) {
    const lock = args.adminToken ? '' : ' Consider --admin-token to lock the control API.'
    process.stderr.write(
      `genmock: warning: listening on ${args.host}, not only this machine: anyone who can reach it can use the test keys.${lock}\n`,
    )
  }
  // The handlers are in place before the banner: whoever reads the URL may stop it at once.
  const stopped = new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      process.stdout.write(`genmock: ${signal}, stopping\n`)
      server.close().then(resolve, resolve)
    }
    process.once('SIGINT', () => stop('SIGINT'))
    process.once('SIGTERM', () => stop('SIGTERM'))
  })
  process.stdout.write(
    banner({
      url: server.url,
      version: VERSION,
      seed: server.engine.seed,
      clock: server.engine.clockState(),
      accounts: defaultAccounts,
      scenarios: server.engine.scenarios,
      locked: args.adminToken !== undefined,
    }),
  )
  if (args.proxy !== undefined)
    process.stdout.write(
      `  proxy      the service's routes go to ${args.proxy}: use its keys` +
        `${args.record ? `; recording ${args.record}` : ''}\n` +
        `  drift      ${server.url}/__mock/drift\n`,
    )
  await stopped
  stopSteering()
  process.stdout.write(`${conformanceSummary(server.engine.conformance.counts())}\n`)
  if (args.proxy !== undefined)
    process.stdout.write(`${driftSummary(server.drift.report.counts(), server.drift.observations().exchanges)}\n`)
  if (args.report === undefined) return 0
  try {
    writeFileSync(args.report, junitReport(server.engine.conformance.findings()))
    process.stdout.write(`genmock: conformance report written to ${args.report}\n`)
    return 0
  } catch (error) {
    process.stderr.write(`genmock: cannot write --report ${args.report}: ${(error as Error).message}\n`)
    return 1
  }
}

/**
 * The one line the CLI prints when it stops.
 * @example
 * conformanceSummary({ 'poll-too-soon': 3 }) // 'conformance: 3 findings (poll-too-soon 3)'
 */
export function conformanceSummary(counts: Partial<Record<RuleId, number>>): string {
  const entries = Object.entries(counts)
  if (entries.length === 0) return 'conformance: no findings'
  const total = entries.reduce((sum, [, n]) => sum + n, 0)
  return `conformance: ${total} finding${total === 1 ? '' : 's'} (${entries.map(([rule, n]) => `${rule} ${n}`).join(', ')})`
}
