// The Node door: the route core on node:http, with time-outs, access rules, the request log and the proxy.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { LIMITS } from '../../contract/limits.js'
import type { Drift } from '../../drift/drift-state.js'
import type { Engine } from '../../engine/engine.js'
import { redactor } from '../../http/redaction.js'
import { buildSimulator, type SimulatorOptions } from '../../simulator.js'
import { toWire, type HttpRequest, type Reply } from '../../http/request-reply.js'
import { originOf, parseHost } from '../../http/host.js'
import { problemToHttp } from '../../http/replies.js'
import { proxyFailure } from '../../drift/proxy-failure.js'
import { isControlPath } from '../../handlers/route-table.js'
import { accessRules, type AccessOptions } from './access.js'
import { openHostEntry, openHostsNeedToken } from './open-hosts.js'
import { packageFile } from './package-file.js'
import { requestLog, type LogFormat } from './logger.js'
import type { ProxyOptions } from '../proxy/recording-proxy.js'
import { VERSION } from './version.js'
import type { StateKeeper, StateOptions } from '../state/state-keeper.js'
import { bodyLimit } from '../../snapshot/snapshot.js'
import { readBody } from './request-body.js'

export interface ServerOptions extends SimulatorOptions, Omit<AccessOptions, 'host'> {
  /** Default 4600; 0 picks a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  log?: LogFormat
  write?: (line: string) => void
  /** Overrides SERVER_TIMEOUTS (tests use short ones). */
  timeouts?: Partial<typeof SERVER_TIMEOUTS>
  /** Forward the service's routes to a base_url, compare its answers (docs/check-against-the-service.md). */
  proxy?: ProxyOptions
  /**
   * Keep the state in a folder and start from it (docs/state.md): accounts, tasks, clocks, keys,
   * the journal. A folder that cannot be used is refused with a StateDirError naming the file.
   */
  state?: StateOptions
}

/**
 * Simulator choices (docs/limits-and-security.md, Limits, time-outs and hostile input): the headers must arrive within
 * 10 s and the whole request within 30 s of its first byte (else 408); an idle keep-alive connection closes after 5 s.
 * Node checks them every `checkEveryMs`.
 */
export const SERVER_TIMEOUTS = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000, checkEveryMs: 1_000 }

export interface RunningServer {
  url: string
  port: number
  engine: Engine
  /**
   * Stops accepting connections. Without `graceMs`, closes every connection at once; with it, the
   * requests in flight get their answers first (new ones on open connections too, told
   * `Connection: close`) until none is left or `graceMs` has passed. Resolves when all are closed.
   */
  close(options?: { graceMs?: number }): Promise<void>
  /** With `proxy`: where the service answered otherwise than genmock would have. */
  drift: Drift
  /** With `state`: where it is kept, how it was found at start. Closing saves it (unless `manual`). */
  state?: StateKeeper
}

/**
 * The MP4 every completed video task serves: the package's fixtures/sample.mp4, found through
 * its own export, so it resolves the same from the sources, the ESM build, the CommonJS build, the
 * bundled command and the standalone executable (package-file.ts).
 * @example
 * createSimulator({ videoSample: loadVideoSample() })
 */
export const loadVideoSample = () => packageFile('fixtures/sample.mp4')

