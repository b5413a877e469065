import type { IncomingMessage, ServerResponse } from 'node:http'
import { getResponse, type RequestHandler } from 'msw'
import { LIMITS } from '../contract/limits.js'

/**
 * The request body, read up front and at most one byte past the body limit: a body that large is
 * refused (413) by the handlers anyway, and the rest is never read. Undefined when the client hung
 * up mid-upload: there is nobody left to answer, and half a request must not create a task.
 */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    const finish = () => {
      req.off('data', onData).off('end', finish).off('error', abort)
      resolve(Buffer.concat(chunks))
    }
    const abort = () => {
      req.off('data', onData).off('end', finish).off('error', abort)
      resolve(undefined)
    }
    const onData = (chunk: Buffer) => {
      chunks.push(chunk)
      size += chunk.byteLength
      if (size > LIMITS.maxBodyBytes) {
        req.pause()
        finish()
      }
    }
    req.on('data', onData).on('end', finish).on('error', abort)
  })
}

/**
 * A Fetch Request for a Node request, as msw handlers expect it, or undefined when the client hung
 * up before sending all of it. `extraHeaders` are set over the client's own (the server vouches for them).
 * @example
 * const request = await toFetchRequest(req, 'http://127.0.0.1:4600', { 'x-genmock-remote-address': '127.0.0.1' })
 */
export async function toFetchRequest(req: IncomingMessage, origin: string, extraHeaders: Record<string, string> = {}): Promise<Request | undefined> {
  // Node has already joined repeated headers into one value each.
  const headers = new Headers({ ...(req.headers as Record<string, string>), ...extraHeaders })
  const method = req.method ?? 'GET'
  const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req)
  if (body === undefined && method !== 'GET' && method !== 'HEAD') return undefined
  return new Request(new URL(req.url ?? '/', origin), { method, headers, ...(body ? { body: new Uint8Array(body) } : {}) })
}

/**
 * Answers a Node request with msw handlers through msw's own `getResponse`: the request walks the
 * handlers once, with no second copy of msw and no event emitter in between. Resolves false when no
 * handler answered. A `Response.error()` (a scenario dropping the connection) destroys the socket.
 * @example
 * if (!(await answerWithHandlers(handlers, request, req, res))) res.writeHead(404).end()
 */
export async function answerWithHandlers(handlers: RequestHandler[], request: Request, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const response = await getResponse(handlers, request)
  if (!response) return false
  if (response.type === 'error') {
    res.socket?.destroy()
    return true
  }
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined
  const headers: Record<string, string | number> = Object.fromEntries(response.headers)
  if (body && headers['content-length'] === undefined) headers['content-length'] = body.byteLength
  // The rest of an oversized body is still on the socket, in the way of any next request.
  if (!req.complete) headers.connection = 'close'
  res.writeHead(response.status, headers).end(body)
  return true
}
