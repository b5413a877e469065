import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { starterScenario } from '../../src/node/cli/init-templates.js'
import { BIN, ROOT } from '../support/cli.js'

/**
 * The recipes for other test runners (docs/test-kit.md, "pytest, and any other CI"), run as
 * written: the pytest conftest (for pytest without the genmock package) and its test with
 * Debian's pytest, beside genmock init's starter scenario, and the shell script with bash.
 */

const PAGE = readFileSync(join(ROOT, 'docs', 'test-kit.md'), 'utf8')
const section = PAGE.slice(PAGE.indexOf('\n## pytest, and any other CI'))
const blocks = (language: string) =>
  [...section.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1]!)
/** A code block whose first line is `# NAME`, by NAME. */
const named = (language: string, name: string) => {
  const block = blocks(language).find((b) => b.startsWith(`# ${name}`))
  if (!block) throw new Error(`docs/test-kit.md has no ${language} block starting "# ${name}"`)
  return block
}
const env = { ...process.env, GENMOCK_BIN: join(ROOT, BIN), NO_COLOR: '1' }

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

describe('the docs recipes for non-Node CI', () => {
  it('pytest: the docs conftest.py, a world per test on the starter scenario; call() returns any answer; ' +
    'an unexpected breach errors in teardown, an expected one passes, an expected one that never came errors', () => {
    const dir = mkdtempSync(join(tmpdir(), 'genmock-pytest-'))
    mkdirSync(join(dir, 'scenarios'))
    writeFileSync(join(dir, 'scenarios', 'starter.yaml'), starterScenario('scenario.schema.json'))
    writeFileSync(join(dir, 'conftest.py'), named('python', 'conftest.py'))
    writeFileSync(join(dir, 'test_image.py'), named('python', 'test_image.py'))
    writeFileSync(
      join(dir, 'test_breach.py'),
      `from conftest import call

BODY = {"provider": "relay", "model": "base-image-2", "prompt": "a fox", "resolution": "2K"}


def test_relay_without_a_key(world):
    status, body = call(world["base_url"], "POST", "/api/ai/image/generate", BODY, world["apiKey"])
    assert status == 400 and body["details"]["issues"][0]["path"] == "Idempotency-Key", body


def test_expected_but_never_broken(world):
    world["expect_finding"]("poll-too-soon")
`,
    )
    const run = spawnSync('/usr/bin/python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider'], {
      cwd: dir,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    })
    const output = `${run.stdout}\n${run.stderr}`
    // The docs' two tests, the breach's own two: each passes, two error in teardown.
    expect(output).toMatch(/4 passed, 2 errors/)
    expect(output).toMatch(/ERROR at teardown of test_relay_without_a_key/)
    expect(output).toContain('relay-without-key: relay submission without an Idempotency-Key')
    expect(output).toMatch(/ERROR at teardown of test_expected_but_never_broken/)
    expect(output).toContain('the test expected findings of poll-too-soon; the client broke no such rule')
    expect(run.status).toBe(1)
  }, 70_000)

  it('the shell script: ready, a world, its task completed, no findings, coverage met: silent, exit 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'genmock-sh-'))
    writeFileSync(join(dir, 'genmock-world.sh'), named('sh', 'genmock-world.sh'))
    const run = spawnSync('bash', ['genmock-world.sh'], {
      cwd: dir,
      env: { ...env, PORT: String(await freePort()) },
      encoding: 'utf8',
      timeout: 60_000,
    })
    // --log silent: nothing on stdout but a FAILED line; the coverage met is the exit code's 0.
    expect(run.stderr).toBe('')
    expect(run.stdout).toBe('')
    expect(run.status).toBe(0)
  }, 70_000)
})
