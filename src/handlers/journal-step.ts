// The journal step (route-steps.ts): client traffic (everything outside /__mock) into the journal as the
// very reply every door writes, and the findings of the rules it broke; a proxied exchange as the service
// answered it.
import { proxiedEntry } from '../drift/record-proxied.js'
import type { Breach } from '../engine/journal/conformance.js'
import { HeldExchange, type RouteTrace } from '../http/exchange-entry.js'
import { traceContext } from '../tracing/trace-context.js'
import type { Exchange, Step } from './route-exchange.js'

/**
 * The step that journals a client request and records its findings; the control API's are never journaled.
 * It reads the exchange and changes none of it: the steps after it see the rules the route found.
 */
export const journalStep: Required<Pick<Step, 'after'>> = {
  after(exchange, sent) {
    if (exchange.control) return sent
    const { engine, request, trace, redact, proxied } = exchange
    if (proxied) {
      const entry = proxiedEntry(proxied, redact)
      exchange.journaled = { seq: engine.record.request(entry), ...entry }
      return sent
    }
    // An account with a clock of its own sees its own time, in the journal as in the Date header.
    const clock = exchange.clock()
    const arrived = clock === exchange.serverClock ? exchange.arrived : clock.now()
    // Built when first read: most entries never are (docs/performance.md); till then it holds
    // bounded copies, never the request's or the reply's own bodies (docs/limits-and-security.md).
    const wire = 'drop' in sent ? null : sent
    const { breaches } = trace
    // The findings keep the rules broken; the journal holds a trace without them (its entries never show them).
    const held = new HeldExchange(
      request,
      wire,
      breaches ? withoutBreaches(trace) : trace,
      arrived,
      exchange.durationMs(),
      exchange.rules(),
      redact,
    )
    const requestSeq = engine.record.request(held, held.bytes)
    if (breaches) recordBreaches(exchange, breaches, arrived, requestSeq)
    return sent
  },
}

/**
 * A trace's copy without its breaches: only for a request that broke a rule. Their key stays, undefined
 * (an entry is built without it): a spread alone is V8's fast clone, and a rest pattern is not.
 */
function withoutBreaches(trace: RouteTrace): RouteTrace {
  const rest = { ...trace }
  rest.breaches = undefined
  return rest
}

/** The findings of the rules a request broke; a repeat has already updated its first finding in the engine. */
function recordBreaches(exchange: Exchange, breaches: Breach[], arrived: number, requestSeq: number) {
  const { engine, trace, redact, request } = exchange
  let found: Breach[] | undefined
  for (const breach of breaches) {
    if (breach.repeat) continue
    ;(found ??= []).push({
      ...breach,
      message: redact.text(breach.message),
      ...(breach.idempotencyKey !== undefined ? { idempotencyKey: redact.text(breach.idempotencyKey) } : {}),
    })
  }
  if (!found) return
  // The finding is found by the client's trace id too (docs/metrics-and-traces.md).
  const traceId = traceContext(request.headers)?.traceId
  const at = new Date(arrived).toISOString()
  engine.record.findings(found, { accountId: trace.accountId ?? '', at, requestSeq, ...(traceId ? { traceId } : {}) })
}
