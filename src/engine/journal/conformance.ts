/**
 * Client conformance (docs/conformance-and-coverage.md, Client conformance): what the client did that the interface
 * forbids. The engine and the route core report each breach as it happens; this module keeps the findings, the state
 * the rules need (previous reads, recent submissions) and the verdict.
 */
import { RULE_IDS, type RuleId } from '../../contract/conformance-rules.js'
import { LIMITS } from '../../contract/limits.js'
import type { Breach } from './breach.js'
import {
  assertClean,
  type Finding,
  type FindingFilter,
  type Instant,
  type ReadState,
  type SavedConformance,
  type Submission,
} from './conformance-records.js'
import { OrderedMap } from '../../lib/ordered-map.js'
import { bounded } from '../../lib/bounded.js'
import { CONFORMANCE_RULES, type Severity } from './rule-table.js'

export { CONFORMANCE_RULES, RULE_IDS, type RuleId, type Severity }
export type { Breach }
export {
  assertClean,
  type Finding,
  type FindingFilter,
  type Instant,
  type ReadState,
  type SavedConformance,
  type Submission,
}

/** How long a retry of a failed submission counts as one. */
export const RETRY_WINDOW_MS = 60_000
const MIN_POLL_SECONDS = 5
/**
 * Bounds on what the rules remember, so a long run cannot grow them without bound (tasks: the store's
 * default size).
 */
const TRACKED_TASKS = LIMITS.kept.trackedTasks
/** A finding keeps at most this much of its message, and of a task id or key the client sent. */
const FINDING_TEXT = LIMITS.kept.findingText
const FINDING_NAME = LIMITS.kept.findingName
const SUBMISSIONS_PER_ACCOUNT = LIMITS.kept.submissionsPerAccount

const elapsed = (from: Instant, to: Instant) => Math.max(to.sim - from.sim, to.wall - from.wall)

/**
 * @example
 * const conformance = new Conformance()
 * conformance.submitted('tsk_1', at)
 * conformance.beforeRead({ id: 'tsk_1', relay: true, pollAfterSeconds: 5 }, later) // a poll-too-soon breach, or null
 */
export class Conformance {
  readonly capacity: number
  #findings: Finding[] = []
  #seq = 0
  #reads = new OrderedMap<string, ReadState>()
  #submissions = new Map<string, Submission[]>()
  #counts = new Map<RuleId, number>()
  /** The last finding assertClean() has seen. */
  #asserted = 0

  constructor(capacity: number = LIMITS.kept.findings) {
    this.capacity = capacity
  }

  /** A relay task was accepted: its first poll is timed from now (other tasks have no wait to keep). */
  submitted(taskId: string, at: Instant): void {
    this.#track(taskId, { last: at, terminal: false, extraReads: 0 })
  }

  /** Before the owner's read is answered: a relay task read sooner than it asks is poll-too-soon. */
  beforeRead(
    task: { id: string; relay: boolean; pollAfterSeconds?: number | undefined },
    at: Instant,
  ): (Breach & { retryAfterSeconds: number }) | null {
    const state = this.#reads.get(task.id)
    if (!task.relay || !state || state.terminal) return null
    const waitMs = Math.max(task.pollAfterSeconds ?? MIN_POLL_SECONDS, MIN_POLL_SECONDS) * 1000
    const waited = elapsed(state.last, at)
    if (waited >= waitMs) return null
    return {
      rule: 'poll-too-soon',
      taskId: task.id,
      message:
        `relay task read ${(waited / 1000).toFixed(1)} s after the previous read or its submission; ` +
        `wait at least ${waitMs / 1000} s (pollAfterSeconds, and never less than 5)`,
      retryAfterSeconds: Math.ceil((waitMs - waited) / 1000),
    }
  }

