/**
 * The OpenAPI 3.1 document of the service endpoints (GET /openapi.json): exactly as strict as
 * genmock. Each request shape is a branch of a oneOf keyed on its model (and input mode, and
 * provider), converted from the very zod schema the engine picks for such a body; what JSON
 * Schema cannot say is listed per operation in `x-genmock-rules`, which the agreement test reads.
 */
import { LIMITS } from '../contract/limits.js'
import pkg from '../../package.json' with { type: 'json' }
import { json as jsonReply, type Reply } from '../http/request-reply.js'
import { HEADER_COMPONENTS, PARAMETERS, SECURITY_SCHEMES, schemas } from './service-components.js'
import { mediaPaths } from './media-operations.js'
import { imageRequest, videoRequest } from './request-schemas.js'
import { describeRules, IMAGE_RULES, READ_RULES, VIDEO_RULES } from './service-rules.js'
import { DEFAULT_ORIGIN, INFO_COMMON, ref, response, servers } from './json-schema.js'

const common = { Date: ref('headers', 'Date'), 'Genmock-Conformance': ref('headers', 'GenmockConformance') }
const unrouted = { Date: ref('headers', 'DateIfRouted'), 'Genmock-Conformance': ref('headers', 'GenmockConformance') }
const retryAfter = { 'Retry-After': ref('headers', 'RetryAfter') }

const SCENARIO_NOTE =
  "A scenario's submit.reject may answer any 4xx or 5xx with the body its file gives; " +
  "keep the interface's body for the statuses below to stay within this document."

/** What a submission may answer besides acceptance and Invalid request. */
const SUBMIT_REFUSALS = {
  '401': response(
    { description: 'Missing, malformed, unknown, revoked, expired or IP-refused credentials.', body: 'Unauthorized' },
    common,
  ),
  '402': response(
    { description: 'The account lacks the credits: nothing is stored or debited.', body: 'InsufficientCredits' },
    common,
  ),
  '403': response(
    {
      description: 'A key sent from a page in strict mode, a refused Host or Origin, or a scenario rejection.',
      body: ['StrictRefusal403', 'AccessRefused', 'Error'],
    },
    unrouted,
  ),
  '409': response(
    {
      description:
        'The first request with this Idempotency-Key is still being answered; or, in strict ' +
        'mode, a retry under a new key.',
      body: ['IdempotencyInProgress', 'StrictRefusal409'],
    },
    common,
  ),
  '413': response(
    {
      description: `The body is larger than ${LIMITS.maxBodyBytes} bytes.`,
      body: 'PayloadTooLarge',
      headers: { Connection: ref('headers', 'ConnectionClose') },
    },
    common,
  ),
  '422': response(
    {
      description: 'This Idempotency-Key was used with a different body.',
      body: ['IdempotencyMismatch', 'StrictRefusal422'],
    },
    common,
  ),
  '429': response(
    {
      description: "A scenario's rejection (rate limits are off unless a scenario asks).",
      body: 'Error',
      headers: retryAfter,
    },
    common,
  ),
  '500': response(
    { description: "Internal error: a scenario's fault (error-before-commit), or a genmock bug.", body: 'Error' },
    unrouted,
  ),
  '503': response({ description: "A scenario's rejection or fault.", body: 'Error', headers: retryAfter }, common),
  default: response(
    { description: "Any other status a scenario's rejection or fault gives.", body: 'Error', headers: retryAfter },
    unrouted,
  ),
}

function submitResponses(endpoint: 'image' | 'video') {
  const accepted = (description: string) =>
    response(
      {
        description,
        body: 'SubmissionResponse',
        headers: { 'Idempotent-Replayed': ref('headers', 'IdempotentReplayed') },
      },
      common,
    )
  return {
    '200': accepted(
      'Accepted: the task is created and its credits are debited (or, with the same Idempotency-Key ' +
        'and body, the original answer replayed).',
    ),
    '2XX': accepted(
      "Accepted, with the success status a scenario's submit.httpStatus gives (201–299, not 204 or 205).",
    ),
    '400': response(
      {
        description: 'Invalid request: every failing field is listed.',
        body: endpoint === 'image' ? ['InvalidRequest', 'StrictRefusal400'] : 'InvalidRequest',
      },
      common,
    ),
    ...SUBMIT_REFUSALS,
  }
}

const mockScenario = [ref('parameters', 'MockScenario'), ref('parameters', 'Prefer')]

const INFO = {
  title: 'Image and Video Generation Task Service',
  summary: 'Submit image and video generation tasks and poll them; served by genmock, a local simulator.',
  description: [
    'The service as genmock simulates it, exactly as strict as genmock: a body this document ' +
      'accepts is accepted, one it refuses is 400 Invalid request, apart from the rules ' +
      'each operation lists in `x-genmock-rules`.',
    'Names: the request fields, the inputMode values text_to_video and image_to_video, ' +
      "and the model identifiers are the interface's. Where the interface is silent genmock " +
      'chose, and says so: success statuses, the 4xx statuses, the shape of GET /api/ai/models ' +
      "(relayPricing, modes written text-to-image and image-to-image as the interface's " +
      'model table writes them), which video fields are required.',
    'The control API of the simulator (clock, accounts, scenarios, journal) has a document ' +
      'of its own at /__mock/openapi.json.',
  ].join('\n\n'),
}

const TAGS = [
  { name: 'images', description: 'Image generation tasks' },
  { name: 'videos', description: 'Video generation tasks' },
  { name: 'tasks', description: 'Reading a task until it is finished' },
  { name: 'models', description: 'The model catalogue: identifiers, limits, prices' },
  { name: 'media', description: 'The outputs of completed tasks, as their URLs give them' },
]

