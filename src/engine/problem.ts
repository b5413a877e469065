import type { ValidationIssue } from '../contract/errors.js'
import type { RuleId } from './conformance.js'

/**
 * Everything that can go wrong for a caller, as data. The engine throws a Problem; the handlers
 * turn it into an HTTP response in one place (handlers/problem-response.ts).
 */
export type ProblemDetail =
  | { kind: 'invalid-request'; issues: ValidationIssue[] }
  | { kind: 'unauthorized' }
  | { kind: 'insufficient-credits'; required: number }
  | { kind: 'task-not-found' }
  | { kind: 'idempotency-mismatch' }
  | { kind: 'idempotency-in-progress' }
  | { kind: 'payload-too-large'; limit: number }
  | { kind: 'not-found'; message: string }
  | { kind: 'conflict'; message: string }
  /** A scenario's `reject`: its status, body and headers as the file gives them. */
  | {
      kind: 'rejected'
      status: number
      body: { error: string; [field: string]: unknown }
      headers?: Record<string, string> | undefined
    }
  /** A scenario's `error-before-commit` fault. */
  | { kind: 'fault'; status: number; message: string }
  /** Strict mode refusing a request that breaks a conformance rule. */
  | { kind: 'conformance'; rule: RuleId; status: number; message: string; retryAfterSeconds?: number | undefined }

/**
 * A ProblemDetail, thrown.
 * @example
 * throw Problem.of({ kind: 'insufficient-credits', required: 6 })
 */
export class Problem extends Error {
  readonly detail: ProblemDetail

  constructor(detail: ProblemDetail) {
    // In-process callers see the issues in the message; HTTP answers are built from `detail`.
    super(
      detail.kind === 'invalid-request'
        ? `invalid-request: ${detail.issues.map((issue) => `${issue.path || '(body)'} ${issue.message}`).join('; ')}`
        : detail.kind,
    )
    this.detail = detail
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
