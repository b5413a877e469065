import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { scenarioJsonSchema } from '../../src/openapi/scenario-json-schema.js'
import { BIN, ROOT } from '../support/cli.js'

/**
 * `genmock init` (docs/test-kit.md, genmock init): what it writes for each framework, the
 * starter scenario's editor help, and its refusals. The tests it writes run in their real runners
 * in test/package/kit.test.ts (the JavaScript ones) and test/clients/python-kit.test.ts (pytest).
 */

const home = mkdtempSync(join(tmpdir(), 'genmock-init-'))
afterAll(() => rmSync(home, { recursive: true, force: true }))
let n = 0

/** A fresh folder, with a package.json of these dev dependencies when given. */
function folder(devDependencies?: Record<string, string>): string {
  const dir = join(home, `case-${++n}`)
  mkdirSync(dir)
  if (devDependencies) writeFileSync(join(dir, 'package.json'), JSON.stringify({ devDependencies }))
  return dir
}
const init = (cwd: string, ...args: string[]) => {
  const r = spawnSync(process.execPath, [join(ROOT, BIN), 'init', ...args], { cwd, encoding: 'utf8' })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}
const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8')

describe('genmock init', () => {
  it('vitest: a starter scenario and a test of it, then how to run them', () => {
    const dir = folder()
    const { code, stdout, stderr } = init(dir, 'vitest')
    expect(stderr).toBe('')
    expect(stdout).toBe(
      'wrote scenarios/starter.yaml\nwrote genmock.test.ts\nnext:\n' +
        '  npx genmock validate scenarios/starter.yaml\n  npx vitest run genmock.test.ts\n',
    )
    expect(code).toBe(0)
    const test = read(dir, 'genmock.test.ts')
    expect(test).toContain("from 'genmock/vitest'")
    expect(test).toContain("loadScenarios('scenarios'), world: { scenario: 'starter' }")
    expect(test).toContain("world.expectFinding('relay-without-key')")
  })

  it('the starter scenario: genmock validate and the JSON Schema take it; its modeline names the schema', () => {
    const dir = folder()
    init(dir, 'vitest')
    const text = read(dir, 'scenarios/starter.yaml')
    expect(text.split('\n')[0]).toBe(
      '# yaml-language-server: $schema=../node_modules/genmock/dist/scenario.schema.json',
    )
    const validate = spawnSync(process.execPath, [join(ROOT, BIN), 'validate', 'scenarios/starter.yaml'], {
      cwd: dir,
      encoding: 'utf8',
    })
    expect(validate.stdout).toBe('ok scenarios/starter.yaml (starter)\n')
    const valid = new Ajv2020({ strict: true, strictTypes: false, strictRequired: false }).compile(scenarioJsonSchema())
    expect(valid(parse(text)), JSON.stringify(valid.errors)).toBe(true)
  })

  it('the modeline names the installed genmock when there is one, from wherever the scenario goes', () => {
    const dir = folder({ vitest: '*' })
    mkdirSync(join(dir, 'node_modules', 'genmock', 'dist'), { recursive: true })
    writeFileSync(join(dir, 'node_modules', 'genmock', 'dist', 'scenario.schema.json'), '{}')
    expect(init(dir, '--out', 'test/e2e').code).toBe(0)
    expect(read(dir, 'test/e2e/scenarios/starter.yaml').split('\n')[0]).toBe(
      '# yaml-language-server: $schema=../../../node_modules/genmock/dist/scenario.schema.json',
    )
    // The test finds the scenarios from where the runner starts: the project's folder.
    expect(read(dir, 'test/e2e/genmock.test.ts')).toContain("loadScenarios('test/e2e/scenarios')")
  })

  it.each([
    ['jest', 'genmock.test.cjs', "require('genmock/jest')", 'npx jest genmock.test.cjs'],
    ['playwright', 'genmock.spec.ts', "from 'genmock/playwright'", 'npx playwright test genmock.spec.ts'],
  ])('%s: its test file, and how to run it', (framework, file, kit, command) => {
    const dir = folder()
    const { code, stdout } = init(dir, framework)
    expect(code).toBe(0)
    expect(read(dir, file)).toContain(kit)
    expect(stdout).toContain(`wrote ${file}\n`)
    expect(stdout).toContain(`  ${command}`)
  })

  it('pytest: test_genmock.py on the plugin, no conftest.py; its run line names the scenarios', () => {
    const dir = folder()
    const { code, stdout } = init(dir, 'pytest')
    expect(code).toBe(0)
    expect(stdout).toContain('wrote scenarios/starter.yaml\nwrote test_genmock.py\n')
    expect(stdout).toContain('  python3 -m pytest --genmock-scenarios scenarios test_genmock.py\n')
    expect(existsSync(join(dir, 'conftest.py'))).toBe(false)
    expect(read(dir, 'test_genmock.py')).toContain('pytest.mark.genmock(scenario="starter")')
    expect(read(dir, 'test_genmock.py')).toContain(
      'def test_an_image_completes_10_simulated_seconds_after_submission(genmock_world):',
    )
  })

  it("without a framework named, takes the one package.json's dependencies have, above --out too", () => {
    const dir = folder({ jest: '^30' })
    const { code, stdout } = init(dir, '--out', 'tests')
    expect(code).toBe(0)
    expect(stdout).toContain('wrote tests/genmock.test.cjs\n')
  })

  it.each([
    [undefined, 'no test framework in package.json: name one, genmock init vitest|jest|playwright|pytest'],
    [{ vitest: '*', jest: '*' }, 'package.json has vitest and jest: name one'],
  ])('without a framework named and no telling (%j): exit 2, nothing written', (deps, message) => {
    const dir = folder(deps)
    const { code, stdout, stderr } = init(dir)
    expect(stderr).toContain(`genmock init: ${message}`)
    expect(stdout).toBe('')
    expect(code).toBe(2)
    expect(existsSync(join(dir, 'scenarios'))).toBe(false)
  })

  it('never overwrites: when one of its files exists it writes none, exit 1, naming it', () => {
    const dir = folder()
    writeFileSync(join(dir, 'genmock.test.ts'), 'mine\n')
    const { code, stdout, stderr } = init(dir, 'vitest')
    expect(stderr).toBe(
      'genmock init: not writing anything: genmock.test.ts exists (move it away, or give --out DIR)\n',
    )
    expect(stdout).toBe('')
    expect(code).toBe(1)
    expect(read(dir, 'genmock.test.ts')).toBe('mine\n')
    expect(existsSync(join(dir, 'scenarios', 'starter.yaml'))).toBe(false)
    expect(init(dir, 'jest').code).toBe(0) // another framework's files are free
    expect(init(dir, 'playwright').stderr).toContain('scenarios/starter.yaml exists')
  })

  it('a misspelt framework, or two: exit 2 with a usage error', () => {
    const dir = folder()
    const misspelt = init(dir, 'vitset')
    expect(misspelt.stderr).toContain('genmock init: no framework "vitset" (did you mean vitest?)')
    expect(misspelt.code).toBe(2)
    const two = init(dir, 'vitest', 'jest')
    expect(two.stderr).toContain('init takes at most one framework')
    expect(two.code).toBe(2)
  })

  it('--help names init and its --out', () => {
    const help = spawnSync(process.execPath, [join(ROOT, BIN), '--help'], { encoding: 'utf8' }).stdout
    expect(help).toMatch(/genmock init \[FRAMEWORK\] +write a starter scenario/)
    expect(help).toMatch(/vitest, jest, playwright or pytest/)
    expect(help).toMatch(/with init:\n +the folder the scenario and the test go to/)
  })
})
