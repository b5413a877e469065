import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { aarch64Unavailable } from './aarch64.js'
import type { DistSetup } from './engine.js'

/**
 * Before the distribution tests: finds the container engine (docker when its daemon answers, else
 * podman with this folder's containers.conf), the base image (GENMOCK_BASE_IMAGE, else the official
 * one when it can be pulled, else the local stand-in build/local-base.sh makes once), builds the
 * image (npm run build:image) and the executable (npm run build:binary, when older than the
 * bundle), the same for arm64 when aarch64 programs run here (aarch64.ts), and opens a Docker API
 * socket for Testcontainers (podman system service).
 */

const ROOT = join(import.meta.dirname, '..', '..')
/** The official base build/runtime.json names (node:26-trixie-slim). */
const OFFICIAL: string = JSON.parse(readFileSync(join(ROOT, 'build', 'runtime.json'), 'utf8')).base

function engineFound(): 'docker' | 'podman' {
  const answers = (command: string, args: string[]) =>
    spawnSync(command, args, { stdio: 'ignore', timeout: 15_000 }).status === 0
  const chosen = process.env.GENMOCK_ENGINE
  if (chosen === 'docker' || chosen === 'podman') return chosen
  if (answers('docker', ['info'])) return 'docker'
  if (answers('podman', ['--version'])) return 'podman'
  throw new Error('test:dist needs docker (with its daemon running) or podman: see docs/containers-and-ci.md')
}

/** Runs a command to its end with its output on stderr; throws on failure. */
function step(command: string, args: string[], env: Record<string, string>): string {
  const { status, stdout } = spawnSync(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  })
  if (status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${status}`)
  return stdout.trim()
}

/**
 * The base image for `arch`: GENMOCK_BASE_IMAGE for x64 when set, else the official one when it is
 * there for that architecture or can be pulled for it, else the local stand-in.
 */
function baseImage(engine: string, env: Record<string, string>, arch: 'x64' | 'arm64'): string {
  if (process.env.GENMOCK_BASE_IMAGE && arch === 'x64') return process.env.GENMOCK_BASE_IMAGE
  const platform = arch === 'x64' ? 'linux/amd64' : 'linux/arm64'
  const quiet = (args: string[]) =>
    spawnSync(engine, args, { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 300_000 })
  const inspected = quiet(['image', 'inspect', '--format', '{{.Architecture}}', OFFICIAL])
  if (inspected.stdout?.trim() === platform.split('/')[1]) return OFFICIAL
  if (quiet(['pull', '--platform', platform, OFFICIAL]).status === 0) return OFFICIAL
  console.error(`test:dist: ${OFFICIAL} for ${platform} cannot be pulled; building a local base (build/local-base.sh)`)
  return step('bash', [join(ROOT, 'build', 'local-base.sh'), engine, arch], env)
    .split('\n')
    .at(-1)!
}

/** release/genmock-linux-ARCH, built again (npm run build:binary's script) when older than the bundle. */
function executable(arch: 'x64' | 'arm64'): string {
  const binary = join(ROOT, 'release', `genmock-linux-${arch}`)
  const bundle = join(ROOT, 'dist', 'cli-standalone.cjs')
  if (!existsSync(binary) || statSync(binary).mtimeMs < statSync(bundle).mtimeMs)
    step('node', [join(ROOT, 'build', 'binary.mjs'), '--arch', arch], {})
  return binary
}

/** The arm64 base, image and executable, or why aarch64 programs cannot run here. */
function arm64(engine: string, env: Record<string, string>): DistSetup['arm64'] {
  const skipped = aarch64Unavailable()
  if (skipped) {
    console.error(`test:dist: the arm64 tests are skipped: ${skipped}`)
    return { skipped }
  }
  const base = baseImage(engine, env, 'arm64')
  const image = { ...env, GENMOCK_ENGINE: engine, GENMOCK_BASE_IMAGE: base, GENMOCK_PLATFORM: 'linux/arm64' }
  step('node', [join(ROOT, 'build', 'image.mjs')], image)
  return { base, image: 'genmock:latest-arm64', binary: executable('arm64') }
}

/** The socket a Docker client reaches the engine by: podman's own service, or dockerd's. */
async function dockerApi(engine: string, env: Record<string, string>, dir: string) {
  if (engine === 'docker') return { dockerHost: process.env.DOCKER_HOST ?? 'unix:///var/run/docker.sock' }
  const socket = join(dir, 'podman.sock')
  const service: ChildProcess = spawn('podman', ['system', 'service', '--time=0', `unix://${socket}`], {
    env: { ...process.env, ...env },
    stdio: 'ignore',
  })
  const end = Date.now() + 20_000
  while (!existsSync(socket)) {
    if (Date.now() > end || service.exitCode !== null) throw new Error('podman system service did not start')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { dockerHost: `unix://${socket}`, service }
}

