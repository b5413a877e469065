// A request's W3C trace context (traceparent, tracestate) read strictly, so that a malformed header is
// ignored whole: nothing of it reaches the journal, the findings or a span (docs/metrics-and-traces.md).

/** The trace context a request carried, when its traceparent is well formed. */
export interface TraceContext {
  /** 32 lower-case hex digits, not all zero. */
  traceId: string
  /** The caller's span: 16 lower-case hex digits, not all zero. */
  parentId: string
  /** Whether the caller sampled its span (the flags' lowest bit). */
  sampled: boolean
  /** The header as sent (55 characters for version 00). */
  traceparent: string
  /** The vendors' list, kept only beside a valid traceparent and only up to TRACESTATE_LIMIT characters. */
  tracestate?: string
}

/** W3C Trace Context §3.3.1.1: at most 32 list members; 512 characters is the size vendors must keep. */
export const TRACESTATE_LIMIT = 512
/** A version-00 header's exact length; a later version may add fields after a dash. */
const LENGTH = 55
const HEADER = /^([\da-f]{2})-([\da-f]{32})-([\da-f]{16})-([\da-f]{2})(-.*)?$/
const ZERO_TRACE = '0'.repeat(32)
const ZERO_SPAN = '0'.repeat(16)

/**
 * The trace context of a request's headers, or undefined when it has none or its traceparent is
 * malformed: wrong length, upper-case hex, version ff, an all-zero trace or parent id.
 * @example
 * traceContext({ traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' })?.traceId
 * // '0af7651916cd43dd8448eb211c80319c'
 */
export function traceContext(headers: Readonly<Record<string, string | undefined>>): TraceContext | undefined {
  const header = headers.traceparent
  // Only version 00's length, or a later version's with its fields: a 10 kB value is never matched.
  if (header === undefined || header.length < LENGTH || header.length > 2 * LENGTH) return undefined
  const parts = HEADER.exec(header)
  if (!parts) return undefined
  const [, version, traceId, parentId, flags, rest] = parts as unknown as [
    string,
    string,
    string,
    string,
    string,
    string?,
  ]
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined
  if (traceId === ZERO_TRACE || parentId === ZERO_SPAN) return undefined
  const state = headers.tracestate
  return {
    traceId,
    parentId,
    sampled: (Number.parseInt(flags, 16) & 1) === 1,
    traceparent: header,
    ...(state !== undefined && state.length <= TRACESTATE_LIMIT ? { tracestate: state } : {}),
  }
}
