import {
  insufficientCreditsBodySchema,
  invalidRequestBodySchema,
  taskNotFoundBodySchema,
  unauthorizedBodySchema,
} from '../contract/errors.js'
import { imageRequestSchemaFor } from '../contract/image-request.js'
import { LIMITS } from '../contract/limits.js'
import { IMAGE_MODEL_IDS, IMAGE_MODELS, RELAY_MODEL_IDS, VIDEO_MODEL_IDS, VIDEO_MODELS } from '../contract/models.js'
import { modelListSchema, submissionResponseSchema, taskSnapshotSchema } from '../contract/responses.js'
import { SPARSE_KEPT, SPARSE_MAY_VANISH } from '../contract/sparse.js'
import { videoRequestSchemaFor } from '../contract/video-request.js'
import type { RuleId } from '../engine/journal/conformance.js'
import type { ProblemDetail } from '../engine/problem.js'
import pkg from '../../package.json' with { type: 'json' }
import { json as jsonReply, type Reply } from './exchange.js'
import {
  accessRefusedBody,
  anyErrorBody,
  conformanceBody,
  DEFAULT_ORIGIN,
  fixedError,
  HEADERS,
  INFO_COMMON,
  jsonSchema,
  keyed,
  ref,
  response,
  rulesAnswering,
  servers,
} from './openapi-schema.js'
import { problemToHttp } from './problem-response.js'

/**
 * The OpenAPI 3.1 document of the service endpoints (GET /openapi.json): exactly as strict as
 * genmock. Each request shape is a branch of a oneOf keyed on its model (and input mode, and
 * provider), converted from the very zod schema the engine picks for such a body; what JSON
 * Schema cannot say is listed per operation in `x-genmock-rules`, which the agreement test reads.
 */

/** The status and body of a problem, from the one table that maps problems to HTTP. */
const answer = (problem: ProblemDetail) => problemToHttp(problem)

/**
 * A rule the server enforces that the request schemas cannot state. `where` names what it looks
 * at: `body:/pointer` (`*` for every item) or `header:Name`; `answer` is the status it refuses with.
 */
export interface NonSchemaRule {
  id: string
  says: string
  where: string[]
  answer?: number
  /** Whose rule: the interface's, or a choice genmock made where the interface is silent. */
  source: 'interface' | 'genmock'
}

const price = (id: (typeof IMAGE_MODEL_IDS)[number]) => {
  const pricing = IMAGE_MODELS[id].pricing
  if (!pricing) return `${id}: per output, the simulator price GET /api/ai/models lists`
  if (pricing.kind === 'per-call') return `${id}: ${pricing.credits} per call`
  return `${id}: ${Object.entries(pricing.credits)
    .map(([tier, credits]) => `${credits} at ${tier}`)
    .join(', ')} per output`
}

/** Sparse answers: which fields may vanish, which never do (contract/sparse.ts), and how to ask. */
const SPARSE_RULE: NonSchemaRule = {
  id: 'sparse',
  says: `genmock only: with sparse answers on, as the request's \`Prefer: sparse\` (random), \`sparse=random\`, \`sparse=all\` or \`sparse=off\` asks, else the task's scenario's \`sparse\`, else the server's --sparse, the submission response and the task snapshot leave out the fields the interface does not say are always present: \`random\` on a coin drawn from the seed per field and answer, \`all\` every one. They may vanish: ${Object.entries(
    SPARSE_MAY_VANISH,
  )
    .map(([field, why]) => (why === 'no rule reads it' ? field : `${field} (${why})`))
    .join('; ')}. Never left out when the full answer has them: ${Object.entries(SPARSE_KEPT)
    .map(([field, why]) => `${field} (${why})`)
    .join(
      '; ',
    )}. Any other sparse value in Prefer is an issue of the request in the header Prefer. An Idempotency-Key replay answers as the original did.`,
  where: ['header:Prefer'],
  answer: 400,
  source: 'genmock',
}

