// The watch step (route-steps.ts): every answered exchange told to the door's watcher, its metrics and spans
// (docs/metrics-and-traces.md), proxied exchanges too.
import type { ExchangeWatch } from '../metrics/exchange-watch.js'
import type { Step } from './route-exchange.js'

/**
 * The step that tells `watch` of each exchange: its row, method, status (0 when dropped), seconds and trace.
 * @example
 * routeSteps(choices, { watch: metrics })
 */
export const watchStep = (watch: ExchangeWatch): Required<Pick<Step, 'after'>> => ({
  after(exchange, sent) {
    const { row, request, trace } = exchange
    const seconds = exchange.durationMs() / 1000
    watch.exchange(row, request.method, 'drop' in sent ? 0 : sent.status, seconds, trace, request)
    return sent
  },
})
