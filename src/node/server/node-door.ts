// The Node door's request listener: node:http straight onto the route core (or the recording proxy). The
// body is read from the stream, the reply written with one writeHead/end; no Fetch object is made on the way
// (docs/performance.md). It counts the requests in flight, so that a graceful close can wait for them.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { LIMITS } from '../../contract/limits.js'
import { proxyFailure } from '../../drift/proxy-failure.js'
import type { Answer } from '../../handlers/app.js'
import { isControlPath } from '../../handlers/route-table.js'
import { bodyLimit } from '../../snapshot/snapshot.js'
import type { HttpRequest, Sent } from '../../http/request-reply.js'
import type { RecordingProxy } from '../proxy/recording-proxy.js'
import type { siteRules } from './site-rules.js'
import type { requestLog } from './logger.js'
import { readBody } from './request-body.js'
import { BAD_HOST, BAD_TARGET, hostOrigin, target } from './request-target.js'

/** What the listener is made of: the route core's answer, and the door's own parts. */
export interface DoorParts {
  answer: Answer
  proxy: RecordingProxy | undefined
  sites: ReturnType<typeof siteRules>
  log: ReturnType<typeof requestLog>
  onError: (error: unknown) => void
}

const EMPTY = new Uint8Array()
/** Every reply's header list, filled afresh each time: writeHead reads it at once and keeps none of it. */
const HEAD: (string | number)[] = []

/**
 * Whether a request says a body follows its headers. One that does not is whole as soon as its
 * headers are: Node marks it complete only after the 'request' event, when a reply may be written already.
 */
const announcesBody = ({ headers }: IncomingMessage) =>
  headers['transfer-encoding'] !== undefined ||
  (headers['content-length'] !== undefined && headers['content-length'] !== '0')

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text)
}

/** genmock's own answer to a request it does not forward; the connection closes after it. */
function refuseProxying(res: ServerResponse, failure: ReturnType<typeof proxyFailure>): void {
  const headers = { ...failure.headers, 'content-length': Buffer.byteLength(failure.body), connection: 'close' }
  res.writeHead(failure.status, headers).end(failure.body)
}

/**
 * The listener node:http calls for every request (`serve`), with what a graceful close needs of it.
 * Its functions are made once: a request adds none of its own.
 * @example
 * const door = new NodeDoor({ answer, proxy: undefined, sites, log, onError: console.error })
 * createServer(door.serve)
 */
export class NodeDoor {
  readonly #parts: DoorParts
  readonly #origins = new Map<string, string>()
  /** Requests being answered, so that a graceful close waits for them. */
  #inFlight = 0
  #draining = false
  #drained: (() => void) | undefined = undefined

  constructor(parts: DoorParts) {
    this.#parts = parts
  }

  /** How many requests are being answered. */
  get inFlight(): number {
    return this.#inFlight
  }

  /** From now on every reply says `Connection: close`; `drained` is called once the last in flight is answered. */
  drain(drained?: () => void): void {
    this.#draining = true
    this.#drained = drained
  }

  /** One listener for every response, so that a request adds no function of its own. */
  readonly #answered = () => {
    if (--this.#inFlight === 0 && this.#draining) this.#drained?.()
  }

