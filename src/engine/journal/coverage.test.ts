import { describe, expect, it } from 'vitest'
import { OUTCOME_NAMES } from '../../contract/outcomes.js'
import { Coverage, recordRead, unmetOutcomes } from './coverage.js'

const metOf = (coverage: Coverage, accounts?: string[]) =>
  Object.fromEntries(
    coverage
      .report(accounts)
      .outcomes.filter((o) => o.met)
      .map((o) => [o.name, o.count]),
  )

describe('Coverage', () => {
  it('counts per account and overall; a request of no account counts only overall', () => {
    const coverage = new Coverage()
    coverage.record('image-completed', 'acct_a')
    coverage.record('image-completed', 'acct_a')
    coverage.record('idempotent-replay', 'acct_b')
    coverage.record('unauthorized', '')
    expect(metOf(coverage)).toEqual({ 'image-completed': 2, 'idempotent-replay': 1, unauthorized: 1 })
    expect(metOf(coverage, ['acct_a'])).toEqual({ 'image-completed': 2 })
    expect(metOf(coverage, ['acct_a', 'acct_b'])).toEqual({ 'image-completed': 2, 'idempotent-replay': 1 })
    expect(metOf(coverage, [])).toEqual({})
    expect(coverage.report()).toMatchObject({ met: 3, total: OUTCOME_NAMES.length })
    coverage.clear()
    expect(coverage.report().met).toBe(0)
  })

  it('maps refusals to outcomes; a strict conformance refusal and the control API’s errors are none', () => {
    const coverage = new Coverage()
    coverage.refused({ kind: 'rejected', scenarioReply: { status: 429, body: { error: 'Too many requests' } } }, 'a')
    coverage.refused({ kind: 'rejected', scenarioReply: { status: 503, body: { error: 'Unavailable' } } }, 'a')
    coverage.refused({ kind: 'rejected', scenarioReply: { status: 402, body: { error: 'Insufficient credits' } } }, 'a')
    coverage.refused({ kind: 'rejected', scenarioReply: { status: 418, body: { error: 'teapot' } } }, 'a')
    coverage.refused({ kind: 'fault', scenarioStatus: 500, message: 'Internal error' }, 'a')
    coverage.refused({ kind: 'idempotency-mismatch' }, 'a')
    coverage.refused({ kind: 'idempotency-in-progress' }, 'a')
    coverage.refused({ kind: 'conformance', rule: 'poll-too-soon', message: 'wait' }, 'a')
    coverage.refused({ kind: 'not-found', message: 'Account not found' }, 'a')
    expect(metOf(coverage)).toEqual({
      'rate-limited': 1,
      'server-error': 2,
      'insufficient-credits': 1,
      'key-reused-with-other-body': 1,
      'request-in-progress': 1,
    })
  })

  it('a read meets the state it answered; a pending relay read counts only when it waited', () => {
    const coverage = new Coverage()
    const task = { type: 'video' as const, status: 0, provider: 'relay', creditRefunded: false }
    recordRead(coverage, task, 'a', false)
    expect(metOf(coverage)).toEqual({})
    recordRead(coverage, task, 'a', true)
    recordRead(coverage, { ...task, status: 1 }, 'a', true)
    recordRead(coverage, { ...task, status: 2, creditRefunded: true }, 'a', true)
    recordRead(coverage, { ...task, status: 2, relayStatus: 'expired' }, 'a', true)
    recordRead(coverage, { ...task, status: 2, relayStatus: 'unknown' }, 'a', true)
    recordRead(coverage, { ...task, status: 2, relayStatus: 'failed' }, 'a', true)
    expect(metOf(coverage)).toEqual({
      'polled-after-wait': 1,
      'video-completed': 1,
      'failed-refunded': 1,
      'relay-expired': 1,
      'relay-unknown': 1,
    })
  })

  it('unmetOutcomes: the named ones not met, or every one for all', () => {
    const coverage = new Coverage()
    coverage.record('unauthorized', '')
    expect(unmetOutcomes(coverage.report(), ['unauthorized', 'image-completed'])).toEqual(['image-completed'])
    expect(unmetOutcomes(coverage.report(), ['all'])).toHaveLength(OUTCOME_NAMES.length - 1)
    expect(unmetOutcomes(coverage.report(), [])).toEqual([])
  })
})
