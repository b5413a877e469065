import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'vitest'
import {
  cleanEnv,
  devVersion,
  exec,
  INSTALL_MS,
  registryNode,
  project,
  projects,
  docExample,
  RUN_MS,
  writeFiles,
} from './support.js'

/**
 * The test kit from the packed tarball (docs/test-kit.md), in fresh projects with the test
 * runners from the npm registry: Vitest, real Jest with `preset: 'genmock'` and msw 2, and
 * Playwright Test driving Debian's Chromium (no browser is downloaded).
 */

/** `genmock init` in a project (its files written afresh), as a user runs it: the installed command. */
async function init(dir: string, node: string, args: string[], out: string): Promise<void> {
  rmSync(join(dir, out), { recursive: true, force: true })
  const bin = join(dir, 'node_modules', 'genmock', 'dist', 'cli.cjs')
  await exec(node, [bin, 'init', ...args, '--out', out], { cwd: dir })
}

// Inherited by npm in the projects: @playwright/test must never fetch a browser.
process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1'

/**
 * A file whose first test's client breaks a rule, whose second is clean (findings stay with their
 * world), and whose third breaks it expecting the finding (world.expectFinding): it passes.
 */
const SCOPED = (hooks: 'vitest' | 'jest') => {
  const [head, world] =
    hooks === 'vitest'
      ? [`import { expect } from 'vitest'\nimport { test } from 'genmock/vitest'\n`, '{ world }']
      : [`const genmock = require('genmock/jest').useGenmock()\n`, '']
  const get = hooks === 'vitest' ? '' : '  const world = genmock.world\n'
  return `${head}
const relay = (world, key) =>
  fetch(world.baseUrl + '/api/ai/image/generate', {
    method: 'POST',
    headers: { authorization: 'Bearer ' + world.apiKey, 'content-type': 'application/json', ...key },
    body: JSON.stringify({ provider: 'relay', model: 'base-image-2', prompt: 'a fox', resolution: '2K' }),
  })

test('breaks a rule', async (${world}) => {
${get}  expect((await relay(world, {})).status).toBe(400)
})

test('keeps the rules', async (${world}) => {
${get}  expect((await relay(world, { 'idempotency-key': 'kit-key-0001' })).status).toBe(200)
})

test('breaks a rule on purpose, expecting its finding', async (${world}) => {
${get}  world.expectFinding('relay-without-key')
  expect((await relay(world, {})).status).toBe(400)
})
`
}

