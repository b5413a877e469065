import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { scenarioJsonSchema } from '../../src/openapi/scenario-json-schema.js'
import { loadScenarioFiles } from '../../src/node/files/scenario-files.js'
import { ROOT } from '../support/cli.js'

/**
 * The scenario files' JSON Schema (docs/scenarios.md, Editor help): what the build ships as
 * genmock/scenario.schema.json, what every bundled scenario names, and that it takes what
 * `genmock validate` takes and refuses what it refuses, but for the checks JSON Schema cannot say.
 */

const schema = scenarioJsonSchema()
const ajv = new Ajv2020({ strict: true, strictTypes: false, strictRequired: false, allErrors: true })
const valid = ajv.compile(schema)
const dir = mkdtempSync(join(tmpdir(), 'genmock-scenario-schema-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** What `genmock validate` says of one scenario, as a JSON file: its problems' messages. */
function validateSays(name: string, scenario: object): string[] {
  const file = join(dir, `${name}.json`)
  writeFileSync(file, JSON.stringify(scenario))
  return loadScenarioFiles([file]).problems.map((p) => `${p.path}: ${p.message}`)
}

const base = { name: 'broken', description: 'a scenario genmock validate refuses' }
const rule = (r: object) => ({ ...base, rules: [r] })

/**
 * Scenarios `genmock validate` refuses (test/scenarios/scenario-files.test.ts and test/cli/scenarios.test.ts),
 * by why.
 */
const BROKEN: [string, object][] = [
  ['no name', { description: 'no name here', rules: [] }],
  ['a name with a space', { ...base, name: 'my scenario' }],
  ['no description', { name: 'nodesc', rules: [] }],
  ['an empty description', { ...base, description: '' }],
  ['a field of no scenario', { ...base, rulez: [] }],
  ['a bad at ("15 s")', rule({ timeline: [{ at: '15 s', set: { status: 1 } }] })],
  ['a misspelt key (timelime)', rule({ match: { endpoint: 'image' }, timelime: [] })],
  ['a misspelt key deeper down (refnd)', rule({ timeline: [{ at: '1s', set: { status: 1 }, refnd: true }] })],
  ['an unknown provider', rule({ match: { provider: 'openai' } })],
  ['an unknown endpoint', rule({ match: { endpoint: 'audio' } })],
  ['status 2 without refund', rule({ timeline: [{ at: '10s', set: { status: 2, errorCode: 'UPSTREAM_FAILED' } }] })],
  ['a step that sets nothing', rule({ timeline: [{ at: '10s' }] })],
  ['a status of no task', rule({ timeline: [{ at: '1s', set: { status: 3 } }] })],
  ['pollAfterSeconds under 5', rule({ timeline: [{ at: '1s', set: { pollAfterSeconds: 4 } }] })],
  ['a chance above 1', rule({ match: { chance: 1.5 } })],
  ['a chance of 0', rule({ match: { chance: 0 } })],
  ['a reject status under 400', rule({ submit: { reject: { status: 302, body: { error: 'x' } } } })],
  ['a reject without a body', rule({ submit: { reject: { status: 402 } } })],
  ['a 204 httpStatus (no body)', rule({ submit: { httpStatus: 204 } })],
  ['a fault of no kind', rule({ submit: { fault: 'explode' } })],
  ['a fault status under 500', rule({ submit: { fault: { type: 'error-before-commit', status: 404 } } })],
  ['a latency of no duration', rule({ submit: { latency: 'soon' } })],
  ['a negative account balance', { ...base, accounts: { acct_alice: { credits: -1 } } }],
  ['an idStyle of no kind', { ...base, idStyle: 'guid' }],
  ['a sparse of no kind', { ...base, sparse: 'some' }],
  ['regex flags of no kind', rule({ match: { prompt: { regex: 'fox', flags: 'x' } } })],
]

/**
 * What only `genmock validate` can say: it reads the other scenarios, compiles the regular
 * expressions, and relates one field to another (an editor still flags every other mistake).
 */
const VALIDATE_ONLY: [string, object][] = [
  ['a use of no scenario', rule({ use: 'nowhere' })],
  ['an account scenario of no scenario', { ...base, accounts: { acct_alice: { scenario: 'ghost' } } }],
  ['a regular expression that does not compile', rule({ match: { prompt: { regex: '(' } } })],
  ['"expiry" without provider relay', rule({ match: { endpoint: 'image' }, timeline: [{ at: 'expiry', set: {} }] })],
  [
    'a timeline on a rejecting rule',
    rule({ submit: { reject: { status: 402, body: { error: 'x' } } }, timeline: [{ at: '1s', set: { status: 1 } }] }),
  ],
  ['use with a timeline', rule({ use: 'default', timeline: [{ at: '1s', set: { status: 1 } }] })],
  [
    'reject with a fault',
    rule({ submit: { reject: { status: 402, body: { error: 'x' } }, fault: 'drop-after-commit' } }),
  ],
]

describe('the scenario JSON Schema', () => {
  it('is what the build wrote to dist/ (genmock/scenario.schema.json) and what package.json exports', () => {
    const built = JSON.parse(readFileSync(join(ROOT, 'dist', 'scenario.schema.json'), 'utf8')) as unknown
    expect(built, 'dist/ is older than the schema: npm run build').toEqual(schema)
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string> }
    expect(pkg.exports['./scenario.schema.json']).toBe('./dist/scenario.schema.json')
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema')
  })

  it('describes each field a scenario and its rules have, for an editor to show on hover', () => {
    type Node = { properties: Record<string, { description?: string; items?: Node }> }
    const top = schema as unknown as Node
    const rule = top.properties.rules!.items!
    const step = (rule.properties.timeline!.items as Node).properties
    const undescribed = [
      ...Object.entries(top.properties).filter(([name]) => !name.startsWith('$')),
      ...Object.entries(rule.properties),
      ...Object.entries((rule.properties.match as unknown as Node).properties),
      ...Object.entries(step),
    ].filter(([, field]) => !field.description)
    expect(undescribed.map(([name]) => name)).toEqual([])
  })

  it('takes every bundled scenario as its file holds it, and each names the schema', () => {
    const files = readdirSync(join(ROOT, 'scenarios')).filter((file) => file.endsWith('.json'))
    expect(files.length).toBeGreaterThanOrEqual(11)
    for (const file of files) {
      const scenario = JSON.parse(readFileSync(join(ROOT, 'scenarios', file), 'utf8')) as { $schema?: string }
      expect(valid(scenario), `${file}: ${ajv.errorsText(valid.errors)}`).toBe(true)
      expect(scenario.$schema, file).toBe('../dist/scenario.schema.json')
    }
  })

  it('takes the complete scenario examples of docs/scenarios.md', () => {
    const page = readFileSync(join(ROOT, 'docs', 'scenarios.md'), 'utf8')
    const examples = [...page.matchAll(/```yaml\n([\s\S]*?)```/g)]
      .map((m) => parse(m[1]!) as unknown)
      .filter((doc) => typeof doc === 'object' && doc !== null && 'name' in doc && 'description' in doc)
    expect(examples.length).toBeGreaterThan(0)
    for (const example of examples) expect(valid(example), ajv.errorsText(valid.errors)).toBe(true)
  })

  it.each(BROKEN)('refuses what genmock validate refuses: %s', (name, scenario) => {
    expect(validateSays(name.replace(/\W+/g, '-'), scenario)).not.toEqual([])
    expect(valid(scenario)).toBe(false)
  })

  it.each(VALIDATE_ONLY)('leaves to genmock validate what it cannot say: %s', (name, scenario) => {
    expect(validateSays(name.replace(/\W+/g, '-'), scenario)).not.toEqual([])
    expect(valid(scenario), ajv.errorsText(valid.errors)).toBe(true)
  })
})
