/**
 * The OpenAPI 3.1 document of the service endpoints (GET /openapi.json): exactly as strict as
 * genmock. Each request shape is a branch of a oneOf keyed on its model (and input mode, and
 * provider), converted from the very zod schema the engine picks for such a body; what JSON
 * Schema cannot say is listed per operation in `x-genmock-rules`, which the agreement test reads.
 */
import pkg from '../../package.json' with { type: 'json' }
import { json as jsonReply, type Reply } from '../http/request-reply.js'
import { HEADER_COMPONENTS, PARAMETERS, SECURITY_SCHEMES, schemas } from './service-components.js'
import { mediaPaths } from './media-operations.js'
import { imageRequest, videoRequest } from './request-schemas.js'
import { type ServiceRow, servicePaths } from './service-operations.js'
import { DEFAULT_ORIGIN, INFO_COMMON, servers } from './json-schema.js'

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

/**
 * The OpenAPI 3.1 document of the service endpoints (`routes`: the route table's service rows), for a
 * genmock reached at `origin`.
 * @example
 * openApiDocument('0.1.0', SERVICE_ROUTES, 'http://127.0.0.1:4600').paths['/api/ai/tasks/{id}'].get
 */
export function openApiDocument(version: string, routes: readonly ServiceRow[], origin: string = DEFAULT_ORIGIN) {
  return {
    openapi: '3.1.0',
    info: { title: INFO.title, version, summary: INFO.summary, description: INFO.description, ...INFO_COMMON },
    servers: servers(origin, 'genmock'),
    security: [{ bearer: [] }, { session: [] }],
    tags: TAGS,
    paths: { ...servicePaths(routes), ...mediaPaths() },
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
 * const reply = openApiReply('http://127.0.0.1:4600', SERVICE_ROUTES)
 */
export function openApiReply(origin: string, routes: readonly ServiceRow[]): Reply {
  base ??= openApiDocument(pkg.version, routes)
  return jsonReply(200, { ...base, servers: servers(origin, 'genmock') })
}
