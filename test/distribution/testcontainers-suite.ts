import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT } from './engine.js'

/**
 * genmock/testcontainers in a real Testcontainers run (docs/containers-and-ci.md, Testcontainers):
 * the built package's entry, imported as a user's test imports it, against one Docker API, with
 * Ryuk off as where its image cannot be pulled. Testcontainers keeps the first Docker API it finds
 * for its whole process, so each API has a test file of its own that runs this suite.
 */

type Module = typeof import('genmock/testcontainers')

const KEY = (apiKey: string) => ({ authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' })

/**
 * The suite against the Docker API at `dockerHost` (undefined: none on this machine, skipped so).
 * @example
 * testcontainersSuite('podman system service', setup().dockerHost)
 */
export function testcontainersSuite(api: string, dockerHost: string | undefined) {
  let kit: Module
  let genmock: Awaited<ReturnType<InstanceType<Module['GenmockContainer']>['start']>>

  beforeAll(async () => {
    if (dockerHost === undefined) return
    process.env.DOCKER_HOST = dockerHost
    process.env.TESTCONTAINERS_RYUK_DISABLED = 'true'
    // The package's own entry, as `import … from 'genmock/testcontainers'` resolves it.
    kit = await import('genmock/testcontainers')
    genmock = await new kit.GenmockContainer('genmock:latest').withSeed(7).withScenario('flaky').start()
  })
  afterAll(() => genmock?.stop())

  describe.skipIf(dockerHost === undefined)(`GenmockContainer, through ${api}`, () => {
    it('starts the image with the seed and scenario given, and gives its base URL', async () => {
      expect(genmock.baseUrl).toMatch(/^http:\/\/[\w.[\]:-]+:\d+$/)
      // The container is this API's own (podman's and dockerd's stores are apart).
      const { stdout: running } = await promisify(execFile)(
        'docker',
        ['inspect', '-f', '{{.State.Running}}', genmock.getId()],
        {
          env: { ...process.env, DOCKER_HOST: dockerHost },
        },
      )
      expect(running.trim()).toBe('true')
      expect(await (await fetch(`${genmock.baseUrl}/__mock/health`)).json()).toMatchObject({ ok: true })
      const scenarios = (await genmock.control('GET', '/__mock/scenarios')) as { default: string }
      expect(scenarios.default).toBe('flaky')
    })

    it('gives each test a world: its own account, key and clock, and its findings', async () => {
      const [one, two] = await Promise.all([genmock.world({ scenario: 'default' }), genmock.world()])
      expect(one.apiKey).not.toBe(two.apiKey)
      const submitted = await fetch(`${one.baseUrl}/api/ai/image/generate`, {
        method: 'POST',
        headers: KEY(one.apiKey),
        body: JSON.stringify({ model: 'base-image-2', prompt: 'a fox' }),
      })
      expect(submitted.status).toBe(200)
      const { taskId } = (await submitted.json()) as { taskId: string }
      await one.clock.untilIdle()
      const task = (await (
        await fetch(`${one.baseUrl}/api/ai/tasks/${taskId}`, { headers: KEY(one.apiKey) })
      ).json()) as {
        status: number
      }
      expect(task.status).toBe(1)
      expect(await one.tasks()).toHaveLength(1)
      expect(await two.tasks()).toHaveLength(0)
      expect(Date.parse(await one.clock.now())).toBeGreaterThan(Date.parse(await two.clock.now()))
      expect(await one.findings()).toEqual([])
      await kit.assertWorldClean(one)
    })

    it('reports a world whose client broke a rule', async () => {
      const world = await genmock.world({ scenario: 'default' })
      // The relay shape without an Idempotency-Key: an error rule of the interface.
      await fetch(`${world.baseUrl}/api/ai/image/generate`, {
        method: 'POST',
        headers: KEY(world.apiKey),
        body: JSON.stringify({ provider: 'relay', model: 'base-image-2', prompt: 'x' }),
      })
      expect((await world.findings()).map((finding) => finding.rule)).toContain('relay-without-key')
      await expect(kit.assertWorldClean(world)).rejects.toThrow(/relay-without-key/)
    })

    it('locks the control API with an admin token, sent by its control and worlds; loads scenario files', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'genmock-tc-'))
      writeFileSync(join(dir, 'mine.yaml'), 'name: mine\ndescription: Mine.\nrules:\n  - use: default\n')
      const locked = await new kit.GenmockContainer()
        .withAdminToken('a-long-admin-token')
        .withClock('manual')
        .withScenarioFiles(dir)
        .start()
      try {
        expect((await fetch(`${locked.baseUrl}/__mock/scenarios`)).status).toBe(401)
        const { scenarios } = (await locked.control('GET', '/__mock/scenarios')) as { scenarios: { name: string }[] }
        expect(scenarios.map((scenario) => scenario.name)).toContain('mine')
        const world = await locked.world()
        expect((await world.clock.advance(10)).now).toBeDefined()
      } finally {
        await locked.stop()
      }
    })

    it('with Ryuk on and its image not pullable, start() says so and names TESTCONTAINERS_RYUK_DISABLED', async () => {
      // A process of its own: Testcontainers starts Ryuk once per process, and this one has it off.
      const script =
        "import { GenmockContainer } from 'genmock/testcontainers'\n" +
        "try { await new GenmockContainer('genmock:latest').start(); console.log('started') }\n" +
        'catch (error) { console.log(error.message) }\n'
      const env: Record<string, string> = { ...process.env, DOCKER_HOST: dockerHost } as Record<string, string>
      delete env.TESTCONTAINERS_RYUK_DISABLED
      // Nothing listens on port 1: the pull fails at once, as with no registry reachable.
      env.RYUK_CONTAINER_IMAGE = '127.0.0.1:1/testcontainers/ryuk:0.14.0'
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
        cwd: ROOT,
        env,
      })
      expect(stdout).toMatch(/^genmock: Testcontainers could not start Ryuk, its clean-up container/)
      expect(stdout).toContain('set TESTCONTAINERS_RYUK_DISABLED=true')
    })
  })
}
