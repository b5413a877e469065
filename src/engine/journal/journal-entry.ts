// One request as the journal keeps it: what came in, what went out, and what genmock learnt.
import type { RuleId } from './conformance.js'

/** One request as the journal keeps it (WireMock's request log): what came in and what went out. */
export interface JournalEntry {
  /** Position in the journal since the last reset, from 1. */
  seq: number
  /** Simulated time the request arrived, ISO 8601. */
  at: string
  method: string
  path: string
  query: string
  status: number
  /** Wall-clock time spent answering, including any scenario latency. */
  durationMs: number
  /** Request headers; credentials are redacted before they get here. */
  headers: Record<string, string>
  accountId?: string
  scenario?: string
  taskId?: string
  idempotencyKey?: string
  replayed?: boolean
  /** The scenario dropped the connection: the client got no response at all. */
  dropped?: boolean
  /** Forwarded to the service by `--proxy`: the answer is the service's (docs/check-against-the-service.md). */
  proxied?: true
  /** The conformance rules the request broke (GET /__mock/conformance has the findings). */
  conformance?: RuleId[]
  /** The W3C trace id of the request's traceparent, when it sent a well-formed one. */
  traceId?: string
  /** Its traceparent as sent, and its tracestate (docs/metrics-and-traces.md, Trace context). */
  traceparent?: string
  tracestate?: string
  requestBody?: JournalBody
  /** The reply's headers (none for a dropped connection). */
  responseHeaders?: Record<string, string>
  responseBody?: JournalBody
}

/** A body as the journal keeps it: JSON and other text as text up to a cap, media by type and size only. */
export interface JournalBody {
  type: string
  /** Bytes on the wire. */
  size: number
  text?: string
  /** The text was cut at the cap. */
  truncated?: true
}
