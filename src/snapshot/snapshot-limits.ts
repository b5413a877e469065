/**
 * The live API's bounds on each record, checked on a snapshot (docs/state.md, Snapshots): a prompt
 * no submission could carry, more findings, ledger entries or Idempotency-Key records than the
 * engine keeps, a journal body longer than the journal cuts it, a record whose task its account never
 * had. Each limit is the contract's (LIMITS in src/contract/limits.ts), each issue has its path.
 */
import type * as z from 'zod'
import type { ValidationIssue } from '../contract/errors.js'
import { LIMITS } from '../contract/limits.js'
import type { savedTaskSchema } from '../contract/saved-engine.js'
import type { snapshotSchema } from '../contract/saved-snapshot.js'

type Saved = z.infer<typeof snapshotSchema>
type SavedTask = z.infer<typeof savedTaskSchema>
/** A task's path in the document, from its position among the records and a field. */
type TaskPath = (path: PropertyKey[]) => string

const { kept } = LIMITS
/**
 * A journal body's text at most: the bytes the journal keeps, as many characters at most, and the
 * redaction's `[redacted]` (10 characters for at least 8) on top.
 */
const JOURNAL_BODY_TEXT = (kept.journalBodyBytes * 5) / 4

/**
 * Each bound a snapshot breaks, in document order; none when the live API could have made it.
 * @example
 * recordLimitIssues(saved, records, taskPath)
 * // [{ in: 'body', path: 'tasks.records.rows.0.6', message: 'prompt is 20001 characters, …' }]
 */
export function recordLimitIssues(saved: Saved, tasks: readonly SavedTask[], taskPath: TaskPath): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  const over = (path: string, what: string, count: number, max: number) => {
    if (count > max) issues.push({ in: 'body', path, message: `${what} ${count}, more than the ${max} genmock keeps` })
  }
  tasks.forEach((task, i) => {
    if (task.prompt.length > LIMITS.prompt.max)
      issues.push({
        in: 'body',
        path: taskPath([i, 'prompt']),
        message: `prompt is ${task.prompt.length} characters, more than the ${LIMITS.prompt.max} a request may carry`,
      })
  })
  for (const [i, [, ledger]] of saved.ledger.entries())
    over(`ledger.${i}.1.entries`, 'holds entries:', ledger.entries.length, kept.ledgerEntriesHeld)
  journalIssues(saved, over)
  const { findings } = saved.conformance
  over('conformance.findings', 'holds findings:', findings.length, kept.findings)
  for (const [i, finding] of findings.entries())
    over(`conformance.findings.${i}.message`, 'is characters long:', finding.message.length, kept.findingText)
  over('conformance.reads', 'follows tasks:', saved.conformance.reads.length, kept.trackedTasks)
  for (const [i, [, list]] of saved.conformance.submissions.entries())
    over(`conformance.submissions.${i}.1`, 'remembers submissions:', list.length, kept.submissionsPerAccount)
  idempotencyIssues(saved, tasks, issues, over)
  return issues
}

type Over = (path: string, what: string, count: number, max: number) => void

/** Each journal body's text within what the journal keeps of it. */
function journalIssues(saved: Saved, over: Over): void {
  saved.journal.entries.forEach((entry, i) => {
    for (const side of ['requestBody', 'responseBody'] as const) {
      const text = (entry[side] as { text?: unknown } | undefined)?.text
      if (typeof text === 'string')
        over(`journal.entries.${i}.${side}.text`, 'is characters long:', text.length, JOURNAL_BODY_TEXT)
    }
  })
}

/**
 * At most LIMITS.kept.idempotencyPerAccount records per account, each answering a task of its own
 * account: one stored, or one its account's ledger charged (a task evicted for room since), or any
 * when the ledger let older entries go.
 */
function idempotencyIssues(saved: Saved, tasks: readonly SavedTask[], issues: ValidationIssue[], over: Over): void {
  const owners = new Map(tasks.map((task) => [task.id, task.accountId]))
  const ledgers = new Map(saved.ledger)
  const perAccount = new Map<string, number>()
  saved.idempotency.forEach(([id, record], i) => {
    const scope = id.slice(0, Math.max(0, id.indexOf('\n')))
    const account = scope.slice(0, Math.max(0, scope.lastIndexOf('|')))
    const count = (perAccount.get(account) ?? 0) + 1
    perAccount.set(account, count)
    if (count === kept.idempotencyPerAccount + 1)
      over(`idempotency.${i}`, `is account ${account}'s record number`, count, kept.idempotencyPerAccount)
    const taskId = record.response.response.taskId
    const owner = owners.get(taskId)
    const ledger = ledgers.get(account)
    const charged = ledger && (ledger.older > 0 || ledger.entries.some((entry) => entry.taskId === taskId))
    if (owner === undefined ? !charged : owner !== account)
      issues.push({
        in: 'body',
        path: `idempotency.${i}.1.response.response.taskId`,
        message:
          owner === undefined
            ? `names task ${taskId}, which is not among the tasks nor charged to account ${account}`
            : `names task ${taskId} of account ${owner}, not of ${account}, whose key it is`,
      })
  })
}
