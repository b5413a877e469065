// Which outcome of the coverage report a refused service request stands for (docs/conformance-and-coverage.md, Outcome
// coverage).
import type { OutcomeName } from '../contract/outcomes.js'
import type { ProblemDetail } from '../engine/problem.js'

/**
 * The outcome a refused service request stands for (docs/conformance-and-coverage.md, Outcome coverage), if it is one
 * the report counts: a strict conformance refusal and the control API's errors are not. Here, beside the statuses,
 * because a scenario's own reply plays the outcome its author's status says.
 * @example
 * refusalOutcome({ kind: 'fault', scenarioStatus: 503, message: 'Unavailable' }) // 'server-error'
 */
export function refusalOutcome(problem: ProblemDetail): OutcomeName | undefined {
  switch (problem.kind) {
    case 'invalid-request':
    case 'unauthorized':
    case 'insufficient-credits':
    case 'task-not-found':
      return problem.kind
    case 'idempotency-mismatch':
      return 'key-reused-with-other-body'
    case 'idempotency-in-progress':
      return 'request-in-progress'
    case 'fault':
      return 'server-error'
    case 'rejected': {
      const { status, body } = problem.scenarioReply
      if (body.error === 'Insufficient credits') return 'insufficient-credits'
      if (status === 429) return 'rate-limited'
      return status >= 500 ? 'server-error' : undefined
    }
    default:
      return undefined
  }
}
