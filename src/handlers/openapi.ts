import { z } from 'zod'
import { errorBodySchema, insufficientCreditsBodySchema, invalidRequestBodySchema, taskNotFoundBodySchema, unauthorizedBodySchema } from '../contract/errors.js'
import { relayImageRequestSchema, standardImageRequestSchema } from '../contract/image-request.js'
import { LIMITS } from '../contract/limits.js'
import { modelListSchema, submissionResponseSchema, taskSnapshotSchema } from '../contract/responses.js'
import { videoRequestSchema } from '../contract/video-request.js'
import type { ProblemDetail } from '../engine/problem.js'
import pkg from '../../package.json' with { type: 'json' }
import { json as jsonReply, type Reply } from './exchange.js'
import { problemToHttp } from './problem-response.js'

type Kind = ProblemDetail['kind']

/** A sample of each problem, to read its status from the one table that maps problems to HTTP. */
const SAMPLES: Record<Kind, ProblemDetail> = {
  'invalid-request': { kind: 'invalid-request', issues: [] },
  unauthorized: { kind: 'unauthorized' },
  'insufficient-credits': { kind: 'insufficient-credits', required: 1 },
  'task-not-found': { kind: 'task-not-found' },
  'idempotency-mismatch': { kind: 'idempotency-mismatch' },
  'idempotency-in-progress': { kind: 'idempotency-in-progress' },
  'payload-too-large': { kind: 'payload-too-large', limit: LIMITS.maxBodyBytes },
  'not-found': { kind: 'not-found', message: '' },
  conflict: { kind: 'conflict', message: '' },
  rejected: { kind: 'rejected', status: 429, body: { error: 'Rate limit exceeded' } },
  fault: { kind: 'fault', status: 500, message: 'Internal error' },
  conformance: { kind: 'conformance', rule: 'poll-too-soon', status: 429, message: '' },
}

const BODY_SCHEMA: Partial<Record<Kind, string>> = {
  'invalid-request': 'InvalidRequest',
  unauthorized: 'Unauthorized',
  'insufficient-credits': 'InsufficientCredits',
  'task-not-found': 'TaskNotFound',
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const json = (schema: object) => ({ content: { 'application/json': { schema } } })

/** 200 with `ok`, and each problem's status with its body; no two problems of one endpoint share a status. */
function responses(ok: string, kinds: Kind[]) {
  return Object.fromEntries([
    ['200', { description: 'OK', ...json(ref(ok)) }],
    ...kinds.map((kind) => {
      const { status, body } = problemToHttp(SAMPLES[kind])
      return [String(status), { description: body.error, ...json(ref(BODY_SCHEMA[kind] ?? 'Error')) }]
    }),
  ])
}

const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: 'Required when provider is relay. Reuse it, with the same body, for retries of the same job.',
  schema: { type: 'string', minLength: LIMITS.idempotencyKey.min, maxLength: LIMITS.idempotencyKey.max },
}

/** `fault` is the generic failure: only a scenario's fault injection answers it. */
const SUBMIT_PROBLEMS: Kind[] = ['invalid-request', 'unauthorized', 'insufficient-credits', 'idempotency-in-progress', 'payload-too-large', 'idempotency-mismatch', 'fault']

/**
 * The OpenAPI 3.1 document of the service endpoints, generated from the contract's zod schemas,
 * with each error status read from the problem table the handlers answer with.
 * @example
 * openApiDocument('0.1.0').paths['/api/ai/tasks/{id}'].get
 */
export function openApiDocument(version: string) {
  const schema = (s: z.ZodType, io: 'input' | 'output') => {
    const { $schema: _, ...rest } = z.toJSONSchema(s, { target: 'draft-2020-12', io, unrepresentable: 'any' })
    return rest
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Image and Video Generation Task Service',
      version,
      description: 'Served by genmock, a local simulator. Per-model limits (prompt caps, reference images, aspect ratios, durations) are listed by GET /api/ai/models.',
    },
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API_KEY>' } },
      schemas: {
        StandardImageRequest: schema(standardImageRequestSchema, 'input'),
        RelayImageRequest: schema(relayImageRequestSchema, 'input'),
        VideoRequest: schema(videoRequestSchema, 'input'),
        SubmissionResponse: schema(submissionResponseSchema, 'output'),
        TaskSnapshot: schema(taskSnapshotSchema, 'output'),
        ModelList: schema(modelListSchema, 'output'),
        InvalidRequest: schema(invalidRequestBodySchema, 'output'),
        Unauthorized: schema(unauthorizedBodySchema, 'output'),
        InsufficientCredits: schema(insufficientCreditsBodySchema, 'output'),
        TaskNotFound: schema(taskNotFoundBodySchema, 'output'),
        Error: schema(errorBodySchema, 'output'),
      },
    },
    paths: {
      '/api/ai/image/generate': {
        post: {
          summary: 'Submit an image task (standard or relay shape)',
          parameters: [IDEMPOTENCY_KEY],
          requestBody: { required: true, ...json({ oneOf: [ref('StandardImageRequest'), ref('RelayImageRequest')] }) },
          responses: responses('SubmissionResponse', SUBMIT_PROBLEMS),
        },
      },
      '/api/ai/video/generate': {
        post: {
          summary: 'Submit a video task',
          parameters: [IDEMPOTENCY_KEY],
          requestBody: { required: true, ...json(ref('VideoRequest')) },
          responses: responses('SubmissionResponse', SUBMIT_PROBLEMS),
        },
      },
      '/api/ai/tasks/{id}': {
        get: {
          summary: 'Read a task',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: responses('TaskSnapshot', ['unauthorized', 'task-not-found']),
        },
      },
      '/api/ai/models': {
        get: { summary: 'List the models, their limits and pricing', responses: responses('ModelList', ['unauthorized']) },
      },
    },
  }
}

let document: ReturnType<typeof openApiDocument> | undefined

/**
 * GET /openapi.json, built on first use: the route table loads this module only then, so a page
 * that never asks for the document does not carry the JSON Schema generator.
 * @example
 * const reply = openApiReply()
 */
export function openApiReply(): Reply {
  document ??= openApiDocument(pkg.version)
  return jsonReply(200, document)
}
