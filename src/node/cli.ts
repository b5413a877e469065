import { parseArgs } from 'node:util'
import pkg from '../../package.json' with { type: 'json' }
import { defaultAccounts } from '../engine/default-fixtures.js'
import { Problem } from '../engine/problem.js'
import type { ScenarioEntry } from '../engine/scenarios.js'
import { banner } from './banner.js'
import { formatProblem, loadScenarioFiles, scenarioFilesIn } from './scenario-files.js'
import { startServer } from './server.js'

const HELP = `genmock ${pkg.version} — a local simulator of the image and video generation task service

Usage: genmock [options]
       genmock validate FILE...   check scenario files (exit 0 when all are valid, 1 if not)

Options:
  --port N             port to listen on (default 4600; 0 picks a free one)
  --host ADDRESS       address to bind (default 127.0.0.1)
  --clock real|manual  real: simulated time follows the wall clock × speed (default);
                       manual: time moves only through POST /__mock/clock/advance
  --speed N            simulated seconds per wall second in real mode (default 1)
  --seed N             seed for identifiers and durations (default: random, printed at start)
  --scenario NAME      the scenario requests get unless they pick one (default: default)
  --scenarios DIR      load *.yaml, *.yml and *.json scenarios from DIR, on top of the
                       bundled ones (a file may replace a bundled scenario of its name)
  --max-tasks N        tasks kept; beyond it the tasks that finished first are evicted
                       (default 10000; pending tasks are never evicted)
  --admin-token T      the control API (/__mock) answers only Authorization: Bearer T;
                       open the dashboard as /__mock/#token=T
  --log pretty|json|silent
                       one line per request (default pretty)
  -h, --help           show this help
  -v, --version        print the version

Examples:
  genmock
  genmock --port 0 --clock manual --seed 7
  genmock --scenarios ./my-scenarios --scenario relay-expiry
  genmock validate ./my-scenarios/*.yaml
  npm start -- --clock real --speed 10

A request picks a scenario with the header X-Mock-Scenario: NAME (or Prefer: scenario=NAME),
or with [mock:NAME] in its prompt; else it gets its account's scenario, else the default.

Control API: GET /__mock/health, GET|PUT /__mock/clock, POST /__mock/clock/advance,
POST /__mock/reset, POST|GET|PATCH /__mock/accounts[/:id], GET /__mock/tasks,
POST /__mock/tasks/:id/transition, GET|POST /__mock/scenarios, PUT /__mock/scenario,
GET|DELETE /__mock/requests. See README.md.
`

