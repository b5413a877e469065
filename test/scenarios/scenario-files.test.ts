import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundledScenarios } from '../../src/engine/scenarios/bundled-scenarios.js'
import { Engine } from '../../src/engine/engine.js'
import {
  formatProblem,
  loadScenarioFiles,
  scenarioFilesIn,
  type FileProblem,
} from '../../src/node/files/scenario-files.js'

let dir: string
let n = 0

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'genmock-scenario-files-'))
})
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

/** Writes a file (lines joined with \n, so line numbers are as written here) in a directory of its own. */
function write(name: string, lines: string[] | string): string {
  const sub = join(dir, `case-${++n}`)
  mkdirSync(sub)
  const file = join(sub, name)
  writeFileSync(file, Array.isArray(lines) ? `${lines.join('\n')}\n` : lines)
  return file
}

/** The one problem of a set of files, formatted, after checking there is exactly one. */
function onlyProblem(files: string[]): { problem: FileProblem; line: string } {
  const { problems } = loadScenarioFiles(files)
  expect(problems, problems.map(formatProblem).join('\n')).toHaveLength(1)
  return { problem: problems[0]!, line: formatProblem(problems[0]!) }
}

describe('formatProblem', () => {
  it('reads file:line:column: path: message', () => {
    expect(
      formatProblem({
        file: 'scenarios/mine.yaml',
        line: 7,
        column: 13,
        path: 'rules.0.timeline.0.at',
        message: 'must be a duration',
      }),
    ).toBe('scenarios/mine.yaml:7:13: rules.0.timeline.0.at: must be a duration')
  })

  it('leaves out the path when the problem is the whole file, and the position when there is none', () => {
    expect(formatProblem({ file: 'a.yaml', line: 1, column: 1, path: '', message: 'is not valid YAML: x' })).toBe(
      'a.yaml:1:1: is not valid YAML: x',
    )
    expect(formatProblem({ file: 'a.yaml', path: '', message: 'cannot be read: ENOENT' })).toBe(
      'a.yaml: cannot be read: ENOENT',
    )
    expect(formatProblem({ file: 'a.yaml', path: 'name', message: 'is required' })).toBe('a.yaml: name: is required')
  })
})

