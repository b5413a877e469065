import { describe, expect, it } from 'vitest'
import { preference, scenarioAsked, sparseAsked } from './prefer-header.js'

describe('Prefer preferences', () => {
  it('finds a preference among others, with a value, a quoted value or none', () => {
    expect(preference('scenario=flaky, sparse=all', 'sparse')).toEqual({ value: 'all' })
    expect(preference('respond-async; sparse="all"', 'sparse')).toEqual({ value: 'all' })
    expect(preference('sparse , scenario=flaky', 'sparse')).toEqual({ value: undefined })
    expect(preference('sparseness=all', 'sparse')).toBeNull()
    expect(preference(undefined, 'scenario')).toBeNull()
  })

  it('reads both from one header; X-Mock-Scenario wins over Prefer; a bad sparse value is an issue of Prefer', () => {
    const headers = { prefer: 'sparse=all, scenario="upstream-failure"' }
    expect(scenarioAsked(headers)).toEqual({ name: 'upstream-failure', header: 'Prefer' })
    expect(sparseAsked(headers)).toBe('all')
    expect(scenarioAsked({ ...headers, 'x-mock-scenario': ' flaky ' })).toEqual({
      name: 'flaky',
      header: 'X-Mock-Scenario',
    })
    expect(scenarioAsked({ prefer: 'scenario' })).toBeNull()
    expect(() => sparseAsked({ prefer: 'sparse=some' })).toThrow(/Prefer sparse must be/)
  })
})
