// The drift step (route-steps.ts): a proxied exchange compared with what genmock would have answered, for
// the drift report (docs/check-against-the-service.md). Exchanges genmock answered itself pass by.
import { compareProxied } from '../drift/record-proxied.js'
import type { Step } from './route-exchange.js'

/** The step that compares a proxied exchange; it needs the journal step's entry, the findings' example. */
export const driftStep: Required<Pick<Step, 'after'>> = {
  after(exchange, sent) {
    const { proxied, journaled } = exchange
    if (proxied && journaled) compareProxied(exchange.engine, exchange.drift, proxied, journaled, exchange.redact)
    return sent
  },
}
