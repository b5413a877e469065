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
