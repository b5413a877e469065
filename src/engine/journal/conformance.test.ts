import { describe, expect, it } from 'vitest'
import { Conformance, CONFORMANCE_RULES, RETRY_WINDOW_MS, type Instant } from './conformance.js'

const at = (sim: number, wall = sim): Instant => ({ sim, wall })
const RELAY = { id: 'tsk_1', relay: true, pollAfterSeconds: 5 }
const record = (c: Conformance, breaches: Parameters<Conformance['record']>[0], requestSeq = 1) =>
  c.record(breaches, { accountId: 'acct_a', at: '2026-01-01T00:00:00.000Z', requestSeq })

describe('poll-too-soon', () => {
  it('times the first read from the submission, and each read from the previous one, at the 5 s boundary', () => {
    const c = new Conformance()
    c.submitted('tsk_1', at(0))
    expect(c.beforeRead(RELAY, at(4999))).toMatchObject({
      rule: 'poll-too-soon',
      taskId: 'tsk_1',
      retryAfterSeconds: 1,
    })
    expect(c.beforeRead(RELAY, at(5000))).toBeNull()
    c.afterRead('tsk_1', 0, at(5000))
    expect(c.beforeRead(RELAY, at(9999))?.rule).toBe('poll-too-soon')
    expect(c.beforeRead(RELAY, at(10_000))).toBeNull()
  })

  it('never asks for less than 5 s, and honours a longer pollAfterSeconds', () => {
    const c = new Conformance()
    c.submitted('tsk_1', at(0))
    expect(c.beforeRead({ ...RELAY, pollAfterSeconds: 2 }, at(4000))?.rule).toBe('poll-too-soon')
    expect(c.beforeRead({ ...RELAY, pollAfterSeconds: 30 }, at(29_999))).toMatchObject({ retryAfterSeconds: 1 })
    expect(c.beforeRead({ ...RELAY, pollAfterSeconds: 30 }, at(30_000))).toBeNull()
  })

  // A client that sleeps, or a test that advances the clock.
  it('judges the wait by the larger of simulated and wall time', () => {
    const c = new Conformance()
    c.submitted('tsk_1', at(0, 0))
    expect(c.beforeRead(RELAY, at(0, 5000))).toBeNull()
    expect(c.beforeRead(RELAY, at(5000, 1))).toBeNull()
    expect(c.beforeRead(RELAY, at(4000, 4000))?.rule).toBe('poll-too-soon')
  })

  it('does not apply to standard tasks, nor once the task answered a terminal status', () => {
    const c = new Conformance()
    c.submitted('tsk_1', at(0))
    expect(c.beforeRead({ ...RELAY, relay: false }, at(1))).toBeNull()
    c.afterRead('tsk_1', 1, at(6000))
    expect(c.beforeRead(RELAY, at(6001))).toBeNull()
  })
})

describe('poll-after-terminal', () => {
  it('is one finding per task, whose message counts the extra reads', () => {
    const c = new Conformance()
    c.submitted('tsk_1', at(0))
    expect(c.afterRead('tsk_1', 0, at(1))).toBeNull()
    expect(c.afterRead('tsk_1', 2, at(2))).toBeNull()
    const first = c.afterRead('tsk_1', 2, at(3))!
    expect(first).toMatchObject({ rule: 'poll-after-terminal', taskId: 'tsk_1' })
    record(c, [first])
    const again = c.afterRead('tsk_1', 2, at(4))!
    expect(again.repeat).toBe(true)
    record(c, [again], 2)
    expect(c.findings()).toHaveLength(1)
    expect(c.findings()[0]).toMatchObject({
      severity: 'warning',
      message: 'task read 2 more times after it answered a terminal status',
      requestSeq: 1,
    })
    expect(c.counts()).toEqual({ 'poll-after-terminal': 1 })
  })

  it('remembers the 10,000 most recently read tasks, so a long run does not grow: an older one starts afresh', () => {
    const c = new Conformance()
    c.afterRead('tsk_old', 1, at(0))
    c.afterRead('tsk_kept', 1, at(0))
    for (let i = 0; i < 9_999; i++) c.afterRead(`tsk_${i}`, 1, at(1))
    expect(c.afterRead('tsk_kept', 1, at(2))?.rule).toBe('poll-after-terminal')
    expect(c.afterRead('tsk_old', 1, at(2))).toBeNull()
  })
})

