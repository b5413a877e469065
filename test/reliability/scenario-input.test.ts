import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_REGEX_STATES, MAX_SCENARIO_REGEX_STATES } from '../../src/lib/regex-syntax.js'
import { formatProblem, loadScenarioFiles, SCENARIO_FILE_LIMITS } from '../../src/node/files/scenario-files.js'
import { IMAGE, post, submitImage } from '../support/api.js'
import { run } from '../support/cli.js'
import { eachDoor } from '../support/doors.js'

/**
 * Scenarios are input too (issue 24, cases 1 and 5): a regex that backtracks catastrophically
 * must not stall the server, and no scenario file (alias bomb, huge, deeply nested) may crash
 * the CLI: each gets a `file:line:column: message` and exit 2, or a 400 over the control API.
 */

let dir: string
let n = 0
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'genmock-scenario-input-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A file in a directory of its own; returns the directory and the file. */
function write(name: string, text: string): { sub: string; file: string } {
  const sub = join(dir, `case-${++n}`)
  mkdirSync(sub)
  writeFileSync(join(sub, name), text)
  return { sub, file: join(sub, name) }
}

const problemsOf = (file: string) => loadScenarioFiles([file]).problems.map(formatProblem)

const ALIAS_BOMB = [
  'name: bomb',
  'description: nine to the ninth',
  'a: &a [x, x, x, x, x, x, x, x, x]',
  ...'bcdefghi'.split('').map((c, i) => `${c}: &${c} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(', ')}]`),
].join('\n')

const regexScenario = (regex: string, name = 'by-regex') => ({
  name,
  description: 'a prompt regex',
  rules: [{ match: { prompt: { regex } }, submit: { reject: { status: 418, body: { error: 'matched' } } } }],
})

describe('scenario files that used to crash or stall the CLI', () => {
  it('an alias bomb: the line of its first alias, not a ReferenceError', () => {
    const { file } = write('bomb.yaml', ALIAS_BOMB)
    expect(problemsOf(file)).toEqual([
      `${file}:4:8: uses its aliases too often: ` +
        `at most ${SCENARIO_FILE_LIMITS.maxAliasCount} values may come from aliases (*name)`,
    ])
  })

  it('a few aliases are fine', () => {
    const { file } = write(
      'few.yaml',
      'name: few\ndescription: x\nrules:\n  - match: &m { endpoint: image }\n  - match: *m\n',
    )
    expect(problemsOf(file)).toEqual([])
  })

  it('JSON nested past the limit is refused at once, at the bracket', () => {
    const { file } = write(
      'deep.json',
      `{"name":"deep","description":"x","rules":${'['.repeat(500_000)}${']'.repeat(500_000)}}`,
    )
    const started = performance.now()
    expect(problemsOf(file)).toEqual([`${file}:1:${41 + SCENARIO_FILE_LIMITS.maxDepth}: nests deeper than 64 levels`])
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it('YAML blocks nested past the limit; the limit itself is fine', () => {
    const keys = (depth: number) => Array.from({ length: depth - 1 }, (_, i) => `${'  '.repeat(i + 1)}k:`)
    const block = (depth: number) => `name: deep\ndescription: x\nx:\n${keys(depth).join('\n')} 1\n`
    const { file } = write('deep.yaml', block(SCENARIO_FILE_LIMITS.maxDepth + 1))
    expect(problemsOf(file)[0]).toMatch(/^.*deep\.yaml:\d+:\d+: nests deeper than 64 levels$/)
    const { file: ok } = write('ok.yaml', block(SCENARIO_FILE_LIMITS.maxDepth - 1))
    expect(problemsOf(ok).join()).not.toContain('nests')
  })

  it('a file over the size limit is not read', () => {
    const { file } = write('huge.json', ' '.repeat(SCENARIO_FILE_LIMITS.maxBytes + 1))
    expect(problemsOf(file)).toEqual([
      `${file}: is ${SCENARIO_FILE_LIMITS.maxBytes + 1} bytes: ` +
        `a scenario file may have at most ${SCENARIO_FILE_LIMITS.maxBytes}`,
    ])
  })

  it('a regex with a backreference or lookaround: the rule and the feature', () => {
    const { file } = write('back.json', JSON.stringify(regexScenario('(a+)\\1'), null, 2))
    const [line] = problemsOf(file)
    expect(line).toMatch(
      /back\.json:\d+:\d+: rules\.0\.match\.prompt\.regex: uses a backreference \\1, which needs backtracking/,
    )
    const { file: look } = write('look.json', JSON.stringify(regexScenario('fox(?= in)'), null, 2))
    expect(problemsOf(look)[0]).toContain('rules.0.match.prompt.regex: uses a lookahead')
  })

  it('the CLI: exit 2 and the message, for a bomb and for a backreference', async () => {
    for (const [name, text, message] of [
      ['bomb.yaml', ALIAS_BOMB, 'uses its aliases too often'],
      ['back.json', JSON.stringify(regexScenario('(a)\\1')), 'uses a backreference'],
    ] as const) {
      const { sub } = write(name, text)
      const { code, stderr } = await run(['--port', '0', '--scenarios', sub])
      expect(code, stderr).toBe(2)
      expect(stderr).toContain(message)
      expect(stderr).not.toMatch(/ReferenceError|\n\s+at /)
    }
  }, 60_000)
})

eachDoor('scenario regexes over the control API', (door) => {
  it('refuses a backreference with 400 naming the rule and the feature', async () => {
    const res = await post(door(), '/__mock/scenarios', regexScenario('(a)\\1'))
    expect(res.status).toBe(400)
    const issues = ((await res.json()) as { details: { issues: { path: string; message: string }[] } }).details.issues
    expect(issues).toEqual([
      expect.objectContaining({
        path: 'rules.0.match.prompt.regex',
        message: expect.stringContaining('backreference'),
      }),
    ])
  })

  it('refuses patterns past the state caps', async () => {
    const big = await post(door(), '/__mock/scenarios', regexScenario(`x{${MAX_REGEX_STATES}}`))
    expect(big.status).toBe(400)
    const half = `x{${MAX_REGEX_STATES - 1}}`
    const rules = Array.from(
      { length: MAX_SCENARIO_REGEX_STATES / MAX_REGEX_STATES + 1 },
      () => regexScenario(half).rules[0],
    )
    const many = await post(door(), '/__mock/scenarios', { ...regexScenario(half), rules })
    expect(many.status).toBe(400)
    expect(JSON.stringify(await many.json())).toContain(`past ${MAX_SCENARIO_REGEX_STATES} in all`)
  })

  it('matches ^(a+)+$ against a 20,000-character prompt in milliseconds, not hours', async () => {
    expect((await post(door(), '/__mock/scenarios', regexScenario('^(a+)+$'))).status).toBe(201)
    const pick = { 'x-mock-scenario': 'by-regex' }
    const started = performance.now()
    const miss = await submitImage(door(), { ...IMAGE, prompt: `${'a'.repeat(19_999)}!` }, pick)
    expect(miss.status).toBe(200)
    const hit = await submitImage(door(), { ...IMAGE, prompt: 'a'.repeat(20_000) }, pick)
    expect(hit.status).toBe(418)
    // RegExp's backtracking takes hours on the first; the linear matcher a few milliseconds. The
    // limit is generous, for a busy CI machine: it still tells hours from milliseconds.
    expect(performance.now() - started).toBeLessThan(20_000)
  })
})
