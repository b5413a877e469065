/**
 * `genmock` (docs/cli.md): the server from the command line. The option table (option-table.ts) is read
 * into the server's options; the scenario files, the calibration and --report are checked before it
 * starts. The scenario-file loader (and yaml with it) is loaded only for --scenarios.
 */
import { lookup } from 'node:dns/promises'
import { accessSync, constants, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { defaultAccounts } from '../../engine/default-fixtures.js'
import type { Calibration } from '../../drift/calibrate.js'
import { Problem } from '../../engine/problem.js'
import type { ScenarioEntry } from '../../engine/scenarios/scenarios.js'
import { banner, readyInfo } from './banner.js'
import { VERSION } from '../server/version.js'
import { KEYS, OPTIONS, type OptionSpec, type ServeArgs } from './option-table.js'
import { openHostEntry, openHostsNeedToken } from '../server/open-hosts.js'
import { output, writeError, type Output } from './output.js'
import { type RunningServer, type ServerOptions, startServer } from '../server/server.js'
import { SHUTDOWN, stopRequested } from './serve-stop.js'
import { unknownVariables } from './unknown-variables.js'
import { savedLine, stateLine, tornLine } from './state-lines.js'

/**
 * The server's options the table gives one to one, from the values read (those not given left out).
 * @example
 * serverOptions(parsed) // { port: 4600, host: '127.0.0.1', seed: 7, strict: false, … }
 */
export function serverOptions(args: ServeArgs): Partial<ServerOptions> {
  const options: Record<string, unknown> = {}
  for (const key of KEYS) {
    const to = (OPTIONS[key] as OptionSpec<unknown>).server
    const value = (args as Record<string, unknown>)[key]
    if (to !== undefined && value !== undefined) options[to] = value
  }
  return options as Partial<ServerOptions>
}

/** Loopback addresses: binding anything else exposes the test keys and the control API to the network. */
const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|::1|localhost)$/i

/** The --scenarios directory's scenarios, or the reasons genmock will not start with them. */
async function userScenarios(dir: string | undefined): Promise<{ entries: ScenarioEntry[]; errors: string[] }> {
  if (dir === undefined) return { entries: [], errors: [] }
  const { formatProblem, loadScenarioFiles, scenarioFilesIn } = await import('../files/scenario-files.js')
  let files: string[]
  try {
    files = scenarioFilesIn(dir)
  } catch (error) {
    return { entries: [], errors: [`--scenarios ${dir}: ${(error as Error).message}`] }
  }
  const { entries, problems } = loadScenarioFiles(files)
  return { entries, errors: problems.map(formatProblem) }
}

/** The --calibration directory, or why genmock will not start with it. */
async function calibrationOf(dir: string | undefined): Promise<{ calibration?: Calibration; error?: string }> {
  if (dir === undefined) return {}
  const { CalibrationError, loadCalibration } = await import('../files/calibration-files.js')
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
  const open = await openHostEntry(args.allowedHosts)
  if (open !== undefined && args.adminToken === undefined) problems.push(openHostsNeedToken(open))
  return problems
}

