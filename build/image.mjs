// `npm run build:image`: builds build/Containerfile as genmock:<version> and genmock:latest with
// docker (when its daemon answers) or podman, on GENMOCK_BASE_IMAGE when set. The context is staged
// here, from the built package: the one-file command, the video sample, a run-time package.json,
// the health check and the licence, a few hundred kB that the engine caches as one layer.
//   GENMOCK_ENGINE=docker|podman   choose the engine instead of looking
//   GENMOCK_BASE_IMAGE=NAME        the base (default: the official node:20-bookworm-slim)
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '..')
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))

/** The engine to build with: docker only when a daemon answers, podman otherwise. */
export function containerEngine(env = process.env) {
  const works = (command, args) => spawnSync(command, args, { stdio: 'ignore', timeout: 15_000 }).status === 0
  if (env.GENMOCK_ENGINE) return env.GENMOCK_ENGINE
  if (works('docker', ['info'])) return 'docker'
  if (works('podman', ['--version'])) return 'podman'
  return undefined
}

/** The files the image holds under /opt/genmock, staged in a new folder. */
function stageContext() {
  const dir = mkdtempSync(join(tmpdir(), 'genmock-image-'))
  mkdirSync(join(dir, 'dist'))
  mkdirSync(join(dir, 'fixtures'))
  copyFileSync(join(ROOT, 'dist', 'cli.cjs'), join(dir, 'dist', 'cli.cjs'))
  copyFileSync(join(ROOT, 'fixtures', 'sample.mp4'), join(dir, 'fixtures', 'sample.mp4'))
  copyFileSync(join(ROOT, 'build', 'healthcheck.cjs'), join(dir, 'healthcheck.cjs'))
  copyFileSync(join(ROOT, 'LICENSE'), join(dir, 'LICENSE'))
  // What the command resolves at run time: its own fixtures, through the package's name.
  const manifest = {
    name: pkg.name,
    version: pkg.version,
    description: pkg.description,
    license: pkg.license,
    bin: { genmock: 'dist/cli.cjs' },
    exports: { './fixtures/*': './fixtures/*', './package.json': './package.json' },
  }
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  return dir
}

function main() {
  const engine = containerEngine()
  if (!engine) {
    console.error('build:image: neither a docker daemon nor podman answers; install one (docs/containers-and-ci.md)')
    return 1
  }
  const base = process.env.GENMOCK_BASE_IMAGE
  const context = stageContext()
  try {
    const args = [
      'build',
      '-f',
      join(ROOT, 'build', 'Containerfile'),
      '--build-arg',
      `VERSION=${pkg.version}`,
      ...(base ? ['--build-arg', `BASE=${base}`] : []),
      // podman writes OCI images by default, which have no HEALTHCHECK.
      ...(engine === 'podman' ? ['--format', 'docker'] : []),
      '-t',
      `genmock:${pkg.version}`,
      '-t',
      'genmock:latest',
      context,
    ]
    console.error(`build:image: ${engine} ${args.join(' ')}`)
    const { status } = spawnSync(engine, args, { stdio: ['ignore', process.stderr, process.stderr] })
    if (status !== 0) return status ?? 1
    console.log(`genmock:${pkg.version} genmock:latest (${engine}${base ? `, on ${base}` : ''})`)
    return 0
  } finally {
    rmSync(context, { recursive: true, force: true })
  }
}

if (import.meta.filename === process.argv[1]) process.exitCode = main()
