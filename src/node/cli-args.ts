import { parseArgs } from 'node:util'
// Inlined by the build (the bin bundles it), so --version reads no file at run time.
import pkg from '../../package.json' with { type: 'json' }
import { DEFAULT_ID_STYLE, ID_STYLES, type IdStyle } from '../contract/id-style.js'
import { SPARSE_MODES, type SparseMode } from '../contract/sparse.js'
import { proxyTarget } from './proxy-target.js'
import { sparseArgv } from './sparse-flag.js'

/**
 * The `genmock` command line: parsing and the help text. Nothing here imports the server, zod,
 * msw or yaml, so --help, --version and usage errors answer before any of them is loaded.
 */

export const VERSION: string = pkg.version

export const HELP = `genmock ${VERSION} — a local simulator of the image and video generation task service

Usage: genmock [options]
       genmock validate FILE...   check scenario files (exit 0 when all are valid, 1 if not)
       genmock calibrate FILE.har --out DIR
                                  what a recording of the service implies: prices, a scenario,
                                  the values seen and a report, written into DIR

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
  --id-style prefixed|uuid|numeric|long
                       the shape of task, provider task and request ids (default
                       prefixed: tsk_…; uuid: UUID v4; numeric: 12–19 digit strings;
                       long: 64 URL-safe characters); a scenario's idStyle wins
  --sparse[=random|all]
                       leave out of the service's answers the fields the interface does
                       not say are always present: random (the default of the flag) on a
                       seeded coin per field and answer, all every one of them; a
                       scenario's sparse and a request's Prefer: sparse win
  --max-tasks N        tasks kept; beyond it the tasks that finished first are evicted
                       (default 10000; pending tasks are never evicted)
  --admin-token T      the control API (/__mock) answers only Authorization: Bearer T;
                       open the dashboard as /__mock/#token=T
  --allowed-hosts H,…  host names answered besides localhost, IP addresses and --host
                       (a request naming another in its Host header gets 403);
                       .example.test allows the name and its subdomains, * any
  --cors-origin O,…    page origins CORS lets in besides loopback ones, such as
                       https://app.example.test; * lets any page use the service API
                       (without credentials; /__mock still needs a listed origin)
  --strict             a request that breaks a client conformance error rule (polling too
                       soon, a retry under a new key, a key sent from a browser, …) gets an
                       error instead of its answer; without it, it is only reported
  --report FILE        on exit, write the conformance report to FILE as JUnit XML
  --proxy URL          forward the service's routes to the real base_url URL and report, at
                       GET /__mock/drift, where its answers differ from genmock's
  --record FILE.har    with --proxy: write every proxied exchange to FILE.har as it happens
                       (keys and cookies redacted)
  --proxy-timeout S    with --proxy: seconds the service may take to answer (default 30;
                       then 504, marked Genmock-Proxy-Error)
  --calibration DIR    start with what genmock calibrate wrote in DIR: its prices, and its
                       scenario as the default (unless --scenario)
  --log pretty|json|silent
                       one line per request (default pretty)
  -h, --help           show this help
  -v, --version        print the version

Examples:
  genmock
  genmock --port 0 --clock manual --seed 7
  genmock --clock real --speed 10
  genmock --scenarios ./my-scenarios --scenario relay-expiry
  genmock --host 0.0.0.0 --admin-token s3cret-token --allowed-hosts genmock.internal
  genmock --cors-origin http://app.example.test:3000
  genmock --strict --report conformance.xml
  genmock validate ./my-scenarios/*.yaml
  genmock --proxy https://api.example.test --record session.har
  genmock calibrate session.har --out ./calibration && genmock --calibration ./calibration

A request picks a scenario with the header X-Mock-Scenario: NAME (or Prefer: scenario=NAME),
or with [mock:NAME] in its prompt; else it gets its account's scenario, else the default.

Control API: GET /__mock/health, GET|PUT /__mock/clock, POST /__mock/clock/advance,
POST /__mock/reset, POST|GET|PATCH /__mock/accounts[/:id], GET /__mock/tasks,
POST /__mock/tasks/:id/transition, GET|POST /__mock/scenarios, PUT /__mock/scenario,
GET|DELETE /__mock/requests, GET|DELETE /__mock/conformance, GET|DELETE /__mock/drift.
See README.md.
`

/** A bad command line: genmock prints it with a pointer to --help and exits 2. */
export class UsageError extends Error {}

export interface ServeArgs {
  port: number
  host: string
  clock: 'real' | 'manual'
  speed: number
  seed: number
  log: 'pretty' | 'json' | 'silent'
  scenario: string | undefined
  scenarios: string | undefined
  maxTasks: number
  adminToken: string | undefined
  allowedHosts: string[] | undefined
  corsOrigins: string[] | undefined
  strict: boolean
  report: string | undefined
  idStyle: IdStyle
  /** --sparse: false when not given. */
  sparse: SparseMode | false
  proxy: string | undefined
  record: string | undefined
  /** --proxy-timeout, in seconds. */
  proxyTimeout: number
  calibration: string | undefined
}

