import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUNDLED_SCENARIOS } from '../support/api.js'
import { baseUrl, killAll, LIMIT_MS, run, start } from '../support/cli.js'

let dir: string
/** A directory of good scenario files, and one with a bad file among good ones. */
let good: { dir: string; yaml: string; json: string }
let bad: { dir: string; file: string; dangling: string; fine: string }

const MINE_YAML = [
  'name: mine',
  'description: Every image request is refused with 418 I am a teapot; videos behave as in default.',
  'rules:',
  '  - match:',
  '      endpoint: image',
  '    submit:',
  '      reject:',
  '        status: 418',
  '        body: { error: I am a teapot }',
]
const STUCK_JSON = {
  name: 'stuck',
  description: 'Relay requests get what mine gives them.',
  rules: [{ match: { provider: 'relay' }, use: 'mine' }],
}
const BAD_YAML = [
  'name: broken',
  'description: a bad at',
  'rules:',
  '  - match:',
  '      endpoint: image',
  '    timeline:',
  '      - at: 15 s',
  '        set: { status: 1 }',
]
const DANGLING_YAML = [
  'name: dangling',
  'description: uses a scenario that does not exist',
  'rules:',
  '  - match: { endpoint: video }',
  '  - use: nowhere',
]

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'genmock-cli-scenarios-'))
  const goodDir = join(dir, 'good')
  const badDir = join(dir, 'bad')
  mkdirSync(goodDir)
  mkdirSync(badDir)
  good = { dir: goodDir, yaml: join(goodDir, 'mine.yaml'), json: join(goodDir, 'stuck.json') }
  writeFileSync(good.yaml, `${MINE_YAML.join('\n')}\n`)
  writeFileSync(good.json, JSON.stringify(STUCK_JSON, null, 2))
  writeFileSync(join(goodDir, 'notes.txt'), 'not a scenario: ignored\n')
  bad = {
    dir: badDir,
    file: join(badDir, 'broken.yaml'),
    dangling: join(badDir, 'dangling.yaml'),
    fine: join(badDir, 'fine.yaml'),
  }
  writeFileSync(bad.file, `${BAD_YAML.join('\n')}\n`)
  writeFileSync(bad.dangling, `${DANGLING_YAML.join('\n')}\n`)
  writeFileSync(bad.fine, 'name: fine\ndescription: nothing wrong here\n')
})

// Not afterEach: the tests that only wait for an exit run concurrently, and one test's cleanup
// must not kill another's process. Each process ends by itself or is killed by its test.
afterAll(() => {
  killAll()
  rmSync(dir, { recursive: true, force: true })
})

// Each of these spawns a process that exits by itself: run them side by side.
describe.concurrent('genmock validate', () => {
  it(
    'exits 0 for good files and prints "ok FILE (name)" for each',
    async ({ expect }) => {
      const { code, stdout, stderr } = await run(['validate', good.yaml, good.json])
      expect(stderr).toBe('')
      expect(stdout).toBe(`ok ${good.yaml} (mine)\nok ${good.json} (stuck)\n`)
      expect(code).toBe(0)
    },
    LIMIT_MS + 5000,
  )

  it(
    'exits 1 for a bad file: each problem on stderr as file:line:column: path: message; ok only for the good file',
    async ({ expect }) => {
      const { code, stdout, stderr } = await run(['validate', bad.fine, bad.file])
      expect(code).toBe(1)
      expect(stderr).toContain(`${bad.file}:7:13: rules.0.timeline.0.at: must be a duration such as "500ms"`)
      expect(stdout).toBe(`ok ${bad.fine} (fine)\n`)
      expect(stdout).not.toContain(bad.file)
    },
    LIMIT_MS + 5000,
  )

  it(
    'a folder: every *.yaml, *.yml and *.json in it, in name order, other files left out',
    async ({ expect }) => {
      const { code, stdout, stderr } = await run(['validate', good.dir])
      expect(stderr).toBe('')
      expect(stdout).toBe(`ok ${good.yaml} (mine)\nok ${good.json} (stuck)\n`)
      expect(code).toBe(0)
    },
    LIMIT_MS + 5000,
  )

  it(
    'a glob left unexpanded by the shell (an exec-form container command): its matches only',
    async ({ expect }) => {
      const yaml = await run(['validate', join(good.dir, '*.yaml')])
      expect(yaml.stdout).toBe(`ok ${good.yaml} (mine)\n`)
      expect(yaml.code).toBe(0)
      const one = await run(['validate', join(good.dir, 'min?.yaml')])
      expect(one.stdout).toBe(`ok ${good.yaml} (mine)\n`)
      const bad = await run(['validate', join(dir, 'bad', '*.yaml')])
      expect(bad.code).toBe(1)
      expect(bad.stdout).toBe(`ok ${join(dir, 'bad', 'fine.yaml')} (fine)\n`)
    },
    LIMIT_MS + 5000,
  )

  it(
    'exits 1 naming a glob that matches nothing and a folder with no scenario file',
    async ({ expect }) => {
      const empty = join(dir, 'empty')
      mkdirSync(empty, { recursive: true })
      const { code, stdout, stderr } = await run(['validate', join(good.dir, '*.yml'), empty, good.yaml])
      expect(code).toBe(1)
      expect(stderr).toContain(`${join(good.dir, '*.yml')}: no file matches`)
      expect(stderr).toContain(`${empty}: no scenario file (*.yaml, *.yml, *.json) in this folder`)
      expect(stdout).toBe(`ok ${good.yaml} (mine)\n`)
    },
    LIMIT_MS + 5000,
  )

  it(
    'exits 2 with a usage error when given no files',
    async ({ expect }) => {
      const { code, stdout, stderr } = await run(['validate'])
      expect(code).toBe(2)
      expect(stderr).toContain('validate needs at least one scenario file')
      expect(stderr).toContain('--help')
      expect(stdout).toBe('')
    },
    LIMIT_MS + 5000,
  )
})

