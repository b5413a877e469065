/** The pieces the control API's operations are made of (control-operations.ts). */
import type * as z from 'zod'
import { LIMITS } from '../contract/limits.js'
import type { NonSchemaRule } from './service-rules.js'
import { jsonContent, jsonSchema, type JsonSchema, ref, response } from './json-schema.js'

export const common = { Date: ref('headers', 'Date') }
const unrouted = { Date: ref('headers', 'DateIfRouted') }

const ERROR_RESPONSES = {
  '400': response({ description: 'Invalid request: every failing field is listed.', body: 'InvalidRequest' }, common),
  '401': response(
    {
      description:
        'genmock runs with --admin-token and this request carries neither the token nor a key the route takes: ' +
        'the message says which it needs.',
      body: 'Unauthorized',
    },
    common,
  ),
  '403': response(
    {
      description:
        "An account's key on a route that needs the admin token or another account (the message says which), " +
        'or the standalone server refused the Host or Origin ' +
        '(the control API answers only loopback and listed origins).',
      body: ['Forbidden', 'AccessRefused'],
    },
    unrouted,
  ),
  '404': response({ description: 'Not found.', body: 'NotFound' }, common),
  '404task': response({ description: 'Not found.', body: 'TaskNotFound' }, common),
  '409': response({ description: 'Conflict.', body: 'Conflict' }, common),
  '413': response(
    {
      description: `The body is larger than ${LIMITS.maxBodyBytes} bytes.`,
      body: 'PayloadTooLarge',
      headers: { Connection: ref('headers', 'ConnectionClose') },
    },
    common,
  ),
  default: response({ description: 'Internal error (a genmock bug).', body: 'Error' }, unrouted),
}

/**
 * The error responses of an operation: 401, 403 and default always, the statuses given besides
 * (`task`: its 404 is Task not found).
 * @example
 * errors(400, 404) // { '400': …, '401': …, '403': …, '404': …, default: … }
 */
export function errors(...statuses: (400 | 404 | 409 | 413 | 'task')[]) {
  const { '404task': taskNotFound, ...all } = ERROR_RESPONSES
  const { '400': invalid, '401': unauthorized, '403': refused, '404': notFound, '409': conflict, '413': tooLarge } = all
  return {
    ...(statuses.includes(400) ? { '400': invalid } : {}),
    '401': unauthorized,
    '403': refused,
    ...(statuses.includes(404) ? { '404': statuses.includes('task') ? taskNotFound : notFound } : {}),
    ...(statuses.includes(409) ? { '409': conflict } : {}),
    ...(statuses.includes(413) ? { '413': tooLarge } : {}),
    default: all.default,
  }
}

export const ok200 = (description: string, body: string) => ({ '200': response({ description, body }, common) })

type Responses = Record<string, { description: string; headers?: object; content?: Record<string, object> }>

export interface Op {
  operationId: string
  tags: string[]
  summary: string
  description?: string
  security?: object[]
  parameters?: object[]
  requestBody?: object
  responses: Responses
  'x-genmock-rules'?: NonSchemaRule[]
}

/** An operation whose description ends with the rules its schemas cannot state. */
export const op = (spec: Op) => {
  const rules = spec['x-genmock-rules']
  const listed = rules
    ? `\n\nRules the schemas cannot state (also in \`x-genmock-rules\`):\n\n${rules
        .map((rule) => `- **${rule.id}**: ${rule.says}`)
        .join('\n')}`
    : ''
  return { ...spec, description: `${spec.description ?? spec.summary}${listed}` }
}

/**
 * The query parameters of a control route, from the zod schema it reads its query with; each
 * field's `description` (zod meta) is the parameter's.
 * @example
 * queryParameters(taskListQuerySchema) // [{ name: 'account', in: 'query', … }, …]
 */
export function queryParameters(schema: z.ZodObject) {
  const properties = jsonSchema(schema, 'input').properties as Record<string, JsonSchema>
  return Object.entries(properties).map(([name, { description, ...value }]) => ({
    name,
    in: 'query',
    required: false,
    description,
    schema: value,
  }))
}

/** A path parameter, from the zod schema of its value. */
export const pathParameter = (name: string, description: string, schema: z.ZodType) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: jsonSchema(schema, 'input'),
})

/** A request body: required unless an empty body (read as {}) is a valid one. */
export function requestBody(schema: z.ZodType, description: string, example: unknown) {
  return {
    description,
    required: !schema.safeParse({}).success,
    ...jsonContent(jsonSchema(schema, 'input'), { examples: { example: { value: example } } }),
  }
}

/**
 * What every operation shares, added once: the Genmock-Dashboard header, and on a GET whose 200
 * is JSON, If-None-Match, the 200's ETag and the 304 it makes (app.ts computes them for every such GET).
 */
export function conditional(method: string, op: Op): Op {
  const { '200': ok, ...rest } = op.responses
  const parameters = [...(op.parameters ?? [])]
  let responses = op.responses
  if (method === 'get' && ok?.content?.['application/json']) {
    parameters.push(ref('parameters', 'IfNoneMatch'))
    const etag = ref('headers', Object.keys(ok.content).length > 1 ? 'ETagOfJson' : 'ETag')
    const notModified = {
      description: 'Not Modified: If-None-Match names the current ETag.',
      headers: { ...common, ETag: ref('headers', 'ETag') },
    }
    responses = { '200': { ...ok, headers: { ...ok.headers, ETag: etag } }, '304': notModified, ...rest }
  }
  return { ...op, parameters: [...parameters, ref('parameters', 'GenmockDashboard')], responses }
}