class UsageError extends Error {}

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      clock: { type: 'string' },
      speed: { type: 'string' },
      seed: { type: 'string' },
      log: { type: 'string' },
      scenario: { type: 'string' },
      scenarios: { type: 'string' },
      'max-tasks': { type: 'string' },
      'admin-token': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  })
  const integer = (name: string, text: string | undefined, fallback: number, max: number) => {
    if (text === undefined) return fallback
    if (!/^\d+$/.test(text) || Number(text) > max) throw new UsageError(`--${name} must be an integer from 0 to ${max}, got "${text}"`)
    return Number(text)
  }
  const oneOf = <T extends string>(name: string, text: string | undefined, allowed: readonly T[], fallback: T): T => {
    if (text === undefined) return fallback
    if (!(allowed as readonly string[]).includes(text)) throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, got "${text}"`)
    return text as T
  }
  const [command, ...files] = positionals
  if (command !== undefined && command !== 'validate') throw new UsageError(`unknown command "${command}"; the only command is validate`)
  if (command === 'validate' && files.length === 0) throw new UsageError('validate needs at least one scenario file')
  const speed = values.speed === undefined ? 1 : Number(values.speed)
  if (!(speed > 0 && speed <= 1_000_000)) throw new UsageError(`--speed must be a number above 0 and at most 1000000, got "${values.speed}"`)
  return {
    help: values.help ?? false,
    version: values.version ?? false,
    port: integer('port', values.port, 4600, 65535),
    host: values.host ?? '127.0.0.1',
    clock: oneOf('clock', values.clock, ['real', 'manual'] as const, 'real'),
    speed,
    // The CLI is the one place a random seed is chosen; it is printed so a run can be repeated.
    seed: integer('seed', values.seed, Math.floor(Math.random() * 1_000_000), Number.MAX_SAFE_INTEGER),
    log: oneOf('log', values.log, ['pretty', 'json', 'silent'] as const, 'pretty'),
    scenario: values.scenario,
    scenarios: values.scenarios,
    maxTasks: integer('max-tasks', values['max-tasks'], 10_000, 10_000_000),
    adminToken: adminToken(values['admin-token']),
    validate: command === 'validate' ? files : undefined,
  }
}

function adminToken(token: string | undefined): string | undefined {
  if (token !== undefined && !/^[\x21-\x7e]{8,200}$/.test(token)) throw new UsageError('--admin-token must be 8 to 200 printable characters without spaces')
  return token
}

/** Loopback addresses: binding anything else exposes the test keys and the control API to the network. */
const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|::1|localhost)$/i

/** `genmock validate FILE...`: every problem of every file, then a verdict per file. */
function validateFiles(files: string[]): number {
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
function userScenarios(dir: string | undefined): { entries: ScenarioEntry[]; errors: string[] } {
  if (dir === undefined) return { entries: [], errors: [] }
  let files: string[]
  try {
    files = scenarioFilesIn(dir)
  } catch (error) {
    return { entries: [], errors: [`--scenarios ${dir}: ${(error as Error).message}`] }
  }
  const { entries, problems } = loadScenarioFiles(files)
  return { entries, errors: problems.map(formatProblem) }
}

async function main(argv: string[]): Promise<number> {
  let args: ReturnType<typeof parse>
  try {
    args = parse(argv)
  } catch (error) {
    const message = error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ? (error as Error).message : String(error)
    process.stderr.write(`genmock: ${message}\nRun genmock --help for the options.\n`)
    return 2
  }
  if (args.help) return void process.stdout.write(HELP), 0
  if (args.version) return void process.stdout.write(`${pkg.version}\n`), 0
  if (args.validate) return validateFiles(args.validate)

  const scenarios = userScenarios(args.scenarios)
  if (scenarios.errors.length > 0) {
    process.stderr.write(`genmock: not starting: the scenarios have problems\n${scenarios.errors.map((e) => `  ${e}\n`).join('')}`)
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
    })
  } catch (error) {
    if (error instanceof Problem && error.detail.kind === 'invalid-request') {
      const lines = error.detail.issues.map((issue) => `  --scenario ${args.scenario ?? 'default'}: ${issue.path === 'name' ? '' : `${issue.path}: `}${issue.message}\n`)
      process.stderr.write(`genmock: not starting\n${lines.join('')}`)
      return 2
    }
    const code = (error as { code?: string }).code
    const reason = code === 'EADDRINUSE' ? `port ${args.port} is in use (try --port 0 for a free one)` : code === 'EADDRNOTAVAIL' ? `cannot bind ${args.host}` : (error as Error).message
    process.stderr.write(`genmock: ${reason}\n`)
    return 1
  }
  if (!LOOPBACK.test(args.host)) {
    const lock = args.adminToken ? '' : ' Consider --admin-token to lock the control API.'
    process.stderr.write(`genmock: warning: listening on ${args.host}, not only this machine: anyone who can reach it can use the test keys.${lock}\n`)
  }
  process.stdout.write(banner({ url: server.url, version: pkg.version, seed: server.engine.seed, clock: server.engine.clockState(), accounts: defaultAccounts, scenarios: server.engine.scenarios, locked: args.adminToken !== undefined }))

  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      process.stdout.write(`genmock: ${signal}, stopping\n`)
      server.close().then(resolve, resolve)
    }
    process.once('SIGINT', () => stop('SIGINT'))
    process.once('SIGTERM', () => stop('SIGTERM'))
  })
  return 0
}

process.exitCode = await main(process.argv.slice(2))