  /** The owner's read was answered with `status`: reading again after a terminal answer is poll-after-terminal. */
  afterRead(taskId: string, status: number, at: Instant): Breach | null {
    const state = this.#reads.get(taskId) ?? { last: at, terminal: false, extraReads: 0 }
    this.#track(taskId, state)
    state.last = at
    if (!state.terminal) {
      state.terminal = status !== 0
      return null
    }
    state.extraReads += 1
    const times = `${state.extraReads} more time${state.extraReads === 1 ? '' : 's'}`
    const message = `task read ${times} after it answered a terminal status`
    // One finding per task: later reads update its count instead of adding findings.
    if (state.finding) {
      state.finding.message = message
      return { rule: 'poll-after-terminal', taskId, message, repeat: true }
    }
    return { rule: 'poll-after-terminal', taskId, message }
  }

  /**
   * Before a submission is handled: a relay one without a key, or a body the account sent in the
   * last minute, under another key or none, whose outcome it could not know (a double charge).
   */
  beforeSubmit(
    accountId: string,
    attempt: { readonly fingerprint: string; key: string | null; relay: boolean },
    at: Instant,
  ): Breach[] {
    const { key, relay } = attempt
    const breaches: Breach[] = []
    if (relay && key === null)
      breaches.push({ rule: 'relay-without-key', message: 'relay submission without an Idempotency-Key' })
    const recent = this.#recent(accountId, at)
    // The fingerprint is read only when there is a failed submission to compare it with: most have none.
    const earlier =
      recent.length === 0
        ? undefined
        : recent.find((s) => s.fingerprint === attempt.fingerprint && !(key !== null && s.key === key))
    if (earlier) {
      breaches.push({
        rule: 'retry-with-new-key',
        ...(key !== null ? { idempotencyKey: key } : {}),
        message:
          `the same body was sent ${(elapsed(earlier.at, at) / 1000).toFixed(1)} s ago ` +
          `${earlier.key === null ? 'without a key' : 'under another key'} and its outcome was unknown ` +
          '(dropped, 5xx or submissionUncertain): retry with the same Idempotency-Key, or it may be charged twice',
      })
    }
    return breaches
  }

  /**
   * A submission's outcome, for the retries that follow it: only failed ones are kept, as only they make
   * a retry a breach.
   */
  afterSubmit(accountId: string, submission: Omit<Submission, 'at'>, at: Instant): void {
    if (!submission.failed) return
    const recent = this.#recent(accountId, at)
    recent.push({ ...submission, at })
    if (recent.length > SUBMISSIONS_PER_ACCOUNT) recent.shift()
  }

