import { describe, expect, it } from 'vitest'
import { Random } from '../random/random.js'
import { done, entry, IMAGE, random, stepAfter, VIDEO } from './scenarios.fixtures.js'
import { Scenarios } from './scenarios.js'

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
