// The Node server's proxy (docs/check-against-the-service.md): requests passed on to the
// service over node:http, the exchanges recorded by the route core's steps (journal, metrics, spans, drift
// report) and in the HAR file.
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { toHar } from '../../reports/har.js'
import type { HttpRequest } from '../../http/request-reply.js'
import type { ProxiedExchange } from '../../drift/record-proxied.js'
import type { RecordProxied } from '../../handlers/app.js'
import { HarFile } from '../files/har-file.js'
import { type Finish, forwardable, ProxyExchange } from './proxy-exchange.js'
import { proxyTarget } from '../../drift/proxy-target.js'

export interface ProxyOptions {
  /** The service's base_url: every proxied request goes to this origin and path, and nowhere else. */
  target: string
  /**
   * The time-outs of an exchange, in milliseconds (default 30 000): the service's headers must come
   * within it, it may never pause longer, and a non-media answer must be whole within it of the
   * request (docs/limits-and-security.md).
   */
  timeoutMs?: number
  /** A HAR 1.2 file to record every proxied exchange in, as it happens. */
  record?: string
}

/**
 * The recording proxy of the node door: forwards a request to the one base_url, streams the
 * service's answer back unchanged, then records it through the route core's steps once the client has it.
 * An unreachable or slow service gets genmock's own 502 / 504, marked by Genmock-Proxy-Error.
 */
export class RecordingProxy {
  readonly #target: URL
  readonly #timeoutMs: number
  readonly #recordProxied: RecordProxied
  readonly #har: HarFile | undefined
  readonly #onError: (error: unknown) => void

  /** Throws when the target is not a base URL, or the recording cannot be created. */
  constructor(recordProxied: RecordProxied, options: ProxyOptions, onError: (error: unknown) => void) {
    this.#target = proxyTarget(options.target)
    this.#timeoutMs = options.timeoutMs ?? 30_000
    this.#recordProxied = recordProxied
    this.#onError = onError
    this.#har = options.record === undefined ? undefined : new HarFile(options.record, this.base)
  }

  /** The base_url, without a trailing slash. */
  get base(): string {
    return `${this.#target.origin}${this.#target.pathname.replace(/\/+$/, '')}`
  }

  forward(req: IncomingMessage, res: ServerResponse, request: HttpRequest): void {
    const at = Date.now()
    const started = performance.now()
    const url = `${this.base}${request.path}${request.query ? `?${request.query}` : ''}`
    const headers = forwardable(req.headers)
    if (request.body.byteLength > 0 || headers['content-length'] !== undefined)
      headers['content-length'] = String(request.body.byteLength)
    const send = this.#target.protocol === 'https:' ? httpsRequest : httpRequest
    const upstream = send(url, { method: request.method, headers })
    const finish: Finish = (exchange) =>
      setImmediate(() => this.#record({ ...exchange, request, at, durationMs: performance.now() - started }))
    const origin = this.#target.origin
    new ProxyExchange({ res, upstream, origin, timeoutMs: this.#timeoutMs, started, finish, onError: this.#onError })
    upstream.end(request.body)
  }

  close(): void {
    this.#har?.close()
  }

  #record(exchange: ProxiedExchange): void {
    try {
      const entry = this.#recordProxied(exchange)
      if (entry) this.#har?.append(toHar([entry], this.base).log.entries[0]!)
    } catch (error) {
      this.#onError(error)
    }
  }
}