describe.concurrent('the test kit from the tarball', () => {
  const setups: [string, () => Promise<[string, string]>][] = [
    ['msw 2 on Node 20', async () => [await projects.msw2(), process.execPath]],
    ['msw 3 on Node 26', () => Promise.all([projects.msw3(), registryNode(26)])],
  ]
  for (const [label, setup] of setups)
    it(
      `genmock/vitest with ${label}: the docs' and the README's examples, genmock init's test, ` +
        'and a breach failing only its own test',
      async ({ expect }) => {
        const [dir, node] = await setup()
        await init(dir, node, ['vitest'], 'kit-vitest/init')
        writeFiles(dir, {
          'kit-vitest/image.test.ts': docExample('test-kit.md', '## genmock/vitest'),
          'kit-vitest/readme.test.ts': docExample('README.md', '## Node tests'),
          'kit-vitest/scoped.test.js': SCOPED('vitest'),
          'kit-vitest/relay-errors.test.ts': docExample('test-kit.md', '## Expecting a finding'),
        })
        const vitest = join(dir, 'node_modules', 'vitest', 'vitest.mjs')
        const { stdout, code } = await exec(node, [vitest, 'run', '--root', 'kit-vitest', '--reporter', 'verbose'], {
          cwd: dir,
          allowFailure: true,
        })
        expect(stdout).toMatch(/✓ image\.test\.ts > an image task completes when its clock moves/)
        expect(stdout).toMatch(/✓ image\.test\.ts > an unknown key is refused/)
        expect(stdout).toMatch(/✓ readme\.test\.ts > an image task completes when its clock moves/)
        expect(stdout).toMatch(/× scoped\.test\.js > breaks a rule/)
        expect(stdout).toMatch(/✓ scoped\.test\.js > keeps the rules/)
        expect(stdout).toMatch(/✓ scoped\.test\.js > breaks a rule on purpose, expecting its finding/)
        expect(stdout).toMatch(/✓ init\/genmock\.test\.ts > an image completes 10 simulated seconds after submission/)
        expect(stdout).toMatch(/✓ init\/genmock\.test\.ts > a relay submit without an Idempotency-Key is refused/)
        expect(stdout).toContain('relay-without-key: relay submission without an Idempotency-Key')
        expect(stdout).toMatch(/✓ relay-errors\.test\.ts > a relay submit without an Idempotency-Key is refused/)
        expect(stdout).toMatch(/Tests {2}1 failed \| 9 passed/)
        expect(code).toBe(1)
      },
      INSTALL_MS + RUN_MS,
    )

  it(
    "genmock/jest in real Jest with preset: 'genmock' and msw 2: both docs examples, genmock init's test " +
      '(the framework taken from package.json), a breach failing only its test',
    async ({ expect }) => {
      const dir = await project(
        'jest',
        { jest: '^30.5.0', msw: '~2.15.0' },
        { type: 'commonjs', jest: { preset: 'genmock' } },
      )
      await init(dir, process.execPath, [], 'init-jest')
      writeFiles(dir, {
        'kit.test.js': docExample('test-kit.md', '## genmock/jest', 'image.test.js'),
        'msw-node.test.js': docExample('msw-node.md', '## Jest'),
        'scoped.test.js': SCOPED('jest'),
      })
      const jest = join(dir, 'node_modules', 'jest', 'bin', 'jest.js')
      // Its own files by name: other tests share this installed project and leave theirs in it (same-world.test.ts).
      const own = ['kit.test.js', 'msw-node.test.js', 'scoped.test.js', 'init-jest/genmock.test.cjs']
      const { code, stdout, stderr } = await exec(
        process.execPath,
        [jest, '--ci', '--verbose', '--runTestsByPath', ...own],
        {
          cwd: dir,
          env: cleanEnv(),
          allowFailure: true,
        },
      )
      const report = stdout + stderr
      expect(report).toMatch(/PASS \.\/kit\.test\.js/)
      expect(report).toMatch(/PASS \.\/msw-node\.test\.js/)
      expect(report).toMatch(/✕ breaks a rule/)
      expect(report).toMatch(/✓ keeps the rules/)
      expect(report).toMatch(/✓ breaks a rule on purpose, expecting its finding/)
      expect(report).toMatch(/PASS init-jest\/genmock\.test\.cjs/)
      expect(report).toContain('relay-without-key: relay submission without an Idempotency-Key')
      expect(report).toMatch(/Tests: {7}1 failed, 7 passed, 8 total/)
      expect(code).toBe(1)
    },
    INSTALL_MS + RUN_MS,
  )

  it(
    "genmock/playwright driving Debian's Chromium: the docs' example, genmock init's test, and a page that " +
      'sends the key fails its test',
    async ({ expect }) => {
      const dir = await project('playwright', { '@playwright/test': devVersion('@playwright/test') })
      await init(dir, process.execPath, ['playwright'], 'init-playwright')
      writeFiles(dir, {
        'playwright.config.js': docExample('test-kit.md', '## genmock/playwright', 'playwright.config.js'),
        'image.spec.js': docExample('test-kit.md', '## genmock/playwright', 'image.spec.js'),
        'breach.spec.js': `import { expect, test } from 'genmock/playwright'

test.fail('a page that sends the key itself fails', async ({ page, world }) => {
  await page.goto(world.baseUrl + '/__mock/health')
  const status = await page.evaluate(
    ({ key }) =>
      fetch('/api/ai/image/generate', {
        method: 'POST',
        headers: { authorization: 'Bearer ' + key, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'base-image-2', prompt: 'a fox' }),
      }).then((r) => r.status),
    { key: world.apiKey },
  )
  expect(status).toBe(200)
})

test('the next world is clean', async ({ world }) => {
  expect(await world.findings()).toEqual([])
})

test('a relay submit without a key, its finding expected, passes', async ({ world }) => {
  world.expectFinding('relay-without-key')
  const res = await fetch(world.baseUrl + '/api/ai/image/generate', {
    method: 'POST',
    headers: { authorization: 'Bearer ' + world.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'relay', model: 'base-image-2', prompt: 'a fox', resolution: '2K' }),
  })
  expect(res.status).toBe(400)
})
`,
      })
      const cli = join(dir, 'node_modules', '@playwright', 'test', 'cli.js')
      // Its own files by name, as Jest's above: same-world.test.ts leaves a spec of its own in this project.
      const own = ['image.spec.js', 'breach.spec.js', 'init-playwright/genmock.spec.ts']
      const { stdout, stderr } = await exec(process.execPath, [cli, 'test', '--reporter=list', '--workers=2', ...own], {
        cwd: dir,
        env: cleanEnv(),
      })
      expect(stdout + stderr).toMatch(/7 passed/)
    },
    INSTALL_MS + 2 * RUN_MS,
  )
})