describe.concurrent('genmock: usage', () => {
  it(
    'an unknown command exits 2, naming it and the one command there is',
    async ({ expect }) => {
      const { code, stdout, stderr } = await run(['frobnicate'])
      expect(code).toBe(2)
      expect(stderr).toContain('unknown command "frobnicate"')
      expect(stderr).toContain('validate')
      expect(stdout).toBe('')
    },
    LIMIT_MS + 5000,
  )

  it(
    '--help mentions --scenario, --scenarios, validate and X-Mock-Scenario',
    async ({ expect }) => {
      const { code, stdout } = await run(['--help'])
      expect(code).toBe(0)
      expect(stdout).toMatch(/--scenario NAME/)
      expect(stdout).toMatch(/--scenarios DIR/)
      expect(stdout).toMatch(/genmock validate FILE/)
      expect(stdout).toContain('X-Mock-Scenario')
    },
    LIMIT_MS + 5000,
  )
})

describe.concurrent('genmock --scenarios / --scenario: refusals', () => {
  it(
    'refuses to start (exit 2) when a file of the directory is bad, listing every problem',
    async ({ expect }) => {
      const { code, stdout, stderr } = await run(['--scenarios', bad.dir, '--port', '0', '--log', 'silent'])
      expect(code).toBe(2)
      expect(stderr).toContain('not starting')
      expect(stderr).toContain(`${bad.file}:7:13: rules.0.timeline.0.at: must be a duration`)
      expect(stderr).toContain(`${bad.dangling}:5:10: rules.1.use: names no scenario "nowhere"`)
      expect(stderr).not.toContain(bad.fine)
      expect(stdout).not.toMatch(/base_url/)
    },
    LIMIT_MS + 5000,
  )

  it(
    'refuses to start (exit 2) when the directory does not exist',
    async ({ expect }) => {
      const missing = join(dir, 'no-such-dir')
      const { code, stdout, stderr } = await run(['--scenarios', missing, '--port', '0', '--log', 'silent'])
      expect(code).toBe(2)
      expect(stderr).toContain(`--scenarios ${missing}`)
      expect(stderr).toMatch(/ENOENT|no such file/)
      expect(stdout).not.toMatch(/base_url/)
    },
    LIMIT_MS + 5000,
  )

  it(
    'refuses to start (exit 2) with an unknown --scenario, naming the known ones',
    async ({ expect }) => {
      const { code, stdout, stderr } = await run(['--scenario', 'nope', '--port', '0', '--log', 'silent'])
      expect(code).toBe(2)
      expect(stderr).toContain('--scenario nope')
      expect(stderr).toContain(`names no scenario "nope"; known: ${BUNDLED_SCENARIOS.join(', ')}`)
      expect(stdout).not.toMatch(/base_url/)
    },
    LIMIT_MS + 5000,
  )
})

describe('genmock --scenarios / --scenario: serving', () => {
  it(
    '--scenarios DIR --scenario mine starts with mine as the default: the banner says so and a plain request gets it',
    async () => {
      const r = start([
        '--scenarios',
        good.dir,
        '--scenario',
        'mine',
        '--port',
        '0',
        '--clock',
        'manual',
        '--seed',
        '7',
      ])
      const url = await baseUrl(r)
      expect(r.stdout()).toMatch(new RegExp(`scenario\\s+mine \\(${BUNDLED_SCENARIOS.length + 2} loaded`))

      const submit = (headers: Record<string, string> = {}) =>
        fetch(`${url}/api/ai/image/generate`, {
          method: 'POST',
          headers: { authorization: 'Bearer sk_test_alice', 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ model: 'base-image-2', prompt: 'a red fox in the snow' }),
          signal: AbortSignal.timeout(LIMIT_MS),
        })
      const plain = await submit()
      expect(plain.status).toBe(418)
      expect(await plain.json()).toEqual({ error: 'I am a teapot' })
      // the header still picks another scenario
      const picked = await submit({ 'x-mock-scenario': 'default' })
      expect(picked.status).toBe(200)

      const list = await fetch(`${url}/__mock/scenarios`, { signal: AbortSignal.timeout(LIMIT_MS) })
      const body = (await list.json()) as { default: string; scenarios: { name: string; origin: string }[] }
      expect(body.default).toBe('mine')
      expect(body.scenarios).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: 'mine', origin: good.yaml }),
          expect.objectContaining({ name: 'stuck', origin: good.json }),
        ]),
      )
      expect(body.scenarios.map((s) => s.name)).not.toContain('notes')

      r.child.kill('SIGTERM')
      expect((await r.exited).code).toBe(0)
    },
    2 * LIMIT_MS + 5000,
  )
})
