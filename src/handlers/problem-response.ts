import type { ErrorBody } from '../contract/errors.js'
import { Problem, type ProblemDetail } from '../engine/problem.js'
import { json, type HttpRequest, type Reply } from './exchange.js'

/**
 * The one table from problem to HTTP status and error body (PRODUCT §2).
 * @example
 * problemToHttp({ kind: 'insufficient-credits', required: 6 }) // { status: 402, body: { error: 'Insufficient credits', required: 6 } }
 */
export function problemToHttp(problem: ProblemDetail): {
  status: number
  body: ErrorBody
  headers?: Record<string, string>
} {
  switch (problem.kind) {
    case 'invalid-request':
      return { status: 400, body: { error: 'Invalid request', details: { issues: problem.issues } } }
    case 'unauthorized':
      return { status: 401, body: { error: 'Unauthorized' } }
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
    case 'rejected':
      return { status: problem.status, body: problem.body, ...(problem.headers ? { headers: problem.headers } : {}) }
    case 'fault':
      return { status: problem.status, body: { error: problem.message } }
    case 'idempotency-mismatch':
      return { status: 422, body: { error: 'Idempotency-Key reused with a different request' } }
    case 'conformance': {
      // genmock's own check of the client (--strict), never the real service's behaviour.
      const retry =
        problem.retryAfterSeconds !== undefined ? { headers: { 'retry-after': String(problem.retryAfterSeconds) } } : {}
      return {
        status: problem.status,
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

/** What a failure nobody asked for looks like: never a stack trace. */
export const INTERNAL_ERROR: Reply = json(500, { error: 'Internal error' })

/**
 * The answer for a path genmock has no route for.
 * @example
 * throw noRoute(request)
 */
export const noRoute = ({ method, path }: Pick<HttpRequest, 'method' | 'path'>) =>
  Problem.of({ kind: 'not-found', message: `No route ${method} ${path}` })
