// The msw door's proxy (docs/check-against-the-service.md): service requests passed on with
// msw's bypass, the exchanges recorded by the route core's steps (the journal, the drift report).
import { bypass, http, type HttpHandler } from 'msw'
import { LIMITS } from '../contract/limits.js'
import { isGenmockPath } from '../handlers/app.js'
import { isControlPath } from '../handlers/route-table.js'
import type { SimulatorCore } from '../simulator.js'
import type { ProxiedExchange } from '../drift/record-proxied.js'
import { proxyFailure, type ProxyTimeout, timeoutMessage } from '../drift/proxy-failure.js'
import { headerRecord, joinChunks, toHttpRequest } from './adapter.js'

export interface MswProxyOptions {
  /** The service's base_url: the service's routes go there, whatever origin the client used. */
  target: string
  /**
   * The time-outs of an exchange, in milliseconds (default 30 000): headers within it, no pause
   * longer, a non-media answer whole within it of the request; each answers 504 (this door holds
   * every answer whole), docs/limits-and-security.md.
   */
  timeoutMs?: number
}

/** Headers fetch has already acted on: the body it hands over is decoded and measured anew. */
const DECODED = ['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']

const MEDIA_TYPE = /^(?:image|video|audio)\/|^application\/octet-stream/i

/** A response's body, whole; `chunk` is told of each chunk (the idle time-out restarts on it). */
async function readBody(response: Response, chunk: () => void): Promise<Uint8Array> {
  const parts: Uint8Array[] = []
  let size = 0
  chunk()
  const reader = response.body?.getReader()
  for (let next = await reader?.read(); next && !next.done; next = await reader!.read()) {
    chunk()
    parts.push(next.value)
    size += next.value.byteLength
  }
  return joinChunks(parts, size)
}

const failed = ({ status, headers, body }: ReturnType<typeof proxyFailure>) => new Response(body, { status, headers })

/**
 * The proxy of the msw/node door (docs/check-against-the-service.md): the service's
 * routes, on any origin, are sent to the base_url with msw's bypass(), the answer is handed back,
 * and the exchange is journaled and compared after, by the route core's steps. Bodies are buffered (in-process tests).
 * Not for the browser worker: the key would have to be in the page.
 * @example
 * setupServer(...proxyHandlers(buildSimulator(), { target: 'https://api.example.test' }))
 */
export function proxyHandlers({ recordProxied }: SimulatorCore, options: MswProxyOptions): HttpHandler[] {
  const target = new URL(options.target)
  const base = `${target.origin}${target.pathname.replace(/\/+$/, '')}`
  const timeoutMs = options.timeoutMs ?? 30_000
  const proxied = (url: URL) =>
    !isControlPath(url.pathname) &&
    url.pathname !== '/openapi.json' &&
    (isGenmockPath(url.pathname) || url.origin === target.origin)
  // After the client has its answer: the comparison never delays it.
  const record = (exchange: ProxiedExchange) => setTimeout(() => recordProxied(exchange))
  const handler = http.all(
    ({ request }) => proxied(new URL(request.url)),
    async ({ request, cookies }) => {
      const at = Date.now()
      const started = performance.now()
      const url = new URL(request.url)
      const value = await toHttpRequest(request, url, cookies)
      if (value.body.byteLength > LIMITS.maxBodyBytes)
        return failed(proxyFailure('too-large', `request bodies above ${LIMITS.maxBodyBytes} bytes are not forwarded`))
      const path =
        url.origin === target.origin ? url.pathname.slice(target.pathname.replace(/\/+$/, '').length) : url.pathname
      const forwarded = new Request(`${base}${path}${url.search}`, {
        method: request.method,
        headers: request.headers,
        ...(value.body.byteLength > 0 ? { body: value.body as Uint8Array<ArrayBuffer> } : {}),
      })
      let response: Response
      let bytes: Uint8Array
      const control = new AbortController()
      let expired: ProxyTimeout | undefined
      const timers = new Map<ProxyTimeout['phase'], ReturnType<typeof setTimeout>>()
      const expire = (phase: ProxyTimeout['phase']) => {
        expired ??= { phase, outcome: '504', seconds: timeoutMs / 1000 }
        control.abort()
      }
      const arm = (phase: ProxyTimeout['phase'], ms: number) => {
        clearTimeout(timers.get(phase))
        timers.set(
          phase,
          setTimeout(() => expire(phase), Math.max(1, ms)),
        )
      }
      arm('first-byte', timeoutMs)
      try {
        response = await fetch(bypass(forwarded), { signal: control.signal })
        clearTimeout(timers.get('first-byte'))
        if (!MEDIA_TYPE.test(response.headers.get('content-type') ?? ''))
          arm('total', timeoutMs - (performance.now() - started))
        bytes = await readBody(response, () => arm('idle', timeoutMs))
      } catch (error) {
        const failure = expired
          ? proxyFailure('timeout', timeoutMessage(target.origin, expired))
          : proxyFailure('unreachable', `cannot reach ${target.origin} (${String(error)})`)
        const body = new TextEncoder().encode(failure.body)
        const answer = { status: failure.status, headers: failure.headers, body }
        const durationMs = performance.now() - started
        const timeout = expired ? { timeout: expired } : {}
        record({ request: value, answer, size: body.byteLength, at, durationMs, genmock: true, ...timeout })
        return failed(failure)
      } finally {
        for (const timer of timers.values()) clearTimeout(timer)
      }
      const headers = new Headers(response.headers)
      for (const name of DECODED) headers.delete(name)
      const answer = { status: response.status, headers: headerRecord(headers), body: bytes }
      const durationMs = performance.now() - started
      record({ request: value, answer, size: bytes.byteLength, at, durationMs })
      return new Response(response.status === 304 ? null : (bytes as Uint8Array<ArrayBuffer>), {
        status: response.status,
        headers,
      })
    },
  )
  return [handler]
}
