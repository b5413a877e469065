// The Node door's watcher of exchanges (docs/metrics-and-traces.md): counts every request at once and
// loads prom-client only when /__mock/metrics is first scraped.
import type { Drift } from '../../drift/drift-state.js'
import type { Engine } from '../../engine/engine.js'
import type { ExchangeWatch, MetricsPage } from '../../metrics/exchange-watch.js'
import { ExchangeCounts } from './exchange-counts.js'

/** What a server's metrics are made of: the watcher the route core calls, and the counts it keeps. */
export interface ServerMetrics {
  watch: ExchangeWatch
  counts: ExchangeCounts
}

/**
 * The metrics of a server's simulator.
 * @example
 * const { watch, counts } = serverMetrics(engine, drift)
 * createAnswer(engine, drift, { watch })
 */
export function serverMetrics(engine: Engine, drift: Drift): ServerMetrics {
  const counts = new ExchangeCounts()
  let scrape: ((accept: string | undefined) => Promise<MetricsPage>) | undefined
  // The counts are the watcher themselves: one call per request, no function between (docs/performance.md).
  counts.scrape = async (accept) => {
    scrape ??= (await import('./prometheus-page.js')).metricsScrape({ engine, drift, counts })
    return scrape(accept)
  }
  return { watch: counts, counts }
}
