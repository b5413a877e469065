import { describe, expect, it } from 'vitest'
import type { ProblemDetail } from '../engine/problem.js'
import { refusalOutcome } from './refusal-outcome.js'

describe('refusalOutcome', () => {
  it('maps refusals to outcomes; a strict conformance refusal and the control API’s errors are none', () => {
    const cases: [ProblemDetail, string | undefined][] = [
      [{ kind: 'rejected', scenarioReply: { status: 429, body: { error: 'Too many requests' } } }, 'rate-limited'],
      [{ kind: 'rejected', scenarioReply: { status: 503, body: { error: 'Unavailable' } } }, 'server-error'],
      [{ kind: 'rejected', scenarioReply: { status: 500, body: { error: 'Oops' } } }, 'server-error'],
      [{ kind: 'rejected', scenarioReply: { status: 499, body: { error: 'Closed' } } }, undefined],
      [
        { kind: 'rejected', scenarioReply: { status: 402, body: { error: 'Insufficient credits' } } },
        'insufficient-credits',
      ],
      [{ kind: 'rejected', scenarioReply: { status: 418, body: { error: 'teapot' } } }, undefined],
      [{ kind: 'fault', scenarioStatus: 500, message: 'Internal error' }, 'server-error'],
      [{ kind: 'idempotency-mismatch' }, 'key-reused-with-other-body'],
      [{ kind: 'idempotency-in-progress' }, 'request-in-progress'],
      [{ kind: 'invalid-request', issues: [] }, 'invalid-request'],
      [{ kind: 'unauthorized' }, 'unauthorized'],
      [{ kind: 'insufficient-credits', required: 4 }, 'insufficient-credits'],
      [{ kind: 'task-not-found' }, 'task-not-found'],
      [{ kind: 'conformance', rule: 'poll-too-soon', message: 'wait' }, undefined],
      [{ kind: 'not-found', message: 'Account not found' }, undefined],
    ]
    for (const [problem, outcome] of cases) expect([problem, refusalOutcome(problem)]).toEqual([problem, outcome])
  })
})
