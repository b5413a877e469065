/**
 * What client conformance keeps (docs/conformance-and-coverage.md, Client conformance; conformance.ts
 * keeps them): the findings, the filter their readers take and the check a test runs on them, the
 * reads and submissions the rules remember, and all of it as saved.
 */
import type { RuleId } from '../../contract/conformance-rules.js'
import type { Breach } from './breach.js'
import type { Severity } from './rule-table.js'

export interface Finding extends Omit<Breach, 'repeat' | 'accountId'> {
  seq: number
  severity: Severity
  /** Simulated time of the request, ISO 8601. */
  at: string
  accountId: string
  /** The journal entry of the request that broke the rule. */
  requestSeq: number
  /** The W3C trace id of that request's traceparent, when it sent a well-formed one. */
  traceId?: string
}

export interface FindingFilter {
  accountId?: string | undefined
  rule?: RuleId | undefined
  traceId?: string | undefined
}

/** Simulated and wall time of an observation, epoch ms: a wait counts by the larger of the two. */
export interface Instant {
  sim: number
  wall: number
}

export interface ReadState {
  last: Instant
  /** The previous read answered status 1 or 2. */
  terminal: boolean
  extraReads: number
  finding?: Finding
}

export interface Submission {
  fingerprint: string
  key: string | null
  at: Instant
  /** Dropped, answered 5xx, or answered submissionUncertain: the client cannot know it was charged. */
  failed: boolean
}

/** Conformance as saved; a read's finding is the seq of the finding it updates. */
export interface SavedConformance {
  seq: number
  findings: Finding[]
  /** Least recently read first. */
  reads: [taskId: string, read: Omit<ReadState, 'finding'> & { finding?: number }][]
  submissions: [accountId: string, recent: Submission[]][]
  counts: Partial<Record<RuleId, number>>
}

/**
 * Throws a readable list of the error findings, for a test's `afterEach`; warnings do not fail.
 * @example
 * afterEach(() => assertClean(simulator.conformance.findings()))
 */
export function assertClean(findings: readonly Finding[]): void {
  const errors = findings.filter((f) => f.severity === 'error')
  if (errors.length === 0) return
  const lines = errors.map(
    (f) => `  ${f.rule}: ${f.message}${f.taskId ? ` (task ${f.taskId})` : ''} [request #${f.requestSeq}, ${f.at}]`,
  )
  throw new Error(
    `genmock: the client broke ${errors.length} conformance rule${errors.length === 1 ? '' : 's'} of the interface:\n` +
      lines.join('\n'),
  )
}
