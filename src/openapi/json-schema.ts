/**
 * What the two OpenAPI documents (the service's, /openapi.json, and the control API's,
 * /__mock/openapi.json) share: zod schemas to JSON Schema, the headers, the error bodies and the
 * response objects. Every schema comes from a zod schema of the contract, so validation, the
 * TypeScript types and the documents cannot drift apart.
 */
import * as z from 'zod'
import pkg from '../../package.json' with { type: 'json' }
import { CONFORMANCE_RULES, type RuleId } from '../engine/journal/conformance.js'
import { STRICT_STATUS } from '../http/replies.js'

export type JsonSchema = { [keyword: string]: unknown }

/** Where the documents say genmock runs when nobody asked through a server (`genmock` with no options). */
export const DEFAULT_ORIGIN = 'http://127.0.0.1:4600'

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isInteger = (value: unknown) => typeof value === 'number' && Number.isInteger(value)

/**
 * Rewrites zod's JSON Schema where it is looser or noisier than the value it describes:
 * a number literal that is an integer is `type: integer`, and an `anyOf` of literals of one type is an `enum`.
 */
function tidy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidy)
  if (!isObject(node)) return node
  const out: JsonSchema = {}
  for (const [key, value] of Object.entries(node)) {
    // Values of these keywords are data, not schemas.
    out[key] = key === 'enum' || key === 'const' || key === 'default' || key === 'examples' ? value : tidy(value)
  }
  const options = out.anyOf
  if (
    Array.isArray(options) &&
    options.length > 1 &&
    options.every(
      (o) => isObject(o) && 'const' in o && Object.keys(o).length === 2 && o.type === (options[0] as JsonSchema).type,
    )
  ) {
    delete out.anyOf
    out.type = (options[0] as JsonSchema).type
    out.enum = options.map((o) => (o as JsonSchema).const)
  }
  if (
    out.type === 'number' &&
    (('const' in out && isInteger(out.const)) || (Array.isArray(out.enum) && out.enum.every(isInteger)))
  )
    out.type = 'integer'
  return out
}

/**
 * A zod schema as OpenAPI 3.1 (JSON Schema 2020-12): `input` for request bodies (fields with a
 * default are optional), `output` for what genmock answers.
 * @example
 * jsonSchema(clockAdvanceSchema, 'input') // { type: 'object', properties: { seconds: … }, … }
 */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema
  const text = JSON.stringify(rest)
  // A $ref here would point into a document of its own, not into the OpenAPI document.
  if (text.includes('"$ref"') || text.includes('"$defs"'))
    throw new Error('a contract schema converted with a $ref: give it no id and no cycle')
  return tidy(rest) as JsonSchema
}

/**
 * A request shape keyed by fixed fields (the model, the input mode, the provider): each becomes a
 * required `const`, so that exactly one branch of a oneOf can take a body.
 * @example
 * keyed(jsonSchema(schema, 'input'), { model: 'video-d', inputMode: 'text_to_video' })
 */
export function keyed(schema: JsonSchema, keys: Record<string, string>, title?: string): JsonSchema {
  const properties: Record<string, JsonSchema> = {}
  const refused: string[] = []
  for (const [name, property] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
    // A field this shape refuses (`not: {}`) is left out: additionalProperties false refuses it
    // the same, and generated types then reject it instead of typing it `unknown`.
    if (
      schema.additionalProperties === false &&
      Object.keys(property).length === 1 &&
      JSON.stringify(property.not) === '{}'
    )
      refused.push(name)
    else properties[name] = property
  }
  for (const [name, value] of Object.entries(keys)) properties[name] = { type: 'string', const: value }
  const required = [...new Set([...((schema.required as string[] | undefined) ?? []), ...Object.keys(keys)])]
  const description = refused.length > 0 ? `Takes no ${refused.join(' and no ')}.` : undefined
  return { ...(title ? { title } : {}), ...(description ? { description } : {}), ...schema, properties, required }
}

export const ref = (section: 'schemas' | 'headers' | 'parameters' | 'requestBodies' | 'responses', name: string) => ({
  $ref: `#/components/${section}/${name}`,
})
export const jsonContent = (schema: object, extra: JsonSchema = {}) => ({
  content: { 'application/json': { schema, ...extra } },
})

