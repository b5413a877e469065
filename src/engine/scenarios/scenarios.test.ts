import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { BUNDLED_SCENARIOS } from '../../../test/support/api.js'
import { scenarioSchema, type ScenarioInput } from '../../contract/scenario.js'
import { bundledScenarios } from './bundled-scenarios.js'
import { Problem } from '../problem.js'
import { Random } from '../random/random.js'
import type { RequestFacts } from './rule-match.js'
import { referenceIssues, Scenarios, type ScenarioEntry } from './scenarios.js'

const SCENARIO_DIR = fileURLToPath(new URL('../../../scenarios/', import.meta.url))

const scenario = (name: string, rules: ScenarioInput['rules'] = [], extra: Partial<ScenarioInput> = {}) =>
  scenarioSchema.parse({ name, description: `test scenario ${name}`, rules, ...extra })
const entry = (
  name: string,
  rules: ScenarioInput['rules'] = [],
  extra: Partial<ScenarioInput> = {},
): ScenarioEntry => ({
  scenario: scenario(name, rules, extra),
  origin: 'test',
})

const IMAGE: RequestFacts = {
  endpoint: 'image',
  model: 'base-image-2',
  provider: 'standard',
  inputMode: 'text_to_image',
  prompt: 'a red fox',
  accountId: 'acct_alice',
}
const VIDEO: RequestFacts = {
  endpoint: 'video',
  model: 'video-d',
  provider: 'standard',
  inputMode: 'text_to_video',
  prompt: 'waves',
  accountId: 'acct_alice',
}
const random = () => new Random(7)

/** A step that marks which rule a plan came from, by the time it completes. */
const done = (at: string) => [{ at, set: { status: 1 as const } }]
const stepAfter = (ms: number) => ({
  at: { kind: 'after', span: { min: ms, max: ms } },
  set: { status: 1 },
  refund: undefined,
})

function invalidIssues(fn: () => unknown): { path: string; message: string }[] {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(Problem)
    const detail = (error as Problem).detail
    if (detail.kind !== 'invalid-request') throw new Error(`expected invalid-request, got ${detail.kind}`)
    return detail.issues.map(({ path, message }) => ({ path, message }))
  }
  throw new Error('expected a Problem')
}

