/**
 * What a saved engine must hold beyond the shape of each field (docs/state.md, Snapshots): only
 * what the live API could have made. Every id once; every task's, key's, session's, clock's and
 * ledger's account among the accounts, and every account with a ledger; each balance the sum of
 * its ledger (the entries kept and the sums of those let go), each entry's balance after it the
 * one before plus its amount, debits never positive and refunds never negative, so no credit is
 * made or lost outside the ledger.
 */
import type * as z from 'zod'
import type { savedEngineSchema, savedTaskSchema } from './saved-engine.js'

type Saved = z.infer<typeof savedEngineSchema>
type SavedTask = Pick<z.infer<typeof savedTaskSchema>, 'id' | 'accountId' | 'createdAt' | 'updatedAt'>
/** An issue's path in the saved engine; a task's is `['tasks', 'records', position, field]`. */
export type RuleIssue = { path: (string | number)[]; message: string }

const SIGNS = { opening: 1, adjust: 0, debit: -1, refund: 1, reversal: 1 } as const

/**
 * The rules a saved engine breaks, in document order; none when it may be restored. `records` are
 * its tasks, read from the table.
 * @example
 * savedEngineRuleIssues(saved, fromTable(saved.tasks.records)) // [] for what GET /__mock/state gave
 */
export function savedEngineRuleIssues(saved: Saved, records: readonly SavedTask[]): RuleIssue[] {
  const issues: RuleIssue[] = []
  const accounts = new Set<string>()
  saved.accounts.accounts.forEach(({ id }, i) => {
    if (accounts.has(id)) issues.push({ path: ['accounts', 'accounts', i, 'id'], message: `${id} is listed twice` })
    accounts.add(id)
  })
  const known = (path: (string | number)[], id: string) => {
    if (!accounts.has(id)) issues.push({ path, message: `names account ${id}, which is not among the accounts` })
  }
  for (const [i, [, key]] of saved.accounts.keys.entries())
    known(['accounts', 'keys', i, 1, 'accountId'], key.accountId)
  for (const [i, [, id]] of saved.accounts.sessions.entries()) known(['accounts', 'sessions', i, 1], id)
  for (const [i, [id]] of saved.worlds.own.entries()) known(['worlds', 'own', i, 0], id)
  ledgerIssues(saved.ledger, accounts, issues)
  const tasks = new Set<string>()
  records.forEach((task, i) => {
    const at = (field: string) => ['tasks', 'records', i, field]
    if (tasks.has(task.id)) issues.push({ path: at('id'), message: `${task.id} is listed twice` })
    tasks.add(task.id)
    known(at('accountId'), task.accountId)
    if (task.updatedAt < task.createdAt) issues.push({ path: at('updatedAt'), message: 'is before createdAt' })
  })
  const beyond = saved.tasks.finished.findIndex((i) => i >= records.length)
  if (beyond >= 0) issues.push({ path: ['tasks', 'finished', beyond], message: 'must be a position among the records' })
  return issues
}

/** Each ledger's account known and once; each account with a ledger; each balance its ledger's sum. */
function ledgerIssues(ledger: Saved['ledger'], accounts: ReadonlySet<string>, issues: RuleIssue[]): void {
  const seen = new Set<string>()
  ledger.forEach(([id, account], i) => {
    const at = (...path: (string | number)[]) => ['ledger', i, ...path]
    if (seen.has(id)) issues.push({ path: at(0), message: `${id} has a second ledger` })
    if (!accounts.has(id)) issues.push({ path: at(0), message: `${id} is not among the accounts` })
    seen.add(id)
    const sums = account.olderSums
    let total = sums ? sums.opening + sums.adjust + sums.debit + sums.refund + sums.reversal : undefined
    account.entries.forEach((entry, j) => {
      const sign = SIGNS[entry.kind]
      if (sign !== 0 && Math.sign(entry.amount) === -sign)
        issues.push({
          path: at(1, 'entries', j, 'amount'),
          message: `must not be ${sign > 0 ? 'negative' : 'positive'}`,
        })
      // Without the older entries' sums, the first kept entry's balance before it is taken as given.
      total = (total ?? entry.balanceAfter - entry.amount) + entry.amount
      if (entry.balanceAfter !== total)
        issues.push({
          path: at(1, 'entries', j, 'balanceAfter'),
          message: `must be ${total}: the balance before it plus amount`,
        })
    })
    if (total !== undefined && account.balance !== total)
      issues.push({ path: at(1, 'balance'), message: `must be ${total}, the sum of its ledger` })
  })
  for (const id of accounts)
    if (!seen.has(id)) issues.push({ path: ['ledger'], message: `has no ledger of account ${id}` })
}
