// The service's media handlers: generated PNG previews and the sample MP4, with byte ranges.
import type { Account } from '../engine/accounts/accounts.js'
import { Problem } from '../engine/problem.js'
import type { Route } from './route-context.js'
import { json, type Reply } from '../http/request-reply.js'
import { parseRange } from '../http/range.js'

const notFound = () => Problem.of({ kind: 'not-found', message: 'Media not found' })
const CACHE = 'private, max-age=3600'

/**
 * Output media: generated PNGs for image tasks, the sample MP4 (with byte ranges) for video tasks. Each is
 * handed the owner check its row gives (route-table.ts, `owner key`): the engine runs it for a relay task's media.
 */
export const MEDIA_HANDLERS = {
  serveImage: ({ engine, params, trace }, owner) => {
    const match = /^(\d{1,3})\.png$/.exec(params.file!)
    if (!match) throw notFound()
    // Journaled under its task, as the dashboard's task panel lists the requests that touched it.
    trace.taskId = params.taskId!
    return imageReply(engine.media.image(params.taskId!, Number(match[1]), owner))
  },
  serveVideo: ({ engine, request, params, trace }, owner) => {
    const match = /^(.+)\.mp4$/.exec(params.file!)
    if (!match) throw notFound()
    trace.taskId = match[1]!
    return videoReply(engine.media.video(match[1]!, owner), request.headers.range)
  },
} satisfies Record<string, Route<() => Account>>

/**
 * A PNG as its reply.
 * @example
 * imageReply(png, 'no-store')
 */
export const imageReply = (png: Uint8Array, cache = CACHE): Reply => ({
  status: 200,
  headers: { 'content-type': 'image/png', 'content-length': String(png.byteLength), 'cache-control': cache },
  bytes: png,
})

/**
 * An MP4 as its reply: whole, the one byte range asked for (206), or 416 for a range past its end.
 * @example
 * videoReply(mp4, 'bytes=0-99') // 206, content-range bytes 0-99/size
 */
export function videoReply(mp4: Uint8Array, rangeHeader: string | undefined, cache = CACHE): Reply {
  const size = mp4.byteLength
  const headers = { 'content-type': 'video/mp4', 'accept-ranges': 'bytes', 'cache-control': cache }
  const range = parseRange(rangeHeader ?? null, size)
  if (range === 'unsatisfiable')
    return json(416, { error: 'Range not satisfiable' }, { 'content-range': `bytes */${size}` })
  if (range === null) return { status: 200, headers: { ...headers, 'content-length': String(size) }, bytes: mp4 }
  const part = mp4.subarray(range.start, range.end + 1)
  return {
    status: 206,
    headers: {
      ...headers,
      'content-length': String(part.byteLength),
      'content-range': `bytes ${range.start}-${range.end}/${size}`,
    },
    bytes: part,
  }
}
