// The Node server's proxy (docs/check-against-the-service.md): requests passed on to the
// service over node:http, the exchanges recorded (journal, HAR, drift report).
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import type { Drift } from '../../drift/drift-state.js'
import type { Engine } from '../../engine/engine.js'
import { toHar } from '../../reports/har.js'
import type { HttpRequest } from '../../http/request-reply.js'
import { recordProxied, type ProxiedExchange } from '../../drift/record-proxied.js'
import { proxyFailure, type ProxyTimeout, timeoutMessage } from '../../drift/proxy-failure.js'
import { HarFile } from '../files/har-file.js'
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

/** Headers that belong to one connection (RFC 9110 §7.6.1), never forwarded either way. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
])
/** Named timers of one exchange: setting one again restarts it. */
class Timers {
  #timers = new Map<string, ReturnType<typeof setTimeout>>()

  set(name: string, ms: number, run: () => void): void {
    clearTimeout(this.#timers.get(name))
    this.#timers.set(name, setTimeout(run, ms))
  }

  clear(name?: string): void {
    for (const [key, timer] of this.#timers) if (name === undefined || key === name) clearTimeout(timer)
    if (name === undefined) this.#timers.clear()
    else this.#timers.delete(name)
  }
}

/** Bodies kept for the journal, the recording and the comparison; larger ones (media) only stream through. */
const KEEP_LIMIT = 1024 * 1024
const MEDIA_TYPE = /^(?:image|video|audio)\/|^application\/octet-stream/i

const forwardable = (headers: IncomingMessage['headers']) => {
  const named = new Set(
    String(headers.connection ?? '')
      .toLowerCase()
      .split(',')
      .map((name) => name.trim()),
  )
  const kept: OutgoingHttpHeaders = Object.create(null)
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)) kept[name] = value
  return kept
}

const flat = (headers: IncomingMessage['headers']) =>
  Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]],
    ),
  ) as Record<string, string>

function decoded(body: Buffer, encoding: string | undefined): Uint8Array | undefined {
  try {
    if (!encoding || encoding === 'identity') return body
    if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(body)
    if (encoding === 'deflate') return inflateSync(body)
    if (encoding === 'br') return brotliDecompressSync(body)
  } catch {
    // A body that does not decode is forwarded as it came; it is just not compared.
  }
  return undefined
}

/**
 * The recording proxy of the node door: forwards a request to the one base_url, streams the
 * service's answer back unchanged, then journals, records and compares it once the client has it.
 * An unreachable or slow service gets genmock's own 502 / 504, marked by Genmock-Proxy-Error.
 */
export class RecordingProxy {
  readonly #target: URL
  readonly #timeoutMs: number
  readonly #engine: Engine
  readonly #drift: Drift
  readonly #har: HarFile | undefined
  readonly #onError: (error: unknown) => void

