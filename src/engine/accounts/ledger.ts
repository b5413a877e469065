// Credits: each account's ledger of debits, refunds and adjustments, and the balance it sums to.
import { LIMITS } from '../../contract/limits.js'
export type LedgerKind = 'opening' | 'adjust' | 'debit' | 'refund' | 'reversal'

export interface LedgerEntry {
  at: number
  kind: LedgerKind
  /** Signed change of the balance. */
  amount: number
  balanceAfter: number
  taskId?: string
}

/** Signed sums of amounts, by kind. */
export type LedgerSums = Record<LedgerKind, number>

/** One account's balance, its latest entries, and how many older ones were let go and their sums. */
export interface LedgerAccount {
  balance: number
  entries: LedgerEntry[]
  older: number
  /** Absent in states saved before it was kept. */
  olderSums?: LedgerSums
}

const noSums = (): LedgerSums => ({ opening: 0, adjust: 0, debit: 0, refund: 0, reversal: 0 })

export type SavedLedger = [accountId: string, account: LedgerAccount][]

/**
 * Credits per account, and every change to them. The only code that changes a balance, so that
 * sum(opening + adjustments) − debits + refunds always equals the sum of balances. Each account
 * keeps its last `entriesPerAccount` entries (a long run would otherwise grow without bound);
 * `olderEntries` counts the ones let go and `olderSums` sums them by kind, so that the balance is
 * always the sums plus the kept entries' amounts (docs/control-api.md).
 * @example
 * ledger.open('acct_a', 10, now)
 * ledger.debit('acct_a', 4, 'tsk_1', now) // balance 6
 * ledger.refund('acct_a', 4, 'tsk_1', now) // balance 10
 */
export class Ledger {
  #accounts = new Map<string, LedgerAccount>()

  readonly entriesPerAccount: number
  /** The entries an account may hold before the older ones are let go, in a batch. */
  readonly #held: number

  constructor(entriesPerAccount: number = LIMITS.kept.ledgerEntries) {
    // LIMITS.kept.ledgerEntriesHeld for the default: half as many again, less one.
    this.#held = Math.ceil(entriesPerAccount * 1.5) - 1
    this.entriesPerAccount = entriesPerAccount
  }

  open(accountId: string, credits: number, at: number): void {
    this.#accounts.set(accountId, { balance: 0, entries: [], older: 0, olderSums: noSums() })
    this.#post(accountId, 'opening', credits, at)
  }

  balance(accountId: string): number {
    return this.#account(accountId).balance
  }

  entries(accountId: string): readonly LedgerEntry[] {
    return this.#account(accountId).entries
  }

  /** How many of the account's oldest entries were let go. */
  olderEntries(accountId: string): number {
    return this.#account(accountId).older
  }

  /** The sums, by kind, of the entries let go. */
  olderSums(accountId: string): LedgerSums {
    return this.#account(accountId).olderSums ?? noSums()
  }

  /** Sets the balance (control API), recording the difference. */
  setBalance(accountId: string, credits: number, at: number): void {
    this.#post(accountId, 'adjust', credits - this.balance(accountId), at)
  }

  /** Takes `amount` if the balance covers it; returns whether it did. */
  debit(accountId: string, amount: number, taskId: string, at: number): boolean {
    if (this.balance(accountId) < amount) return false
    this.#post(accountId, 'debit', -amount, at, taskId)
    return true
  }

  refund(accountId: string, amount: number, taskId: string, at: number): void {
    this.#post(accountId, 'refund', amount, at, taskId)
  }

  /** Undoes a debit whose task could not be stored: not a refund the client would see. */
  reverse(accountId: string, amount: number, taskId: string, at: number): void {
    this.#post(accountId, 'reversal', amount, at, taskId)
  }

  clear(): void {
    this.#accounts.clear()
  }

  /** Every account's sums by kind, the entries let go included (docs/metrics-and-traces.md). */
  sums(): LedgerSums {
    const sums = noSums()
    for (const account of this.#accounts.values()) {
      const older = account.olderSums ?? noSums()
      for (const kind in sums) sums[kind as LedgerKind] += older[kind as LedgerKind]
      for (const entry of account.entries) sums[entry.kind] += entry.amount
    }
    return sums
  }

  /**
   * Every account's balance and entries, for a restore.
   * @example
   * other.restore(ledger.save())
   */
  save(): SavedLedger {
    return [...this.#accounts]
  }

  restore(saved: SavedLedger): void {
    this.#accounts = new Map(saved)
  }

  #account(accountId: string) {
    const account = this.#accounts.get(accountId)
    if (!account) throw new Error(`no ledger for account ${accountId}`)
    return account
  }

  #post(accountId: string, kind: LedgerKind, amount: number, at: number, taskId?: string): void {
    const account = this.#account(accountId)
    account.balance += amount
    // A literal, then the task by assignment: a spread in it would build a second object per entry.
    const entry: LedgerEntry = { at, kind, amount, balanceAfter: account.balance }
    if (taskId) entry.taskId = taskId
    account.entries.push(entry)
    // Let go in batches, so that a busy account does not shift its array on every entry.
    if (account.entries.length > this.#held) {
      const excess = account.entries.length - this.entriesPerAccount
      const sums = (account.olderSums ??= noSums())
      for (const dropped of account.entries.splice(0, excess)) sums[dropped.kind] += dropped.amount
      account.older += excess
    }
  }
}
