// Reply values in one place: problems to statuses and bodies (the one table), a submission's reply,
// the 500 and the 404.
import type { ErrorBody } from '../contract/errors.js'
import type { RuleId } from '../engine/journal/conformance.js'
import { Problem, type ProblemDetail } from '../engine/problem.js'
import type { Submission } from '../engine/engine.js'
import { DROP, json, type HttpRequest, type Reply } from './request-reply.js'

/**
 * The status strict mode answers a broken error rule with (docs/conformance-and-coverage.md, Client conformance):
 * genmock's own choice, never the real service's. A warning rule never refuses, so it has none.
 */
export const STRICT_STATUS: Readonly<Record<RuleId, number>> = {
  'poll-too-soon': 429,
  'poll-after-terminal': 200,
  'relay-without-key': 400,
  'key-reused-with-other-body': 422,
  'retry-with-new-key': 409,
  'key-in-browser': 403,
  'relay-media-without-auth': 401,
  'retry-after-eviction': 409,
  'read-of-evicted-task': 200,
}

/**
 * The one table from a problem, a strict-mode refusal or a scenario's own reply to HTTP status and body.
 * @example
 * problemToHttp({ kind: 'insufficient-credits', required: 6 })
 * // { status: 402, body: { error: 'Insufficient credits', required: 6 } }
 */
export function problemToHttp(problem: ProblemDetail): {
  status: number
  body: ErrorBody
  headers?: Record<string, string>
} {
  switch (problem.kind) {
    case 'invalid-request':
      return {
        status: 400,
        body: {
          error: 'Invalid request',
          details: { issues: problem.issues, ...(problem.moreIssues ? { moreIssues: problem.moreIssues } : {}) },
        },
      }
    case 'unauthorized':
      return {
        status: 401,
        body: problem.needs ? { error: 'Unauthorized', message: problem.needs } : { error: 'Unauthorized' },
      }
    case 'forbidden':
      return { status: 403, body: { error: 'Forbidden', message: problem.message } }
    case 'insufficient-credits':
      return { status: 402, body: { error: 'Insufficient credits', required: problem.required } }
    case 'task-not-found':
      return { status: 404, body: { error: 'Task not found' } }
    case 'not-found':
      return { status: 404, body: { error: problem.message } }
    case 'conflict':
      return { status: 409, body: { error: problem.message } }
    case 'idempotency-in-progress':
      return { status: 409, body: { error: 'Request with this Idempotency-Key is in progress' } }
    case 'payload-too-large':
      // The rest of the body is never read, so the connection cannot carry another request.
      return {
        status: 413,
        body: { error: `Request body is larger than ${problem.limit} bytes` },
        headers: { connection: 'close' },
      }
    case 'rejected': {
      // The scenario file's own reply, as its author wrote it.
      const { status, body, headers } = problem.scenarioReply
      return { status, body, ...(headers ? { headers } : {}) }
    }
    case 'fault':
      return { status: problem.scenarioStatus, body: { error: problem.message } }
    case 'account-on-server-clock': {
      const id = problem.accountId
      const message =
        `account ${id} reads the server clock: give it one of its own (PATCH /__mock/accounts/${id} ` +
        '{"clock": "own"}) or advance the server clock (POST /__mock/clock/advance)'
      return problemToHttp({ kind: 'invalid-request', issues: [{ in: 'path', path: 'clock', message }] })
    }
    case 'idempotency-mismatch':
      return { status: 422, body: { error: 'Idempotency-Key reused with a different request' } }
    case 'not-saved':
      return {
        status: 503,
        body: {
          error: 'Service Unavailable',
          message: `the state could not be saved (${problem.reason}): nothing was changed; try again`,
        },
        headers: { 'retry-after': String(problem.retryAfterSeconds) },
      }
    case 'conformance': {
      // genmock's own check of the client (--strict), never the real service's behaviour.
      const retry =
        problem.retryAfterSeconds !== undefined ? { headers: { 'retry-after': String(problem.retryAfterSeconds) } } : {}
      return {
        status: STRICT_STATUS[problem.rule],
        body: { error: `Conformance: ${problem.message}`, rule: problem.rule },
        ...retry,
      }
    }
  }
}

/**
 * A problem as a reply.
 * @example
 * problemReply({ kind: 'task-not-found' }) // 404 {"error":"Task not found"}
 */
export function problemReply(problem: ProblemDetail): Reply {
  const { status, body, headers } = problemToHttp(problem)
  return json(status, body, headers)
}

/**
 * An accepted submission as a reply: the status its scenario authors (200 unless `submit.httpStatus`
 * says otherwise), or no answer at all when the scenario drops it after the commit.
 * @example
 * submissionReply({ response, scenarioHttpStatus: 200, replayed: true, delivery: 'answered', … })
 * // 200, Idempotent-Replayed
 */
export function submissionReply({ response, scenarioHttpStatus, replayed, delivery }: Submission): Reply {
  if (delivery === 'dropped') return DROP
  return json(scenarioHttpStatus, response, replayed ? { 'idempotent-replayed': 'true' } : undefined)
}

/** What a failure nobody asked for looks like: never a stack trace. */
export const INTERNAL_ERROR: Reply = json(500, { error: 'Internal error' })

/**
 * The answer for a path genmock has no route for.
 * @example
 * throw noRoute(request)
 */
export const noRoute = ({ method, path }: Pick<HttpRequest, 'method' | 'path'>) =>
  Problem.of({ kind: 'not-found', message: `No route ${method} ${path}` })