/** Why the server could not start, and the exit code: 2 when an option is at fault, 1 otherwise. */
function startFailure(error: unknown, args: ServeArgs, stateDir: boolean): [number, string] {
  if (error instanceof Problem && error.detail.kind === 'invalid-request') {
    const lines = error.detail.issues.map(
      (issue) =>
        `  --scenario ${args.scenario ?? 'default'}: ${issue.path === 'name' ? '' : `${issue.path}: `}` +
        `${issue.message}\n`,
    )
    return [2, `not starting\n${lines.join('')}`]
  }
  if (stateDir) return [2, `not starting: ${(error as Error).message}\n`]
  const code = (error as { code?: string }).code
  if (code === 'EADDRINUSE') return [1, `port ${args.port} is in use (try --port 0 for a free one)\n`]
  if (code === 'EADDRNOTAVAIL') return [2, `--host ${args.host}: not an address of this machine, cannot bind it\n`]
  if (args.record !== undefined && (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES'))
    return [2, `--record ${args.record}: cannot be written (${code})\n`]
  if (code === 'EACCES') return [2, `--port ${args.port}: not allowed to listen there (ports below 1024 need root)\n`]
  return [1, `${(error as Error).message}\n`]
}

/** What the server starts with, checked first: its scenarios and calibration, or the exit code of a refusal. */
async function startInputs(args: ServeArgs): Promise<StartInputs | number> {
  if (args.stateSave !== undefined && args.state === undefined) {
    writeError('genmock: --state-save goes with --state DIR: it says when the state kept there is written\n')
    return 2
  }
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
  return { entries: scenarios.entries, calibration }
}

/** The server's options from the command line's, with the scenarios and calibration read. */
function startOptions(args: ServeArgs, out: Output, inputs: StartInputs): ServerOptions {
  const { entries, calibration } = inputs
  return {
    ...serverOptions(args),
    ...(args.state !== undefined || args.stateFrom !== undefined
      ? { state: { dir: args.state, save: args.stateSave, from: args.stateFrom, warn: out.warn } }
      : {}),
    write: out.line,
    warn: out.warn,
    clock: { mode: args.clock, speed: args.speed },
    scenarios: entries,
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
  }
}

/** Says genmock is ready (the banner, or the `ready` line), and warns when it listens beyond this machine. */
function announce(args: ServeArgs, server: RunningServer, info: ReturnType<typeof readyInfo>, out: Output): void {
  const proxied =
    args.proxy === undefined
      ? ''
      : `\n  proxy      the service's routes go to ${args.proxy}: use its keys` +
        `${args.record ? `; recording ${args.record}` : ''}\n  drift      ${server.url}/__mock/drift`
  const kept = server.state && stateLine(server.state)
  out.event(
    'ready',
    { ...info, ...(args.proxy !== undefined ? { proxy: args.proxy } : {}), ...(kept ? { state: kept.fields } : {}) },
    banner(info).trimEnd() + proxied + (kept ? `\n  state      ${kept.text}` : ''),
  )
  if (server.state) tornLine(server.state, out)
  if (!LOOPBACK.test(args.host)) {
    const lock = args.adminToken ? '' : ' Consider --admin-token to lock the control API.'
    out.warn(
      'exposed',
      { host: args.host },
      `warning: listening on ${args.host}, not only this machine: ` +
        `anyone who can reach it can use the test keys.${lock}`,
    )
  }
}

/** The scenarios and calibration the server starts with. */
interface StartInputs {
  entries: ScenarioEntry[]
  calibration: Calibration | undefined
}

/**
 * Serves until SIGINT, SIGTERM or SIGHUP, then lets the requests in flight finish (--grace) and
 * runs the SHUTDOWN steps. The exit code: 0 after a clean stop, 1 when a step says so or the port
 * is taken, 2 for bad options or scenarios.
 */
export async function serve(args: ServeArgs): Promise<number> {
  const out = output(args.log)
  for (const { variable, meant, text } of unknownVariables(process.env))
    out.warn('unknown-variable', { variable, ...(meant ? { meant } : {}) }, text)
  const inputs = await startInputs(args)
  if (typeof inputs === 'number') return inputs
  // The handlers are in place before the port opens: whoever finds it open (a health check, with
  // --log silent the only sign) may stop genmock at once, and gets the reports.
  const { stopped, dispose } = stopRequested(out)
  let server: RunningServer
  try {
    server = await startServer(startOptions(args, out, inputs))
  } catch (error) {
    dispose()
    // state-dir.js (node:crypto with it) is loaded only when there is a state folder to blame.
    const keeping = args.state !== undefined || args.stateFrom !== undefined
    const stateDir = keeping && error instanceof (await import('../state/state-dir.js')).StateDirError
    const [code, message] = startFailure(error, args, stateDir)
    writeError(`genmock: ${message}`)
    return code
  }
  // After the port is open: node:v8 and node:perf_hooks are no part of answering the first request.
  const stopSteering = (await import('../server/lean-heap.js')).leanHeap()
  const info = readyInfo({
    url: server.url,
    port: server.port,
    version: VERSION,
    seed: server.engine.seed,
    clock: server.engine.clockState(),
    accounts: defaultAccounts,
    scenarios: server.engine.scenarioCount(),
    locked: args.adminToken !== undefined,
    fixtureAccounts: args.fixtureAccounts,
  })
  const stopWatch = args.watch
    ? (await import('./watch.js')).watchScenarios(args.scenarios!, server.engine, out)
    : () => {}
  announce(args, server, info, out)
  const reason = await stopped
  stopWatch()
  out.event('stopping', { reason, graceSeconds: args.grace }, `genmock: ${reason}, stopping`)
  await server.close({ graceMs: args.grace * 1000 })
  const unsaved = server.state ? savedLine(server.state, out) : 0
  stopSteering()
  const context = { args, engine: server.engine, drift: server.drift, out }
  const code = Math.max(unsaved, ...SHUTDOWN.map((step) => step(context)))
  dispose()
  return code
}
