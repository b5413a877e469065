// What watches a Node server's exchanges (docs/metrics-and-traces.md): its metrics unless --metrics off,
// its OTLP spans when asked, its log of changes unless --log silent; one watcher for the route core, and how
// to stop them.
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

/** Every watcher in turn, the first's page kept (the metrics', when they are on). */
const each = (watchers: ExchangeWatch[]): ExchangeWatch | undefined =>
  watchers.length < 2
    ? watchers[0]
    : {
        exchange: (route, method, status, seconds, trace, request) => {
          for (const watcher of watchers) watcher.exchange(route, method, status, seconds, trace, request)
        },
        scrape: watchers[0]!.scrape,
      }

/**
 * A server's watchers: `metrics` (default on), the `spans` the server made from its options
 * (node/tracing/otlp-spans.ts; undefined: none) and its log of changes (server/change-log.ts; undefined: none).
 * @example
 * const watching = serverWatching(true, undefined, undefined)
 * serveSimulation(simulation, { watch: watching.watchOf?.(simulation.engine, simulation.drift) })
 */
export function serverWatching(
  metrics: boolean,
  spans: FollowingWatch | undefined,
  changes: ((engine: Engine) => ExchangeWatch) | undefined,
): ServerWatching {
  let made: ServerMetrics | undefined
  const watchOf = (engine: Engine, drift: Drift) => {
    made = metrics ? serverMetrics(engine, drift) : undefined
    spans?.follow(engine)
    const logged = changes?.(engine)
    return each([made?.watch, spans, logged].filter((watcher) => watcher !== undefined))
  }
  return {
    watchOf: metrics || spans || changes ? watchOf : undefined,
    metrics: () => made,
    close: async (waitMs) => spans?.close(waitMs),
  }
}
