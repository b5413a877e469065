// The journal step (route-steps.ts): client traffic (everything outside /__mock) into the journal as the
// very reply every door writes, and the findings of the rules it broke.
import type { Breach } from '../engine/journal/conformance.js'
import { HeldExchange } from '../http/exchange-entry.js'
import { traceContext } from '../tracing/trace-context.js'
import type { Exchange, Step } from './route-exchange.js'

/** The step that journals a client request and records its findings; the control API's are never journaled. */
export const journalStep: Required<Pick<Step, 'after'>> = {
  after(exchange, sent) {
    if (exchange.control) return sent
    const { engine, request, trace, redact } = exchange
    // An account with a clock of its own sees its own time, in the journal as in the Date header.
    const clock = exchange.clock()
    const arrived = clock === exchange.serverClock ? exchange.arrived : clock.now()
    // Built when first read: most entries never are (docs/performance.md); till then it holds
    // bounded copies, never the request's or the reply's own bodies (docs/limits-and-security.md).
    const durationMs = performance.now() - exchange.started
    const wire = 'drop' in sent ? null : sent
    const held = new HeldExchange(request, wire, trace, arrived, durationMs, exchange.rules(), redact)
    const requestSeq = engine.recordRequest(held, held.bytes)
    if (trace.breaches) {
      recordBreaches(exchange, trace.breaches, arrived, requestSeq)
      // The findings have them now; the journal holds this trace, but its entries never show them.
      trace.breaches = undefined
    }
    return sent
  },
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
  engine.recordFindings(found, { accountId: trace.accountId ?? '', at, requestSeq, ...(traceId ? { traceId } : {}) })
}
