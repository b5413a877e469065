// Problems: everything that can go wrong for a caller, as kinds with data, thrown by the engine; no HTTP here.
import type { ValidationIssue } from '../contract/errors.js'
import { LIMITS } from '../contract/limits.js'
import { bounded } from '../lib/bounded.js'
import type { RuleId } from '../contract/conformance-rules.js'
import type { Breach } from './journal/breach.js'

/**
 * Everything that can go wrong for a caller, as kinds with data: no HTTP here. The engine throws a
 * Problem; the handlers turn it into a status, headers and body in one place
 * (http/replies.ts). The only HTTP words are a scenario file's own, passed through as
 * `scenarioReply` / `scenarioStatus`: the file's author chose them, not the engine.
 */
export type ProblemDetail =
  /** At most LIMITS.maxIssues issues; `moreIssues` counts the ones left out. */
  | { kind: 'invalid-request'; issues: ValidationIssue[]; moreIssues?: number }
  /** `needs`: the credential a control route needs (docs/sandbox.md); the service's 401 says nothing more. */
  | { kind: 'unauthorized'; needs?: string }
  /** A caller known but not allowed here: an account's key on the admin's route, or on another account. */
  | { kind: 'forbidden'; message: string }
  | { kind: 'insufficient-credits'; required: number }
  | { kind: 'task-not-found' }
  | { kind: 'idempotency-mismatch' }
  | { kind: 'idempotency-in-progress' }
  | { kind: 'payload-too-large'; limit: number }
  | { kind: 'not-found'; message: string }
  | { kind: 'conflict'; message: string }
  /** A scenario's `reject`: the reply its file authors (status, body, headers), passed through as data. */
  | { kind: 'rejected'; scenarioReply: ScenarioReply }
  /** A scenario's `error-before-commit` fault, with the status its file authors. */
  | { kind: 'fault'; scenarioStatus: number; message: string }
  /** Strict mode refusing a request that breaks a conformance rule. */
  | { kind: 'conformance'; rule: RuleId; message: string; retryAfterSeconds?: number | undefined }
  /** The door could not keep the change durable (a full disk under --state-save request): nothing was changed. */
  | { kind: 'not-saved'; reason: string; retryAfterSeconds: number }
  /** An account's own clock was asked to advance, but the account reads the server clock. */
  | { kind: 'account-on-server-clock'; accountId: string }

/** A reply exactly as a scenario file writes it (docs/scenarios.md): its author's data, not the engine's. */
export interface ScenarioReply {
  status: number
  body: { error: string; [field: string]: unknown }
  headers?: Record<string, string> | undefined
}

/** What the engine learnt about a request before it failed: the journal's and the findings' facts. */
export interface ProblemFacts {
  scenario?: string
  taskId?: string
  /** The conformance rules the request broke, as it broke them. */
  breaches?: Breach[]
}

/**
 * A ProblemDetail, thrown.
 * @example
 * throw Problem.of({ kind: 'insufficient-credits', required: 6 })
 */
export class Problem extends Error {
  readonly detail: ProblemDetail
  /** Set by the engine on the way out, for the route core's journal. */
  facts: ProblemFacts = {}

  constructor(detail: ProblemDetail) {
    const kept = detail.kind === 'invalid-request' ? boundedIssues(detail.issues, detail.moreIssues) : detail
    super(problemMessage(kept))
    this.detail = kept
    this.name = 'Problem'
  }

  /**
   * @example
   * throw Problem.invalid([{ in: 'header', path: 'Idempotency-Key', message: 'is required when provider is relay' }])
   */
  static invalid(issues: ValidationIssue[]): Problem {
    return new Problem({ kind: 'invalid-request', issues })
  }

  static of(detail: ProblemDetail): Problem {
    return new Problem(detail)
  }
}

/**
 * An Invalid request's issues as answered: the first LIMITS.maxIssues, each path and message cut, and
 * a count of the rest, so that no body makes a large answer (a megabyte of unknown keys: 100 issues).
 */
function boundedIssues(issues: ValidationIssue[], more = 0): ProblemDetail {
  const { maxIssues, maxIssuePath, maxIssueMessage } = LIMITS
  const kept = issues.slice(0, maxIssues).map((issue) => ({
    ...issue,
    path: bounded(issue.path, maxIssuePath),
    message: bounded(issue.message, maxIssueMessage),
  }))
  const moreIssues = more + Math.max(0, issues.length - maxIssues)
  return { kind: 'invalid-request', issues: kept, ...(moreIssues > 0 ? { moreIssues } : {}) }
}

/** In-process callers see what went wrong in the message; HTTP answers are built from `detail`. */
function problemMessage(detail: ProblemDetail): string {
  switch (detail.kind) {
    case 'invalid-request':
      return (
        `invalid-request: ${detail.issues.map((issue) => `${issue.path || '(body)'} ${issue.message}`).join('; ')}` +
        (detail.moreIssues ? `; and ${detail.moreIssues} more` : '')
      )
    case 'account-on-server-clock':
      return (
        `account ${detail.accountId} reads the server clock: ` +
        'give it a clock of its own, or advance the server clock'
      )
    default:
      return detail.kind
  }
}
