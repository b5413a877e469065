/**
 * The MCP tools (docs/mcp.md), made from the route table and the two OpenAPI documents, themselves made
 * from the contract's zod schemas: one tool per control row (its operationId, summary and description,
 * its parameters and body as the tool's JSON Schema input), and one per service row, which acts as a
 * client holding an account's key. A tool is a route: tool-call.ts turns its arguments into the route's
 * request.
 */
import pkg from '../../package.json' with { type: 'json' }
import { CONTROL_API_ROUTES, SERVICE_ROUTES, type TableRow } from '../handlers/route-table.js'
import { controlOpenApiDocument } from '../openapi/control-document.js'
import type { JsonSchema } from '../openapi/json-schema.js'
import { openApiDocument } from '../openapi/service-document.js'

/** Where an argument goes in the route's request. */
export type Place = { in: 'path' | 'query'; name: string } | { in: 'header'; name: string } | { in: 'body' }

export interface Tool {
  name: string
  description: string
  /** A JSON Schema object: the tool's arguments. */
  inputSchema: JsonSchema & { type: 'object'; properties: Record<string, JsonSchema> }
  method: TableRow['method']
  /** The route's path, with `:name` parameters. */
  path: string
  /** `control` tools carry the caller's credential; `service key` tools the `apiKey` argument. */
  access: 'control' | 'service key'
  /** Each argument's place; `body` arguments make the JSON body, or are it (`wholeBody`). */
  places: Record<string, Place>
  /** The body is the `body` argument as it is (the service's bodies: one shape per model). */
  wholeBody: boolean
  /** The body takes fields besides those listed (a snapshot): an unknown argument goes into it. */
  openBody: boolean
}

interface Parameter {
  name: string
  in: 'path' | 'query' | 'header'
  description?: string
  required?: boolean
  schema: JsonSchema
}
interface Operation {
  operationId: string
  summary: string
  description?: string
  parameters?: (Parameter | JsonSchema)[]
  requestBody?: JsonSchema
}
type Document = {
  paths: Record<string, Record<string, Operation>>
  components: Record<string, Record<string, unknown>>
}

/** Handled by the route core for every request, not a tool's choice. */
const TRANSPORT_HEADERS = new Set(['If-None-Match', 'Genmock-Dashboard', 'Range'])
/** Rows that are no tool: the endpoint itself. */
const NOT_TOOLS = new Set(['mcp'])

/** A `$ref` into the document resolved, or the value as it is. */
const resolve = <T>(document: Document, value: T | JsonSchema): T => {
  const ref = (value as JsonSchema).$ref
  if (typeof ref !== 'string') return value as T
  const [, , section, name] = ref.split('/')
  return document.components[section!]![name!] as T
}

/**
 * An argument's name for a header parameter: `Idempotency-Key` is `idempotencyKey`, `X-Mock-Scenario`
 * is `mockScenario`.
 * @example
 * headerArgument('X-Mock-Scenario') // 'mockScenario'
 */
export const headerArgument = (header: string) =>
  header
    .replace(/^X-/, '')
    .split('-')
    .map((word, i) => (i === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase()))
    .join('')

const API_KEY: JsonSchema = {
  type: 'string',
  minLength: 1,
  description: 'The key of the account to act as: createAccount answers it (apiKey)',
}

/** The tool of one route: its document's operation as a name, a description and an input schema. */
function toolOf(row: TableRow, document: Document): Tool {
  const operation = document.paths[row.path.replace(/:(\w+)/g, '{$1}')]![row.method.toLowerCase()]!
  const access = row.access === 'service key' ? 'service key' : 'control'
  const properties: Record<string, JsonSchema> = {}
  const required: string[] = []
  const places: Record<string, Place> = {}
  const add = (name: string, schema: JsonSchema, place: Place, needed: boolean) => {
    if (name in properties) throw new Error(`the tool ${operation.operationId} has two arguments named ${name}`)
    properties[name] = schema
    places[name] = place
    if (needed) required.push(name)
  }
  if (access === 'service key') add('apiKey', API_KEY, { in: 'header', name: 'Authorization' }, true)
  for (const parameter of operation.parameters ?? []) {
    const { name, in: where, description, schema, required: needed } = resolve<Parameter>(document, parameter)
    if (where === 'header' && TRANSPORT_HEADERS.has(name)) continue
    const argument = where === 'header' ? headerArgument(name) : name
    add(argument, { ...schema, description }, { in: where, name }, needed === true)
  }
  const body = operation.requestBody && resolve<JsonSchema>(document, operation.requestBody)
  const schema = (body?.content as Record<string, { schema: JsonSchema }> | undefined)?.['application/json']?.schema
  const flat = schema?.type === 'object' && schema.properties !== undefined
  if (schema && flat) {
    const fields = schema.required as string[] | undefined
    // `$schema` and `$comment` are for a scenario file's editor, no argument of a tool.
    for (const [name, field] of Object.entries(schema.properties as Record<string, JsonSchema>))
      if (!name.startsWith('$'))
        add(name, field, { in: 'body' }, body?.required === true && fields?.includes(name) === true)
  } else if (schema) add('body', { ...schema, description: body?.description }, { in: 'body' }, true)
  const { summary, description = summary } = operation
  const as = access === 'service key' ? 'As a client of the service, with the apiKey of an account: ' : ''
  const said = description.startsWith(summary) ? description : `${summary}. ${description}`
  return {
    name: operation.operationId,
    description: `${as}${said}\n\n(${row.method} ${row.path})`,
    inputSchema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) },
    method: row.method,
    path: row.path,
    access,
    places,
    wholeBody: schema !== undefined && !flat,
    openBody: flat && schema.additionalProperties !== false,
  }
}

/**
 * Every tool, in the route table's order: the control API's, then the service's. Made once per process.
 * @example
 * toolTable().find((tool) => tool.name === 'advanceClock')!.inputSchema.properties.until
 */
export function toolTable(): readonly Tool[] {
  if (made) return made
  const control = controlOpenApiDocument(pkg.version, CONTROL_API_ROUTES) as unknown as Document
  const service = openApiDocument(pkg.version, SERVICE_ROUTES) as unknown as Document
  const rows = CONTROL_API_ROUTES.filter((row) => row.access !== 'public' && !NOT_TOOLS.has(row.name))
  made = [...rows.map((row) => toolOf(row, control)), ...SERVICE_ROUTES.map((row) => toolOf(row, service))]
  return made
}
let made: readonly Tool[] | undefined
