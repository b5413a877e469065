/**
 * Outcome coverage (docs/conformance-and-coverage.md, Outcome coverage): which outcomes of the interface the client's
 * test run actually met, overall and per account. The engine records what it answers (a completed task read, a replay,
 * a sparse answer); the route core records the refusals it answers, including those the engine never sees (an unknown
 * key): which outcome each is, it decides beside the statuses.
 */
import type { CoverageReport } from '../../contract/control-answers.js'
import { OUTCOME_NAMES, type OutcomeName } from '../../contract/outcomes.js'

/**
 * @example
 * const coverage = new Coverage()
 * coverage.record('image-completed', 'acct_alice')
 * coverage.report(['acct_alice']).met // 1
 */
export class Coverage {
  #overall = new Map<OutcomeName, number>()
  #byAccount = new Map<string, Map<OutcomeName, number>>()

  /** An outcome met by `accountId`'s request ('' when the request named no account). */
  record(name: OutcomeName, accountId: string): void {
    this.#overall.set(name, (this.#overall.get(name) ?? 0) + 1)
    if (accountId === '') return
    let counts = this.#byAccount.get(accountId)
    if (!counts) this.#byAccount.set(accountId, (counts = new Map()))
    counts.set(name, (counts.get(name) ?? 0) + 1)
  }

  /**
   * Every outcome with its count: of the whole run, or of the given accounts together (a request
   * that named no account, such as one with an unknown key, counts only in the whole run's).
   */
  report(accountIds?: readonly string[]): CoverageReport {
    const sources = accountIds ? accountIds.map((id) => this.#byAccount.get(id)) : [this.#overall]
    const outcomes = OUTCOME_NAMES.map((name) => {
      const count = sources.reduce((sum, counts) => sum + (counts?.get(name) ?? 0), 0)
      return { name, met: count > 0, count }
    })
    return { outcomes, met: outcomes.filter((o) => o.met).length, total: outcomes.length }
  }

  clear(): void {
    this.#overall.clear()
    this.#byAccount.clear()
  }

  /**
   * The counts, for a restore (the browser door keeps them across a page reload).
   * @example
   * other.restore(coverage.save())
   */
  save(): SavedCoverage {
    return {
      overall: [...this.#overall],
      accounts: [...this.#byAccount].map(([id, counts]) => [id, [...counts]]),
    }
  }

  restore(saved: SavedCoverage): void {
    this.#overall = new Map(saved.overall)
    this.#byAccount = new Map(saved.accounts.map(([id, counts]) => [id, new Map(counts)]))
  }
}

/** Coverage as saved: each outcome's count, overall and per account. */
export interface SavedCoverage {
  overall: [OutcomeName, number][]
  accounts: [accountId: string, counts: [OutcomeName, number][]][]
}

/**
 * The outcomes of `wanted` (or every one, for 'all') the report has not met.
 * @example
 * unmetOutcomes(coverage.report(), ['all']) // ['video-completed', …]
 */
export function unmetOutcomes(report: CoverageReport, wanted: readonly string[]): OutcomeName[] {
  const all = wanted.includes('all')
  return report.outcomes.filter((o) => !o.met && (all || wanted.includes(o.name))).map((o) => o.name)
}

/**
 * What the owner's read of a task met: its terminal state, or, for a pending relay task read
 * after the wait it asked for (`waited`: the read broke no polling rule), a kept wait.
 */
export function recordRead(
  coverage: Coverage,
  task: {
    type: 'image' | 'video'
    status: number
    provider?: string | undefined
    relayStatus?: string | undefined
    creditRefunded: boolean
  },
  accountId: string,
  waited: boolean,
): void {
  if (task.status === 1) coverage.record(task.type === 'image' ? 'image-completed' : 'video-completed', accountId)
  else if (task.status === 2 && task.creditRefunded) coverage.record('failed-refunded', accountId)
  else if (task.status === 2 && task.relayStatus === 'expired') coverage.record('relay-expired', accountId)
  else if (task.status === 2 && task.relayStatus === 'unknown') coverage.record('relay-unknown', accountId)
  else if (task.status === 0 && task.provider === 'relay' && waited) coverage.record('polled-after-wait', accountId)
}
