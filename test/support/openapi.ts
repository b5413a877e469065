import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import pkg from '../../package.json' with { type: 'json' }
import { openApiDocument } from '../../src/openapi/service-document.js'
import { CONTROL_API_ROUTES, SERVICE_ROUTES } from '../../src/handlers/route-table.js'
import { controlOpenApiDocument } from '../../src/openapi/control-document.js'
import type { Door } from './doors.js'

/**
 * The two OpenAPI documents as data for tests, an ajv that reads them, and a checker of every
 * answer against them: `checkResponses(door)` gives a door whose fetch fails a test on any answer
 * of a documented operation that its document does not declare (status, media type, body schema,
 * headers).
 */

// ajv-formats is CommonJS with a default export; under NodeNext its type is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default

export type Json = { [key: string]: unknown }
export interface Operation extends Json {
  operationId: string
  parameters?: Json[]
  requestBody?: Json
  responses: Record<string, Json>
  'x-genmock-rules'?: NonSchemaRule[]
}
export interface NonSchemaRule {
  id: string
  says: string
  where: string[]
  answer?: number
  source: string
}
export interface Document extends Json {
  paths: Record<string, Record<string, Operation>>
  components: Json & Record<'schemas' | 'requestBodies' | 'parameters' | 'headers', Record<string, Json>>
}

export const DOCUMENTS = {
  service: {
    id: 'urn:genmock:openapi:service',
    document: () => openApiDocument(pkg.version, SERVICE_ROUTES) as unknown as Document,
  },
  control: {
    id: 'urn:genmock:openapi:control',
    document: () => controlOpenApiDocument(pkg.version, CONTROL_API_ROUTES) as unknown as Document,
  },
} as const
export type DocumentName = keyof typeof DOCUMENTS

/** OpenAPI's own keywords and extensions, which are not JSON Schema's. */
const OPENAPI_KEYWORDS = [
  'openapi',
  'info',
  'servers',
  'paths',
  'components',
  'security',
  'tags',
  'example',
  'discriminator',
  'xml',
  'externalDocs',
]

/**
 * An ajv (JSON Schema 2020-12, formats, strict about keywords) holding both documents, so that a
 * `$ref` into `#/components/…` resolves inside its own document.
 * @example
 * const validate = documentAjv().getSchema('urn:genmock:openapi:service#/components/schemas/TaskSnapshot')
 */
export function documentAjv(documents: Partial<Record<DocumentName, Document>> = {}): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictTypes: false,
    strictRequired: false,
    validateFormats: true,
    inlineRefs: false,
  })
  addFormats(ajv)
  ajv.addVocabulary(OPENAPI_KEYWORDS)
  for (const [name, { id, document }] of Object.entries(DOCUMENTS)) {
    const doc = documents[name as DocumentName] ?? document()
    ajv.addSchema(withoutExtensions(doc) as Json, id)
  }
  return ajv
}

/** Vendor extensions (`x-…`) are OpenAPI's, not JSON Schema's: ajv would refuse them as unknown keywords. */
function withoutExtensions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutExtensions)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !key.startsWith('x-'))
      .map(([key, inner]) => [key, withoutExtensions(inner)]),
  )
}

/** A JSON pointer into a document, as the fragment of a URI. */
export const pointer = (...segments: string[]) =>
  `#/${segments.map((s) => encodeURIComponent(s.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/')}`

