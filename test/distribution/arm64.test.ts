import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest'
import { type Container, engine, ROOT, setup, startContainer } from './engine.js'

/**
 * The arm64 executable and image (docs/containers-and-ci.md, The arm64 executable and image), run
 * under emulation on an x64 machine: the kernel hands aarch64 programs to qemu through its binfmt
 * handler (on an arm64 machine they run natively). The executable runs as on an arm64 Linux: in the
 * arm64 base (Debian with glibc and libatomic1), with an empty environment (`env -i`: no PATH, no
 * node); the image as genmock:latest-arm64. Emulated Node takes seconds to start, hence the long
 * timeouts. Skipped, with the reason, when aarch64 programs cannot run here (aarch64.ts).
 */

const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version
const KEY = { authorization: 'Bearer sk_test_alice', 'content-type': 'application/json' }
const ARM64 = ['--platform', 'linux/arm64']
/** Where the executable is mounted in the arm64 base. */
const INSIDE = '/opt/genmock-linux-arm64'
const EMULATED = { timeout: 120_000 }

/** The arm64 variants global-setup.ts built, or undefined (with the reason skipped) when they cannot run. */
function variants(skip: TestContext['skip']) {
  const arm64 = setup().arm64
  if ('skipped' in arm64) return skip(`aarch64 programs cannot run here: ${arm64.skipped}`)
  return arm64
}

/** The executable in the arm64 base: the engine's run arguments, then the base and `env -i` before its own. */
function executableRun(arm64: { base: string; binary: string }) {
  return {
    runArgs: [...ARM64, '-v', `${arm64.binary}:${INSIDE}:ro`, '--entrypoint', '/usr/bin/env'],
    imageArgs: ['-i', INSIDE],
  }
}

/** An image task submitted to a genmock on a fast real clock, and polled until it ends: the two answers. */
async function submitAndPoll(url: string) {
  const body = JSON.stringify({ model: 'base-image-2', prompt: 'a red fox in the snow' })
  const submitted = (await (
    await fetch(`${url}/api/ai/image/generate`, { method: 'POST', headers: KEY, body })
  ).json()) as { taskId: string; creditsUsed: number }
  const end = Date.now() + 30_000
  for (;;) {
    const task = (await (await fetch(`${url}/api/ai/tasks/${submitted.taskId}`, { headers: KEY })).json()) as {
      status: number
    }
    if (task.status !== 0 || Date.now() > end) return { submitted, task }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** The options every genmock here starts with: seed 7 (its first task is known), 60 simulated seconds a second. */
const SERVE = ['--seed', '7', '--clock', 'real', '--speed', '60']

describe('the arm64 executable, emulated, in an arm64 Debian with an empty environment', () => {
  let served: Container | undefined
  afterAll(() => served?.remove())

  it('is an aarch64 program and prints the version', EMULATED, async ({ skip }) => {
    const arm64 = variants(skip)
    // ELF, 64-bit, little-endian; e_machine (bytes 18 and 19) 0xb7: AArch64.
    const header = readFileSync(arm64.binary).subarray(0, 20)
    expect(header.toString('hex')).toBe('7f454c460201010000000000000000000200b700')
    const { runArgs, imageArgs } = executableRun(arm64)
    const { stdout } = await engine(['run', '--rm', ...runArgs, arm64.base, ...imageArgs, '--version'])
    expect(stdout).toBe(`${VERSION}\n`)
  })

  it('serves a submission, polled until it completes', EMULATED, async ({ skip }) => {
    const arm64 = variants(skip)
    const { runArgs, imageArgs } = executableRun(arm64)
    served = await startContainer(runArgs, [...imageArgs, '--host', '0.0.0.0', '--port', '4600', ...SERVE], {
      image: arm64.base,
      ms: 90_000,
    })
    const { submitted, task } = await submitAndPoll(served.url)
    expect(submitted).toMatchObject({ taskId: 'tsk_4MrIYxv4guGNn4hUdsV1', creditsUsed: 4 })
    expect(task.status).toBe(1)
  })
})

describe('the arm64 image, emulated', () => {
  let genmock: Container | undefined
  beforeAll(async () => {
    const arm64 = setup().arm64
    if ('image' in arm64) genmock = await startContainer(ARM64, SERVE, { image: arm64.image, ms: 90_000 })
  }, 120_000)
  afterAll(() => genmock?.remove())

  it('is an arm64 image whose node says arm64', EMULATED, async ({ skip }) => {
    const arm64 = variants(skip)
    const { stdout } = await engine(['image', 'inspect', '--format', '{{.Architecture}}', arm64.image])
    expect(stdout.trim()).toBe('arm64')
    expect((await engine(['exec', genmock!.name, 'node', '-p', 'process.arch'])).stdout).toBe('arm64\n')
  })

  it('answers its health route and its HEALTHCHECK passes', EMULATED, async ({ skip }) => {
    variants(skip)
    const health = await fetch(`${genmock!.url}/__mock/health`)
    expect(await health.json()).toMatchObject({ ok: true, version: VERSION })
    // As the engine runs it (--retries=3): healthy unless three checks in a row fail. Under emulation on
    // a busy host one check may run out its 2.5 s.
    const codes: number[] = []
    for (let i = 0; i < 3 && codes.at(-1) !== 0; i++)
      codes.push(
        (await engine(['exec', genmock!.name, 'node', '/opt/genmock/healthcheck.cjs'], { allowFailure: true })).code,
      )
    expect(codes.at(-1), `exit codes ${codes.join(', ')}`).toBe(0)
  })

  it('serves a submission, polled until it completes', EMULATED, async ({ skip }) => {
    variants(skip)
    const { submitted, task } = await submitAndPoll(genmock!.url)
    expect(submitted).toMatchObject({ taskId: 'tsk_4MrIYxv4guGNn4hUdsV1', creditsUsed: 4 })
    expect(task.status).toBe(1)
  })
})