describe('referenceIssues', () => {
  const base = scenario('default')

  it('finds nothing wrong with a set whose references resolve', () => {
    const chain = [
      base,
      scenario('a', [{ use: 'b' }]),
      scenario('b', [{ match: { endpoint: 'image' }, use: 'default' }, { use: 'default' }]),
    ]
    expect(referenceIssues(chain)).toEqual([])
    // two paths to one scenario (a diamond) is not a cycle
    const diamond = [
      base,
      scenario('top', [{ use: 'l' }, { use: 'r' }]),
      scenario('l', [{ use: 'default' }]),
      scenario('r', [{ use: 'default' }]),
    ]
    expect(referenceIssues(diamond)).toEqual([])
  })

  it('reports a use naming no scenario, with its path and the known names, sorted', () => {
    const mine = scenario('mine', [{ match: { endpoint: 'image' } }, { use: 'nope' }])
    expect(referenceIssues([mine, base])).toEqual([
      { scenario: 'mine', path: 'rules.1.use', message: 'names no scenario "nope"; known: default, mine' },
    ])
  })

  it('reports an account scenario naming no scenario', () => {
    const mine = scenario('mine', [], { accounts: { acct_alice: { credits: 5 }, acct_bob: { scenario: 'ghost' } } })
    expect(referenceIssues([base, mine])).toEqual([
      {
        scenario: 'mine',
        path: 'accounts.acct_bob.scenario',
        message: 'names no scenario "ghost"; known: default, mine',
      },
    ])
    const ok = scenario('ok', [], { accounts: { acct_bob: { scenario: 'default' } } })
    expect(referenceIssues([base, ok])).toEqual([])
  })

  it('reports a scenario that uses itself', () => {
    expect(referenceIssues([base, scenario('loop', [{ match: { endpoint: 'video' } }, { use: 'loop' }])])).toEqual([
      { scenario: 'loop', path: 'rules', message: 'uses itself through loop → loop' },
    ])
  })

  it('reports a cycle through other scenarios, once for each scenario on it', () => {
    const set = [base, scenario('a', [{ use: 'b' }]), scenario('b', [{ use: 'c' }]), scenario('c', [{ use: 'a' }])]
    expect(referenceIssues(set)).toEqual([
      { scenario: 'a', path: 'rules', message: 'uses itself through a → b → c → a' },
      { scenario: 'b', path: 'rules', message: 'uses itself through b → c → a → b' },
      { scenario: 'c', path: 'rules', message: 'uses itself through c → a → b → c' },
    ])
  })

  it('reports no cycle for a scenario that only leads into one', () => {
    const set = [base, scenario('entry', [{ use: 'a' }]), scenario('a', [{ use: 'b' }]), scenario('b', [{ use: 'a' }])]
    expect(referenceIssues(set).map((issue) => issue.scenario)).toEqual(['a', 'b'])
  })

  it('reports a missing default scenario', () => {
    expect(referenceIssues([scenario('mine')])).toEqual([
      { scenario: 'default', path: '', message: 'is missing: every other scenario falls through to it' },
    ])
    expect(referenceIssues([])).toEqual([
      { scenario: 'default', path: '', message: 'is missing: every other scenario falls through to it' },
    ])
  })

  it('reports every issue of a set, not only the first', () => {
    const set = [scenario('x', [{ use: 'y1' }, { use: 'x' }], { accounts: { acct_alice: { scenario: 'y2' } } })]
    expect(referenceIssues(set).map((issue) => `${issue.scenario}:${issue.path}`)).toEqual([
      'default:',
      'x:rules.0.use',
      'x:accounts.acct_alice.scenario',
      'x:rules',
    ])
  })
})