const COMMON_RULES: NonSchemaRule[] = [
  {
    id: 'url-parsing',
    says: 'An inputImageUrls item is read by the WHATWG URL parser after trimming surrounding whitespace: it must be absolute, with http or https written as `http://` or `https://`. The schema states this as `format: uri` with a pattern; they agree on URLs written as RFC 3986 says, and the parser alone judges the rest: it also takes surrounding spaces, tabs and line breaks inside, and unencoded non-ASCII; it refuses an IPv4 address with a part above 255 and a port above 65535, which `format: uri` lets through.',
    where: ['body:/inputImageUrls/*'],
    answer: 400,
    source: 'genmock',
  },
  {
    id: 'scenario-choice',
    says: 'genmock only: a `[mock:NAME]` directive in the prompt, `X-Mock-Scenario: NAME` or `Prefer: scenario=NAME` must name a loaded scenario (GET /__mock/scenarios); an unknown name is an issue of the request. The scenario then decides the answer: a rejection or fault (any 4xx or 5xx, with the body the scenario file gives), a success status other than 200, a dropped connection.',
    where: ['body:/prompt', 'header:X-Mock-Scenario', 'header:Prefer'],
    answer: 400,
    source: 'genmock',
  },
  {
    id: 'idempotency',
    says: `With an Idempotency-Key, a retry with the same body (canonical JSON, key order ignored) by the same account replays the original answer with \`Idempotent-Replayed: true\`, for 24 hours of simulated time by default; the same key with another body is 422, and while the first request is still being answered 409. A refused request (400, 402, a scenario rejection) does not use up its key.`,
    where: ['header:Idempotency-Key'],
    source: 'interface',
  },
  {
    id: 'body-limits',
    says: `The body is JSON (\`Content-Type: application/json\`, valid UTF-8) of at most ${LIMITS.maxBodyBytes} bytes (413 past it) and ${LIMITS.maxJsonDepth} levels of nesting (400 past it).`,
    where: ['body:'],
    answer: 400,
    source: 'genmock',
  },
  {
    id: 'strict-conformance',
    says: "genmock only: in strict mode (--strict, or strict on the account) a request that breaks a client conformance rule is refused with the rule's status and `{error: 'Conformance: …', rule}` (README, Client conformance).",
    where: ['header:Authorization', 'header:Idempotency-Key', 'header:Origin'],
    source: 'genmock',
  },
  SPARSE_RULE,
]

const IMAGE_RULES: NonSchemaRule[] = [
  {
    id: 'relay-needs-idempotency-key',
    says: 'The relay shape (provider relay) needs the Idempotency-Key header; OpenAPI cannot make a header required by a body field. Missing, it is an issue of the request in the header Idempotency-Key.',
    where: ['header:Idempotency-Key'],
    answer: 400,
    source: 'interface',
  },
  {
    id: 'credits',
    says: `The account must hold the credits the request costs, or it is 402 Insufficient credits with \`required\`. Standard shape: ${IMAGE_MODEL_IDS.map(price).join('; ')}. Relay shape: per output, the price of the resolution in the model's relayPricing (GET /api/ai/models; simulator values).`,
    where: [
      'body:/model',
      'body:/numOutputs',
      'body:/resolution',
      'body:/width',
      'body:/height',
      'body:/providerInput',
    ],
    answer: 402,
    source: 'interface',
  },
  {
    id: 'image-tier',
    says: "The tier base-image-2 and base-image-pro are priced at: providerInput.resolution (1K, 2K or 4K) when the model has it, else from max(width, height): up to 1024 is 1K, up to 2048 2K, above that 4K; else the model's default (1K; base-image-pro, which has no 1K, 2K). providerInput is otherwise not checked.",
    where: ['body:/providerInput', 'body:/width', 'body:/height'],
    source: 'genmock',
  },
  ...COMMON_RULES,
]

const VIDEO_RULES: NonSchemaRule[] = [
  {
    id: 'credits',
    says: "The account must hold the credits the task costs, or it is 402 Insufficient credits with `required`: a price per model and duration, the model's pricing in GET /api/ai/models (simulator values).",
    where: ['body:/model', 'body:/duration'],
    answer: 402,
    source: 'interface',
  },
  ...COMMON_RULES,
]

const READ_RULES: NonSchemaRule[] = [
  {
    id: 'ownership',
    says: 'A task is visible only to the account that created it: another account reads 404 Task not found, never 403.',
    where: ['header:Authorization'],
    answer: 404,
    source: 'interface',
  },
  {
    id: 'strict-conformance',
    says: 'genmock only: in strict mode a relay task read sooner than max(pollAfterSeconds, 5) seconds after its submission or previous read is refused with 429 and Retry-After; a key sent from a page with 403.',
    where: ['header:Authorization'],
    source: 'genmock',
  },
  SPARSE_RULE,
]

const describeRules = (intro: string, rules: NonSchemaRule[]) =>
  `${intro}\n\nRules the schemas cannot state (also in \`x-genmock-rules\`):\n\n${rules.map((rule) => `- **${rule.id}** (${rule.source}): ${rule.says}`).join('\n')}`

const SUBMIT_RULES: RuleId[] = [
  'relay-without-key',
  'key-reused-with-other-body',
  'retry-with-new-key',
  'key-in-browser',
]
const READ_CONFORMANCE: RuleId[] = ['poll-too-soon', 'key-in-browser']

