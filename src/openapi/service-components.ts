/** The service document's components: its security schemes, shared parameters and headers, and every body. */
import type { RuleId } from '../contract/conformance-rules.js'
import {
  insufficientCreditsBodySchema,
  invalidRequestBodySchema,
  taskNotFoundBodySchema,
  unauthorizedBodySchema,
} from '../contract/errors.js'
import { LIMITS } from '../contract/limits.js'
import { responseSchemas } from '../contract/responses.js'
import type { ProblemDetail } from '../engine/problem.js'
import {
  accessRefusedBody,
  anyErrorBody,
  conformanceBody,
  fixedError,
  HEADERS,
  jsonSchema,
  rulesAnswering,
} from './json-schema.js'
import { problemToHttp } from '../http/replies.js'

/** The status and body of a problem, from the one table that maps problems to HTTP. */
const answer = (problem: ProblemDetail) => problemToHttp(problem)

const SUBMIT_RULES: RuleId[] = [
  'relay-without-key',
  'key-reused-with-other-body',
  'retry-with-new-key',
  'retry-after-eviction',
  'key-in-browser',
]
const READ_CONFORMANCE: RuleId[] = ['poll-too-soon', 'key-in-browser']

/** The component schemas: response bodies and every error body, named. */
export function schemas() {
  const status = (kind: 'idempotency-in-progress' | 'idempotency-mismatch') => answer({ kind }).body.error
  const conformance = Object.fromEntries(
    [400, 403, 409, 422, 429].map((code) => [
      `StrictRefusal${code}`,
      jsonSchema(conformanceBody(rulesAnswering(code, [...SUBMIT_RULES, ...READ_CONFORMANCE])), 'output'),
    ]),
  )
  const { submissionResponseSchema, taskSnapshotSchema, modelListSchema } = responseSchemas()
  return {
    SubmissionResponse: jsonSchema(submissionResponseSchema, 'output'),
    TaskSnapshot: jsonSchema(taskSnapshotSchema, 'output'),
    ModelList: {
      ...jsonSchema(modelListSchema, 'output'),
      description:
        'The interface names GET /api/ai/models as the source of model identifiers but does ' +
        "not show its shape: this shape is genmock's. relayPricing (genmock's name) gives " +
        'the relay (application) price per resolution.',
    },
    InvalidRequest: jsonSchema(invalidRequestBodySchema, 'output'),
    Unauthorized: jsonSchema(unauthorizedBodySchema, 'output'),
    InsufficientCredits: jsonSchema(insufficientCreditsBodySchema, 'output'),
    TaskNotFound: jsonSchema(taskNotFoundBodySchema, 'output'),
    IdempotencyInProgress: jsonSchema(fixedError(status('idempotency-in-progress')), 'output'),
    IdempotencyMismatch: jsonSchema(fixedError(status('idempotency-mismatch')), 'output'),
    PayloadTooLarge: jsonSchema(
      fixedError(answer({ kind: 'payload-too-large', limit: LIMITS.maxBodyBytes }).body.error),
      'output',
    ),
    ...conformance,
    AccessRefused: {
      ...jsonSchema(accessRefusedBody, 'output'),
      description: "The standalone server refused the request's Host or Origin before any route ran.",
    },
    Error: {
      ...jsonSchema(anyErrorBody, 'output'),
      description:
        "Any other error: the interface fixes only `error: string`. A scenario's rejection " +
        'answers the body its file gives.',
    },
  }
}

/** How a client authenticates: a bearer key, or the dashboard session cookie. */
export const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      'Authorization: Bearer <API_KEY>. The test keys: sk_test_alice, sk_test_bob, sk_test_low (GET /__mock/accounts).',
  },
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'genmock_session',
    description: 'First-party use from the web dashboard: the session cookie (sess_test_alice, sess_test_bob).',
  },
}

/** The request headers and the task id the operations share. */
export const PARAMETERS = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Required when provider is relay (see x-genmock-rules). Persist it before the first ' +
      'request; reuse it, with the same body, for retries of the same job.',
    schema: { type: 'string', minLength: LIMITS.idempotencyKey.min, maxLength: LIMITS.idempotencyKey.max },
    example: 'job-2026-0001',
  },
  MockScenario: {
    name: 'X-Mock-Scenario',
    in: 'header',
    required: false,
    description: "genmock only: the scenario this request gets (a loaded scenario's name, GET /__mock/scenarios).",
    schema: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$' },
    example: 'insufficient-credits',
  },
  Prefer: {
    name: 'Prefer',
    in: 'header',
    required: false,
    description:
      'genmock only, comma-separated preferences: `scenario=NAME`, as Prism reads Prefer ' +
      '(X-Mock-Scenario wins when both are sent; read on submissions only); `sparse` (random), ' +
      '`sparse=random`, `sparse=all` or `sparse=off`: sparse answers for this answer (see ' +
      'the rule sparse).',
    schema: { type: 'string' },
    example: 'scenario=flaky',
  },
  TaskId: {
    name: 'id',
    in: 'path',
    required: true,
    description:
      'The taskId a generate endpoint answered; opaque: its shape depends on --id-style ' +
      '(tsk_ and 20 base62 characters, a UUID, a decimal string of up to 19 digits, or ' +
      '64 URL-safe characters).',
    schema: { type: 'string', minLength: 1 },
    example: 'tsk_4MrIYxv4guGNn4hUdsV1',
  },
}

/** The response headers the operations name. */
export const HEADER_COMPONENTS = {
  Date: HEADERS.Date,
  DateIfRouted: HEADERS.DateIfRouted,
  GenmockConformance: HEADERS.GenmockConformance,
  RetryAfter: HEADERS.RetryAfter,
  ConnectionClose: HEADERS.ConnectionClose,
  IdempotentReplayed: {
    description: 'The answer is the replay of an earlier request with the same Idempotency-Key and body.',
    schema: { type: 'string', const: 'true' },
  },
}