describe('Scenarios.plan', () => {
  it('takes the first rule that matches', () => {
    const s = new Scenarios([
      entry('default'),
      entry('mine', [
        { match: { endpoint: 'video' }, timeline: done('1s') },
        { match: { endpoint: 'image' }, timeline: done('2s') },
        { timeline: done('3s') },
      ]),
    ])
    expect(s.plan('mine', VIDEO, random()).timeline).toEqual([stepAfter(1000)])
    expect(s.plan('mine', IMAGE, random()).timeline).toEqual([stepAfter(2000)])
    expect(s.plan('mine', { ...IMAGE, endpoint: 'video' }, random()).timeline).toEqual([stepAfter(1000)])
  })

  it('gives the plan the scenario name asked for, the submit settings, and defaults for the rest', () => {
    const s = new Scenarios([
      entry('default'),
      entry('mine', [
        {
          match: { provider: 'relay' },
          submit: {
            latency: '50ms..500ms',
            httpStatus: 202,
            submissionUncertain: true,
            set: { relayStatus: 'submitting' },
            expiresIn: '2m',
          },
          timeline: [{ at: '30s..120s', set: { relayStatus: 'running' } }],
        },
        { match: { endpoint: 'video' }, submit: { fault: 'error-before-commit' } },
        { match: { model: 'x-*' }, submit: { fault: { type: 'error-before-commit', status: 503, error: 'Busy' } } },
        { match: { prompt: 'drop' }, submit: { fault: 'drop-after-commit' } },
        { submit: { reject: { status: 429, body: { error: 'Slow down' }, headers: { 'Retry-After': '3' } } } },
      ]),
    ])
    expect(s.plan('mine', { ...IMAGE, provider: 'relay' }, random())).toEqual({
      scenario: 'mine',
      latency: { min: 50, max: 500 },
      httpStatus: 202,
      set: { relayStatus: 'submitting', submissionUncertain: true },
      expiresInMs: 120_000,
      timeline: [
        {
          at: { kind: 'after', span: { min: 30_000, max: 120_000 } },
          set: { relayStatus: 'running' },
          refund: undefined,
        },
      ],
    })
    expect(s.plan('mine', VIDEO, random())).toEqual({
      scenario: 'mine',
      httpStatus: 200,
      set: {},
      timeline: [],
      fault: { type: 'error-before-commit', status: 500, error: 'Internal error' },
    })
    expect(s.plan('mine', { ...IMAGE, model: 'x-1' }, random()).fault).toEqual({
      type: 'error-before-commit',
      status: 503,
      error: 'Busy',
    })
    expect(s.plan('mine', { ...IMAGE, prompt: 'drop it' }, random()).fault).toEqual({
      type: 'drop-after-commit',
      status: 500,
      error: 'Internal error',
    })
    expect(s.plan('mine', IMAGE, random())).toEqual({
      scenario: 'mine',
      httpStatus: 200,
      set: {},
      timeline: [],
      reject: { status: 429, body: { error: 'Slow down' }, headers: { 'Retry-After': '3' } },
    })
  })

  it('follows use: the used scenario gives the timeline, the using rule’s submit keys win, set merges', () => {
    const s = new Scenarios([
      entry('default'),
      entry('base', [
        {
          submit: {
            latency: '2s',
            httpStatus: 202,
            set: { relayStatus: 'queued', upstreamHttpStatus: 404 },
            expiresIn: '10m',
          },
          timeline: done('9s'),
        },
      ]),
      entry('mine', [
        { submit: { latency: '1s', set: { relayStatus: 'submitting', effectiveWatermark: true } }, use: 'base' },
      ]),
    ])
    expect(s.plan('mine', IMAGE, random())).toEqual({
      scenario: 'mine',
      latency: { min: 1000, max: 1000 },
      httpStatus: 202,
      set: { relayStatus: 'submitting', upstreamHttpStatus: 404, effectiveWatermark: true },
      expiresInMs: 600_000,
      timeline: [stepAfter(9000)],
    })
  })

  it('follows use through several scenarios, the nearest rule winning each key', () => {
    const s = new Scenarios([
      entry('default'),
      entry('c', [{ submit: { httpStatus: 201, set: { errorCode: 'C', relayStatus: 'c' } }, timeline: done('3s') }]),
      entry('b', [{ submit: { httpStatus: 202, set: { relayStatus: 'b' } }, use: 'c' }]),
      entry('a', [{ submit: { set: { relayStatus: 'a' } }, use: 'b' }]),
    ])
    const plan = s.plan('a', IMAGE, random())
    expect(plan.httpStatus).toBe(202)
    expect(plan.set).toEqual({ errorCode: 'C', relayStatus: 'a' })
    expect(plan.timeline).toEqual([stepAfter(3000)])
  })

  it('tries the next rule when the used scenario has no rule for the request', () => {
    const s = new Scenarios([
      entry('default', [{ timeline: done('99s') }]),
      entry('videos', [{ match: { endpoint: 'video' }, timeline: done('1s') }]),
      entry('mine', [
        { submit: { httpStatus: 201 }, use: 'videos' },
        { match: { endpoint: 'image' }, timeline: done('2s') },
      ]),
    ])
    expect(s.plan('mine', VIDEO, random())).toMatchObject({ httpStatus: 201, timeline: [stepAfter(1000)] })
    expect(s.plan('mine', IMAGE, random())).toMatchObject({ httpStatus: 200, timeline: [stepAfter(2000)] })
  })

  it('falls back to the default scenario’s rules when none of its own matches, keeping its own name', () => {
    const s = new Scenarios([
      entry('default', [{ match: { endpoint: 'image' }, submit: { httpStatus: 201 }, timeline: done('5s') }]),
      entry('mine', [{ match: { endpoint: 'video' }, timeline: done('1s') }]),
    ])
    expect(s.plan('mine', IMAGE, random())).toEqual({
      scenario: 'mine',
      httpStatus: 201,
      set: {},
      timeline: [stepAfter(5000)],
    })
    expect(s.plan('mine', VIDEO, random()).timeline).toEqual([stepAfter(1000)])
  })

  it('falls back to the bundled default, not to the server default', () => {
    const s = new Scenarios(
      [
        entry('default', [{ timeline: done('5s') }]),
        entry('other', [{ timeline: done('7s') }]),
        entry('mine', [{ match: { endpoint: 'video' } }]),
      ],
      'other',
    )
    expect(s.defaultName).toBe('other')
    expect(s.plan('mine', IMAGE, random()).timeline).toEqual([stepAfter(5000)])
  })

  it('leaves the task pending (an empty plan) when nothing matches, in the scenario nor in default', () => {
    const s = new Scenarios([
      entry('default', [{ match: { endpoint: 'video' }, timeline: done('1s') }]),
      entry('mine', [{ match: { provider: 'relay' }, timeline: done('2s') }]),
    ])
    expect(s.plan('mine', IMAGE, random())).toEqual({ scenario: 'mine', httpStatus: 200, set: {}, timeline: [] })
    expect(s.plan('default', IMAGE, random())).toEqual({ scenario: 'default', httpStatus: 200, set: {}, timeline: [] })
  })

  it('a matching rule with no timeline wins: no fall through to default', () => {
    const s = new Scenarios([
      entry('default', [{ timeline: done('1s') }]),
      entry('mine', [{ match: { endpoint: 'image' } }]),
    ])
    expect(s.plan('mine', IMAGE, random()).timeline).toEqual([])
    expect(s.plan('mine', VIDEO, random()).timeline).toEqual([stepAfter(1000)])
  })

  it('draws chance only for the rules it judges, and a rule whose chance fails is skipped', () => {
    const s = new Scenarios([
      entry('default', [{ timeline: done('9s') }]),
      entry('mine', [{ match: { chance: 0.5 }, timeline: done('1s') }]),
    ])
    const r = new Random(7)
    const picks = Array.from({ length: 40 }, () => s.plan('mine', IMAGE, r).timeline[0]!.at)
    expect(picks).toContainEqual(stepAfter(1000).at)
    expect(picks).toContainEqual(stepAfter(9000).at)
  })
})

