import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Container, engine, IMAGE, ROOT, setup, startContainer, statusAs } from './engine.js'

/**
 * The container image as users run it (docs/containers-and-ci.md, The container image): built by
 * `npm run build:image` on this machine (global-setup.ts), run by the engine found here.
 */

const KEY = { authorization: 'Bearer sk_test_alice', 'content-type': 'application/json' }
const SAMPLE = readFileSync(join(ROOT, 'fixtures', 'sample.mp4'))
const post = (url: string, body: unknown, headers: Record<string, string> = KEY) =>
  fetch(url, { method: 'POST', headers, body: JSON.stringify(body) })

describe('the image, run with arguments after its name', () => {
  let genmock: Container
  beforeAll(async () => {
    genmock = await startContainer([], ['--clock', 'manual', '--seed', '7'])
  })
  afterAll(() => genmock.remove())

  it('answers its health route, and its HEALTHCHECK (in the image config) passes', async () => {
    const health = await fetch(`${genmock.url}/__mock/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toMatchObject({ ok: true })
    const { stdout } = await engine(['image', 'inspect', IMAGE, '--format', '{{json .Config.Healthcheck}}'])
    expect(JSON.parse(stdout)).toMatchObject({ Test: ['CMD', 'node', '/opt/genmock/healthcheck.cjs'] })
    const check = await engine(['exec', genmock.name, 'node', '/opt/genmock/healthcheck.cjs'], { allowFailure: true })
    expect(check.code).toBe(0)
  })

  it('prints the ready line as --log json does, with the options given after the image name', async () => {
    const first = JSON.parse((await genmock.logs()).split('\n')[0]!) as Record<string, unknown>
    expect(first).toMatchObject({ event: 'ready', port: 4600, seed: 7, clock: { mode: 'manual' }, pid: 1 })
  })

  it('runs the submit → advance → completed flow, and serves the media', async () => {
    const submitted = await post(`${genmock.url}/api/ai/image/generate`, {
      model: 'base-image-2',
      prompt: 'a red fox in the snow',
      numOutputs: 2,
    })
    const { taskId } = (await submitted.json()) as { taskId: string }
    expect(taskId).toBe('tsk_4MrIYxv4guGNn4hUdsV1') // the first task of seed 7, as everywhere
    await post(`${genmock.url}/__mock/clock/advance`, { seconds: 12 })
    const task = (await (await fetch(`${genmock.url}/api/ai/tasks/${taskId}`, { headers: KEY })).json()) as {
      status: number
      outputImageUrls: string[]
    }
    expect(task.status).toBe(1)
    expect(task.outputImageUrls).toHaveLength(2)
    const png = await fetch(`${genmock.url}/media/images/${taskId}/0.png`)
    expect(png.headers.get('content-type')).toBe('image/png')
    const video = (await (
      await post(`${genmock.url}/api/ai/video/generate`, { model: 'video-d', inputMode: 'text_to_video', prompt: 'w' })
    ).json()) as { taskId: string }
    await post(`${genmock.url}/__mock/clock/advance`, { seconds: 120 })
    const mp4 = await fetch(`${genmock.url}/media/videos/${video.taskId}.mp4`)
    expect(mp4.status).toBe(200)
    expect(Buffer.from(await mp4.arrayBuffer()).equals(SAMPLE)).toBe(true)
  })

  it('serves the dashboard page and its own OpenAPI document', async () => {
    expect(await (await fetch(`${genmock.url}/__mock/`)).text()).toContain('genmock dashboard')
    expect((await fetch(`${genmock.url}/openapi.json`)).status).toBe(200)
  })

  it('answers the service name it is reached by and loopback addresses, and refuses other names', async () => {
    const as = (host: string) => statusAs(`${genmock.url}/__mock/health`, host)
    expect(await as('genmock:4600')).toBe(200)
    expect(await as('127.0.0.1:4600')).toBe(200)
    expect(await as('localhost:4600')).toBe(200)
    expect(await as('evil.example:4600')).toBe(403)
  })

  it('runs genmock as uid 1000, not root', async () => {
    const { stdout } = await engine(['exec', genmock.name, 'sh', '-c', 'grep ^Uid: /proc/1/status'])
    expect(stdout.split(/\s+/).slice(1, 3)).toEqual(['1000', '1000'])
  })
})

describe('the image, set up by GENMOCK_* variables', () => {
  it('takes the scenario, the seed and an admin token from the environment', async () => {
    const genmock = await startContainer([
      '-e',
      'GENMOCK_SCENARIO=insufficient-credits',
      '-e',
      'GENMOCK_ADMIN_TOKEN=s3cret-token',
      '-e',
      'GENMOCK_SEED=11',
    ])
    try {
      const refused = await post(`${genmock.url}/api/ai/image/generate`, { model: 'base-image-2', prompt: 'x' })
      expect(refused.status).toBe(402)
      expect((await fetch(`${genmock.url}/__mock/scenarios`)).status).toBe(401)
      const locked = await fetch(`${genmock.url}/__mock/health`, { headers: { authorization: 'Bearer s3cret-token' } })
      expect(locked.status).toBe(200)
      const ready = JSON.parse((await genmock.logs()).split('\n')[0]!) as Record<string, unknown>
      expect(ready).toMatchObject({ scenario: 'insufficient-credits', seed: 11, locked: true })
      expect(JSON.stringify(ready)).not.toContain('s3cret-token')
      const check = await engine(['exec', genmock.name, 'node', '/opt/genmock/healthcheck.cjs'], { allowFailure: true })
      expect(check.code, 'the health check sends the token').toBe(0)
    } finally {
      await genmock.remove()
    }
  })
})

describe('the image, stopped', () => {
  it('stops on SIGTERM as PID 1 within 2 s with exit 0, after answering the request in flight', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'genmock-scenarios-'))
    chmodSync(dir, 0o755) // the container's user, uid 1000, reads it
    writeFileSync(
      join(dir, 'slow.json'),
      JSON.stringify({
        name: 'slow-submit',
        description: 'Submissions answer after 800 ms.',
        rules: [{ submit: { latency: '800ms' }, use: 'default' }],
      }),
    )
    const genmock = await startContainer(['-v', `${dir}:/scenarios:ro`, '-e', 'GENMOCK_SCENARIOS=/scenarios'])
    try {
      const inFlight = post(
        `${genmock.url}/api/ai/image/generate`,
        { model: 'base-image-2', prompt: 'x' },
        { ...KEY, 'x-mock-scenario': 'slow-submit' },
      )
      await new Promise((resolve) => setTimeout(resolve, 200))
      const started = Date.now()
      await engine(['stop', '-t', '10', genmock.name])
      const took = Date.now() - started
      expect((await inFlight).status).toBe(200)
      // Within the engine's 10 s stop timeout: no SIGKILL was needed (exit 0, not 137).
      expect(took).toBeLessThan(10_000)
      const { stdout } = await engine([
        'inspect',
        genmock.name,
        '--format',
        '{{.State.ExitCode}}|{{.State.FinishedAt}}',
      ])
      const [code, finished] = stdout.trim().split('|')
      expect(code).toBe('0')
      // From the SIGTERM (genmock's stopping event) to the container's end, by the container's own
      // clock: the engine's command line, slow on a loaded machine, is not counted.
      const logs = await genmock.logs()
      const stopping = logs.split('\n').find((line) => line.includes('"event":"stopping","reason":"SIGTERM"'))!
      const stopMs =
        Date.parse(finished!.replace(/ \+0000 UTC$/, 'Z').replace(' ', 'T')) - Date.parse(JSON.parse(stopping).time)
      console.log(`SIGTERM → exit: ${stopMs} ms in the container, ${took} ms for \`stop\``)
      expect(stopMs).toBeGreaterThan(0)
      expect(stopMs).toBeLessThan(2000)
    } finally {
      await genmock.remove()
    }
  })
})

