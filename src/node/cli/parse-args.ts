// The `genmock` command line read into one Command: the options of the table (option-table.ts) from
// argv and the GENMOCK_* variables, then the command word and its files.
import { closest } from '../../lib/suggest.js'
import { COMMANDS } from './cli-commands.js'
import { envName, KEYS, kebab, type Options, type OptionSpec, OPTIONS, type ServeArgs } from './option-table.js'
import { UsageError } from './option-values.js'

export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'validate'; files: string[] }
  | { kind: 'calibrate'; file: string; out: string }
  | { kind: 'state'; action: 'check' | 'repair'; dir: string }
  | { kind: 'init'; framework: string | undefined; out: string }
  | { kind: 'mcp'; url: string; adminToken: string | undefined }
  | ({ kind: 'serve' } & ServeArgs)

/** What `genmock mcp` reads of the command line: where genmock runs, and its admin token. */
const MCP_OPTIONS = new Set<keyof Options>(['url', 'adminToken', 'adminTokenFile'])

const BY_FLAG = new Map(KEYS.map((key) => [kebab(key), key]))
const BY_SHORT = new Map(
  KEYS.flatMap((key) => ((OPTIONS[key] as OptionSpec<unknown>).short ? [[OPTIONS[key].short!, key]] : [])),
)

function unknownOption(arg: string): UsageError {
  const name = arg.replace(/^-+/, '').split('=')[0]!
  const near = closest(name, [...BY_FLAG.keys()])
  return new UsageError(`unknown option ${arg.split('=')[0]}${near ? ` (did you mean --${near}?)` : ''}`)
}

/**
 * What the command line and the GENMOCK_* variables ask for (the command line wins); throws
 * UsageError naming the option or variable when one is wrong.
 * @example
 * parseCommand(['--port', '0', '--clock', 'manual']) // { kind: 'serve', port: 0, clock: 'manual', … }
 * parseCommand([], { GENMOCK_PORT: '0' }) // { kind: 'serve', port: 0, … }
 */
export function parseCommand(argv: readonly string[], env: Record<string, string | undefined> = {}): Command {
  const given = new Map<keyof Options, { text: string; from: string }>()
  const positionals: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1))
      break
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg)
      continue
    }
    const at = arg.indexOf('=')
    const name = at < 0 ? arg : arg.slice(0, at)
    const key = name.startsWith('--') ? BY_FLAG.get(name.slice(2)) : BY_SHORT.get(name.slice(1))
    if (key === undefined) throw unknownOption(arg)
    const spec: OptionSpec<unknown> = OPTIONS[key]
    const from = `--${kebab(key)}`
    const next = argv[i + 1]
    let text: string
    if (at >= 0) text = arg.slice(at + 1)
    else if (!spec.arg) text = 'true'
    else if (spec.bare !== undefined)
      // A following word is its value unless it is an option or a command.
      text = next === undefined || next.startsWith('-') || next in COMMANDS ? spec.bare : argv[++i]!
    else if (next === undefined || next.startsWith('--'))
      throw new UsageError(`${from} needs a value (${from} ${spec.arg})`)
    else text = argv[++i]!
    given.set(key, { text, from })
  }
  if (given.has('help')) return { kind: 'help' }
  if (given.has('version')) return { kind: 'version' }
  if (given.has('adminToken') && given.has('adminTokenFile'))
    throw new UsageError('give the admin token once: --admin-token or --admin-token-file')
  const values = {} as Record<keyof Options, unknown>
  for (const key of KEYS) {
    // --admin-token-file given on the command line wins over GENMOCK_ADMIN_TOKEN: that one is not read.
    const shadowed = key === 'adminToken' && given.has('adminTokenFile')
    const variable = OPTIONS[key].env === false || shadowed ? undefined : envName(key)
    const fromEnv = variable && env[variable] ? { text: env[variable], from: variable } : undefined
    const { text, from } = given.get(key) ?? fromEnv ?? { text: undefined, from: `--${kebab(key)}` }
    values[key] = OPTIONS[key].parse(text, from)
  }
  const serve = values as ServeArgs
  // The file's token wins over GENMOCK_ADMIN_TOKEN, as the command line does.
  serve.adminToken = serve.adminTokenFile ?? serve.adminToken
  if (serve.watch && serve.scenarios === undefined)
    throw new UsageError('--watch needs --scenarios DIR: it reloads the scenario files of that folder')
  for (const key of ['record', 'proxyTimeout'] as const)
    if (given.has(key) && serve.proxy === undefined) throw new UsageError(`--${kebab(key)} goes with --proxy URL`)
  const [command, ...files] = positionals
  if (command !== 'calibrate' && command !== 'init' && serve.out !== undefined)
    throw new UsageError('--out goes with calibrate or init: genmock calibrate FILE.har --out DIR')
  if (command !== 'mcp' && serve.url !== undefined)
    throw new UsageError('--url goes with mcp: genmock mcp --url http://127.0.0.1:4600')
  if (command === undefined) return { kind: 'serve', ...serve }
  return commandOf(command, files, serve, given)
}

/** The command word's Command, from its files and the options given on the command line. */
function commandOf(
  command: string,
  files: string[],
  serve: ServeArgs,
  given: ReadonlyMap<keyof Options, unknown>,
): Command {
  if (!(command in COMMANDS)) {
    const near = closest(command, Object.keys(COMMANDS))
    throw new UsageError(
      `unknown command "${command}"${near ? ` (did you mean ${near}?)` : ''}; ` +
        `the commands: ${Object.keys(COMMANDS).join(', ')}`,
    )
  }
  if (command === 'calibrate') {
    if (files.length !== 1 || serve.out === undefined)
      throw new UsageError(`calibrate needs ${COMMANDS.calibrate.files}`)
    return { kind: 'calibrate', file: files[0]!, out: serve.out }
  }
  if (command === 'state') {
    const [action, dir, ...more] = files
    if ((action !== 'check' && action !== 'repair') || dir === undefined || more.length > 0)
      throw new UsageError(`state takes ${COMMANDS.state.files}`)
    return { kind: 'state', action, dir }
  }
  if (command === 'mcp') {
    const other = [...given.keys()].find((key) => !MCP_OPTIONS.has(key))
    if (other) throw new UsageError(`--${kebab(other)} does not go with mcp, which takes --url and the admin token`)
    if (files.length > 0 || serve.url === undefined) throw new UsageError(`mcp takes ${COMMANDS.mcp.files}`)
    return { kind: 'mcp', url: serve.url, adminToken: serve.adminToken }
  }
  if (command === 'init') {
    if (files.length > 1) throw new UsageError(`init takes ${COMMANDS.init.files}`)
    return { kind: 'init', framework: files[0], out: serve.out ?? '.' }
  }
  if (files.length === 0) throw new UsageError(`${command} needs ${COMMANDS.validate.files}`)
  return { kind: 'validate', files }
}

/** The message for a command line parseCommand refused, or undefined if the error is something else. */
export function usageMessage(error: unknown): string | undefined {
  return error instanceof UsageError ? error.message : undefined
}
