// The control API's metrics page, GET /__mock/metrics (docs/metrics-and-traces.md): what the door's
// listener scrapes; a door without one (msw, the browser worker, --metrics off) answers 404 saying so.
import { Problem } from '../engine/problem.js'
import type { Route } from './route-context.js'

/** Why a door has no metrics page (docs/metrics-and-traces.md, Which doors serve it). */
export const NO_METRICS =
  'metrics are served by the Node server (genmock serve, startServer) unless started with --metrics off'

export const METRICS_HANDLERS = {
  metrics: async (c) => {
    const scrape = c.listen?.scrape
    if (!scrape) throw Problem.of({ kind: 'not-found', message: NO_METRICS })
    const page = await scrape(c.request.headers.accept)
    return { status: 200, headers: { 'content-type': page.type, 'cache-control': 'no-store' }, bytes: page.text }
  },
} satisfies Record<string, Route>
