// The msw door: a Fetch Request to the route core's request value and its reply back to a Response.
import { http, type HttpHandler } from 'msw'
import { LIMITS } from '../contract/limits.js'
import { isGenmockPath, type App } from '../handlers/app.js'
import { isDashboardRequest, type HttpRequest, type Sent } from '../http/request-reply.js'
import { bodyLimit } from '../snapshot/snapshot.js'

/**
 * The request body, read at most one chunk past the body limit (the routes answer 413 past it).
 * Not cancel() when stopping: msw tees request bodies, and a branch's cancel settles only with the other's.
 */
export async function readLimited(request: Request, limit: number = LIMITS.maxBodyBytes): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    size += value.byteLength
    if (size > limit) {
      reader.releaseLock()
      break
    }
  }
  return joinChunks(chunks, size)
}

/** A body's chunks, `size` bytes in all, as one array. */
export function joinChunks(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/**
 * Fetch headers as a record of one value a name. Fetch lists each Set-Cookie apart, so that
 * Object.fromEntries keeps the last; they are joined by `, ` here, as get() joins any other.
 */
export function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = Object.fromEntries(headers)
  if (record['set-cookie'] !== undefined) record['set-cookie'] = headers.get('set-cookie')!
  return record
}

/**
 * A Fetch Request as a request value. In a page the browser, not the request, carries the cookies:
 * msw reads them from the document, and they are handed on as the Cookie header a server would see.
 */
export async function toHttpRequest(request: Request, url: URL, cookies: Record<string, string>): Promise<HttpRequest> {
  const headers = headerRecord(request.headers)
  const names = Object.keys(cookies)
  if (headers.cookie === undefined && names.length > 0)
    headers.cookie = names.map((name) => `${name}=${encodeURIComponent(cookies[name]!)}`).join('; ')
  return {
    method: request.method,
    path: url.pathname,
    query: url.search.slice(1),
    headers,
    body: await readLimited(request, bodyLimit(request.method, url.pathname)),
    origin: url.origin,
  }
}

/** A reply as a Fetch Response, its bytes as the route core serialised them; a dropped connection a network error. */
function toResponse(reply: Sent): Response {
  if ('drop' in reply) return Response.error()
  // A 304 has no body at all: Fetch refuses to make one with even an empty string.
  const body =
    reply.status === 304
      ? null
      : typeof reply.bytes === 'string'
        ? reply.bytes
        : (reply.bytes as Uint8Array<ArrayBuffer>)
  return new Response(body, { status: reply.status, headers: reply.headers })
}

/**
 * The msw door, for `setupServer` (msw/node) and `setupWorker` (the browser): one handler that
 * hands genmock's paths, on any origin, to the route table; every other request passes by.
 * @example
 * setupServer(...mswHandlers(createApp(engine)))
 */
export function mswHandlers(app: App): HttpHandler[] {
  const handler = http.all(
    ({ request }) => isGenmockPath(new URL(request.url).pathname),
    async ({ request, cookies }) => {
      const url = new URL(request.url)
      const reply = await app(await toHttpRequest(request, url, cookies))
      return reply ? toResponse(reply) : undefined
    },
  )
  // msw's console line per request (startWorker's logRequests): none for the dashboard's own requests.
  const log = handler.log.bind(handler)
  handler.log = (args) =>
    isDashboardRequest({ 'genmock-dashboard': args.request.headers.get('genmock-dashboard') ?? undefined })
      ? Promise.resolve()
      : log(args)
  return [handler]
}
