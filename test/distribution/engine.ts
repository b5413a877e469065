import { execFile } from 'node:child_process'
import { request } from 'node:http'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { inject } from 'vitest'

/**
 * The container engine and the built artefacts, as the distribution tests use them: what
 * global-setup.ts found and built (handed over with vitest's provide/inject), and helpers that
 * run the engine's command line and containers.
 */

export const ROOT = join(import.meta.dirname, '..', '..')

export interface DistSetup {
  engine: 'docker' | 'podman'
  /** The environment the engine's commands need (CONTAINERS_CONF for podman here). */
  env: Record<string, string>
  /** The base image the image was built on (the official one, or the local stand-in). */
  base: string
  /** What a Docker client (Testcontainers) talks to: podman's or dockerd's socket. */
  dockerHost: string
  /** release/genmock-linux-x64. */
  binary: string
  /**
   * The arm64 variants (test/distribution/arm64.test.ts): their base, genmock:latest-arm64 and
   * release/genmock-linux-arm64; or why aarch64 programs cannot run here (aarch64.ts).
   */
  arm64: { base: string; image: string; binary: string } | { skipped: string }
  /**
   * A docker daemon of the tests' own (dockerd, when installed and the engine is podman), with the
   * image built on it too by `npm run build:image`: its DOCKER_HOST.
   */
  dockerd?: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    dist: DistSetup
  }
}

export const IMAGE = 'genmock:latest'
export const setup = (): DistSetup => inject('dist')

const run = promisify(execFile)

/** `<engine> ...args` (`docker` for the tests' own dockerd), to its end; rejects on a non-zero exit. */
export async function engine(args: string[], options: { allowFailure?: boolean; docker?: boolean } = {}) {
  const { engine: found, env: engineEnv, dockerd } = setup()
  const [command, env] = options.docker ? ['docker', { DOCKER_HOST: dockerd! }] : [found, engineEnv]
  try {
    const { stdout, stderr } = await run(command, args, { env: { ...process.env, ...env }, maxBuffer: 1 << 24 })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string }
    if (!options.allowFailure) throw error
    return { code: failure.code ?? 1, stdout: failure.stdout ?? '', stderr: failure.stderr ?? '' }
  }
}

/** A free port on 127.0.0.1 for a container's published port. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net')
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** GET `url` with this Host header (fetch sets its own): the status. */
export function statusAs(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { host } }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
      .on('error', reject)
      .end()
  })
}

/** Polls `url` until it answers (any status); the answer, or throws after `ms`. */
export async function answered(url: string, init: RequestInit = {}, ms = 30_000): Promise<Response> {
  const end = Date.now() + ms
  for (;;) {
    try {
      return await fetch(url, init)
    } catch (error) {
      if (Date.now() > end) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

export interface Container {
  name: string
  url: string
  /** Its logs so far, stdout and stderr. */
  logs(): Promise<string>
  remove(): Promise<void>
}

let count = 0

/**
 * Starts the image (genmock:latest, or `image`) detached, published on a free port of 127.0.0.1, and
 * waits until it answers (for 15 s, or `ms`).
 */
export async function startContainer(
  runArgs: string[] = [],
  imageArgs: string[] = [],
  { image = IMAGE, ms = 15_000 } = {},
): Promise<Container> {
  const name = `genmock-dist-${process.pid}-${++count}`
  const port = await freePort()
  await engine(['run', '-d', '--name', name, '-p', `127.0.0.1:${port}:4600`, ...runArgs, image, ...imageArgs])
  const url = `http://127.0.0.1:${port}`
  try {
    await answered(`${url}/__mock/health`, {}, ms)
  } catch {
    const { stdout, stderr } = await engine(['logs', name], { allowFailure: true })
    await engine(['rm', '-f', name], { allowFailure: true })
    throw new Error(`${name} did not answer; its logs:\n${stdout}${stderr}`)
  }
  return {
    name,
    url,
    logs: async () => {
      const { stdout, stderr } = await engine(['logs', name])
      return stdout + stderr
    },
    remove: async () => {
      await engine(['rm', '-f', name], { allowFailure: true })
    },
  }
}