/**
 * With podman as the engine and Debian's dockerd installed, a docker daemon of the tests' own
 * (its socket, data and exec roots in `dir`), the base loaded from podman and the image built on
 * it by `npm run build:image`, so that the docker recipes run on docker itself.
 */
async function ownDockerd(base: string, env: Record<string, string>, dir: string) {
  if (spawnSync('dockerd', ['--version'], { stdio: 'ignore' }).status !== 0) return undefined
  const host = `unix://${join(dir, 'docker.sock')}`
  const daemon = spawn(
    'dockerd',
    [
      '-H',
      host,
      '--data-root',
      join(dir, 'docker'),
      '--exec-root',
      join(dir, 'docker-exec'),
      '--pidfile',
      join(dir, 'docker.pid'),
    ],
    { stdio: 'ignore' },
  )
  const docker = { ...env, DOCKER_HOST: host }
  const end = Date.now() + 30_000
  while (spawnSync('docker', ['info'], { stdio: 'ignore', env: { ...process.env, ...docker } }).status !== 0) {
    if (Date.now() > end || daemon.exitCode !== null) {
      daemon.kill()
      console.error('test:dist: dockerd did not start; the docker recipes run on podman')
      return undefined
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  step('bash', ['-c', `podman save --format docker-archive '${base}' | docker load`], docker)
  step('node', [join(ROOT, 'build', 'image.mjs')], { ...docker, GENMOCK_ENGINE: 'docker', GENMOCK_BASE_IMAGE: base })
  return { host, daemon }
}

export default async function globalSetup(project: TestProject) {
  const engine = engineFound()
  const env: Record<string, string> = {}
  // Named even when the environment names one: a test that runs a recipe in an empty environment passes it on.
  if (engine === 'podman')
    env.CONTAINERS_CONF = process.env.CONTAINERS_CONF ?? join(import.meta.dirname, 'containers.conf')
  const base = baseImage(engine, env, 'x64')
  step('node', [join(ROOT, 'build', 'image.mjs')], { ...env, GENMOCK_ENGINE: engine, GENMOCK_BASE_IMAGE: base })
  const binary = executable('x64')
  const variants = arm64(engine, env)
  const dir = mkdtempSync(join(tmpdir(), 'genmock-dist-'))
  const { dockerHost, service } = await dockerApi(engine, env, dir)
  const own = engine === 'podman' ? await ownDockerd(base, env, dir) : undefined
  const setup: DistSetup = {
    engine,
    env,
    base,
    dockerHost,
    binary,
    arm64: variants,
    ...(own ? { dockerd: own.host } : {}),
  }
  project.provide('dist', setup)
  return async () => {
    service?.kill()
    if (own) {
      const stopped = new Promise((resolve) => own.daemon.once('exit', resolve))
      own.daemon.kill('SIGTERM')
      await stopped
    }
    rmSync(dir, { recursive: true, force: true })
  }
}
