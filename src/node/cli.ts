import type { CoverageReport } from '../contract/control-answers.js'
import { unmetOutcomes } from '../engine/journal/coverage.js'
import { writeFileSync } from 'node:fs'
import type { RuleId } from '../engine/journal/conformance.js'
import { defaultAccounts } from '../engine/default-fixtures.js'
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

/** Serves until SIGINT or SIGTERM; the exit code: 0 after a clean stop, 2 for bad scenarios, 1 if it cannot listen. */
export async function serve(args: ServeArgs): Promise<number> {
  const scenarios = await userScenarios(args.scenarios)
  if (scenarios.errors.length > 0) {
    process.stderr.write(
      `genmock: not starting: the scenarios have problems\n${scenarios.errors.map((e) => `  ${e}\n`).join('')}`,
    )
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
  await stopped
  stopSteering()
  process.stdout.write(`${conformanceSummary(server.engine.conformance.counts())}\n`)
  const coverage = server.engine.coverage.report()
  process.stdout.write(`${coverageSummary(coverage)}\n`)
  const unmet = unmetOutcomes(coverage, args.requireCoverage)
  if (unmet.length > 0) process.stderr.write(`genmock: --require-coverage: not met: ${unmet.join(', ')}\n`)
  const verdict = unmet.length > 0 ? 1 : 0
  if (args.report === undefined) return verdict
  try {
    writeFileSync(args.report, junitReport(server.engine.conformance.findings()))
    process.stdout.write(`genmock: conformance report written to ${args.report}\n`)
    return verdict
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

/**
 * The coverage line the CLI prints when it stops.
 * @example
 * coverageSummary(report) // 'coverage: 2 of 18 outcomes met (image-completed 3, unauthorized 1)'
 */
export function coverageSummary({ outcomes, met, total }: CoverageReport): string {
  const counts = outcomes.filter((o) => o.met).map((o) => `${o.name} ${o.count}`)
  return `coverage: ${met} of ${total} outcomes met${counts.length > 0 ? ` (${counts.join(', ')})` : ''}`
}