  readonly serve = (req: IncomingMessage, res: ServerResponse) => {
    // Errors are caught here, not by a .catch() on every request's promise.
    try {
      this.#inFlight++
      res.on('close', this.#answered)
      if (this.#draining) res.shouldKeepAlive = false
      this.#parts.log(req, res)
      const origin = hostOrigin(req, this.#origins)
      // Before the site rules: they and every URL genmock builds read the Host header.
      if (origin === undefined) return sendJson(res, BAD_HOST.status, BAD_HOST.body)
      // Normalised before the site rules, so that they judge the path routing will use.
      const normal = target(req.url ?? '/')
      if (normal === undefined) return sendJson(res, BAD_TARGET.status, BAD_TARGET.body)
      const { path, query } = normal
      if (this.#parts.sites.answer(req, res, path)) return
      const method = req.method ?? 'GET'
      // Never an open proxy: only origin-form targets, all sent to the one base_url.
      if (this.#parts.proxy && !(req.url ?? '/').startsWith('/'))
        return refuseProxying(res, proxyFailure('refused-target', 'only paths are forwarded, to the --proxy base_url'))
      // Node gives Set-Cookie as a list; the routes get it as one value, joined as Fetch joins it.
      const cookies = req.headers['set-cookie']
      if (cookies !== undefined) (req.headers as Record<string, string>)['set-cookie'] = cookies.join(', ')
      const headers = req.headers as HttpRequest['headers']
      const remoteAddress = req.socket.remoteAddress
      const request: HttpRequest = { method, path, query, headers, body: EMPTY, origin, remoteAddress }
      if (method !== 'GET' && method !== 'HEAD')
        return readBody(req, bodyLimit(method, path), this.#withBody, res, request)
      if (!announcesBody(req)) return this.#route(req, res, request)
      // Its body unread, as before: answered once the parser has taken in what arrived of it.
      queueMicrotask(() => this.#withBody(req, EMPTY, res, request))
    } catch (error) {
      this.#failed(res, error)
    }
  }

  #failed(res: ServerResponse, error: unknown): void {
    this.#parts.onError(error)
    if (!res.headersSent) sendJson(res, 500, { error: 'Internal error' })
    else res.destroy()
  }

  /** Called with the body once it is read (request-body.ts), outside the try of `serve`. */
  readonly #withBody = (req: IncomingMessage, body: Uint8Array, res: ServerResponse, request: HttpRequest) => {
    try {
      request.body = body
      this.#route(req, res, request)
    } catch (error) {
      this.#failed(res, error)
    }
  }

  /** The request value to the route core (or the proxy), its body read. */
  #route(req: IncomingMessage, res: ServerResponse, request: HttpRequest) {
    const { proxy, answer } = this.#parts
    if (proxy && !isControlPath(request.path) && request.path !== '/openapi.json') {
      if (request.body.byteLength <= LIMITS.maxBodyBytes) return proxy.forward(req, res, request)
      const message = `request bodies above ${LIMITS.maxBodyBytes} bytes are not forwarded`
      return refuseProxying(res, proxyFailure('too-large', message))
    }
    const reply = answer(request)
    // Most routes answer at once: then no promise is made on the way.
    if (!(reply instanceof Promise)) return this.#write(req, res, request, reply)
    reply.then(
      (done) => {
        try {
          this.#write(req, res, request, done)
        } catch (error) {
          this.#failed(res, error)
        }
      },
      (error: unknown) => this.#failed(res, error),
    )
  }

  /** The reply written with one writeHead/end, its bytes as the route core serialised them (app.ts). */
  #write(req: IncomingMessage, res: ServerResponse, request: HttpRequest, reply: Sent | undefined) {
    if (!reply) return sendJson(res, 404, { error: `No route ${request.method} ${request.path}` })
    if ('drop' in reply) return void res.socket?.destroy()
    const { bytes } = reply
    // A flat list, the reply's headers and the door's: the journal keeps the reply's own, as the routes gave them.
    let n = 0
    let length = false
    let connection = -1
    for (const name in reply.headers) {
      if (name === 'content-length') length = true
      else if (name === 'connection') connection = n + 1
      HEAD[n++] = name
      HEAD[n++] = reply.headers[name]!
    }
    // A 304 says nothing of the length: RFC 9110 allows only the 200's own there.
    if (!length && reply.status !== 304) {
      HEAD[n++] = 'content-length'
      HEAD[n++] = Buffer.byteLength(bytes)
    }
    // The rest of an oversized body is still on the socket, in the way of any next request.
    if (!(req.complete || !announcesBody(req)) || this.#draining) {
      if (connection >= 0) HEAD[connection] = 'close'
      else {
        HEAD[n++] = 'connection'
        HEAD[n++] = 'close'
      }
    }
    // The length setter is a runtime call: made only when this reply's list is shorter than the last one's.
    if (HEAD.length !== n) HEAD.length = n
    res.writeHead(reply.status, HEAD).end(bytes)
  }
}
