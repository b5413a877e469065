import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { getResponse, type RequestHandler } from 'msw'

/**
 * A Fetch Request for a Node request, as msw handlers expect it. `extraHeaders` are set over the
 * client's own (the server vouches for them).
 * @example
 * const request = toFetchRequest(req, 'http://127.0.0.1:4600', { 'x-genmock-remote-address': '127.0.0.1' })
 */
export function toFetchRequest(req: IncomingMessage, origin: string, extraHeaders: Record<string, string> = {}): Request {
  const headers = new Headers()
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!)
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value)
  const method = req.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD'
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit)
}

/**
 * Answers a Node request with msw handlers through msw's own `getResponse`: the request walks the
 * handlers once, with no second copy of msw and no event emitter in between. Resolves false when no
 * handler answered. A `Response.error()` (a scenario dropping the connection) destroys the socket.
 * @example
 * if (!(await answerWithHandlers(handlers, request, res))) res.writeHead(404).end()
 */
export async function answerWithHandlers(handlers: RequestHandler[], request: Request, res: ServerResponse): Promise<boolean> {
  const response = await getResponse(handlers, request)
  if (!response) return false
  if (response.type === 'error') {
    res.socket?.destroy()
    return true
  }
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined
  res.statusCode = response.status
  response.headers.forEach((value, name) => res.appendHeader(name, value))
  if (body && !response.headers.has('content-length')) res.setHeader('content-length', body.byteLength)
  res.end(body)
  return true
}
