import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { bash, freePort, has, listening, PAGE_NAME, removeFolders, TOOLCHAIN_MS } from './client-kits.js'
import { goEnv, goKit } from './kit-runs.js'

/**
 * The Go kit (docs/test-kit-languages.md, Go) from the outside, with Debian's Go offline: the
 * page's module setup and test file run by `go test` against ./genmock-linux-x64 (here a script
 * running dist/cli.cjs; test/distribution/client-kits.test.ts runs the real executable), and a
 * test binary killed mid-test taking its genmock with it (the parent-death signal).
 */

afterAll(removeFolders)
const go = has('go', ['version'])
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** Generous limit for a port to open or close on a busy machine; never asserted. */
const PORT_MS = 60_000

async function until(port: number, open: boolean): Promise<boolean> {
  for (const deadline = Date.now() + PORT_MS; Date.now() < deadline; await sleep(100))
    if ((await listening(port)) === open) return true
  return false
}

describe(`the Go kit (${PAGE_NAME})`, () => {
  it(
    "the page's setup and tests pass in parallel; an unexpected finding and an expected one that never came fail " +
      'their tests at cleanup, naming the rule; genmock.Main stops the genmock it started on GENMOCK_PORT; ' +
      'GENMOCK_ADMIN_TOKEN is sent; a test binary killed mid-test leaves no genmock behind',
    async ({ skip }) => {
      if (!(await go)) skip('Debian golang-go is not installed')
      const { code, output, dir, port } = await goKit()
      for (const name of [
        'TestAnImageTaskCompletes',
        'TestARelaySubmitWithoutAKeyIsRefused',
        'TestTwoWorldsHaveClocksOfTheirOwn',
      ])
        expect(output).toContain(`--- PASS: ${name}`)
      expect(output).toContain('--- FAIL: TestBreaksARule')
      expect(output).toContain('relay-without-key: relay submission without an Idempotency-Key')
      expect(output).toContain('--- FAIL: TestExpectsARuleNeverBroken')
      expect(output).toContain('the test expected findings of poll-too-soon (ExpectFinding)')
      expect(output).toContain('--- SKIP: TestStuck')
      expect(code).toBe(1)
      expect(await listening(port)).toBe(false)

      const locked = await bash('GENMOCK_BIN=./genmock-linux-x64 go test -v -run TestLocked .', dir, {
        ...goEnv(),
        GENMOCK_ADMIN_TOKEN: 's3cret-admin',
        KIT_LOCKED: '1',
      })
      expect(locked.output).toContain('--- PASS: TestLocked')
      expect(locked.code).toBe(0)

      const built = await bash('go test -c -o kit.test .', dir, goEnv())
      expect(built.output).toBe('')
      const stuckPort = await freePort()
      const child = spawn(join(dir, 'kit.test'), ['-test.run', 'TestStuck'], {
        cwd: dir,
        env: { ...goEnv(), GENMOCK_BIN: './genmock-linux-x64', GENMOCK_PORT: String(stuckPort), KIT_STUCK: '1' },
        stdio: 'ignore',
      })
      const exited = new Promise((resolve) => child.on('exit', resolve))
      expect(await until(stuckPort, true)).toBe(true)
      child.kill('SIGKILL')
      await exited
      expect(await until(stuckPort, false)).toBe(true)
    },
    2 * TOOLCHAIN_MS,
  )
})