/** Every request shape of POST /api/ai/image/generate: one branch per (provider, model). */
function imageRequest() {
  const standard = IMAGE_MODEL_IDS.map((model) =>
    keyed(jsonSchema(imageRequestSchemaFor({ model }), 'input'), { model }, `Standard shape, ${model}`),
  )
  const relay = RELAY_MODEL_IDS.map((model) =>
    keyed(
      jsonSchema(imageRequestSchemaFor({ provider: 'relay', model }), 'input'),
      { provider: 'relay', model },
      `Relay shape, ${model}`,
    ),
  )
  return {
    description:
      "The standard shape (provider omitted, or upstream-a) or the relay shape (provider relay, which needs an Idempotency-Key). One branch per model: each states that model's prompt cap, reference images, aspect ratios and negativePrompt support; relay branches exist only for the models with application pricing, with their resolutions.",
    required: true,
    content: {
      'application/json': {
        schema: { oneOf: [...standard, ...relay] },
        examples: {
          standard: {
            summary: 'Text to image',
            value: { model: 'base-image-2', prompt: 'a red fox in the snow', aspectRatio: '16:9', numOutputs: 2 },
          },
          edit: {
            summary: 'Image to image (inputImageUrls makes it an edit)',
            value: {
              model: 'vendor-a/base-image',
              prompt: 'the same fox, at night',
              inputImageUrls: ['https://images.example.com/fox.png'],
            },
          },
          upstreamA: {
            summary: 'The standard shape through upstream-a',
            value: {
              provider: 'upstream-a',
              model: 'general-image-2',
              prompt: 'a harbour at dawn',
              aspectRatio: '3:2',
            },
          },
          relay: {
            summary: 'The relay shape (send an Idempotency-Key)',
            value: { provider: 'relay', model: 'base-image-2', prompt: 'a lighthouse', resolution: '2K' },
          },
        },
      },
    },
  }
}

/** Every request shape of POST /api/ai/video/generate: one branch per (model, inputMode). */
function videoRequest() {
  const branches = VIDEO_MODEL_IDS.flatMap((model) =>
    VIDEO_MODELS[model].modes.map((inputMode) =>
      keyed(
        jsonSchema(videoRequestSchemaFor({ model, inputMode }), 'input'),
        { model, inputMode },
        `${model}, ${inputMode}`,
      ),
    ),
  )
  return {
    description:
      "One branch per model and input mode the model supports. model and inputMode are required (genmock's reading: the interface does not say); text_to_video needs a prompt and takes no inputImageUrls; image_to_video needs at least one inputImageUrls entry (only the first is used). duration is one the model allows; omitted, the model's first.",
    required: true,
    content: {
      'application/json': {
        schema: { oneOf: branches },
        examples: {
          textToVideo: {
            summary: 'Text to video',
            value: { model: 'video-d', inputMode: 'text_to_video', prompt: 'waves at dusk' },
          },
          imageToVideo: {
            summary: 'Image to video',
            value: {
              model: 'video-f/1.5-pro',
              inputMode: 'image_to_video',
              prompt: 'the fox starts to run',
              inputImageUrls: ['https://images.example.com/fox.png'],
              duration: 10,
              aspectRatio: '16:9',
            },
          },
        },
      },
    },
  }
}

/** The component schemas: response bodies and every error body, named. */
function schemas() {
  const status = (kind: 'idempotency-in-progress' | 'idempotency-mismatch') => answer({ kind }).body.error
  const conformance = Object.fromEntries(
    [400, 403, 409, 422, 429].map((code) => [
      `StrictRefusal${code}`,
      jsonSchema(conformanceBody(rulesAnswering(code, [...SUBMIT_RULES, ...READ_CONFORMANCE])), 'output'),
    ]),
  )
  return {
    SubmissionResponse: jsonSchema(submissionResponseSchema, 'output'),
    TaskSnapshot: jsonSchema(taskSnapshotSchema, 'output'),
    ModelList: {
      ...jsonSchema(modelListSchema, 'output'),
      description:
        "The interface names GET /api/ai/models as the source of model identifiers but does not show its shape: this shape is genmock's. relayPricing (genmock's name) gives the relay (application) price per resolution.",
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
        "Any other error: the interface fixes only `error: string`. A scenario's rejection answers the body its file gives.",
    },
  }
}

const common = { Date: ref('headers', 'Date'), 'Genmock-Conformance': ref('headers', 'GenmockConformance') }
const unrouted = { Date: ref('headers', 'DateIfRouted'), 'Genmock-Conformance': ref('headers', 'GenmockConformance') }
const retryAfter = { 'Retry-After': ref('headers', 'RetryAfter') }

const SCENARIO_NOTE =
  "A scenario's submit.reject may answer any 4xx or 5xx with the body its file gives; keep the interface's body for the statuses below to stay within this document."

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
      'Accepted: the task is created and its credits are debited (or, with the same Idempotency-Key and body, the original answer replayed).',
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
          'The first request with this Idempotency-Key is still being answered; or, in strict mode, a retry under a new key.',
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
}