describe('Scenarios.choose: first match wins', () => {
  const scenarios = () => new Scenarios([entry('default'), entry('a'), entry('b'), entry('c')], 'c')
  const header = (name: string) => ({ name, header: 'X-Mock-Scenario' })

  it('the header, then the prompt directive, then the account scenario, then the default', () => {
    expect(scenarios().choose(header('a'), 'x [mock:b]', 'default')).toEqual({ name: 'a', issues: [] })
    expect(scenarios().choose(null, 'x [mock:b] y', 'default')).toEqual({ name: 'b', issues: [] })
    expect(scenarios().choose(null, 'no directive', 'a')).toEqual({ name: 'a', issues: [] })
    expect(scenarios().choose(null, undefined, undefined)).toEqual({ name: 'c', issues: [] })
  })

  it('an unknown name asked for is an issue where it was asked, listing the known names', () => {
    expect(scenarios().choose({ name: 'zz', header: 'Prefer' }, undefined, undefined).issues).toEqual([
      { in: 'header', path: 'Prefer', message: 'names no scenario "zz"; known: a, b, c, default' },
    ])
    expect(scenarios().choose(null, '[mock:zz]', undefined).issues).toEqual([
      { in: 'body', path: 'prompt', message: '[mock:zz] names no scenario "zz"; known: a, b, c, default' },
    ])
  })

  it('only the first directive of a prompt counts, and a bracket-less one is no directive', () => {
    expect(scenarios().choose(null, '[mock:a] and [mock:b]', undefined).name).toBe('a')
    expect(scenarios().choose(null, 'mock:a', undefined).name).toBe('c')
  })
})