describe('submissions', () => {
  const body = { fingerprint: 'image|{"prompt":"a"}', relay: false }

  it('a relay submission without a key is relay-without-key', () => {
    const c = new Conformance()
    expect(c.beforeSubmit('acct_a', { ...body, key: null, relay: true }, at(0)).map((b) => b.rule)).toEqual([
      'relay-without-key',
    ])
    expect(c.beforeSubmit('acct_a', { ...body, key: 'key-00001', relay: true }, at(0))).toEqual([])
  })

  it('the same body after a failed attempt, under another key or none, within 60 s, is retry-with-new-key', () => {
    const c = new Conformance()
    c.afterSubmit('acct_a', { fingerprint: body.fingerprint, key: 'key-00001', failed: true }, at(0))
    expect(c.beforeSubmit('acct_a', { ...body, key: 'key-00001' }, at(1000))).toEqual([])
    expect(c.beforeSubmit('acct_a', { ...body, key: 'key-00002' }, at(1000)).map((b) => b.rule)).toEqual([
      'retry-with-new-key',
    ])
    expect(c.beforeSubmit('acct_a', { ...body, key: null }, at(RETRY_WINDOW_MS - 1)).map((b) => b.rule)).toEqual([
      'retry-with-new-key',
    ])
    expect(c.beforeSubmit('acct_a', { ...body, key: null }, at(RETRY_WINDOW_MS))).toEqual([])
  })

  // A succeeded one, another body or another account does not.
  it('a retry without a key of a keyless failed attempt counts too', () => {
    const c = new Conformance()
    c.afterSubmit('acct_a', { fingerprint: body.fingerprint, key: null, failed: true }, at(0))
    c.afterSubmit('acct_a', { fingerprint: 'image|other', key: null, failed: false }, at(0))
    expect(c.beforeSubmit('acct_a', { ...body, key: null }, at(1)).map((b) => b.rule)).toEqual(['retry-with-new-key'])
    expect(c.beforeSubmit('acct_a', { fingerprint: 'image|other', key: null, relay: false }, at(1))).toEqual([])
    expect(c.beforeSubmit('acct_a', { fingerprint: 'image|third', key: null, relay: false }, at(1))).toEqual([])
    expect(c.beforeSubmit('acct_b', { ...body, key: null }, at(1))).toEqual([])
  })
})

describe('findings', () => {
  it('are kept newest first up to the capacity, filtered by account and rule, and counted past it', () => {
    const c = new Conformance(2)
    for (let i = 1; i <= 3; i++)
      c.record([{ rule: i === 2 ? 'key-in-browser' : 'relay-without-key', message: `m${i}` }], {
        accountId: i === 3 ? 'acct_b' : 'acct_a',
        at: 'x',
        requestSeq: i,
      })
    expect(c.findings().map((f) => f.message)).toEqual(['m3', 'm2'])
    expect(c.findings({ accountId: 'acct_a' }).map((f) => f.message)).toEqual(['m2'])
    expect(c.findings({ rule: 'relay-without-key' }).map((f) => f.seq)).toEqual([3])
    expect(c.counts()).toEqual({ 'relay-without-key': 2, 'key-in-browser': 1 })
    c.clear()
    expect([c.findings(), c.counts()]).toEqual([[], {}])
  })

  it('counts the findings of error rules apart from the warnings, past the capacity too', () => {
    const c = new Conformance(1)
    const at = { accountId: 'acct_a', at: 'x', requestSeq: 1 }
    expect(c.errorCount()).toBe(0)
    c.record([{ rule: 'poll-after-terminal', message: 'warning' }], at)
    expect(c.errorCount()).toBe(0)
    c.record([{ rule: 'relay-without-key', message: 'error' }], at)
    c.record([{ rule: 'key-in-browser', message: 'error' }], at)
    expect([c.errorCount(), c.findings().length]).toEqual([2, 1])
  })

  it('every rule has a severity and the interface line it enforces', () => {
    for (const rule of Object.values(CONFORMANCE_RULES)) {
      expect(['error', 'warning']).toContain(rule.severity)
      expect(rule.enforces.length).toBeGreaterThan(10)
    }
  })
})

describe('assertClean in a shared afterEach', () => {
  it('fails for the findings since its previous call only: a breach fails its own test, not the next ones', () => {
    const conformance = new Conformance()
    const at = { accountId: 'acct_alice', at: '2026-01-01T00:00:00.000Z', requestSeq: 1 }
    conformance.record([{ rule: 'relay-without-key', message: 'relay submission without an Idempotency-Key' }], at)
    expect(() => conformance.assertClean()).toThrow(/relay-without-key/)
    expect(() => conformance.assertClean()).not.toThrow()
    expect(conformance.findings()).toHaveLength(1)
    conformance.record([{ rule: 'poll-after-terminal', message: 'read again' }], at)
    expect(() => conformance.assertClean()).not.toThrow()
    conformance.record([{ rule: 'key-in-browser', message: 'a key from a page' }], at)
    expect(() => conformance.assertClean()).toThrow(/key-in-browser/)
  })
})