  /**
   * Keeps a request's breaches as findings; a repeated poll-after-terminal updates its one finding.
   * @example
   * conformance.record(breaches, { accountId: 'acct_alice', at: '2026-01-01T00:00:00.000Z', requestSeq: 12 })
   */
  record(
    breaches: readonly Breach[],
    { accountId, at, requestSeq, traceId }: { accountId: string; at: string; requestSeq: number; traceId?: string },
  ): void {
    for (const breach of breaches) {
      if (breach.repeat) continue
      const finding: Finding = {
        seq: ++this.#seq,
        rule: breach.rule,
        severity: CONFORMANCE_RULES[breach.rule].severity,
        at,
        accountId: breach.accountId ?? accountId,
        requestSeq,
        // Bounded copies: a task id or a key comes from the client (docs/limits-and-security.md).
        message: bounded(breach.message, FINDING_TEXT),
        ...pick(breach),
        ...(traceId !== undefined ? { traceId } : {}),
      }
      if (breach.rule === 'poll-after-terminal' && breach.taskId !== undefined) {
        const state = this.#reads.get(breach.taskId)
        if (state) state.finding = finding
      }
      this.#counts.set(breach.rule, (this.#counts.get(breach.rule) ?? 0) + 1)
      this.#findings.push(finding)
      if (this.#findings.length > this.capacity) this.#findings.shift()
    }
  }

  /** Newest first. */
  findings(filter: FindingFilter = {}): Finding[] {
    return this.#findings
      .filter(
        (f) =>
          (filter.accountId === undefined || f.accountId === filter.accountId) &&
          (filter.rule === undefined || f.rule === filter.rule) &&
          (filter.traceId === undefined || f.traceId === filter.traceId),
      )
      .reverse()
  }

  /** Findings per rule since the last clear, including ones no longer kept. */
  counts(): Partial<Record<RuleId, number>> {
    return Object.fromEntries(this.#counts)
  }

  /** How many findings are of a rule of error severity (what `--fail-on-findings` fails on). */
  errorCount(): number {
    let errors = 0
    for (const [rule, n] of this.#counts) if (CONFORMANCE_RULES[rule].severity === 'error') errors += n
    return errors
  }

  /**
   * Throws a readable list of the error findings recorded since the previous call (warnings do
   * not fail): in a shared `afterEach`, a breach fails its own test, not every later one too.
   */
  assertClean(filter: FindingFilter = {}): void {
    const since = this.#asserted
    this.#asserted = this.#seq
    assertClean(this.findings(filter).filter((finding) => finding.seq > since))
  }

  clear(): void {
    this.#findings = []
    this.#seq = 0
    this.#asserted = 0
    this.#counts.clear()
    this.#reads.clear()
    this.#submissions.clear()
  }

  /**
   * The findings and what the rules remember, for a restore.
   * @example
   * other.restore(conformance.save())
   */
  save({ reads: withReads = true } = {}): SavedConformance {
    const reads = withReads
      ? this.#reads
          .entries()
          .map(([taskId, { finding, ...read }]): SavedConformance['reads'][number] => [
            taskId,
            finding ? { ...read, finding: finding.seq } : read,
          ])
      : []
    return {
      seq: this.#seq,
      findings: this.#findings,
      reads,
      submissions: [...this.#submissions],
      counts: this.counts(),
    }
  }

  /** What the rules remember of a task's reads, as saved, and the finding they update (a saved state's changes). */
  readOf(taskId: string): { read?: SavedConformance['reads'][number][1]; finding?: Finding } {
    const state = this.#reads.get(taskId)
    if (!state) return {}
    const { finding, ...read } = state
    return finding ? { read: { ...read, finding: finding.seq }, finding } : { read }
  }

  restore(saved: SavedConformance): void {
    const bySeq = new Map(saved.findings.map((finding) => [finding.seq, finding]))
    this.#findings = saved.findings
    this.#seq = saved.seq
    this.#asserted = 0
    // A finding no longer kept is still one: later reads of its task only count, unseen.
    const linked = ({ finding, ...read }: SavedConformance['reads'][number][1]): ReadState =>
      finding === undefined ? read : { ...read, finding: bySeq.get(finding) ?? ({ seq: finding } as Finding) }
    this.#reads.clear()
    for (const [taskId, read] of saved.reads) this.#reads.set(taskId, linked(read))
    this.#submissions = new Map(saved.submissions)
    this.#counts = new Map(Object.entries(saved.counts) as [RuleId, number][])
  }

  /** Remembers a task's reads, forgetting the least recently read beyond TRACKED_TASKS. */
  #track(taskId: string, state: ReadState): void {
    this.#reads.set(taskId, state) // set last: the order is least recently read first
    if (this.#reads.size > TRACKED_TASKS) this.#reads.deleteOldest()
  }

  #recent(accountId: string, at: Instant): Submission[] {
    let recent = this.#submissions.get(accountId)
    if (!recent) this.#submissions.set(accountId, (recent = []))
    while (recent.length > 0 && elapsed(recent[0]!.at, at) >= RETRY_WINDOW_MS) recent.shift()
    return recent
  }
}

function pick({ taskId, idempotencyKey }: Breach): Pick<Breach, 'taskId' | 'idempotencyKey'> {
  return {
    ...(taskId !== undefined ? { taskId: bounded(taskId, FINDING_NAME) } : {}),
    ...(idempotencyKey !== undefined ? { idempotencyKey: bounded(idempotencyKey, FINDING_NAME) } : {}),
  }
}