/** POST /api/ai/image/generate and /api/ai/video/generate. */
function submitPaths() {
  return {
    '/api/ai/image/generate': {
      post: {
        operationId: 'submitImageTask',
        tags: ['images'],
        summary: 'Submit an image task (standard or relay shape)',
        description: describeRules(
          'Pre-debits the credits and answers the task id; poll GET /api/ai/tasks/{id} until status 1 or 2. ' +
            SCENARIO_NOTE,
          IMAGE_RULES,
        ),
        parameters: [ref('parameters', 'IdempotencyKey'), ...mockScenario],
        requestBody: ref('requestBodies', 'ImageRequest'),
        responses: submitResponses('image'),
        'x-genmock-rules': IMAGE_RULES,
      },
    },
    '/api/ai/video/generate': {
      post: {
        operationId: 'submitVideoTask',
        tags: ['videos'],
        summary: 'Submit a video task',
        description: describeRules(
          `Pre-debits the credits and answers the task id; videos take 30 to 120 seconds. ${SCENARIO_NOTE}`,
          VIDEO_RULES,
        ),
        parameters: [ref('parameters', 'IdempotencyKey'), ...mockScenario],
        requestBody: ref('requestBodies', 'VideoRequest'),
        responses: submitResponses('video'),
        'x-genmock-rules': VIDEO_RULES,
      },
    },
  }
}

/** GET /api/ai/tasks/{id}. */
function taskPath() {
  return {
    '/api/ai/tasks/{id}': {
      get: {
        operationId: 'getTask',
        tags: ['tasks'],
        summary: 'Read a task',
        description: describeRules(
          'Statuses 1 and 2 are terminal. Relay tasks carry pollAfterSeconds: wait at least ' +
            'that long, and at least 5 seconds, between reads.',
          READ_RULES,
        ),
        parameters: [ref('parameters', 'TaskId'), ref('parameters', 'Prefer')],
        responses: {
          '200': response({ description: 'The task as it is now.', body: 'TaskSnapshot' }, common),
          '400': response(
            {
              description: 'Invalid request: a Prefer sparse value other than random, all or off.',
              body: 'InvalidRequest',
            },
            common,
          ),
          '401': response({ description: 'Missing or invalid credentials.', body: 'Unauthorized' }, common),
          '403': response(
            {
              description: 'A key sent from a page in strict mode, or a refused Host or Origin.',
              body: ['StrictRefusal403', 'AccessRefused'],
            },
            unrouted,
          ),
          '404': response({ description: "No such task, or another account's.", body: 'TaskNotFound' }, common),
          '429': response(
            {
              description: 'Strict mode: read too soon after the previous read of a relay task.',
              body: 'StrictRefusal429',
              headers: retryAfter,
            },
            common,
          ),
          default: response({ description: 'Internal error (a genmock bug).', body: 'Error' }, unrouted),
        },
        'x-genmock-rules': READ_RULES,
      },
    },
  }
}

/** GET /api/ai/models. */
function modelsPath() {
  return {
    '/api/ai/models': {
      get: {
        operationId: 'listModels',
        tags: ['models'],
        summary: 'List the models, their limits and pricing',
        description:
          'Every image and video model with its modes, reference image cap, prompt cap, aspect ' +
          'ratios, durations, negativePrompt support, pricing and, for relay, its resolutions ' +
          'and relayPricing.',
        responses: {
          '200': response({ description: 'The catalogue.', body: 'ModelList' }, common),
          '401': response({ description: 'Missing or invalid credentials.', body: 'Unauthorized' }, common),
          '403': response(
            {
              description: 'A key sent from a page in strict mode, or a refused Host or Origin.',
              body: ['StrictRefusal403', 'AccessRefused'],
            },
            unrouted,
          ),
          default: response({ description: 'Internal error (a genmock bug).', body: 'Error' }, unrouted),
        },
      },
    },
  }
}

/**
 * The OpenAPI 3.1 document of the service endpoints, for a genmock reached at `origin`.
 * @example
 * openApiDocument('0.1.0', 'http://127.0.0.1:4600').paths['/api/ai/tasks/{id}'].get
 */
export function openApiDocument(version: string, origin: string = DEFAULT_ORIGIN) {
  return {
    openapi: '3.1.0',
    info: { title: INFO.title, version, summary: INFO.summary, description: INFO.description, ...INFO_COMMON },
    servers: servers(origin, 'genmock'),
    security: [{ bearer: [] }, { session: [] }],
    tags: TAGS,
    paths: { ...submitPaths(), ...taskPath(), ...modelsPath(), ...mediaPaths() },
    components: {
      securitySchemes: SECURITY_SCHEMES,
      parameters: PARAMETERS,
      requestBodies: { ImageRequest: imageRequest(), VideoRequest: videoRequest() },
      headers: HEADER_COMPONENTS,
      schemas: schemas(),
    },
  }
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>

let base: OpenApiDocument | undefined

/**
 * GET /openapi.json, built on first use: the route table loads this module only then, so a page
 * that never asks for the document does not carry the JSON Schema generator. `servers` names the
 * origin the request came to.
 * @example
 * const reply = openApiReply('http://127.0.0.1:4600')
 */
export function openApiReply(origin: string): Reply {
  base ??= openApiDocument(pkg.version)
  return jsonReply(200, { ...base, servers: servers(origin, 'genmock') })
}