describe('Scenarios: construction, add and reset', () => {
  it('refuses a set whose references do not resolve, or an unknown default', () => {
    expect(invalidIssues(() => new Scenarios([entry('mine')]))).toEqual([
      { path: '', message: 'scenario "default": is missing: every other scenario falls through to it' },
    ])
    expect(invalidIssues(() => new Scenarios([entry('default'), entry('mine', [{ use: 'nope' }])]))).toEqual([
      { path: 'rules.0.use', message: 'scenario "mine": names no scenario "nope"; known: default, mine' },
    ])
    expect(invalidIssues(() => new Scenarios([entry('default')], 'nope'))).toEqual([
      { path: 'name', message: 'names no scenario "nope"; known: default' },
    ])
  })

  it('add creates, then replaces', () => {
    const s = new Scenarios([entry('default')])
    expect(s.add(entry('mine', [{ timeline: done('1s') }]))).toBe('created')
    expect(s.plan('mine', IMAGE, random()).timeline).toEqual([stepAfter(1000)])
    expect(s.add({ ...entry('mine', [{ timeline: done('2s') }]), origin: 'control API' })).toBe('replaced')
    expect(s.plan('mine', IMAGE, random()).timeline).toEqual([stepAfter(2000)])
    expect(s.get('mine')?.origin).toBe('control API')
    expect(s.list().map((e) => e.scenario.name)).toEqual(['default', 'mine'])
  })

  it('add refuses a new scenario whose references do not resolve, and leaves no trace of it', () => {
    const s = new Scenarios([entry('default')])
    expect(invalidIssues(() => s.add(entry('mine', [{ use: 'ghost' }])))).toEqual([
      { path: 'rules.0.use', message: 'scenario "mine": names no scenario "ghost"; known: default, mine' },
    ])
    expect(s.has('mine')).toBe(false)
    expect(s.list().map((e) => e.scenario.name)).toEqual(['default'])
    expect(invalidIssues(() => s.add(entry('self', [{ use: 'self' }]))).map((issue) => issue.message)).toEqual([
      'scenario "self": uses itself through self → self',
    ])
    expect(s.has('self')).toBe(false)
  })

  it('add refuses a replacement that breaks a reference, and keeps the scenario it would have replaced', () => {
    const s = new Scenarios([entry('default'), entry('a', [{ use: 'b' }]), entry('b', [{ timeline: done('1s') }])])
    // b using a would close a cycle a → b → a
    expect(invalidIssues(() => s.add(entry('b', [{ use: 'a' }]))).map((issue) => issue.message)).toEqual([
      'scenario "a": uses itself through a → b → a',
      'scenario "b": uses itself through b → a → b',
    ])
    expect(s.plan('a', IMAGE, random()).timeline).toEqual([stepAfter(1000)])
    expect(s.get('b')?.scenario.rules).toEqual([{ timeline: done('1s') }])
    // replacing default with one that uses a missing scenario is refused too
    expect(() => s.add(entry('default', [{ use: 'missing' }]))).toThrow(Problem)
    expect(s.get('default')?.scenario.rules).toEqual([])
  })

  it('setDefault refuses an unknown name and keeps the old default', () => {
    const s = new Scenarios([entry('default'), entry('mine')])
    s.setDefault('mine')
    expect(s.defaultName).toBe('mine')
    expect(invalidIssues(() => s.setDefault('ghost'))).toEqual([
      { path: 'name', message: 'names no scenario "ghost"; known: default, mine' },
    ])
    expect(s.defaultName).toBe('mine')
  })

  it('reset restores the startup scenarios, the replaced ones included, and the startup default', () => {
    const s = new Scenarios(
      [entry('default', [{ timeline: done('5s') }]), entry('mine', [{ timeline: done('1s') }])],
      'mine',
    )
    s.add(entry('extra'))
    s.add(entry('mine', [{ timeline: done('2s') }]))
    s.add(entry('default', [{ timeline: done('6s') }]))
    s.setDefault('extra')
    expect(s.list().map((e) => e.scenario.name)).toEqual(['default', 'extra', 'mine'])

    s.reset()
    expect(s.defaultName).toBe('mine')
    expect(s.has('extra')).toBe(false)
    expect(s.list().map((e) => e.scenario.name)).toEqual(['default', 'mine'])
    expect(s.plan('mine', IMAGE, random()).timeline).toEqual([stepAfter(1000)])
    expect(s.plan('default', IMAGE, random()).timeline).toEqual([stepAfter(5000)])
    expect(s.get('mine')?.origin).toBe('test')

    // and again: a second round of changes is undone just the same
    s.add(entry('mine', [{ timeline: done('3s') }]))
    s.reset()
    expect(s.plan('mine', IMAGE, random()).timeline).toEqual([stepAfter(1000)])
  })
})

