import { describe, expect, it } from 'vitest'
import { scenario } from './scenarios.fixtures.js'
import { referenceIssues } from './scenario-references.js'

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
