// What listens to a Node server's exchanges (docs/metrics-and-traces.md): its metrics unless --metrics off,
// its OTLP spans when asked; one listener for the route core either way, and how to stop them.
import type { Drift } from '../../drift/drift-state.js'
import type { Engine } from '../../engine/engine.js'
import type { ExchangeListener } from '../../metrics/exchange-listener.js'
import { type ServerMetrics, serverMetrics } from './metrics-listener.js'

/** A listener of exchanges that also follows the engine's tasks and is closed at the stop (the spans). */
export interface FollowingListener extends ExchangeListener {
  follow(engine: Engine): void
  /** Sends what waits for at most `waitMs`; never rejects. */
  close(waitMs?: number): Promise<void>
}

export interface ServerListening {
  /** The listener of a simulation, made once its engine and drift are; undefined when nothing listens. */
  listenerOf: ((engine: Engine, drift: Drift) => ExchangeListener | undefined) | undefined
  /** The metrics, once made (the state's saves are counted there). */
  metrics(): ServerMetrics | undefined
  /** Sends the spans still waiting, for at most `waitMs` (a no-op without spans). */
  close(waitMs?: number): Promise<void>
}

/** Both listeners in turn, the metrics' page kept. */
const both = (first: ExchangeListener, second: ExchangeListener): ExchangeListener => ({
  exchange: (route, method, status, seconds, trace, request) => {
    first.exchange(route, method, status, seconds, trace, request)
    second.exchange(route, method, status, seconds, trace, request)
  },
  scrape: first.scrape,
})

/**
 * A server's listeners: `metrics` (default on) and the `spans` the server made from its options
 * (node/tracing/otlp-spans.ts; undefined: none).
 * @example
 * const listening = serverListening(true, undefined)
 * serveSimulation(simulation, { listen: listening.listenerOf?.(simulation.engine, simulation.drift) })
 */
export function serverListening(metrics: boolean, spans: FollowingListener | undefined): ServerListening {
  let made: ServerMetrics | undefined
  const listenerOf = (engine: Engine, drift: Drift) => {
    made = metrics ? serverMetrics(engine, drift) : undefined
    spans?.follow(engine)
    if (made && spans) return both(made.listen, spans)
    return made?.listen ?? spans
  }
  return {
    listenerOf: metrics || spans ? listenerOf : undefined,
    metrics: () => made,
    close: async (waitMs) => spans?.close(waitMs),
  }
}
