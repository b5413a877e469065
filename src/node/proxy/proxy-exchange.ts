// One exchange of the recording proxy (docs/check-against-the-service.md): the service's answer streamed
// back to the client under the time-outs (docs/limits-and-security.md), or genmock's own 502 / 504.
import type { ClientRequest, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { proxyFailure, type ProxyTimeout, timeoutMessage } from '../../drift/proxy-failure.js'
import type { ProxiedExchange } from '../../drift/record-proxied.js'

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

/** The headers of a message that may pass the proxy. */
export const forwardable = (headers: IncomingMessage['headers']) => {
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

/** What the exchange came to, for the journal, the recording and the comparison. */
export type Finish = (exchange: Omit<ProxiedExchange, 'request' | 'at' | 'durationMs'>) => void

/** Where an exchange answers and what it is held to. */
export interface ExchangeEnds {
  res: ServerResponse
  upstream: ClientRequest
  /** The service's origin, for genmock's own answers. */
  origin: string
  timeoutMs: number
  /** performance.now() when the request came. */
  started: number
  finish: Finish
  onError: (error: unknown) => void
}

/**
 * One proxied exchange: the service's answer streamed back unchanged (a non-media one held until
 * whole, so that a time-out can still answer 504), each time-out once, the client's hang-up ending it.
 * @example
 * new ProxyExchange({ res, upstream, origin, timeoutMs: 30_000, started, finish, onError })
 */
export class ProxyExchange {
  readonly #res: ServerResponse
  readonly #upstream: ClientRequest
  readonly #origin: string
  readonly #timeoutMs: number
  readonly #started: number
  readonly #finish: Finish
  readonly #onError: (error: unknown) => void
  readonly #timers = new Timers()
  #answered = false
  /** The time-out that struck, once: it ends the exchange (docs/limits-and-security.md). */
  #expired: ProxyTimeout | undefined
  /** The client hung up first: nobody to answer, nothing to record. */
  #gone = false

  constructor({ res, upstream, origin, timeoutMs, started, finish, onError }: ExchangeEnds) {
    this.#res = res
    this.#upstream = upstream
    this.#origin = origin
    this.#timeoutMs = timeoutMs
    this.#started = started
    this.#finish = finish
    this.#onError = onError
    this.#timers.set('first-byte', timeoutMs, () => this.expire('first-byte'))
    res.on('close', () => {
      this.#timers.clear()
      if (res.writableFinished) return
      this.#gone = true
      upstream.destroy()
    })
    upstream.on('error', (error: NodeJS.ErrnoException) => this.#fail(error))
    upstream.on('response', (answer) => this.#relay(answer))
  }

  /** A time-out struck in `phase`: the exchange ends with a 504, or a cut once the answer has begun. */
  expire(phase: ProxyTimeout['phase']): void {
    if (this.#expired || this.#answered) return
    this.#expired = { phase, outcome: this.#res.headersSent ? 'cut' : '504', seconds: this.#timeoutMs / 1000 }
    this.#upstream.destroy(Object.assign(new Error('timeout'), { code: 'GENMOCK_TIMEOUT' }))
  }

  /** The service could not be reached, or was too slow: genmock's own answer, marked as such. */
  #fail(error: NodeJS.ErrnoException, size = 0): void {
    this.#timers.clear()
    if (this.#answered || this.#gone) return void this.#res.destroy()
    this.#answered = true
    const why = error.code ?? error.message
    const failure = this.#expired
      ? proxyFailure('timeout', timeoutMessage(this.#origin, this.#expired))
      : /CERT|SSL|TLS/i.test(why)
        ? proxyFailure('tls', `${this.#origin}'s TLS certificate is not trusted (${why})`)
        : proxyFailure('unreachable', `cannot reach ${this.#origin} (${why})`)
    const body = new TextEncoder().encode(failure.body)
    // Once the answer has begun, a time-out can only cut the connection.
    if (this.#res.headersSent) this.#res.destroy()
    else this.#res.writeHead(failure.status, { ...failure.headers, 'content-length': body.byteLength }).end(body)
    const answer = { status: failure.status, headers: failure.headers, body }
    this.#finish({
      answer,
      size: size || body.byteLength,
      genmock: true,
      ...(this.#expired ? { timeout: this.#expired } : {}),
    })
  }

  /** The service's answer, streamed back with backpressure, or held until whole when it is not media. */
  #relay(answer: IncomingMessage): void {
    this.#timers.clear('first-byte')
    const status = answer.statusCode ?? 502
    const kept: Buffer[] = []
    let size = 0
    const media = MEDIA_TYPE.test(answer.headers['content-type'] ?? '')
    // A non-media answer is held until it is whole, so that a time-out can still answer 504.
    let held = !media
    const idle = () => this.#timers.set('idle', this.#timeoutMs, () => this.expire('idle'))
    idle()
    if (!media)
      this.#timers.set('total', Math.max(1, this.#timeoutMs - (performance.now() - this.#started)), () =>
        this.expire('total'),
      )
    const begin = () => {
      try {
        this.#res.writeHead(status, forwardable(answer.headers))
        return true
      } catch (error) {
        // A header Node will not write again: the client gets a dropped connection, never a crash.
        this.#onError(error)
        this.#res.destroy()
        return false
      }
    }
    if (!held && !begin()) return
    // Streamed with backpressure: while the client is slow the service is paused, and its idle
    // time-out waits too (a slow client is not a silent service).
    const stream = (chunk: Buffer) => {
      if (this.#res.write(chunk)) return
      answer.pause()
      this.#timers.clear('idle')
      this.#res.once('drain', () => {
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
      this.#timers.clear()
      if (this.#expired) return
      this.#answered = true
      if (held) {
        if (begin()) this.#res.end(Buffer.concat(kept))
      } else this.#res.end()
      const whole = !media && size <= KEEP_LIMIT
      const body = whole ? decoded(Buffer.concat(kept), answer.headers['content-encoding']) : undefined
      this.#finish({ answer: { status, headers: flat(answer.headers), body }, size })
    })
    answer.on('error', (error: NodeJS.ErrnoException) =>
      this.#expired ? this.#fail(error, size) : this.#res.destroy(),
    )
    answer.on('aborted', () => this.#expired && this.#fail(new Error('timeout'), size))
  }
}
