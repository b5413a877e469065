// The listen step (route-steps.ts): every answered exchange told to the door's listener, its metrics and spans
// (docs/metrics-and-traces.md), proxied exchanges too.
import type { ExchangeListener } from '../metrics/exchange-listener.js'
import type { Step } from './route-exchange.js'

/**
 * The step that tells `listen` of each exchange: its row, method, status (0 when dropped), seconds and trace.
 * @example
 * routeSteps(choices, { listen: metrics })
 */
export const listenStep = (listen: ExchangeListener): Required<Pick<Step, 'after'>> => ({
  after(exchange, sent) {
    const { row, request, trace } = exchange
    const seconds = exchange.durationMs() / 1000
    listen.exchange(row, request.method, 'drop' in sent ? 0 : sent.status, seconds, trace, request)
    return sent
  },
})