describe('loadScenarioFiles: mistakes a person can act on', () => {
  it('a YAML syntax error: the line it is on, and what the parser expected', () => {
    const file = write('indent.yaml', [
      'name: indent', //
      'description: bad indentation',
      'rules:',
      '  - match:',
      '      endpoint: image',
      '     timeline: []',
    ])
    const { problem, line } = onlyProblem([file])
    expect(problem).toMatchObject({ file, line: 6, path: '' })
    expect(line).toMatch(new RegExp(`^${escapeRegex(file)}:6:\\d+: is not valid YAML: .*column`))
  })

  it('a duplicate key in YAML is a syntax error where the second one is', () => {
    const file = write('dup-key.yaml', ['name: one', 'description: two names', 'name: other'])
    const { line } = onlyProblem([file])
    expect(line).toBe(`${file}:3:1: is not valid YAML: Map keys must be unique`)
  })

  it('a JSON syntax error says JSON, and points where the comma is missing', () => {
    const file = write('comma.json', ['{', '  "name": "comma"', '  "description": "no comma before me"', '}'])
    const { line } = onlyProblem([file])
    expect(line).toBe(`${file}:3:3: is not valid JSON: Missing , between flow map items`)
  })

  it('a JSON file cut short: the end of the file, and what is missing', () => {
    const file = write('short.json', ['{', '  "name": "short",', '  "description": "x",', '  "rules": ['])
    const { problems, entries } = loadScenarioFiles([file])
    expect(entries).toEqual([])
    expect(problems.length).toBeGreaterThan(0)
    for (const problem of problems)
      expect(formatProblem(problem)).toMatch(
        new RegExp(`^${escapeRegex(file)}:5:1: is not valid JSON: .*end with a [\\]}]$`),
      )
  })

  it('a JSON file is JSON whatever the case of its extension (scenarioFilesIn takes .JSON as JSON)', () => {
    const file = write('UPPER.JSON', ['{', '  "name": "upper"', '  "description": "no comma before me"', '}'])
    expect(onlyProblem([file]).line).toBe(`${file}:3:3: is not valid JSON: Missing , between flow map items`)
  })

  it.each([
    ['list.yaml', '- name: a\n- name: b\n', 'array'],
    ['number.json', '42\n', 'number'],
    ['text.yaml', 'just some words\n', 'string'],
  ])('a file that is not an object (%s) is refused as a whole, saying what it is', (name, text, kind) => {
    const file = write(name, text)
    const { problem, line } = onlyProblem([file])
    expect(problem).toMatchObject({ file, line: 1, column: 1, path: '' })
    expect(line).toMatch(new RegExp(`^${escapeRegex(file)}:1:1: .*object.*${kind}`))
  })

  it('a missing name', () => {
    const file = write('noname.yaml', ['description: no name here', 'rules: []'])
    expect(onlyProblem([file]).line).toBe(`${file}:1:1: name: is required`)
  })

  it('a name that is not a name says what a name may be', () => {
    const file = write('badname.yaml', ['name: my scenario', 'description: spaces in the name'])
    expect(onlyProblem([file]).line).toBe(
      `${file}:1:7: name: must be 1–64 letters, digits, ".", "_" or "-", starting with a letter or digit`,
    )
  })

  it('a missing description', () => {
    const file = write('nodesc.yaml', ['name: nodesc', 'rules: []'])
    const { problem, line } = onlyProblem([file])
    expect(problem).toMatchObject({ file, line: 1, column: 1, path: 'description' })
    expect(line).toMatch(new RegExp(`^${escapeRegex(file)}:1:1: description: is required`))
  })

  it('a bad `at` ("15 s"): points at the value and lists what `at` may be', () => {
    const file = write('badat.yaml', [
      'name: badat',
      'description: a bad at',
      'rules:',
      '  - match:',
      '      endpoint: image',
      '    timeline:',
      '      - at: 15 s',
      '        set:',
      '          status: 1',
    ])
    const { problem, line } = onlyProblem([file])
    expect(problem).toMatchObject({ file, line: 7, column: 13, path: 'rules.0.timeline.0.at' })
    expect(line).toMatch(
      new RegExp(
        `^${escapeRegex(file)}:7:13: rules\\.0\\.timeline\\.0\\.at: ` +
          'must be a duration such as "500ms", "15s".*range.*"expiry".*"poll N"',
      ),
    )
  })

  it('an unknown key: the message lists the keys allowed there, and the position is the key’s', () => {
    const file = write('typo.yaml', [
      'name: typo',
      'description: a misspelt key',
      'rules:',
      '  - match:',
      '      endpoint: image',
      '    timelime:',
      '      - at: 15s',
      '        set: { status: 1 }',
    ])
    const { problem, line } = onlyProblem([file])
    expect(problem.path).toBe('rules.0.timelime')
    expect(problem.message).toBe('is not a field here; allowed: match, submit, timeline, use')
    // The misspelt key is on line 6, column 5; its value starts on line 7, where `timelime` is not written.
    expect(line).toBe(`${file}:6:5: rules.0.timelime: is not a field here; allowed: match, submit, timeline, use`)
  })

  it('an unknown key deeper down lists that level’s keys', () => {
    const file = write('typo2.json', [
      '{',
      '  "name": "typo2",',
      '  "description": "x",',
      '  "rules": [{ "timeline": [{ "at": "1s", "set": { "status": 1 }, "refnd": true }] }]',
      '}',
    ])
    const { problem } = onlyProblem([file])
    expect(problem).toMatchObject({
      file,
      line: 4,
      path: 'rules.0.timeline.0.refnd',
      message: 'is not a field here; allowed: at, set, refund',
    })
  })

  it('a bad match.provider lists the providers', () => {
    const file = write('provider.yaml', [
      'name: provider',
      'description: unknown provider',
      'rules:',
      '  - match:',
      '      provider: openai',
    ])
    expect(onlyProblem([file]).line).toBe(`${file}:5:17: rules.0.match.provider: must be standard, upstream-a or relay`)
  })

  it('status 2 without refund says refund is required and when to choose true or false', () => {
    const file = write('norefund.yaml', [
      'name: norefund',
      'description: status 2 without refund',
      'rules:',
      '  - timeline:',
      '      - at: 10s',
      '        set:',
      '          status: 2',
      '          errorCode: UPSTREAM_FAILED',
    ])
    const { problem, line } = onlyProblem([file])
    expect(problem).toMatchObject({ file, line: 5, column: 9, path: 'rules.0.timeline.0.refund' })
    expect(line).toMatch(
      new RegExp(
        `^${escapeRegex(file)}:5:9: rules\\.0\\.timeline\\.0\\.refund: ` +
          'is required when a step sets status 2: true .*, false .*',
      ),
    )
  })

  it('status 2 with refund given either way is fine', () => {
    for (const refund of [true, false]) {
      const file = write('refund.yaml', [
        'name: refund',
        'description: ok',
        'rules:',
        '  - timeline:',
        '      - at: 10s',
        '        set: { status: 2 }',
        `        refund: ${refund}`,
      ])
      expect(loadScenarioFiles([file]).problems).toEqual([])
    }
  })

  it('`expiry` in a rule without provider relay says to add it', () => {
    const file = write('expiry.yaml', [
      'name: expirynorelay',
      'description: expiry without relay',
      'rules:',
      '  - match:',
      '      endpoint: image',
      '    timeline:',
      '      - at: expiry',
      '        set: { relayStatus: expired }',
    ])
    expect(onlyProblem([file]).line).toBe(
      `${file}:7:13: rules.0.timeline.0.at: ` +
        `"expiry" applies to relay tasks only: add provider: relay to this rule's match`,
    )
  })

  it('a timeline on a rejecting rule never runs', () => {
    const file = write('rejecttl.yaml', [
      'name: rejecttl',
      'description: timeline on reject',
      'rules:',
      '  - submit:',
      '      reject:',
      '        status: 402',
      '        body: { error: Insufficient credits }',
      '    timeline:',
      '      - at: 1s',
      '        set: { status: 1 }',
    ])
    const { problem, line } = onlyProblem([file])
    expect(problem).toMatchObject({ file, path: 'rules.0.timeline' })
    expect([8, 9]).toContain(problem.line) // the `timeline` key or its first step
    expect(line).toMatch(/rules\.0\.timeline: never runs: the rule's reject creates no task$/)
  })

  it('an unknown `use` target: the position is the `use` line, and the message names the known scenarios', () => {
    const file = write('unknownuse.yaml', [
      'name: unknownuse',
      'description: unknown use',
      'rules:',
      '  - match:',
      '      endpoint: image',
      '  - match:',
      '      endpoint: video',
      '    use: nowhere',
    ])
    const { problem, line } = onlyProblem([file])
    expect(problem).toMatchObject({ file, line: 8, column: 10, path: 'rules.1.use' })
    expect(line).toMatch(
      new RegExp(
        `^${escapeRegex(file)}:8:10: rules\\.1\\.use: ` +
          'names no scenario "nowhere"; known: content-policy, default, .*unknownuse',
      ),
    )
  })

  it('an unknown account scenario points at it', () => {
    const file = write('acct.yaml', [
      'name: acct',
      'description: account scenario',
      'accounts:',
      '  acct_alice:',
      '    scenario: ghost',
    ])
    expect(onlyProblem([file]).line).toMatch(
      new RegExp(`^${escapeRegex(file)}:5:15: accounts\\.acct_alice\\.scenario: names no scenario "ghost"; known: `),
    )
  })

  it('a `use` cycle across two files is reported in each, with the whole cycle', () => {
    const ping = write('ping.yaml', [
      'name: ping',
      'description: ping',
      'rules:',
      '  - match: { endpoint: video }',
      '  - use: pong',
    ])
    const pong = write('pong.json', [
      '{',
      '  "name": "pong",',
      '  "description": "pong",',
      '  "rules": [{ "use": "ping" }]',
      '}',
    ])
    const { problems, entries } = loadScenarioFiles([ping, pong])
    expect(problems.map(formatProblem)).toEqual([
      `${ping}:3:1: rules: uses itself through ping → pong → ping`,
      `${pong}:4:12: rules: uses itself through pong → ping → pong`,
    ])
    expect(entries.map((e) => e.scenario.name)).toEqual(['ping', 'pong'])
  })

  it('either file of a `use` pair alone reports the other as unknown', () => {
    const ping = write('ping.yaml', ['name: ping', 'description: ping', 'rules:', '  - use: pong'])
    expect(onlyProblem([ping]).line).toMatch(
      new RegExp(`^${escapeRegex(ping)}:4:10: rules\\.0\\.use: names no scenario "pong"`),
    )
  })

  it('two files with the same name: the second is refused, naming the first', () => {
    const first = write('twin.yaml', ['name: twin', 'description: first'])
    const second = write('twin.json', ['{ "name": "twin", "description": "second" }'])
    const { problems, entries } = loadScenarioFiles([first, second])
    expect(problems.map(formatProblem)).toEqual([`${second}:1:11: name: "twin" is already defined in ${first}`])
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ origin: first, scenario: { description: 'first' } })
  })

  it('every problem of every file, not only the first', () => {
    const a = write('a.yaml', [
      'name: a',
      'description: two mistakes',
      'rules:',
      '  - match: { provider: openai }',
      '    timeline:',
      '      - at: 15 s',
      '        set: { status: 1 }',
    ])
    const b = write('b.yaml', ['description: no name'])
    const { problems } = loadScenarioFiles([a, b])
    expect(problems.map((p) => `${p.file === a ? 'a' : 'b'}:${p.line}:${p.path}`)).toEqual([
      'a:4:rules.0.match.provider',
      'a:6:rules.0.timeline.0.at',
      'b:1:name',
    ])
  })

  it('a file that cannot be read says so, with its path', () => {
    const file = join(dir, 'does-not-exist.yaml')
    const { problem, line } = onlyProblem([file])
    expect(problem).toMatchObject({ file, path: '' })
    expect(problem.line).toBeUndefined()
    expect(line).toMatch(new RegExp(`^${escapeRegex(file)}: cannot be read: .*ENOENT`))
  })
})

