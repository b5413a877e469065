// The metrics page of GET /__mock/metrics, made with prom-client (docs/metrics-and-traces.md): its
// registries write the Prometheus text and OpenMetrics formats, and add the process and event-loop metrics.
import { collectDefaultMetrics, Registry, type RegistryContentType } from 'prom-client'
import type { MetricsPage } from '../../metrics/exchange-listener.js'
import { METRIC_LIST, type MetricRow, type Sources } from './metric-list.js'

type Format = RegistryContentType

/**
 * A row of METRIC_LIST as a registry takes a metric: read afresh on every scrape. Each registry has
 * its own (prom-client renames an OpenMetrics counter in place).
 */
function family(row: MetricRow, sources: Sources) {
  return {
    name: row.name,
    help: row.help,
    type: row.type,
    aggregator: 'sum' as const,
    get() {
      return { name: this.name, help: row.help, type: row.type, aggregator: 'sum', values: row.read(sources, row.name) }
    },
  }
}

/** A registry of genmock's metrics and prom-client's default ones, writing one format. */
function registry(format: Format, sources: Sources): Registry<Format> {
  const made = new Registry<Format>()
  made.setContentType(format)
  for (const row of METRIC_LIST) made.registerMetric(family(row, sources) as never)
  collectDefaultMetrics({ register: made })
  return made
}

/**
 * The scrape of a server's metrics: the Prometheus text, or OpenMetrics when `accept` names it. A
 * format's registry is made on its first scrape (so a server never scraped loads nothing of prom-client's).
 * @example
 * const scrape = metricsScrape({ engine, drift, counts })
 * (await scrape('text/plain')).text // '# HELP genmock_requests_total …'
 */
export function metricsScrape(sources: Sources): (accept: string | undefined) => Promise<MetricsPage> {
  const made = new Map<Format, Registry<Format>>()
  return async (accept) => {
    const format = accept?.includes('application/openmetrics-text')
      ? Registry.OPENMETRICS_CONTENT_TYPE
      : Registry.PROMETHEUS_CONTENT_TYPE
    let chosen = made.get(format)
    if (!chosen) made.set(format, (chosen = registry(format, sources)))
    return { type: format, text: await chosen.metrics() }
  }
}
