// `npm run build:image`: builds build/Containerfile as genmock:<version> and genmock:latest for
// linux/amd64 (or genmock:<version>-arm64 and genmock:latest-arm64 for linux/arm64) with docker (when
// its daemon answers) or podman, on GENMOCK_BASE_IMAGE when set. The context is staged here, from
// the built package: the one-file command, the video sample, a run-time package.json, the health
// check and the licence, a few hundred kB that the engine caches as one layer. Nothing runs while
// building, so an arm64 image needs no emulation to build, only a base of that architecture.
//   GENMOCK_ENGINE=docker|podman            choose the engine instead of looking
//   GENMOCK_BASE_IMAGE=NAME                 the base (default: build/runtime.json's, the official
//                                           node:26-trixie-slim, a multi-architecture image)
//   GENMOCK_PLATFORM=linux/amd64|linux/arm64   the image's platform (default linux/amd64)
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '..')
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
const RUNTIME = JSON.parse(readFileSync(join(ROOT, 'build', 'runtime.json'), 'utf8'))
/** The platforms built, with what their images' tags end with. */
const PLATFORMS = { 'linux/amd64': '', 'linux/arm64': '-arm64' }

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
  const context = mkdtempSync(join(tmpdir(), 'genmock-image-'))
  mkdirSync(join(context, 'state'))
  const dir = join(context, 'opt')
  mkdirSync(join(dir, 'dist'), { recursive: true })
  mkdirSync(join(dir, 'fixtures'))
  // The command with the OpenTelemetry SDK inlined: the image has no node_modules (build/bundle-cli.ts).
  copyFileSync(join(ROOT, 'dist', 'cli-standalone.cjs'), join(dir, 'dist', 'cli.cjs'))
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
  return context
}

/** The engine's command, quiet: its status and what it printed, for a failure only. */
function quiet(engine, args) {
  const { status, stdout, stderr } = spawnSync(engine, args, { encoding: 'utf8', maxBuffer: 1 << 26 })
  return { ok: status === 0, output: `${stdout ?? ''}${stderr ?? ''}` }
}

/** The base is there for `platform` or can be pulled for it; else the one line that says what to run instead. */
function baseMissing(engine, base, platform) {
  const arch = platform.split('/')[1]
  const inspected = quiet(engine, ['image', 'inspect', '--format', '{{.Architecture}}', base])
  if ((inspected.ok && inspected.output.trim() === arch) || quiet(engine, ['pull', '--platform', platform, base]).ok)
    return undefined
  const [local, variable] = arch === 'amd64' ? [engine, ''] : [`${engine} ${arch}`, `GENMOCK_PLATFORM=${platform} `]
  return (
    `build:image: the base ${base} for ${platform} cannot be pulled (no registry reachable?); make a local one ` +
    `and build on it: GENMOCK_BASE_IMAGE=$(build/local-base.sh ${local}) ${variable}npm run build:image`
  )
}

/**
 * The build's command line, for `platform` with the image's `tags`. docker builds with BuildKit when
 * its buildx plugin is there, else with its classic builder (Debian's docker.io has no buildx; the
 * image is the same, and the classic builder's deprecation notice is not shown). podman writes OCI
 * images by default, which have no HEALTHCHECK: --format docker.
 */
function buildArgs(engine, base, platform, tags, context) {
  const buildx = engine === 'docker' && quiet('docker', ['buildx', 'version']).ok
  return [
    ...(buildx ? ['buildx', 'build', '--load'] : ['build']),
    '-f',
    join(ROOT, 'build', 'Containerfile'),
    '--platform',
    platform,
    '--build-arg',
    `VERSION=${pkg.version}`,
    '--build-arg',
    `BASE=${base}`,
    '--build-arg',
    `IMAGE=${tags.at(-1)}`,
    ...(engine === 'podman' ? ['--format', 'docker'] : []),
    ...tags.flatMap((tag) => ['-t', tag]),
    context,
  ]
}

function main() {
  const engine = containerEngine()
  if (!engine) {
    console.error('build:image: neither a docker daemon nor podman answers; install one (docs/containers-and-ci.md)')
    return 1
  }
  const platform = process.env.GENMOCK_PLATFORM || 'linux/amd64'
  if (!(platform in PLATFORMS)) {
    console.error(`build:image: GENMOCK_PLATFORM=${platform}: one of ${Object.keys(PLATFORMS).join(', ')}`)
    return 2
  }
  const tags = [`genmock:${pkg.version}`, 'genmock:latest'].map((tag) => tag + PLATFORMS[platform])
  const base = process.env.GENMOCK_BASE_IMAGE ?? RUNTIME.base
  const missing = baseMissing(engine, base, platform)
  if (missing) {
    console.error(missing)
    return 1
  }
  const context = stageContext()
  try {
    const args = buildArgs(engine, base, platform, tags, context)
    console.error(`build:image: ${engine} ${args.join(' ')}`)
    // Its progress is printed only when it fails: a build that works says nothing to interpret.
    const { ok, output } = quiet(engine, args)
    if (!ok) {
      console.error(output.trimEnd())
      return 1
    }
    console.log(`${tags.join(' ')} (${engine}, ${platform}, on ${base})`)
    return 0
  } finally {
    rmSync(context, { recursive: true, force: true })
  }
}

if (import.meta.filename === process.argv[1]) process.exitCode = main()
