import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { engine, freePort, ROOT, setup } from './engine.js'

/**
 * docs/state.md, In a container, with a volume: the recipe run as written, on docker (the tests'
 * own dockerd, when there is one) and on podman, with a new named volume and a restart. Only the
 * names (container, volume) and the host port are made unique.
 */

const execFileP = promisify(execFile)
const PAGE = readFileSync(join(ROOT, 'docs', 'state.md'), 'utf8')
const MARKER = '<!-- test: test/distribution/state-volume.test.ts -->\n```sh\n'
const RECIPE = PAGE.slice(
  PAGE.indexOf(MARKER) + MARKER.length,
  PAGE.indexOf('```', PAGE.indexOf(MARKER) + MARKER.length),
)

describe('the state recipe in a container', () => {
  for (const kind of ['docker', 'podman'] as const) {
    it(`${kind}: a new named volume is writable, and a task outlives a restart`, async ({ skip }) => {
      const { engine: found, env, dockerd } = setup()
      const onDocker = kind === 'docker' && (found === 'docker' || dockerd !== undefined)
      if (kind === 'docker' && !onDocker) skip('no docker daemon')
      if (kind === 'podman' && found !== 'podman') skip('podman is not the engine')
      expect(RECIPE).toContain('docker restart genmock')
      const port = await freePort()
      const name = `genmock-state-${process.pid}-${kind}`
      const script = RECIPE.replaceAll('127.0.0.1:4600', `127.0.0.1:${port}`)
        .replaceAll('genmock-state', `${name}-vol`)
        .replaceAll(/(--name|restart|logs|rm -f) genmock\b/g, `$1 ${name}`)
      const shim = onDocker ? '' : 'docker() { podman "$@"; }\n'
      const runEnv = { ...process.env, ...env, ...(onDocker && dockerd ? { DOCKER_HOST: dockerd } : {}) }
      try {
        const { stdout } = await execFileP('bash', ['-euo', 'pipefail', '-c', shim + script], { env: runEnv })
        expect(stdout).toContain('"status":0')
        // The last line: the ready event after the restart (after the health check's answer, no newline).
        const ready = /\{"time":"[^"]*","event":"ready".*$/m.exec(stdout)?.[0]
        expect(JSON.parse(ready!).state).toMatchObject({ dir: '/var/lib/genmock', tasks: 1 })
      } finally {
        await engine(['rm', '-f', name], { allowFailure: true, docker: onDocker && found !== 'docker' })
        await engine(['volume', 'rm', `${name}-vol`], { allowFailure: true, docker: onDocker && found !== 'docker' })
      }
    }, 120_000)
  }
})
