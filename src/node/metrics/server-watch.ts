// What watches a Node server's exchanges (docs/metrics-and-traces.md): its metrics unless --metrics off,
// its OTLP spans when asked; one watcher for the route core either way, and how to stop them.
import type { Drift } from '../../drift/drift-state.js'
import type { Engine } from '../../engine/engine.js'
import type { ExchangeWatch } from '../../metrics/exchange-watch.js'
import type { SpanWatch } from '../tracing/otlp-spans.js'
import { type ServerMetrics, serverMetrics } from './metrics-watch.js'

export interface ServerWatching {
  /** The watcher of a simulation, made once its engine and drift are; undefined when nothing watches. */
  watchOf: ((engine: Engine, drift: Drift) => ExchangeWatch | undefined) | undefined
  /** The metrics, once made (the state's saves are counted there). */
  metrics(): ServerMetrics | undefined
  /** Sends the spans still waiting (a no-op without --otlp). */
  close(): Promise<void>
}

/** Both watchers in turn, the metrics' page kept. */
const both = (first: ExchangeWatch, second: ExchangeWatch): ExchangeWatch => ({
  exchange: (route, method, status, seconds, trace, request) => {
    first.exchange(route, method, status, seconds, trace, request)
    second.exchange(route, method, status, seconds, trace, request)
  },
  scrape: first.scrape,
})

/**
 * A server's watchers: `metrics` (default on) and OTLP spans to `otlp` ('' : the OTEL_EXPORTER_OTLP_*
 * variables; undefined: none, and the OpenTelemetry SDK is never loaded).
 * @example
 * const watching = await serverWatching(true, undefined)
 * serveSimulation(simulation, { watch: watching.watchOf?.(simulation.engine, simulation.drift) })
 */
export async function serverWatching(metrics: boolean, otlp: string | undefined): Promise<ServerWatching> {
  const spans: SpanWatch | undefined =
    otlp === undefined ? undefined : await (await import('../tracing/otlp-spans.js')).otlpSpans(otlp)
  let made: ServerMetrics | undefined
  const watchOf = (engine: Engine, drift: Drift) => {
    made = metrics ? serverMetrics(engine, drift) : undefined
    spans?.follow(engine)
    if (made && spans) return both(made.watch, spans)
    return made?.watch ?? spans
  }
  return {
    watchOf: metrics || spans ? watchOf : undefined,
    metrics: () => made,
    close: async () => spans?.close(),
  }
}
