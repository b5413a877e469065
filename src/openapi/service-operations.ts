/**
 * The service's operations in its OpenAPI document (GET /openapi.json), one per kind of exchange
 * the route table gives a service row (handlers/route-table.ts): `servicePaths` makes the paths
 * from the rows, and refuses a row without an operation or an operation without a row.
 */
import { LIMITS } from '../contract/limits.js'
import type { ExchangeKind, Row } from '../http/router.js'
import { ref, response } from './json-schema.js'
import { describeRules, IMAGE_RULES, READ_RULES, VIDEO_RULES } from './service-rules.js'

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

/** POST /api/ai/image/generate. */
function imageSubmission() {
  return {
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
  }
}

/** POST /api/ai/video/generate. */
function videoSubmission() {
  return {
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
  }
}

/** GET /api/ai/tasks/{id}. */
function taskRead() {
  return {
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
  }
}

/** GET /api/ai/models. */
function modelList() {
  return {
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
  }
}

/** The operation of each kind of service exchange, in the document's order. */
const SERVICE_OPERATIONS: Partial<Record<ExchangeKind, () => Record<string, unknown>>> = {
  'image submission': imageSubmission,
  'video submission': videoSubmission,
  'task read': taskRead,
  'model list': modelList,
}

/** A service row as the document reads it: its method, path and kind. */
export type ServiceRow = Pick<Row<unknown>, 'method' | 'path'> & { kind: ExchangeKind }

/**
 * The document's paths of the service's own endpoints: one per row (handlers/route-table.ts,
 * SERVICE_ROUTES), its operation the one of its kind, in the operations' order.
 * @example
 * servicePaths(SERVICE_ROUTES)['/api/ai/tasks/{id}']!.get
 */
export function servicePaths(routes: readonly ServiceRow[]) {
  const kinds = Object.keys(SERVICE_OPERATIONS)
  const paths: Record<string, Record<string, unknown>> = {}
  for (const { method, path, kind } of [...routes].sort((a, b) => kinds.indexOf(a.kind) - kinds.indexOf(b.kind))) {
    const operation = SERVICE_OPERATIONS[kind]
    if (!operation) throw new Error(`the service document has no operation for the route ${method} ${path} (${kind})`)
    const name = path.replace(/:(\w+)/g, '{$1}')
    paths[name] = { ...paths[name], ...operation() }
    if (!(method.toLowerCase() in paths[name]!)) throw new Error(`the ${kind} operation is not ${method} ${path}`)
  }
  const unrouted = kinds.filter((kind) => !routes.some((row) => row.kind === kind))
  if (unrouted.length > 0) throw new Error(`the service document has operations with no route: ${unrouted.join(', ')}`)
  return paths
}