  /** Throws when the target is not a base URL, or the recording cannot be created. */
  constructor(engine: Engine, drift: Drift, options: ProxyOptions, onError: (error: unknown) => void) {
    this.#target = proxyTarget(options.target)
    this.#timeoutMs = options.timeoutMs ?? 30_000
    this.#engine = engine
    this.#drift = drift
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
    const origin = this.#target.origin
    const seconds = this.#timeoutMs / 1000
    let answered = false
    /** The time-out that struck, once: it ends the exchange (docs/limits-and-security.md). */
    let expired: ProxyTimeout | undefined
    const expire = (phase: ProxyTimeout['phase']) => {
      if (expired || answered) return
      expired = { phase, outcome: res.headersSent ? 'cut' : '504', seconds }
      upstream.destroy(Object.assign(new Error('timeout'), { code: 'GENMOCK_TIMEOUT' }))
    }
    const timers = new Timers()
    timers.set('first-byte', this.#timeoutMs, () => expire('first-byte'))
    const finish = (exchange: Omit<ProxiedExchange, 'request' | 'at' | 'durationMs'>) =>
      setImmediate(() => this.#record({ ...exchange, request, at, durationMs: performance.now() - started }))
    // The client hung up first: nobody to answer, nothing to record.
    let gone = false
    res.on('close', () => {
      timers.clear()
      if (res.writableFinished) return
      gone = true
      upstream.destroy()
    })
    const fail = (error: NodeJS.ErrnoException, size = 0) => {
      timers.clear()
      if (answered || gone) return void res.destroy()
      answered = true
      const why = error.code ?? error.message
      const failure = expired
        ? proxyFailure('timeout', timeoutMessage(origin, expired))
        : /CERT|SSL|TLS/i.test(why)
          ? proxyFailure('tls', `${origin}'s TLS certificate is not trusted (${why})`)
          : proxyFailure('unreachable', `cannot reach ${origin} (${why})`)
      const body = new TextEncoder().encode(failure.body)
      // Once the answer has begun, a time-out can only cut the connection.
      if (res.headersSent) res.destroy()
      else res.writeHead(failure.status, { ...failure.headers, 'content-length': body.byteLength }).end(body)
      const answer = { status: failure.status, headers: failure.headers, body }
      finish({ answer, size: size || body.byteLength, genmock: true, ...(expired ? { timeout: expired } : {}) })
    }
    upstream.on('error', (error: NodeJS.ErrnoException) => fail(error))
    upstream.on('response', (answer) => {
      timers.clear('first-byte')
      const status = answer.statusCode ?? 502
      const kept: Buffer[] = []
      let size = 0
      const media = MEDIA_TYPE.test(answer.headers['content-type'] ?? '')
      // A non-media answer is held until it is whole, so that a time-out can still answer 504.
      let held = !media
      const idle = () => timers.set('idle', this.#timeoutMs, () => expire('idle'))
      idle()
      if (!media)
        timers.set('total', Math.max(1, this.#timeoutMs - (performance.now() - started)), () => expire('total'))
      const begin = () => {
        try {
          res.writeHead(status, forwardable(answer.headers))
          return true
        } catch (error) {
          // A header Node will not write again: the client gets a dropped connection, never a crash.
          this.#onError(error)
          res.destroy()
          return false
        }
      }
      if (!held && !begin()) return
      // Streamed with backpressure: while the client is slow the service is paused, and its idle
      // time-out waits too (a slow client is not a silent service).
      const stream = (chunk: Buffer) => {
        if (res.write(chunk)) return
        answer.pause()
        timers.clear('idle')
        res.once('drain', () => {
          idle()
          answer.resume()
        })
      }
      answer.on('data', (chunk: Buffer) => {
        idle()
        size += chunk.byteLength
        if (!media && size <= KEEP_LIMIT) kept.push(chunk)
        if (!held) return stream(chunk)
        if (size <= KEEP_LIMIT) return
        // Past what is kept: streamed from here on, so a time-out now cuts the connection.
        held = false
        if (begin()) for (const part of [...kept, chunk]) stream(part)
        kept.length = 0
      })
      answer.on('end', () => {
        timers.clear()
        if (expired) return
        answered = true
        if (held) {
          if (begin()) res.end(Buffer.concat(kept))
        } else res.end()
        const whole = !media && size <= KEEP_LIMIT
        const body = whole ? decoded(Buffer.concat(kept), answer.headers['content-encoding']) : undefined
        finish({ answer: { status, headers: flat(answer.headers), body }, size })
      })
      answer.on('error', (error: NodeJS.ErrnoException) => (expired ? fail(error, size) : res.destroy()))
      answer.on('aborted', () => expired && fail(new Error('timeout'), size))
    })
    upstream.end(request.body)
  }

  close(): void {
    this.#har?.close()
  }

  #record(exchange: ProxiedExchange): void {
    try {
      const entry = recordProxied(this.#engine, this.#drift, exchange)
      this.#har?.append(toHar([entry], this.base).log.entries[0]!)
    } catch (error) {
      this.#onError(error)
    }
  }
}
