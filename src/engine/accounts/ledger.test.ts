import { describe, expect, it } from 'vitest'
import { LIMITS } from '../../contract/limits.js'
import { Ledger } from './ledger.js'

/** mulberry32: a tiny seeded PRNG, so the random sequence is the same on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('Ledger', () => {
  it('open records an opening entry and sets the balance', () => {
    const ledger = new Ledger()
    ledger.open('acct_a', 100, 1000)
    expect(ledger.balance('acct_a')).toBe(100)
    expect(ledger.entries('acct_a')).toEqual([{ at: 1000, kind: 'opening', amount: 100, balanceAfter: 100 }])
  })

  it('debit takes the credits, records a negative entry with the task and balanceAfter', () => {
    const ledger = new Ledger()
    ledger.open('acct_a', 10, 0)
    expect(ledger.debit('acct_a', 4, 'tsk_1', 5)).toBe(true)
    expect(ledger.balance('acct_a')).toBe(6)
    expect(ledger.entries('acct_a').at(-1)).toEqual({
      at: 5,
      kind: 'debit',
      amount: -4,
      balanceAfter: 6,
      taskId: 'tsk_1',
    })
  })

  it('debit of exactly the balance succeeds and leaves zero', () => {
    const ledger = new Ledger()
    ledger.open('acct_a', 3, 0)
    expect(ledger.debit('acct_a', 3, 'tsk_1', 1)).toBe(true)
    expect(ledger.balance('acct_a')).toBe(0)
  })

  it('debit is refused when the balance is short, and nothing is recorded', () => {
    const ledger = new Ledger()
    ledger.open('acct_low', 2, 0)
    const before = [...ledger.entries('acct_low')]
    expect(ledger.debit('acct_low', 3, 'tsk_1', 1)).toBe(false)
    expect(ledger.balance('acct_low')).toBe(2)
    expect(ledger.entries('acct_low')).toEqual(before)
  })

  it('refund gives credits back with a refund entry at the given time', () => {
    const ledger = new Ledger()
    ledger.open('acct_a', 10, 0)
    ledger.debit('acct_a', 4, 'tsk_1', 5)
    ledger.refund('acct_a', 4, 'tsk_1', 9_000)
    expect(ledger.balance('acct_a')).toBe(10)
    expect(ledger.entries('acct_a').at(-1)).toEqual({
      at: 9_000,
      kind: 'refund',
      amount: 4,
      balanceAfter: 10,
      taskId: 'tsk_1',
    })
  })

  it('reverse undoes a debit with a reversal entry, distinct from a refund', () => {
    const ledger = new Ledger()
    ledger.open('acct_a', 10, 0)
    ledger.debit('acct_a', 6, 'tsk_1', 5)
    ledger.reverse('acct_a', 6, 'tsk_1', 5)
    expect(ledger.balance('acct_a')).toBe(10)
    expect(ledger.entries('acct_a').map((e) => e.kind)).toEqual(['opening', 'debit', 'reversal'])
    expect(ledger.entries('acct_a').at(-1)).toEqual({
      at: 5,
      kind: 'reversal',
      amount: 6,
      balanceAfter: 10,
      taskId: 'tsk_1',
    })
  })

  it('setBalance records the difference as an adjustment, up or down', () => {
    const ledger = new Ledger()
    ledger.open('acct_a', 10, 0)
    ledger.setBalance('acct_a', 25, 1)
    expect(ledger.balance('acct_a')).toBe(25)
    expect(ledger.entries('acct_a').at(-1)).toEqual({ at: 1, kind: 'adjust', amount: 15, balanceAfter: 25 })
    ledger.setBalance('acct_a', 0, 2)
    expect(ledger.balance('acct_a')).toBe(0)
    expect(ledger.entries('acct_a').at(-1)).toEqual({ at: 2, kind: 'adjust', amount: -25, balanceAfter: 0 })
  })

  it('keeps accounts apart', () => {
    const ledger = new Ledger()
    ledger.open('acct_a', 10, 0)
    ledger.open('acct_b', 10, 0)
    ledger.debit('acct_a', 7, 'tsk_1', 1)
    expect(ledger.balance('acct_a')).toBe(3)
    expect(ledger.balance('acct_b')).toBe(10)
    expect(ledger.entries('acct_b')).toHaveLength(1)
  })

  it('refuses to work on an account it never opened', () => {
    const ledger = new Ledger()
    expect(() => ledger.balance('acct_nobody')).toThrow(/acct_nobody/)
    expect(() => ledger.debit('acct_nobody', 1, 'tsk_1', 0)).toThrow()
  })

  it('every entry balanceAfter is the running sum of amounts', () => {
    const ledger = new Ledger()
    ledger.open('acct_a', 50, 0)
    ledger.debit('acct_a', 8, 'tsk_1', 1)
    ledger.debit('acct_a', 12, 'tsk_2', 2)
    ledger.refund('acct_a', 8, 'tsk_1', 3)
    ledger.setBalance('acct_a', 100, 4)
    ledger.reverse('acct_a', 12, 'tsk_2', 5)
    let running = 0
    for (const entry of ledger.entries('acct_a')) {
      running += entry.amount
      expect(entry.balanceAfter).toBe(running)
    }
    expect(running).toBe(ledger.balance('acct_a'))
  })

  it('conserves credits over a random sequence: openings + adjustments − debits + refunds + reversals', () => {
    const random = prng(20260101)
    const int = (max: number) => Math.floor(random() * max)
    const ledger = new Ledger()
    const ids = ['acct_0', 'acct_1', 'acct_2', 'acct_3', 'acct_4']
    const totals = { openings: 0, adjustments: 0, debits: 0, refunds: 0, reversals: 0 }
    for (const id of ids) {
      const credits = int(200)
      ledger.open(id, credits, 0)
      totals.openings += credits
    }
    const outstanding: { id: string; amount: number; taskId: string }[] = []
    let refused = 0
    for (let step = 1; step <= 5000; step++) {
      const id = ids[int(ids.length)]!
      const roll = random()
      if (roll < 0.6) {
        const amount = 1 + int(30)
        const before = ledger.balance(id)
        const entries = ledger.entries(id).length
        const ok = ledger.debit(id, amount, `tsk_${step}`, step)
        expect(ok).toBe(before >= amount)
        if (ok) {
          totals.debits += amount
          outstanding.push({ id, amount, taskId: `tsk_${step}` })
        } else {
          refused++
          expect(ledger.balance(id)).toBe(before)
          expect(ledger.entries(id)).toHaveLength(entries)
        }
      } else if (roll < 0.8 && outstanding.length > 0) {
        const { id: owner, amount, taskId } = outstanding.splice(int(outstanding.length), 1)[0]!
        ledger.refund(owner, amount, taskId, step)
        totals.refunds += amount
      } else if (roll < 0.9 && outstanding.length > 0) {
        const { id: owner, amount, taskId } = outstanding.splice(int(outstanding.length), 1)[0]!
        ledger.reverse(owner, amount, taskId, step)
        totals.reversals += amount
      } else {
        const target = int(300)
        totals.adjustments += target - ledger.balance(id)
        ledger.setBalance(id, target, step)
      }
      if (step % 500 === 0) {
        const sum = ids.reduce((acc, a) => acc + ledger.balance(a), 0)
        expect(sum).toBe(totals.openings + totals.adjustments - totals.debits + totals.refunds + totals.reversals)
      }
    }
    // The sequence exercised every path, including refusals.
    expect(refused).toBeGreaterThan(0)
    expect(totals.refunds).toBeGreaterThan(0)
    expect(totals.reversals).toBeGreaterThan(0)
    const sum = ids.reduce((acc, a) => acc + ledger.balance(a), 0)
    expect(sum).toBe(totals.openings + totals.adjustments - totals.debits + totals.refunds + totals.reversals)
    // The ledger's own entries tell the same story, kind by kind.
    const byKind = { opening: 0, adjust: 0, debit: 0, refund: 0, reversal: 0 }
    for (const a of ids) {
      for (const entry of ledger.entries(a)) byKind[entry.kind] += entry.amount
      expect(ledger.balance(a)).toBeGreaterThanOrEqual(0)
    }
    expect(byKind).toEqual({
      opening: totals.openings,
      adjust: totals.adjustments,
      debit: -totals.debits,
      refund: totals.refunds,
      reversal: totals.reversals,
    })
  })
})

describe('Ledger: entries kept per account', () => {
  it('keeps the latest entries and counts the ones let go; the balance is unaffected', () => {
    const ledger = new Ledger(10)
    ledger.open('a', 1000, 0)
    for (let i = 1; i <= 13; i++) ledger.debit('a', 1, `t${i}`, i)
    expect(ledger.entries('a')).toHaveLength(14) // under 1.5 × 10: nothing let go yet
    expect(ledger.olderEntries('a')).toBe(0)
    ledger.debit('a', 1, 't14', 14)
    expect(ledger.entries('a')).toHaveLength(10)
    expect(ledger.olderEntries('a')).toBe(5)
    expect(ledger.entries('a')[0]).toMatchObject({ taskId: 't5', balanceAfter: 995 })
    expect(ledger.balance('a')).toBe(986)
  })

  it('holds at most LIMITS.kept.ledgerEntriesHeld entries by default, the bound a snapshot is checked against', () => {
    const ledger = new Ledger()
    ledger.open('a', 1_000_000, 0)
    let most = 0
    for (let i = 1; i <= 3 * LIMITS.kept.ledgerEntries; i++) {
      ledger.debit('a', 1, `t${i}`, i)
      most = Math.max(most, ledger.entries('a').length)
    }
    expect(most).toBe(LIMITS.kept.ledgerEntriesHeld)
  })
})
