// The Node door's listener of exchanges (docs/metrics-and-traces.md): counts every request at once and
// loads prom-client only when /__mock/metrics is first scraped.
import type { Drift } from '../../drift/drift-state.js'
import type { Engine } from '../../engine/engine.js'
import type { ExchangeListener, MetricsPage } from '../../metrics/exchange-listener.js'
import { ExchangeCounts } from './exchange-counts.js'

/** What a server's metrics are made of: the listener the route core calls, and the counts it keeps. */
export interface ServerMetrics {
  listen: ExchangeListener
  counts: ExchangeCounts
}

/**
 * The metrics of a server's simulator.
 * @example
 * const { listen, counts } = serverMetrics(engine, drift)
 * createAnswer(engine, drift, { listen })
 */
export function serverMetrics(engine: Engine, drift: Drift): ServerMetrics {
  const counts = new ExchangeCounts()
  let scrape: ((accept: string | undefined) => Promise<MetricsPage>) | undefined
  // The counts are the listener themselves: one call per request, no function between (docs/performance.md).
  counts.scrape = async (accept) => {
    scrape ??= (await import('./prometheus-page.js')).metricsScrape({ engine, drift, counts })
    return scrape(accept)
  }
  return { listen: counts, counts }
}