const mockScenario = [ref('parameters', 'MockScenario'), ref('parameters', 'Prefer')]

/**
 * The OpenAPI 3.1 document of the service endpoints, for a genmock reached at `origin`.
 * @example
 * openApiDocument('0.1.0', 'http://127.0.0.1:4600').paths['/api/ai/tasks/{id}'].get
 */
export function openApiDocument(version: string, origin: string = DEFAULT_ORIGIN) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Image and Video Generation Task Service',
      version,
      summary: 'Submit image and video generation tasks and poll them; served by genmock, a local simulator.',
      description: [
        'The service as genmock simulates it, exactly as strict as genmock: a body this document accepts is accepted, one it refuses is 400 Invalid request, apart from the rules each operation lists in `x-genmock-rules`.',
        "Names: the request fields, the inputMode values text_to_video and image_to_video, and the model identifiers are the interface's. Where the interface is silent genmock chose, and says so: success statuses, the 4xx statuses, the shape of GET /api/ai/models (relayPricing, modes written text-to-image and image-to-image as the interface's model table writes them), which video fields are required.",
        'The control API of the simulator (clock, accounts, scenarios, journal) has a document of its own at /__mock/openapi.json.',
      ].join('\n\n'),
      ...INFO_COMMON,
    },
    servers: servers(origin, 'genmock'),
    security: [{ bearer: [] }, { session: [] }],
    tags: [
      { name: 'images', description: 'Image generation tasks' },
      { name: 'videos', description: 'Video generation tasks' },
      { name: 'tasks', description: 'Reading a task until it is finished' },
      { name: 'models', description: 'The model catalogue: identifiers, limits, prices' },
    ],
    paths: {
      '/api/ai/image/generate': {
        post: {
          operationId: 'submitImageTask',
          tags: ['images'],
          summary: 'Submit an image task (standard or relay shape)',
          description: describeRules(
            `Pre-debits the credits and answers the task id; poll GET /api/ai/tasks/{id} until status 1 or 2. ${SCENARIO_NOTE}`,
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
      '/api/ai/tasks/{id}': {
        get: {
          operationId: 'getTask',
          tags: ['tasks'],
          summary: 'Read a task',
          description: describeRules(
            'Statuses 1 and 2 are terminal. Relay tasks carry pollAfterSeconds: wait at least that long, and at least 5 seconds, between reads.',
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
      '/api/ai/models': {
        get: {
          operationId: 'listModels',
          tags: ['models'],
          summary: 'List the models, their limits and pricing',
          description:
            'Every image and video model with its modes, reference image cap, prompt cap, aspect ratios, durations, negativePrompt support, pricing and, for relay, its resolutions and relayPricing.',
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
    },
    components: {
      securitySchemes: {
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
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Required when provider is relay (see x-genmock-rules). Persist it before the first request; reuse it, with the same body, for retries of the same job.',
          schema: { type: 'string', minLength: LIMITS.idempotencyKey.min, maxLength: LIMITS.idempotencyKey.max },
          example: 'job-2026-0001',
        },
        MockScenario: {
          name: 'X-Mock-Scenario',
          in: 'header',
          required: false,
          description:
            "genmock only: the scenario this request gets (a loaded scenario's name, GET /__mock/scenarios).",
          schema: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$' },
          example: 'insufficient-credits',
        },
        Prefer: {
          name: 'Prefer',
          in: 'header',
          required: false,
          description:
            'genmock only, comma-separated preferences: `scenario=NAME`, as Prism reads Prefer (X-Mock-Scenario wins when both are sent; read on submissions only); `sparse` (random), `sparse=random`, `sparse=all` or `sparse=off`: sparse answers for this answer (see the rule sparse).',
          schema: { type: 'string' },
          example: 'scenario=flaky',
        },
        TaskId: {
          name: 'id',
          in: 'path',
          required: true,
          description:
            'The taskId a generate endpoint answered; opaque: its shape depends on --id-style (tsk_ and 20 base62 characters, a UUID, a decimal string of up to 19 digits, or 64 URL-safe characters).',
          schema: { type: 'string', minLength: 1 },
          example: 'tsk_4MrIYxv4guGNn4hUdsV1',
        },
      },
      requestBodies: { ImageRequest: imageRequest(), VideoRequest: videoRequest() },
      headers: {
        Date: HEADERS.Date,
        DateIfRouted: HEADERS.DateIfRouted,
        GenmockConformance: HEADERS.GenmockConformance,
        RetryAfter: HEADERS.RetryAfter,
        ConnectionClose: HEADERS.ConnectionClose,
        IdempotentReplayed: {
          description: 'The answer is the replay of an earlier request with the same Idempotency-Key and body.',
          schema: { type: 'string', const: 'true' },
        },
      },
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