describe('loadScenarioFiles: good files', () => {
  it('loads valid YAML and JSON, each with its path as origin', () => {
    const yaml = write('slow.yaml', [
      '# a comment is fine in YAML',
      'name: slow',
      'description: Images take a minute.',
      'rules:',
      '  - match:',
      '      endpoint: image',
      '      model: base-*',
      '    timeline:',
      '      - at: 1m',
      '        set: { status: 1 }',
      '  - use: default',
    ])
    const json = write(
      'stuck.json',
      JSON.stringify(
        { name: 'stuck', description: 'Relay tasks stay queued.', rules: [{ match: { provider: 'relay' } }] },
        null,
        2,
      ),
    )
    const { entries, problems } = loadScenarioFiles([yaml, json])
    expect(problems).toEqual([])
    expect(entries).toEqual([
      {
        origin: yaml,
        scenario: {
          name: 'slow',
          description: 'Images take a minute.',
          rules: [
            { match: { endpoint: 'image', model: 'base-*' }, timeline: [{ at: '1m', set: { status: 1 } }] },
            { use: 'default' },
          ],
        },
      },
      {
        origin: json,
        scenario: { name: 'stuck', description: 'Relay tasks stay queued.', rules: [{ match: { provider: 'relay' } }] },
      },
    ])
  })

  it('loading no files gives nothing and no problems', () => {
    expect(loadScenarioFiles([])).toEqual({ entries: [], problems: [] })
  })

  it('a file may use a scenario of another file', () => {
    const base = write('base.yaml', [
      'name: base',
      'description: base',
      'rules:',
      '  - timeline: [{ at: 5s, set: { status: 1 } }]',
    ])
    const top = write('top.yaml', [
      'name: top',
      'description: top',
      'rules:',
      '  - submit: { latency: 1s }',
      '    use: base',
    ])
    expect(loadScenarioFiles([top, base]).problems).toEqual([])
  })

  it('a file may replace a bundled scenario, and its version wins', () => {
    const file = write('default.yaml', [
      'name: default',
      'description: My default never finishes anything.',
      'rules: []',
    ])
    const { entries, problems } = loadScenarioFiles([file])
    expect(problems).toEqual([])
    expect(entries).toEqual([
      { origin: file, scenario: { name: 'default', description: 'My default never finishes anything.', rules: [] } },
    ])
    expect(bundledScenarios.find((e) => e.scenario.name === 'default')?.scenario.rules.length).toBeGreaterThan(0)

    const engine = new Engine({
      seed: 7,
      clock: { mode: 'manual', start: Date.parse('2026-01-01T00:00:00Z') },
      scenarios: entries,
    })
    expect(engine.scenario('default')).toEqual({ origin: file, scenario: entries[0]!.scenario })
    expect(engine.scenarioList().entries).toHaveLength(bundledScenarios.length)
  })

  it('a replacement that breaks a bundled scenario’s reference is refused, naming the bundled scenario too', () => {
    const file = write('default.yaml', ['name: default', 'description: loops', 'rules:', '  - use: drop-after-commit'])
    const { problems } = loadScenarioFiles([file])
    expect(problems.map(formatProblem)).toEqual([
      `${file}:3:1: rules: uses itself through default → drop-after-commit → default`,
      'bundled scenario "drop-after-commit": ' +
        'rules: uses itself through drop-after-commit → default → drop-after-commit',
    ])
  })
})

describe('scenarioFilesIn', () => {
  it('lists the .yaml, .yml and .json files of a directory, in name order, and nothing else', () => {
    const sub = join(dir, 'listing')
    mkdirSync(sub)
    for (const name of ['b.yml', 'a.yaml', 'c.json', 'D.YAML', 'notes.txt', 'README.md', 'x.json.bak'])
      writeFileSync(join(sub, name), '')
    mkdirSync(join(sub, 'folder.json'))
    expect(scenarioFilesIn(sub)).toEqual(['D.YAML', 'a.yaml', 'b.yml', 'c.json'].map((name) => join(sub, name)))
  })

  it('throws for a missing directory', () => {
    expect(() => scenarioFilesIn(join(dir, 'nope'))).toThrow(/ENOENT/)
  })
})

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
