import { parseArgs } from 'node:util'
import pkg from '../../package.json' with { type: 'json' }
import { defaultAccounts } from '../engine/default-fixtures.js'
import { banner } from './banner.js'
import { startServer } from './server.js'

const HELP = `genmock ${pkg.version} — a local simulator of the image and video generation task service

Usage: genmock [options]

Options:
  --port N             port to listen on (default 4600; 0 picks a free one)
  --host ADDRESS       address to bind (default 127.0.0.1)
  --clock real|manual  real: simulated time follows the wall clock × speed (default);
                       manual: time moves only through POST /__mock/clock/advance
  --speed N            simulated seconds per wall second in real mode (default 1)
  --seed N             seed for identifiers and durations (default: random, printed at start)
  --log pretty|json|silent
                       one line per request (default pretty)
  -h, --help           show this help
  -v, --version        print the version

Examples:
  genmock
  genmock --port 0 --clock manual --seed 7
  npm start -- --clock real --speed 10

Control API: GET /__mock/health, GET|PUT /__mock/clock, POST /__mock/clock/advance,
POST /__mock/reset, POST|GET|PATCH /__mock/accounts[/:id], GET /__mock/tasks. See README.md.
`

class UsageError extends Error {}

function parse(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      clock: { type: 'string' },
      speed: { type: 'string' },
      seed: { type: 'string' },
      log: { type: 'string' },
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
  }
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

  let server: Awaited<ReturnType<typeof startServer>>
  try {
    server = await startServer({ port: args.port, host: args.host, seed: args.seed, log: args.log, clock: { mode: args.clock, speed: args.speed } })
  } catch (error) {
    const code = (error as { code?: string }).code
    const reason = code === 'EADDRINUSE' ? `port ${args.port} is in use (try --port 0 for a free one)` : code === 'EADDRNOTAVAIL' ? `cannot bind ${args.host}` : (error as Error).message
    process.stderr.write(`genmock: ${reason}\n`)
    return 1
  }
  process.stdout.write(banner({ url: server.url, version: pkg.version, seed: server.engine.seed, clock: server.engine.clockState(), accounts: defaultAccounts }))

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