export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'validate'; files: string[] }
  | { kind: 'calibrate'; file: string; out: string }
  | ({ kind: 'serve' } & ServeArgs)

function integer(name: string, text: string | undefined, fallback: number, max: number): number {
  if (text === undefined) return fallback
  if (!/^\d+$/.test(text) || Number(text) > max)
    throw new UsageError(`--${name} must be an integer from 0 to ${max}, got "${text}"`)
  return Number(text)
}

function oneOf<T extends string>(name: string, text: string | undefined, allowed: readonly T[], fallback: T): T {
  if (text === undefined) return fallback
  if (!(allowed as readonly string[]).includes(text))
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, got "${text}"`)
  return text as T
}

function adminToken(token: string | undefined): string | undefined {
  if (token !== undefined && !/^[\x21-\x7e]{8,200}$/.test(token))
    throw new UsageError('--admin-token must be 8 to 200 printable characters without spaces')
  return token
}

function report(file: string | undefined): string | undefined {
  if (file !== undefined && file.trim() === '')
    throw new UsageError('--report needs a file name, such as conformance.xml')
  return file
}

/** `a,b,c` → ['a', 'b', 'c']: no empty item, no white space (the server checks what each means). */
function list(name: string, text: string | undefined, example: string): string[] | undefined {
  if (text === undefined) return undefined
  const items = text.split(',')
  if (items.some((item) => !/^[\x21-\x7e]+$/.test(item)))
    throw new UsageError(
      `--${name} must be a comma-separated list without spaces or empty items, such as ${example}; got "${text}"`,
    )
  return items
}

/**
 * What the command line asks for; throws UsageError (or node's ERR_PARSE_ARGS_* error) when it is wrong.
 * @example
 * parseCommand(['--port', '0', '--clock', 'manual']) // { kind: 'serve', port: 0, clock: 'manual', … }
 */
export function parseCommand(argv: string[]): Command {
  const { values, positionals } = parseArgs({
    args: sparseArgv(argv),
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
      'allowed-hosts': { type: 'string' },
      'cors-origin': { type: 'string' },
      strict: { type: 'boolean' },
      report: { type: 'string' },
      'id-style': { type: 'string' },
      sparse: { type: 'string' },
      proxy: { type: 'string' },
      record: { type: 'string' },
      'proxy-timeout': { type: 'string' },
      calibration: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  })
  if (values.help) return { kind: 'help' }
  if (values.version) return { kind: 'version' }
  const [command, ...files] = positionals
  if (command !== undefined && command !== 'validate' && command !== 'calibrate')
    throw new UsageError(`unknown command "${command}"; the commands are validate and calibrate`)
  if (command === 'validate' && files.length === 0) throw new UsageError('validate needs at least one scenario file')
  if (command === 'calibrate') {
    if (files.length !== 1 || values.out === undefined || values.out.trim() === '')
      throw new UsageError('calibrate needs one recording and a directory: genmock calibrate FILE.har --out DIR')
    return { kind: 'calibrate', file: files[0]!, out: values.out }
  }
  if (values.out !== undefined) throw new UsageError('--out goes with calibrate: genmock calibrate FILE.har --out DIR')
  if (values.proxy !== undefined) {
    try {
      proxyTarget(values.proxy)
    } catch (error) {
      throw new UsageError((error as Error).message)
    }
  }
  for (const name of ['record', 'proxy-timeout'] as const)
    if (values[name] !== undefined && values.proxy === undefined)
      throw new UsageError(`--${name} goes with --proxy URL`)
  if (values.record !== undefined && values.record.trim() === '')
    throw new UsageError('--record needs a file name, such as session.har')
  const speed = values.speed === undefined ? 1 : Number(values.speed)
  if (!(speed > 0 && speed <= 1_000_000))
    throw new UsageError(`--speed must be a number above 0 and at most 1000000, got "${values.speed}"`)
  const serve: ServeArgs = {
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
    allowedHosts: list('allowed-hosts', values['allowed-hosts'], 'genmock.internal,.dev.example.test'),
    corsOrigins: list('cors-origin', values['cors-origin'], 'https://app.example.test,http://localhost:3000'),
    strict: values.strict ?? false,
    report: report(values.report),
    idStyle: oneOf('id-style', values['id-style'], ID_STYLES, DEFAULT_ID_STYLE),
    sparse: values.sparse === undefined ? false : oneOf('sparse', values.sparse, SPARSE_MODES, 'random'),
    proxy: values.proxy,
    record: values.record,
    proxyTimeout: integer('proxy-timeout', values['proxy-timeout'], 30, 3600),
    calibration: values.calibration,
  }
  if (serve.proxyTimeout === 0) throw new UsageError('--proxy-timeout must be at least 1 second')
  return command === 'validate' ? { kind: 'validate', files } : { kind: 'serve', ...serve }
}

/** The message for a command line parseCommand refused, or undefined if the error is something else. */
export function usageMessage(error: unknown): string | undefined {
  if (error instanceof UsageError || (error as { code?: string } | null)?.code?.startsWith('ERR_PARSE_ARGS'))
    return (error as Error).message
  return undefined
}
