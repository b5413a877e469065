// What the scenario tests share: scenarios and entries made in a line, two requests' facts, a seeded
// random, steps that tell which rule a plan came from, and the issues of an invalid-request Problem.
import { expect } from 'vitest'
import { scenarioSchema, type ScenarioInput } from '../../contract/scenario.js'
import { Problem } from '../problem.js'
import { Random } from '../random/random.js'
import type { RequestFacts } from './rule-match.js'
import type { ScenarioEntry } from './scenarios.js'

export const scenario = (name: string, rules: ScenarioInput['rules'] = [], extra: Partial<ScenarioInput> = {}) =>
  scenarioSchema.parse({ name, description: `test scenario ${name}`, rules, ...extra })
export const entry = (
  name: string,
  rules: ScenarioInput['rules'] = [],
  extra: Partial<ScenarioInput> = {},
): ScenarioEntry => ({
  scenario: scenario(name, rules, extra),
  origin: 'test',
})

export const IMAGE: RequestFacts = {
  endpoint: 'image',
  model: 'base-image-2',
  provider: 'standard',
  inputMode: 'text_to_image',
  prompt: 'a red fox',
  accountId: 'acct_alice',
}
export const VIDEO: RequestFacts = {
  endpoint: 'video',
  model: 'video-d',
  provider: 'standard',
  inputMode: 'text_to_video',
  prompt: 'waves',
  accountId: 'acct_alice',
}
export const random = () => new Random(7)

/** A step that marks which rule a plan came from, by the time it completes. */
export const done = (at: string) => [{ at, set: { status: 1 as const } }]
export const stepAfter = (ms: number) => ({
  at: { kind: 'after', span: { min: ms, max: ms } },
  set: { status: 1 },
  refund: undefined,
})

export function invalidIssues(fn: () => unknown): { path: string; message: string }[] {
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
