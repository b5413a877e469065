// The `genmock` command line's options as one table (OPTIONS): the parser (parse-args.ts), the
// GENMOCK_* variables and --help are all made from it. Nothing here imports the server, zod, msw or
// yaml, so --help, --version and usage errors answer before any of them is loaded.
import { DEFAULT_ID_STYLE, ID_STYLES } from '../../contract/id-style.js'
import { misspelledOutcomes } from '../../contract/outcomes.js'
import { SPARSE_MODES } from '../../contract/sparse.js'
import {
  adminToken,
  adminTokenFile,
  fileName,
  flag,
  host,
  hostEntry,
  integer,
  list,
  number,
  oneOf,
  originEntry,
  UsageError,
} from './option-values.js'
import { option, type OptionSpec } from './option-spec.js'
import { PROXY_OPTIONS } from './proxy-options.js'
import { STATE_OPTIONS } from './state-options.js'

export type { OptionSpec }

/**
 * Every option, in --help's order. A key `maxTasks` is the option `--max-tasks` and the variable
 * `GENMOCK_MAX_TASKS`; `parse` gives its value in ServeArgs (its default when not given).
 */
export const OPTIONS = {
  port: option({
    server: 'port',
    arg: 'N',
    help: 'port to listen on (default 4600; 0 picks a free one)',
    parse: (text, from) => integer(from, text, 4600, 0, 65535),
  }),
  host: option({
    server: 'host',
    arg: 'ADDRESS',
    help: 'address to bind (default 127.0.0.1)',
    parse: (text, from) => host(from, text),
  }),
  clock: option({
    arg: 'real|manual',
    help: [
      'real: simulated time follows the wall clock × speed (default);',
      'manual: time moves only through POST /__mock/clock/advance',
    ],
    parse: (text, from) => oneOf(from, text, ['real', 'manual'] as const, 'real'),
  }),
  speed: option({
    arg: 'N',
    help: 'simulated seconds per wall second in real mode (default 1)',
    parse: (text, from) => number(from, text, 1, [0, 1_000_000], true),
  }),
  seed: option({
    server: 'seed',
    arg: 'N',
    help: 'seed for identifiers and durations (default: random, printed at start)',
    // The CLI is the one place a random seed is chosen; it is printed so a run can be repeated.
    parse: (text, from) => integer(from, text, Math.floor(Math.random() * 1_000_000), 0, Number.MAX_SAFE_INTEGER),
  }),
  scenario: option({
    server: 'scenario',
    arg: 'NAME',
    help: 'the scenario requests get unless they pick one (default: default)',
    parse: (text) => text,
  }),
  scenarios: option({
    arg: 'DIR',
    help: [
      'load *.yaml, *.yml and *.json scenarios from DIR, on top of the',
      'bundled ones (a file may replace a bundled scenario of its name)',
    ],
    parse: (text) => text,
  }),
  watch: option({
    help: ['reload the --scenarios files when they change; a bad edit keeps', 'the last good set and says why'],
    parse: (text, from) => flag(from, text),
  }),
  idStyle: option({
    server: 'idStyle',
    arg: 'prefixed|uuid|numeric|long',
    help: [
      'the shape of task, provider task and request ids (default',
      'prefixed: tsk_…; uuid: UUID v4; numeric: 12–19 digit strings;',
      "long: 64 URL-safe characters); a scenario's idStyle wins",
    ],
    parse: (text, from) => oneOf(from, text, ID_STYLES, DEFAULT_ID_STYLE),
  }),
  sparse: option({
    server: 'sparse',
    arg: 'random|all',
    bare: 'random',
    help: [
      "leave out of the service's answers the fields the interface does",
      'not say are always present: random (the default of the flag) on a',
      'seeded coin per field and answer, all every one of them; a',
      "scenario's sparse and a request's Prefer: sparse win",
    ],
    parse: (text, from) => (text === undefined ? (false as const) : oneOf(from, text, SPARSE_MODES, 'random')),
  }),
  maxTasks: option({
    server: 'maxTasks',
    arg: 'N',
    help: [
      'tasks kept; beyond it the tasks that finished first are evicted',
      '(default 10000; pending tasks are never evicted)',
    ],
    parse: (text, from) => integer(from, text, 10_000, 1, 10_000_000),
  }),
  ...STATE_OPTIONS,
  adminToken: option({
    server: 'adminToken',
    arg: 'T',
    help: [
      'the control API (/__mock) answers only Authorization: Bearer T;',
      'open the dashboard as /__mock/#token=T. Visible in ps: prefer',
      'GENMOCK_ADMIN_TOKEN or --admin-token-file',
    ],
    parse: (text, from) => adminToken(from, text),
  }),
  adminTokenFile: option({
    arg: 'FILE',
    help: 'the admin token as the first line of FILE',
    parse: (text, from) => adminTokenFile(from, text),
  }),
  fixtureAccounts: option({
    server: 'fixtureAccounts',
    arg: 'on|off',
    help: [
      'off: the bundled accounts and their public keys (sk_test_alice, …) are',
      'not made; accounts come from POST /__mock/accounts, --state-from or',
      '--state (a shared sandbox: docs/sandbox.md). Default on',
    ],
    parse: (text, from) => oneOf(from, text, ['on', 'off'] as const, 'on') === 'on',
  }),
  allowedHosts: option({
    server: 'allowedHosts',
    arg: 'H,…',
    help: [
      'host names answered besides localhost, IP addresses and --host',
      '(a request naming another in its Host header gets 403);',
      '.example.test allows the name and its subdomains, * any;',
      '* or a public suffix (.com, *.io) needs --admin-token',
    ],
    parse: (text, from) => list(from, text, 'genmock.internal,.dev.example.test', hostEntry),
  }),
  corsOrigin: option({
    server: 'corsOrigins',
    arg: 'O,…',
    help: [
      'page origins CORS lets in besides loopback ones, such as',
      'https://app.example.test; * lets any page use the service API',
      '(without credentials; /__mock still needs a listed origin)',
    ],
    parse: (text, from) => list(from, text, 'https://app.example.test,http://localhost:3000', originEntry),
  }),
  strict: option({
    server: 'strict',
    help: [
      'a request that breaks a client conformance error rule (polling too',
      'soon, a retry under a new key, a key sent from a browser, …) gets an',
      'error instead of its answer; without it, it is only reported',
    ],
    parse: (text, from) => flag(from, text),
  }),
  report: option({
    arg: 'FILE',
    help: ['on exit, write the conformance report to FILE as JUnit XML', '(its folder must be writable at start)'],
    parse: (text, from) => fileName(from, text),
  }),
  requireCoverage: option({
    arg: 'all|NAME,…',
    help: [
      'exit 1 when genmock stops unless the clients met these outcomes',
      'of the interface (all: every one); see GET /__mock/coverage',
    ],
    parse: (text, from) => {
      const names = list(from, text, 'all or image-completed,unauthorized', () => undefined) ?? []
      const unknown = misspelledOutcomes(names)
      if (unknown)
        throw new UsageError(
          `${from}: no outcome ${unknown}; the outcomes are listed by GET /__mock/coverage and in ` +
            'docs/conformance-and-coverage.md',
        )
      return names
    },
  }),
  ...PROXY_OPTIONS,
  calibration: option({
    arg: 'DIR',
    help: [
      'start with what genmock calibrate wrote in DIR: its prices, and its',
      'scenario as the default (unless --scenario)',
    ],
    parse: (text) => text,
  }),
  out: option({
    arg: 'DIR',
    help: [
      'with calibrate: the folder the calibration is written to; with init:',
      'the folder the scenario and the test go to (default: this one)',
    ],
    env: false,
    parse: (text, from) => fileName(from, text),
  }),
  url: option({
    arg: 'URL',
    help: [
      'with mcp: the running genmock to bridge to, such as',
      'http://127.0.0.1:4600 (its tools are at /__mock/mcp)',
    ],
    env: false,
    parse: (text, from) => {
      if (text === undefined) return undefined
      if (!/^https?:$/.test(URL.parse(text)?.protocol ?? ''))
        throw new UsageError(`${from}: must be genmock's http:// or https:// URL, such as http://127.0.0.1:4600`)
      return text
    },
  }),
  failOnFindings: option({
    help: ['exit 1 when genmock stops if the conformance report holds an', 'error finding'],
    parse: (text, from) => flag(from, text),
  }),
  grace: option({
    arg: 'SECONDS',
    help: [
      'on SIGINT, SIGTERM or SIGHUP, how long requests in flight may',
      'take to finish before genmock closes them (default 5); a second',
      'signal stops at once',
    ],
    parse: (text, from) => number(from, text, 5, [0, 3600]),
  }),
  log: option({
    server: 'log',
    arg: 'pretty|json|silent',
    help: [
      'pretty: the banner, a line per request, the stop lines (default);',
      'json: the same as JSON objects, the first {"event":"ready",…};',
      'silent: nothing on stdout, only warnings and errors on stderr',
    ],
    parse: (text, from) => oneOf(from, text, ['pretty', 'json', 'silent'] as const, 'pretty'),
  }),
  metrics: option({
    server: 'metrics',
    arg: 'on|off',
    help: ['on (default): Prometheus metrics at GET /__mock/metrics;', 'off: no counting and no page (404)'],
    parse: (text, from) => oneOf(from, text, ['on', 'off'] as const, 'on') === 'on',
  }),
  otlp: option({
    server: 'otlp',
    arg: 'URL',
    help: [
      'send a span per request to this OTLP/HTTP traces endpoint, such as',
      'http://127.0.0.1:4318/v1/traces (OTEL_EXPORTER_OTLP_ENDPOINT works too)',
    ],
    parse: (text, from) => {
      if (text === undefined) return undefined
      if (!/^https?:$/.test(URL.parse(text)?.protocol ?? ''))
        throw new UsageError(`${from}: must be an http:// or https:// URL, such as http://127.0.0.1:4318/v1/traces`)
      return text
    },
  }),
  help: option({ short: 'h', help: 'show this help', env: false, parse: (text, from) => flag(from, text) }),
  version: option({ short: 'v', help: 'print the version', env: false, parse: (text, from) => flag(from, text) }),
}

export type Options = typeof OPTIONS
type Values = { [K in keyof Options]: ReturnType<Options[K]['parse']> }
export type ServeArgs = Omit<Values, 'help' | 'version'>

export const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
/** `maxTasks` → `GENMOCK_MAX_TASKS`. */
export const envName = (key: string) => `GENMOCK_${kebab(key).replace(/-/g, '_').toUpperCase()}`
export const KEYS = Object.keys(OPTIONS) as (keyof Options)[]
