import type { Engine } from '../engine/engine.js'
import { MEDIA_ROUTES } from '../engine/media-paths.js'
import { Problem } from '../engine/problem.js'
import { parseRange } from './range.js'
import { route, type RouteOptions } from './route.js'

// Engine bytes are never backed by a SharedArrayBuffer; the DOM typing just cannot know that.
const asBody = (bytes: Uint8Array) => bytes as Uint8Array<ArrayBuffer>
const notFound = () => Problem.of({ kind: 'not-found', message: 'Media not found' })
const CACHE = 'private, max-age=3600'

/**
 * Output media: generated PNGs for image tasks, the sample MP4 (with byte ranges) for video tasks.
 * @example
 * setupServer(...mediaHandlers(engine))
 */
export function mediaHandlers(engine: Engine, options: RouteOptions = {}) {
  return [
    route(engine, 'get', MEDIA_ROUTES.image, (context) => {
      const match = /^(\d{1,3})\.png$/.exec(context.params.file!)
      if (!match) throw notFound()
      const png = engine.imageMedia(context.params.taskId!, Number(match[1]), context.caller)
      return new Response(asBody(png), { headers: { 'content-type': 'image/png', 'content-length': String(png.byteLength), 'cache-control': CACHE } })
    }, options),
    route(engine, 'get', MEDIA_ROUTES.video, (context) => {
      const match = /^(.+)\.mp4$/.exec(context.params.file!)
      if (!match) throw notFound()
      return videoResponse(engine.videoMedia(match[1]!, context.caller), context.request.headers.get('range'))
    }, options),
  ]
}

function videoResponse(mp4: Uint8Array, rangeHeader: string | null): Response {
  const size = mp4.byteLength
  const headers = { 'content-type': 'video/mp4', 'accept-ranges': 'bytes', 'cache-control': CACHE }
  const range = parseRange(rangeHeader, size)
  if (range === 'unsatisfiable') {
    return new Response(JSON.stringify({ error: 'Range not satisfiable' }), { status: 416, headers: { 'content-type': 'application/json', 'content-range': `bytes */${size}` } })
  }
  if (range === null) return new Response(asBody(mp4), { headers: { ...headers, 'content-length': String(size) } })
  const part = mp4.subarray(range.start, range.end + 1)
  return new Response(asBody(part), {
    status: 206,
    headers: { ...headers, 'content-length': String(part.byteLength), 'content-range': `bytes ${range.start}-${range.end}/${size}` },
  })
}
