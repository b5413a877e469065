// What listens to a Node server's exchanges (docs/metrics-and-traces.md): its metrics unless --metrics off,
// its OTLP spans when asked, its log of changes unless --log silent; one listener for the route core, and how
// to stop them.
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

/** Every listener in turn, the first's page kept (the metrics', when they are on). */
const each = (listeners: ExchangeListener[]): ExchangeListener | undefined =>
  listeners.length < 2
    ? listeners[0]
    : {
        exchange: (route, method, status, seconds, trace, request) => {
          for (const listener of listeners) listener.exchange(route, method, status, seconds, trace, request)
        },
        scrape: listeners[0]!.scrape,
      }

/**
 * A server's listeners: `metrics` (default on), the `spans` the server made from its options
 * (node/tracing/otlp-spans.ts; undefined: none) and its log of changes (server/change-log.ts; undefined: none).
 * @example
 * const listening = serverListening(true, undefined, undefined)
 * serveSimulation(simulation, { listen: listening.listenerOf?.(simulation.engine, simulation.drift) })
 */
export function serverListening(
  metrics: boolean,
  spans: FollowingListener | undefined,
  changes: ((engine: Engine) => ExchangeListener) | undefined,
): ServerListening {
  let made: ServerMetrics | undefined
  const listenerOf = (engine: Engine, drift: Drift) => {
    made = metrics ? serverMetrics(engine, drift) : undefined
    spans?.follow(engine)
    const logged = changes?.(engine)
    return each([made?.listen, spans, logged].filter((listener) => listener !== undefined))
  }
  return {
    listenerOf: metrics || spans || changes ? listenerOf : undefined,
    metrics: () => made,
    close: async (waitMs) => spans?.close(waitMs),
  }
}
