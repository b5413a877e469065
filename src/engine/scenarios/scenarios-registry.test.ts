import { describe, expect, it } from 'vitest'
import { Problem } from '../problem.js'
import { done, entry, IMAGE, invalidIssues, random, stepAfter } from './scenarios.fixtures.js'
import { Scenarios } from './scenarios.js'

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