/** Both documents are MIT, like the package, and name the project. */
export const INFO_COMMON = {
  license: { name: 'MIT', identifier: 'MIT' },
  contact: {
    name: 'genmock',
    url: ((pkg as { repository?: { url?: string } }).repository?.url ?? 'https://github.com/genmock/genmock')
      .replace(/^git\+/, '')
      .replace(/\.git$/, ''),
  },
}

/**
 * `servers`: the origin the document was fetched from, then any genmock by host and port.
 * @example
 * servers('http://localhost:4700')
 */
export function servers(origin: string, what: string) {
  return [
    { url: origin, description: `This ${what}: the origin this document was served from` },
    {
      url: 'http://{host}:{port}',
      description: `A ${what} elsewhere: genmock --host HOST --port PORT`,
      variables: {
        host: { default: '127.0.0.1', description: 'genmock --host' },
        port: { default: '4600', description: 'genmock --port' },
      },
    },
  ]
}

/** Response headers both documents declare. */
export const HEADERS = {
  Date: {
    description:
      'The simulated clock at the time of the answer (RFC 9110 HTTP-date), ' +
      'so a client that reads it sees simulated time.',
    required: true,
    schema: {
      type: 'string',
      pattern:
        '^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ' +
        '\\d{4} \\d{2}:\\d{2}:\\d{2} GMT$',
    },
  },
  DateIfRouted: {
    description:
      'The simulated clock at the time of the answer. Absent when the standalone server answers before ' +
      'the request reaches the routes (a refused Host or Origin, a crash).',
    schema: { type: 'string' },
  },
  GenmockConformance: {
    description:
      'genmock only: the client conformance rules this request broke, comma-separated ' +
      "(docs/conformance-and-coverage.md, Client conformance). Not the real service's.",
    schema: { type: 'string', pattern: '^[a-z-]+(, [a-z-]+)*$' },
  },
  RetryAfter: {
    description:
      'Seconds to wait before the next attempt: strict conformance (poll-too-soon) ' +
      'or a scenario rejection that sets it.',
    schema: { type: 'string', pattern: '^\\d+$' },
  },
  ConnectionClose: {
    description: 'The rest of the oversized body is never read, so the connection cannot carry another request.',
    schema: { type: 'string', const: 'close' },
  },
}

/** Error bodies of strict conformance for the rules that answer `status`, from the one table of rules. */
export function conformanceBody(rules: readonly RuleId[]) {
  return z.strictObject({
    error: z.string().regex(/^Conformance: /),
    rule: z.enum(rules as [RuleId, ...RuleId[]]),
  })
}

/** The rules (of `rules`) whose strict answer has this status. */
export const rulesAnswering = (status: number, rules: readonly RuleId[]) =>
  rules.filter((rule) => STRICT_STATUS[rule] === status && CONFORMANCE_RULES[rule].severity === 'error')

/** A body `{error}` with exactly this message: a problem whose body never varies. */
export const fixedError = (message: string) => z.strictObject({ error: z.literal(message) })

/** The standalone server's refusals of a Host or an Origin (src/node/server/site-rules.ts), before any route runs. */
export const accessRefusedBody = z.strictObject({ error: z.string().regex(/^(Host|Origin) not allowed: /) })

/** Any other error body: the interface fixes only `error: string`; a scenario's rejection adds what its file gives. */
export const anyErrorBody = z.looseObject({ error: z.string().min(1) })

interface ResponseSpec {
  description: string
  /** A component schema name, or several: the body is one of them. */
  body?: string | string[] | undefined
  headers?: Record<string, object> | undefined
  /** Other media types than JSON (the dashboard page, JUnit XML). */
  content?: Record<string, object> | undefined
}

/**
 * A response object; each body is a component schema, listed with `anyOf` when there are several
 * (they may overlap: a scenario's rejection can look like any error body).
 * @example
 * response({ description: 'Unauthorized', body: 'Unauthorized' }, { Date: ref('headers', 'Date') })
 */
export function response({ description, body, headers = {}, content }: ResponseSpec, common: Record<string, object>) {
  const names = body === undefined ? [] : Array.isArray(body) ? body : [body]
  const schema = names.length === 1 ? ref('schemas', names[0]!) : { anyOf: names.map((name) => ref('schemas', name)) }
  return {
    description,
    headers: { ...common, ...headers },
    ...(names.length > 0 ? jsonContent(schema) : {}),
    ...(content ? { content: { ...(names.length > 0 ? jsonContent(schema).content : {}), ...content } } : {}),
  }
}