describe('the image, as built', () => {
  it('holds at most 30 MB above its base, and no node_modules, no msw', async () => {
    const size = async (image: string) =>
      Number((await engine(['image', 'inspect', image, '--format', '{{.Size}}'])).stdout.trim())
    const added = (await size(IMAGE)) - (await size(setup().base))
    console.log(`image: ${(added / 1e6).toFixed(2)} MB above ${setup().base}`)
    expect(added).toBeLessThan(30e6)
    const { stdout } = await engine(['run', '--rm', '--entrypoint', 'find', IMAGE, '/opt/genmock', '-type', 'f'])
    expect(stdout.split('\n').filter(Boolean).sort()).toEqual(
      [
        '/opt/genmock/LICENSE',
        '/opt/genmock/dist/cli.cjs',
        '/opt/genmock/fixtures/sample.mp4',
        '/opt/genmock/healthcheck.cjs',
        '/opt/genmock/package.json',
      ].sort(),
    )
  })

  it('runs the commands after its name: --version, validate', async () => {
    const version = await engine(['run', '--rm', IMAGE, '--version'])
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
    expect(version.stdout.trim()).toBe(pkg.version)
    const mounted = ['-v', `${join(ROOT, 'scenarios')}:/scenarios:ro`]
    const validate = await engine(['run', '--rm', ...mounted, IMAGE, 'validate', '/scenarios/flaky.json'])
    expect(validate.stdout).toBe('ok /scenarios/flaky.json (flaky)\n')
    // A folder, and a glob no shell expands in the exec-form command (docs/containers-and-ci.md).
    const folder = await engine(['run', '--rm', ...mounted, IMAGE, 'validate', '/scenarios'])
    const glob = await engine(['run', '--rm', ...mounted, IMAGE, 'validate', '/scenarios/*.json'])
    expect(folder.stdout).toContain('ok /scenarios/flaky.json (flaky)\n')
    expect(glob.stdout).toBe(folder.stdout)
  })
})

describe("the image on docker (the tests' own dockerd, when installed)", () => {
  it('is built by build:image with docker too; docker runs its HEALTHCHECK to healthy, and stops it at once', async ({
    skip,
  }) => {
    if (setup().dockerd === undefined) skip('no dockerd on this machine')
    const name = `genmock-dist-docker-${process.pid}`
    const docker = { docker: true }
    await engine(['run', '-d', '--name', name, '--health-interval', '1s', IMAGE, '--seed', '7'], docker)
    try {
      await expect
        .poll(
          async () => (await engine(['inspect', name, '--format', '{{.State.Health.Status}}'], docker)).stdout.trim(),
          {
            timeout: 20_000,
            interval: 500,
          },
        )
        .toBe('healthy')
      const user = await engine(['exec', name, 'sh', '-c', 'grep ^Uid: /proc/1/status'], docker)
      expect(user.stdout.split(/\s+/)[1]).toBe('1000')
      const started = Date.now()
      await engine(['stop', name], docker)
      expect(Date.now() - started).toBeLessThan(2000)
      expect((await engine(['inspect', name, '--format', '{{.State.ExitCode}}'], docker)).stdout.trim()).toBe('0')
    } finally {
      await engine(['rm', '-f', name], { ...docker, allowFailure: true })
    }
  })
})