const EMPTY = new Uint8Array()
/** Every reply's header list, filled afresh each time: writeHead reads it at once and keeps none of it. */
const HEAD: (string | number)[] = []
/** Paths made only of characters a URL parser leaves alone, with no dot segment: no need to parse them. */
const PLAIN_TARGET = /^\/(?!.*\/\.)[\w\-.~!$&'()*+,;=:@/%]*(?:\?[^#]*)?$/

/**
 * The path and query of a request target, normalised as a Fetch URL would be (dot segments,
 * escapes) when it needs it.
 */
interface Target {
  path: string
  query: string
}

function target(url: string): Target | undefined {
  const parsed = PLAIN_TARGET.test(url) ? undefined : URL.parse(url, 'http://localhost')
  if (parsed === null) return undefined // an absolute-form target no URL parser reads
  const normal = parsed ? parsed.pathname + parsed.search : url
  const at = normal.indexOf('?')
  return at < 0 ? { path: normal, query: '' } : { path: normal.slice(0, at), query: normal.slice(at + 1) }
}

/**
 * Whether a request says a body follows its headers. One that does not is whole as soon as its
 * headers are: Node marks it complete only after the 'request' event, when a reply may be written already.
 */
const announcesBody = ({ headers }: IncomingMessage) =>
  headers['transfer-encoding'] !== undefined ||
  (headers['content-length'] !== undefined && headers['content-length'] !== '0')

/** Whether a header name is Host, in any case, without making a lower-case copy of every name. */
const isHost = (name: string) =>
  name.length === 4 && (name === 'Host' || name === 'host' || name.toLowerCase() === 'host')

/**
 * The origin a request names in its Host header (RFC 9112 §3.2): undefined when the header is
 * malformed, carries userinfo, is missing from an HTTP/1.1 request, or is sent twice. An HTTP/1.0
 * request without one is answered for the address it reached.
 */
function hostOrigin(req: IncomingMessage, cache: Map<string, string>): string | undefined {
  const header = req.headers.host
  if (header === undefined) return req.httpVersion === '1.0' ? 'http://localhost' : undefined
  let hosts = 0
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (isHost(req.rawHeaders[i]!)) hosts++
  if (hosts > 1) return undefined // Node keeps the first: which one a proxy read is unknown
  let origin = cache.get(header)
  if (origin !== undefined) return origin
  const authority = parseHost(header)
  if (!authority) return undefined
  origin = new URL(originOf(authority)).origin
  if (cache.size < 100) cache.set(header, origin)
  return origin
}

const BAD_HOST = problemToHttp({
  kind: 'invalid-request',
  issues: [{ in: 'header', path: 'Host', message: 'must be one host[:port]: a name, an IPv4 address or [IPv6]' }],
})

const BAD_TARGET = problemToHttp({
  kind: 'invalid-request',
  issues: [{ in: 'path', path: '', message: 'is not a request target a URL parser can read' }],
})

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
 * The standalone server: node:http straight onto the route table. The body is read from the
 * stream, the reply written with one writeHead/end; no Fetch object is made on the way
 * (docs/performance.md).
 * @example
 * const server = await startServer({ port: 0, clock: { mode: 'manual' } })
 * await fetch(`${server.url}/__mock/health`)
 * await server.close()
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const open = openHostEntry(options.allowedHosts)
  if (open !== undefined && !options.adminToken) throw new Error(`genmock: ${openHostsNeedToken(open)}`)
  const { state: kept, ...rest } = options
  const { dir, ...state } = kept ?? {}
  // Loaded with --state or --state-from only: it brings node:crypto and the snapshot's schema.
  const keeping = dir !== undefined || state.from !== undefined ? await import('../state/state-keeper.js') : undefined
  let keeper: StateKeeper | undefined
  const keep = (engine: Engine, drift: Drift) =>
    (keeper = new keeping!.StateKeeper(engine, drift, { dir: dir!, ...state }, VERSION))
  const { engine, drift, answer } = buildSimulator(
    // Read when a video is first served: finding the package's file costs a start some 6 ms.
    { videoSample: loadVideoSample, ...rest },
    dir !== undefined ? keep : undefined,
  )
  if (!keeper && state.from !== undefined)
    (await import('../state/snapshot-file.js')).startFromSnapshot(engine, drift, state.from)
  const onError = options.onUnexpectedError ?? console.error
  // Loaded with --proxy only: it brings node:https and node:tls, some 5 ms of a cold start.
  const proxy =
    options.proxy &&
    new (await import('../proxy/recording-proxy.js')).RecordingProxy(engine, drift, options.proxy, onError)
  const host = options.host ?? '127.0.0.1'
  const access = accessRules({ host, allowedHosts: options.allowedHosts, corsOrigins: options.corsOrigins })
  const secrets = redactor((value) => value === options.adminToken || engine.isCredential(value))
  const log = requestLog(
    options.log ?? 'silent',
    options.write ?? ((line) => process.stdout.write(`${line}\n`)),
    secrets.text,
  )
  const origins = new Map<string, string>()

  // Requests being answered, so that a graceful close waits for them.
  let inFlight = 0
  let draining = false
  let drained: (() => void) | undefined

  // One listener for every response, so that a request adds no function of its own.
  const answered = () => {
    if (--inFlight === 0 && draining) drained?.()
  }
  const failed = (res: ServerResponse, error: unknown) => {
    onError(error)
    if (!res.headersSent) sendJson(res, 500, { error: 'Internal error' })
    else res.destroy()
  }

  /** The reply written with one writeHead/end; the route core serialised it (app.ts): no second copy. */
  const write = (req: IncomingMessage, res: ServerResponse, request: HttpRequest, reply: Reply | undefined) => {
    if (!reply) return sendJson(res, 404, { error: `No route ${request.method} ${request.path}` })
    if ('drop' in reply) return void res.socket?.destroy()
    const bytes = 'bytes' in reply ? reply.bytes : toWire(reply)!.body
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
    if (!(req.complete || !announcesBody(req)) || draining) {
      if (connection >= 0) HEAD[connection] = 'close'
      else {
        HEAD[n++] = 'connection'
        HEAD[n++] = 'close'
      }
    }
    HEAD.length = n
    res.writeHead(reply.status, HEAD).end(bytes)
  }

  const writeOrFail = (req: IncomingMessage, res: ServerResponse, request: HttpRequest, reply: Reply | undefined) => {
    try {
      write(req, res, request, reply)
    } catch (error) {
      failed(res, error)
    }
  }

  /** The request value to the route core (or the proxy), its body read. */
  const route = (req: IncomingMessage, res: ServerResponse, request: HttpRequest) => {
    if (proxy && !isControlPath(request.path) && request.path !== '/openapi.json') {
      if (request.body.byteLength <= LIMITS.maxBodyBytes) return proxy.forward(req, res, request)
      const message = `request bodies above ${LIMITS.maxBodyBytes} bytes are not forwarded`
      return refuseProxying(res, proxyFailure('too-large', message))
    }
    const reply = answer(request)
    // Most routes answer at once: then no promise is made on the way.
    if (!(reply instanceof Promise)) return write(req, res, request, reply)
    reply.then(
      (done) => writeOrFail(req, res, request, done),
      (error: unknown) => failed(res, error),
    )
  }

  /** Called with the body once it is read (request-body.ts), outside the try of `serve`. */
  const withBody = (req: IncomingMessage, body: Uint8Array, res: ServerResponse, request: HttpRequest) => {
    try {
      request.body = body
      route(req, res, request)
    } catch (error) {
      failed(res, error)
    }
  }

  const serve = (req: IncomingMessage, res: ServerResponse) => {
    // Errors are caught here, not by a .catch() on every request's promise.
    try {
      inFlight++
      res.on('close', answered)
      if (draining) res.shouldKeepAlive = false
      log(req, res)
      const origin = hostOrigin(req, origins)
      // Before the access rules: they and every URL genmock builds read the Host header.
      if (origin === undefined) return sendJson(res, BAD_HOST.status, BAD_HOST.body)
      // Normalised before the access rules, so that they judge the path routing will use.
      const normal = target(req.url ?? '/')
      if (normal === undefined) return sendJson(res, BAD_TARGET.status, BAD_TARGET.body)
      const { path, query } = normal
      if (access.answer(req, res, path)) return
      const method = req.method ?? 'GET'
      // Never an open proxy: only origin-form targets, all sent to the one base_url.
      if (proxy && !(req.url ?? '/').startsWith('/'))
        return refuseProxying(res, proxyFailure('refused-target', 'only paths are forwarded, to the --proxy base_url'))
      const request: HttpRequest = {
        method,
        path,
        query,
        headers: req.headers as HttpRequest['headers'],
        body: EMPTY,
        origin,
        remoteAddress: req.socket.remoteAddress,
      }
      if (method !== 'GET' && method !== 'HEAD') return readBody(req, bodyLimit(method, path), withBody, res, request)
      if (!announcesBody(req)) return route(req, res, request)
      // Its body unread, as before: answered once the parser has taken in what arrived of it.
      queueMicrotask(() => withBody(req, EMPTY, res, request))
    } catch (error) {
      failed(res, error)
    }
  }

  const timeouts = { ...SERVER_TIMEOUTS, ...options.timeouts }
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    serve,
  )
  // Requests Node's parser refuses (oversized or malformed headers) still get a JSON error body.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy()
    const [status, reason] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout']
          : [400, 'Bad Request']
    const body = JSON.stringify({ error: reason })
    const head = `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}`
    socket.end(`${head}\r\nconnection: close\r\n\r\n${body}`)
  })
  // CONNECT would make it a tunnel to anywhere: refused.
  if (proxy)
    server.on('connect', (_req, socket) => socket.end('HTTP/1.1 405 Method Not Allowed\r\nconnection: close\r\n\r\n'))
  server.listen(options.port ?? 4600, host)
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve)
      server.once('error', reject)
    })
  } catch (error) {
    await keeper?.close()
    throw error
  }
  const { port, address, family } = server.address() as AddressInfo
  const shown = family === 'IPv6' ? `[${address}]` : address
  return {
    url: `http://${shown}:${port}`,
    port,
    engine,
    drift,
    ...(keeper ? { state: keeper } : {}),
    close: ({ graceMs = 0 } = {}) =>
      new Promise<void>((resolve, reject) => {
        draining = true
        // The exchanges answered last are recorded on the next turn: the recording closes after them.
        server.close((error) =>
          setImmediate(() => {
            proxy?.close()
            // Saved once every request is answered, so that nothing answered is left out.
            const saved = keeper ? keeper.close() : Promise.resolve()
            saved.then(() => (error ? reject(error) : resolve()), reject)
          }),
        )
        server.closeIdleConnections()
        if (inFlight === 0 || graceMs <= 0) return server.closeAllConnections()
        const timer = setTimeout(() => server.closeAllConnections(), graceMs)
        drained = () => {
          clearTimeout(timer)
          server.closeAllConnections()
        }
      }),
  }
}