describe('bundled scenarios', () => {
  it('are the eleven of PRODUCT §4, all from the bundle', () => {
    expect(bundledScenarios.map((e) => e.scenario.name).sort()).toEqual(BUNDLED_SCENARIOS)
    expect(new Set(bundledScenarios.map((e) => e.origin))).toEqual(new Set(['bundled']))
  })

  it('parse, describe what a client sees, and their references resolve', () => {
    for (const { scenario: s } of bundledScenarios) {
      expect(scenarioSchema.safeParse(s).success, s.name).toBe(true)
      expect(s.description.length, s.name).toBeGreaterThan(40)
    }
    expect(referenceIssues(bundledScenarios.map((e) => e.scenario))).toEqual([])
    const s = new Scenarios(bundledScenarios)
    expect(s.defaultName).toBe('default')
    expect(s.list()).toHaveLength(BUNDLED_SCENARIOS.length)
  })

  it('include every JSON file of scenarios/, as written there', () => {
    const files = readdirSync(SCENARIO_DIR).filter((file) => file.endsWith('.json'))
    expect(files.length).toBeGreaterThan(0)
    const byName = new Map(bundledScenarios.map((e) => [e.scenario.name, e.scenario]))
    for (const file of files) {
      const parsed = scenarioSchema.safeParse(JSON.parse(readFileSync(`${SCENARIO_DIR}${file}`, 'utf8')))
      expect(parsed.success, `${file}: ${parsed.error?.message}`).toBe(true)
      const s = parsed.data!
      expect(`${s.name}.json`, 'the file is named after its scenario').toBe(file)
      expect(byName.get(s.name), `${file} is not among the bundled scenarios`).toEqual(s)
    }
    expect(files).toHaveLength(bundledScenarios.length)
  })

  it('plan as their descriptions say, for a few telling requests', () => {
    const s = new Scenarios(bundledScenarios)
    const relay: RequestFacts = { ...IMAGE, provider: 'relay' }
    expect(s.plan('default', IMAGE, random()).timeline).toEqual([
      { at: { kind: 'after', span: { min: 4000, max: 12_000 } }, set: { status: 1 }, refund: undefined },
    ])
    expect(s.plan('default', VIDEO, random()).timeline).toEqual([
      { at: { kind: 'after', span: { min: 30_000, max: 120_000 } }, set: { status: 1 }, refund: undefined },
    ])
    expect(s.plan('relay-expiry', relay, random()).timeline.map((step) => step.at.kind)).toEqual(['after', 'expiry'])
    // relay-expiry has no rule for other requests: they get default's
    expect(s.plan('relay-expiry', IMAGE, random()).timeline).toEqual(s.plan('default', IMAGE, random()).timeline)
    expect(s.plan('insufficient-credits', VIDEO, random()).reject).toEqual({
      status: 402,
      body: { error: 'Insufficient credits' },
    })
    const drop = s.plan('drop-after-commit', VIDEO, random())
    expect(drop.fault?.type).toBe('drop-after-commit')
    expect(drop.timeline).toEqual(s.plan('default', VIDEO, random()).timeline)
    expect(s.plan('submission-lost', relay, random()).set).toEqual({
      relayStatus: 'submitting',
      submissionUncertain: true,
    })
  })
})
