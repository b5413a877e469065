/**
 * The output media routes in the service's OpenAPI document (docs/openapi.md): the
 * URLs `outputImageUrls` and `outputVideoUrl` give, so that a validating proxy in front of
 * genmock lets media fetches through. Media of relay tasks need the owner's credential, other
 * media none; videos answer one byte range.
 */
import { ref, response } from './json-schema.js'

const common = { Date: ref('headers', 'Date'), 'Genmock-Conformance': ref('headers', 'GenmockConformance') }
const unrouted = { Date: ref('headers', 'DateIfRouted'), 'Genmock-Conformance': ref('headers', 'GenmockConformance') }
const text = (description: string) => ({ description, schema: { type: 'string' } })
const CACHE = { 'Cache-Control': text('private, max-age=3600: a completed task never changes its media.') }
const CONTENT_RANGE = {
  'Content-Range': { required: true, schema: { type: 'string', pattern: '^bytes (\\d+-\\d+|\\*)/\\d+$' } },
}
const binary = (type: string) => ({ [type]: { schema: { type: 'string', contentMediaType: type } } })

const AUTH =
  "Public, except the media of relay tasks: those need the owner's credential (the bearer key or " +
  'the session cookie), else 401.'
/** Optional credentials: none for most media, the owner's for a relay task's. */
const SECURITY = [{}, { bearer: [] }, { session: [] }]

const taskId = {
  name: 'taskId',
  in: 'path',
  required: true,
  description: 'The task id, as in the URL the task gave.',
  schema: { type: 'string', minLength: 1 },
}

/** What every media route may answer besides its media. */
const REFUSALS = {
  '401': response(
    { description: "A relay task's media without the owner's credential.", body: 'Unauthorized' },
    common,
  ),
  '403': response(
    {
      description: 'A key sent from a page in strict mode, or a refused Host or Origin.',
      body: ['StrictRefusal403', 'AccessRefused'],
    },
    unrouted,
  ),
  '404': response(
    { description: 'No such task, not completed, or no such output: Media not found.', body: 'Error' },
    common,
  ),
  default: response({ description: 'Internal error (a genmock bug).', body: 'Error' }, unrouted),
}

/**
 * GET /media/images/{taskId}/{index}.png and GET /media/videos/{taskId}.mp4.
 * @example
 * openApiDocument('0.1.0', SERVICE_ROUTES).paths['/media/videos/{taskId}.mp4'].get.responses['206']
 */
export function mediaPaths() {
  return {
    '/media/images/{taskId}/{index}.png': {
      get: {
        operationId: 'getOutputImage',
        tags: ['media'],
        summary: "A completed image task's output",
        description: `The PNG outputImageUrls names (long side 256 px, the request's aspect ratio). ${AUTH}`,
        security: SECURITY,
        parameters: [
          taskId,
          {
            name: 'index',
            in: 'path',
            required: true,
            description: 'The output, from 0.',
            schema: { type: 'string', pattern: '^\\d{1,3}$' },
          },
        ],
        responses: {
          '200': response({ description: 'The PNG.', headers: CACHE, content: binary('image/png') }, common),
          ...REFUSALS,
        },
      },
    },
    '/media/videos/{taskId}.mp4': {
      get: {
        operationId: 'getOutputVideo',
        tags: ['media'],
        summary: "A completed video task's output, with byte ranges",
        description: `The MP4 outputVideoUrl names; one byte range (RFC 9110 §14) per request. ${AUTH}`,
        security: SECURITY,
        parameters: [
          taskId,
          {
            name: 'Range',
            in: 'header',
            required: false,
            description: 'One byte range, such as bytes=0-1023; any other Range header is ignored.',
            schema: { type: 'string' },
          },
        ],
        responses: {
          '200': response(
            {
              description: 'The whole MP4.',
              headers: { ...CACHE, 'Accept-Ranges': text('bytes') },
              content: binary('video/mp4'),
            },
            common,
          ),
          '206': response(
            {
              description: 'The range asked for.',
              headers: { ...CACHE, ...CONTENT_RANGE, 'Accept-Ranges': text('bytes') },
              content: binary('video/mp4'),
            },
            common,
          ),
          '416': response({ description: 'A range past the end.', body: 'Error', headers: CONTENT_RANGE }, common),
          ...REFUSALS,
        },
      },
    },
  }
}
