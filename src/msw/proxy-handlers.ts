// The msw door's proxy (README, Check genmock against the service): service requests passed on with
// msw's bypass, the exchanges recorded for the drift report.
import { bypass, http, type HttpHandler } from 'msw'
import { LIMITS } from '../contract/limits.js'
import { isGenmockPath } from '../handlers/app.js'
import { isControlPath } from '../handlers/route-table.js'
import type { SimulatorCore } from '../simulator.js'
import { recordProxied, type ProxiedExchange } from '../drift/record-proxied.js'
import { proxyFailure } from '../drift/proxy-failure.js'
import { toHttpRequest } from './adapter.js'

export interface MswProxyOptions {
  /** The service's base_url: the service's routes go there, whatever origin the client used. */
  target: string
  /** How long the service may take to answer, in milliseconds. Default 30 000. */
  timeoutMs?: number
}

/** Headers fetch has already acted on: the body it hands over is decoded and measured anew. */
const DECODED = ['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']

const failed = ({ status, headers, body }: ReturnType<typeof proxyFailure>) => new Response(body, { status, headers })

/**
 * The proxy of the msw/node door (README, Check genmock against the service): the service's
 * routes, on any origin, are sent to the base_url with msw's bypass(), the answer is handed back,
 * and the exchange is journaled and compared after. Bodies are buffered (in-process tests).
 * Not for the browser worker: the key would have to be in the page.
 * @example
 * setupServer(...proxyHandlers(buildSimulator(), { target: 'https://api.example.test' }))
 */
export function proxyHandlers({ engine, drift }: SimulatorCore, options: MswProxyOptions): HttpHandler[] {
  const target = new URL(options.target)
  const base = `${target.origin}${target.pathname.replace(/\/+$/, '')}`
  const timeoutMs = options.timeoutMs ?? 30_000
  const proxied = (url: URL) =>
    !isControlPath(url.pathname) &&
    url.pathname !== '/openapi.json' &&
    (isGenmockPath(url.pathname) || url.origin === target.origin)
  // After the client has its answer: the comparison never delays it.
  const record = (exchange: ProxiedExchange) => setTimeout(() => recordProxied(engine, drift, exchange))
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
      try {
        response = await fetch(bypass(forwarded), { signal: AbortSignal.timeout(timeoutMs) })
        bytes = new Uint8Array(await response.arrayBuffer())
      } catch (error) {
        const failure =
          (error as Error).name === 'TimeoutError'
            ? proxyFailure('timeout', `${target.origin} did not answer within ${timeoutMs / 1000} s`)
            : proxyFailure('unreachable', `cannot reach ${target.origin} (${String(error)})`)
        const body = new TextEncoder().encode(failure.body)
        const answer = { status: failure.status, headers: failure.headers, body }
        const durationMs = performance.now() - started
        record({ request: value, answer, size: body.byteLength, at, durationMs, genmock: true })
        return failed(failure)
      }
      const headers = new Headers(response.headers)
      for (const name of DECODED) headers.delete(name)
      const answer = { status: response.status, headers: Object.fromEntries(headers), body: bytes }
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
