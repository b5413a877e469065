// Builds dist/ only when it is missing, incomplete or older than a file it is built from, so that
// `npm start`, `npm test` and `npm pack` reuse an up-to-date build (seconds saved on each start),
// saying so in one line.
// Each file the package's exports and bin name must exist; the oldest file in dist/ (the build
// clears it first) must be newer than every input.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '..')
const INPUTS = ['src', 'build', 'scenarios', 'fixtures', 'package.json', 'tsconfig.json']

/** Every file under `path` (or `path` itself), with its modification time. */
function files(path) {
  if (!existsSync(path)) return []
  if (!statSync(path).isDirectory()) return [{ path, mtime: statSync(path).mtimeMs }]
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .map((file) => ({ path: file, mtime: statSync(file).mtimeMs }))
}

/** Why dist/ must be built again, or undefined when it is up to date. */
function staleness() {
  if (!existsSync(join(ROOT, 'dist'))) return 'no dist/ yet (a fresh clone)'
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
  const named = [...JSON.stringify(pkg.exports).matchAll(/"\.\/(dist\/[^"*]+)"/g)].map(([, file]) => file)
  // dist/cli-standalone.cjs, the one-file command with the OpenTelemetry SDK, is what the image and the
  // executable are built from (build/bundle-cli.ts).
  const missing = [...named, ...Object.values(pkg.bin ?? {}), 'dist/cli-standalone.cjs'].find(
    (file) => !existsSync(join(ROOT, file)),
  )
  if (missing) return `${missing} is missing`
  const built = Math.min(...files(join(ROOT, 'dist')).map(({ mtime }) => mtime))
  const newer = INPUTS.flatMap((input) => files(join(ROOT, input))).find(({ mtime }) => mtime > built)
  return newer ? `${newer.path.slice(ROOT.length + 1)} changed since the last build` : undefined
}

const why = staleness()
if (why !== undefined) {
  // One line while it builds (a first `npm start` would otherwise bury its banner under the
  // bundler's), on stderr: `npm pack --json` prints its answer on stdout. The build's own output
  // is shown only when it fails.
  console.error(`build: ${why}; building dist/ (about half a minute)…`)
  const options = { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }
  const npm = process.env.npm_execpath
  const { status, stdout, stderr, error } = npm
    ? spawnSync(process.execPath, [npm, 'run', 'build'], options)
    : spawnSync('npm', ['run', 'build'], { ...options, shell: process.platform === 'win32' })
  if (status !== 0)
    process.stderr.write(`${stdout ?? ''}${stderr ?? ''}${error ? `${error.message}\n` : ''}build: failed\n`)
  process.exitCode = status ?? 1
}