/** Readable ajv errors. */
export const explain = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`).join('; ')

interface Route {
  document: DocumentName
  path: string
  method: string
  match: RegExp
}

function routesOf(name: DocumentName, doc: Document): Route[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({
      document: name,
      path,
      method: method.toUpperCase(),
      match: new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    })),
  )
}

/** The response object an answer falls under: its status, else its range (2XX), else default. */
export function responseFor(op: Operation, status: number): { key: string; response: Json } | undefined {
  for (const key of [String(status), `${String(status)[0]}XX`, 'default'])
    if (op.responses[key]) return { key, response: op.responses[key] }
  return undefined
}

/**
 * A checker of answers against the documents: undefined when an answer is as documented (or its
 * operation is not documented), else what is wrong with it.
 * @example
 * const check = responseChecker()
 * const problem = await check('GET', '/api/ai/models', res.clone())
 */
export function responseChecker() {
  const docs = { service: DOCUMENTS.service.document(), control: DOCUMENTS.control.document() }
  const ajv = documentAjv(docs)
  const routes = [...routesOf('service', docs.service), ...routesOf('control', docs.control)]
  const compiled = new Map<string, ValidateFunction>()
  const validator = (document: DocumentName, ...segments: string[]) => {
    const ref = `${DOCUMENTS[document].id}${pointer(...segments)}`
    let validate = compiled.get(ref)
    if (!validate) compiled.set(ref, (validate = ajv.compile({ $ref: ref })))
    return validate
  }
  const patterns = new Map<string, RegExp>()
  const regex = (source: string) => patterns.get(source) ?? patterns.set(source, new RegExp(source, 'u')).get(source)!
  const resolve = (document: DocumentName, value: Json): Json => {
    const target = value.$ref
    if (typeof target !== 'string') return value
    const [, section, name] = /^#\/components\/(\w+)\/(.+)$/.exec(target)!
    return docs[document].components[section as 'headers'][name!]!
  }

  return async (method: string, target: string, res: Response): Promise<string | undefined> => {
    const path = new URL(target, 'http://x').pathname
    const route = routes.find((r) => r.method === method.toUpperCase() && r.match.test(path))
    if (!route) return undefined
    const op = docs[route.document].paths[route.path]![route.method.toLowerCase()]!
    const where = `${method} ${path} → ${res.status}`
    const found = responseFor(op, res.status)
    if (!found) return `${where}: status not declared by ${op.operationId}`
    const segments = ['paths', route.path, route.method.toLowerCase(), 'responses', found.key]
    for (const [name, declared] of Object.entries((found.response.headers ?? {}) as Record<string, Json>)) {
      const header = resolve(route.document, declared)
      const value = res.headers.get(name)
      if (value === null) {
        if (header.required) return `${where}: required header ${name} missing`
        continue
      }
      const schema = header.schema as Json
      if (schema.pattern && !regex(schema.pattern as string).test(value))
        return `${where}: header ${name}: ${value} does not match ${String(schema.pattern)}`
      if ('const' in schema && schema.const !== value)
        return `${where}: header ${name}: ${value} is not ${String(schema.const)}`
    }
    const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim()
    const content = found.response.content as Record<string, Json> | undefined
    const text = await res.text()
    if (!content) return text === '' ? undefined : `${where}: declared without a body, answered ${type}`
    if (!content[type])
      return `${where}: media type ${type || '(none)'} not declared (${Object.keys(content).join(', ')})`
    if (type !== 'application/json') return undefined
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return `${where}: not JSON: ${text.slice(0, 200)}`
    }
    const validate = validator(route.document, ...segments, 'content', type, 'schema')
    if (!validate(body))
      return (
        `${where}: body off ${op.operationId}'s ${found.key} schema: ${explain(validate.errors)}\n` +
        text.slice(0, 1000)
      )
    return undefined
  }
}

let shared: ReturnType<typeof responseChecker> | undefined

/**
 * The door, with every answer of a documented operation checked against its document: an answer
 * the document does not declare fails the request (and so the test) with what is wrong.
 * @example
 * door = checkResponses(await open(options?.()))
 */
export function checkResponses(door: Door): Door {
  const check = (shared ??= responseChecker())
  return {
    ...door,
    fetch: async (path, init) => {
      const res = await door.fetch(path, init)
      const problem = await check(init?.method ?? 'GET', path, res.clone())
      if (problem) throw new Error(`OpenAPI: ${problem}`)
      return res
    },
  }
}
