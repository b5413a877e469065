// The Node door: the route core on node:http, with time-outs, site rules (Host, Origin), the request log and the proxy.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Drift } from '../../drift/drift-state.js'
import type { Engine } from '../../engine/engine.js'
import type { DoorParts } from '../../handlers/route-steps.js'
import { buildSimulation, type Simulation, type SimulatorOptions, serveSimulation } from '../../simulator.js'
import { siteRules, type SiteOptions } from './site-rules.js'
import { NodeDoor } from './node-door.js'
import { openHostEntry, openHostsNeedToken } from './open-hosts.js'
import { loadVideoSample } from './package-file.js'
import { requestLog, type LogFormat } from './logger.js'
import type { ProxyOptions, RecordingProxy } from '../proxy/recording-proxy.js'
import { VERSION } from './version.js'
import type { StateKeeper, StateOptions } from '../state/state-keeper.js'
import { type ServerListening, serverListening } from '../metrics/server-listening.js'
import { changeLog } from './change-log.js'
import { otlpTarget } from '../tracing/otlp-target.js'
import type { Warn } from '../tracing/span-delivery.js'
import { serveMcp } from '../mcp/serve-mcp.js'

export interface ServerOptions extends SimulatorOptions, Omit<SiteOptions, 'host'> {
  /** GET /__mock/metrics and the counting behind it (docs/metrics-and-traces.md); default true. */
  metrics?: boolean
  /** Send a span per request to this OTLP/HTTP endpoint (docs/metrics-and-traces.md); '' : OTEL_EXPORTER_OTLP_*. */
  otlp?: string
  /** Where warnings go (a collector that is down: docs/metrics-and-traces.md); stderr without it. */
  warn?: Warn
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

/** The server's parts over its simulation (simulator.ts), and its --state DIR's keeper when it keeps one. */
interface ServerParts {
  door: DoorParts
  keeper?: StateKeeper
}

/**
 * The server's parts over its simulation: its listener (metrics, spans) and, with --state DIR, the keeper
 * that loads the folder and saves after a change (told of each save's seconds for the metrics); with
 * --state-from alone, the snapshot taken up (state-start.ts). The keeper brings node:crypto and the
 * snapshot's schema: loaded with --state or --state-from only.
 */
async function serverParts(
  simulation: Simulation,
  kept: ServerOptions['state'],
  listening: ServerListening,
): Promise<ServerParts> {
  const listen = listening.listenerOf?.(simulation.engine, simulation.drift)
  if (kept?.dir === undefined && kept?.from === undefined)
    return { door: { listen, mcp: serveMcp } } satisfies ServerParts
  const onSaved = listening.metrics()?.counts.saved
  const keeper = (await import('../state/state-start.js')).startState(simulation, { ...kept, onSaved }, VERSION)
  return { door: { save: keeper, listen, mcp: serveMcp }, ...(keeper ? { keeper } : {}) } satisfies ServerParts
}

/** node:http with the time-outs, a JSON body for requests its parser refuses, and CONNECT refused with --proxy. */
function nodeServer(door: NodeDoor, options: ServerOptions, proxied: boolean): Server {
  const timeouts = { ...SERVER_TIMEOUTS, ...options.timeouts }
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    door.serve,
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
  if (proxied)
    server.on('connect', (_req, socket) => socket.end('HTTP/1.1 405 Method Not Allowed\r\nconnection: close\r\n\r\n'))
  return server
}

/**
 * Stops accepting connections and resolves once all are closed (RunningServer.close); the state is saved
 * once every request is answered, so that nothing answered is left out.
 */
function closer(
  server: Server,
  door: NodeDoor,
  proxy: RecordingProxy | undefined,
  keeper: StateKeeper | undefined,
  listening: ServerListening,
) {
  return ({ graceMs = 0 } = {}) =>
    new Promise<void>((resolve, reject) => {
      // The collector gets what is left of the grace (its own default without one).
      const until = performance.now() + graceMs
      const spansWait = () => (graceMs > 0 ? Math.max(0, until - performance.now()) : undefined)
      door.drain()
      // The exchanges answered last are recorded on the next turn: the recording closes after them.
      server.close((error) =>
        setImmediate(() => {
          proxy?.close()
          // The spans of the last requests are sent once the state is saved.
          const saved = (keeper ? keeper.close() : Promise.resolve()).then(() => listening.close(spansWait()))
          saved.then(() => (error ? reject(error) : resolve()), reject)
        }),
      )
      server.closeIdleConnections()
      if (door.inFlight === 0 || graceMs <= 0) return server.closeAllConnections()
      const timer = setTimeout(() => server.closeAllConnections(), graceMs)
      door.drain(() => {
        clearTimeout(timer)
        server.closeAllConnections()
      })
    })
}

/**
 * The standalone server: node:http straight onto the route table (node-door.ts).
 * @example
 * const server = await startServer({ port: 0, clock: { mode: 'manual' } })
 * await fetch(`${server.url}/__mock/health`)
 * await server.close()
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const open = await openHostEntry(options.allowedHosts)
  if (open !== undefined && !options.adminToken) throw new Error(`genmock: ${openHostsNeedToken(open)}`)
  // The spans and the SDK are loaded only when traces are asked for.
  const asked = { otlp: options.otlp, env: process.env, version: VERSION, warn: options.warn }
  const spans =
    otlpTarget(options.otlp, process.env) === undefined
      ? undefined
      : await (await import('../tracing/otlp-spans.js')).otlpSpans(asked)
  const write =
    options.write ??
    ((line: string) =>
      process.stdout.write(`${line}
`))
  const listening = serverListening(options.metrics ?? true, spans, changeLog(options.log ?? 'silent', write))
  const { state, metrics: _metrics, otlp: _otlp, warn: _warn, ...rest } = options
  // Read when a video is first served: finding the package's file costs a start some 6 ms.
  const simulation = buildSimulation({ videoSample: loadVideoSample, ...rest })
  const { door: parts, keeper } = await serverParts(simulation, state, listening)
  const { engine, drift, answer, redact, recordProxied } = serveSimulation(simulation, parts)
  const onError = options.onUnexpectedError ?? console.error
  // Loaded with --proxy only: it brings node:https and node:tls, some 5 ms of a cold start.
  const proxy =
    options.proxy &&
    new (await import('../proxy/recording-proxy.js')).RecordingProxy(recordProxied, options.proxy, onError)
  const host = options.host ?? '127.0.0.1'
  const sites = siteRules({ host, allowedHosts: options.allowedHosts, corsOrigins: options.corsOrigins })
  const log = requestLog(options.log ?? 'silent', write, redact.text)
  const door = new NodeDoor({ answer, proxy: proxy || undefined, sites, log, onError })
  const server = nodeServer(door, options, Boolean(proxy))
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
    close: closer(server, door, proxy || undefined, keeper, listening),
  }
}
