// What listens to every exchange the route core answers (docs/metrics-and-traces.md): the Node door's
// Prometheus metrics and OpenTelemetry spans. The route core calls it from one place, after each reply.
import type { RouteTrace } from '../http/exchange-entry.js'
import type { HttpRequest } from '../http/request-reply.js'
import type { ExchangeKind } from '../http/router.js'

/** The route table's row a request matched, as a listener labels it (bounded: the table's own paths). */
export interface MatchedRoute {
  /** The row's path pattern, `/api/ai/tasks/:id`: never the request's own path. */
  path: string
  /** The row's handler name, such as submitImage: a label, never compared (the kind says what it is). */
  name: string
  /** What kind of exchange it is (handlers/route-table.ts): `image submission`, … */
  kind: ExchangeKind
}

/** The metrics page as scraped: its content type and text. */
export interface MetricsPage {
  type: string
  text: string
}

/**
 * A listener of exchanges. `exchange` runs on every request, so it must stay cheap: no promise, no
 * string built per request (docs/performance.md).
 */
export interface ExchangeListener {
  /**
   * One answered exchange: the row it matched (undefined when none did), its method, status (0: the
   * connection was dropped), wall seconds spent, what the route learnt (breaches still on it), and the request.
   */
  exchange(
    route: MatchedRoute | undefined,
    method: string,
    status: number,
    seconds: number,
    trace: RouteTrace,
    request: HttpRequest,
  ): void
  /** GET /__mock/metrics: the Prometheus text, or OpenMetrics when `accept` asks for it; undefined when off. */
  scrape?: ((accept: string | undefined) => Promise<MetricsPage>) | undefined
}
