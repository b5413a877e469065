import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { BUNDLED_SCENARIOS } from '../../../test/support/api.js'
import { LIMITS } from '../../contract/limits.js'
import { scenarioSchema } from '../../contract/scenario.js'
import { bundledScenarios } from './bundled-scenarios.js'
import type { RequestFacts } from './rule-match.js'
import { IMAGE, random, VIDEO } from './scenarios.fixtures.js'
import { referenceIssues } from './scenario-references.js'
import { Scenarios } from './scenarios.js'

const SCENARIO_DIR = fileURLToPath(new URL('../../../scenarios/', import.meta.url))

/** The interface's numbers that live in bundled scenario files, checked against the limits table. */

const byName = (name: string) => bundledScenarios.find((entry) => entry.scenario.name === name)!.scenario

describe('bundled scenarios and the interface limits', () => {
  it('upstream-a-grace fails an unknown task exactly at the grace window, with a refund', () => {
    const [, unknownTask] = byName('upstream-a-grace').rules
    const failure = unknownTask!.timeline!.find((step) => step.set?.status === 2)!
    expect(failure.at).toBe(`${LIMITS.upstreamAGraceSeconds}s`)
    expect(failure.refund).toBe(true)
    expect(failure.set?.errorCode).toBe('UPSTREAM_TASK_NOT_FOUND')
  })

  it('expired and unknown relay tasks are never refunded; upstream failures always are', () => {
    for (const { scenario } of bundledScenarios) {
      for (const step of scenario.rules.flatMap((rule) => rule.timeline ?? [])) {
        const code = step.set?.errorCode
        if (code === 'RELAY_TASK_EXPIRED' || code === 'RELAY_TASK_UNKNOWN')
          expect(step.refund, `${scenario.name} ${code}`).toBe(false)
        if (code === 'UPSTREAM_FAILED' || code === 'UPSTREAM_TASK_NOT_FOUND')
          expect(step.refund, `${scenario.name} ${code}`).toBe(true)
      }
    }
  })
})

describe('bundled scenarios', () => {
  it("are the eleven of README's Bundled scenarios, all from the bundle", () => {
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
      const { $schema, ...s } = parsed.data!
      expect($schema, 'editors find the JSON Schema (docs/scenarios.md, Editor help)').toBe(
        '../dist/scenario.schema.json',
      )
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
