// What watches a Node server's exchanges (docs/metrics-and-traces.md): its metrics unless --metrics off,
// its OTLP spans when asked; one watcher for the route core either way, and how to stop them.
import type { Drift } from '../../drift/drift-state.js'
import type { Engine } from '../../engine/engine.js'
import type { ExchangeWatch } from '../../metrics/exchange-watch.js'
import { type ServerMetrics, serverMetrics } from './metrics-watch.js'

/** A watcher of exchanges that also follows the engine's tasks and is closed at the stop (the spans). */
export interface FollowingWatch extends ExchangeWatch {
  follow(engine: Engine): void
  /** Sends what waits for at most `waitMs`; never rejects. */
  close(waitMs?: number): Promise<void>
}

export interface ServerWatching {
  /** The watcher of a simulation, made once its engine and drift are; undefined when nothing watches. */
  watchOf: ((engine: Engine, drift: Drift) => ExchangeWatch | undefined) | undefined
  /** The metrics, once made (the state's saves are counted there). */
  metrics(): ServerMetrics | undefined
  /** Sends the spans still waiting, for at most `waitMs` (a no-op without spans). */
  close(waitMs?: number): Promise<void>
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
 * A server's watchers: `metrics` (default on) and the `spans` the server made from its options
 * (node/tracing/otlp-spans.ts; undefined: none).
 * @example
 * const watching = serverWatching(true, undefined)
 * serveSimulation(simulation, { watch: watching.watchOf?.(simulation.engine, simulation.drift) })
 */
export function serverWatching(metrics: boolean, spans: FollowingWatch | undefined): ServerWatching {
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
    close: async (waitMs) => spans?.close(waitMs),
  }
}
