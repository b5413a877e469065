// OpenTelemetry export (docs/metrics-and-traces.md, Traces to a collector): a server span per request,
// a child of the client's traceparent, and a span per task created (task-spans.ts), sent over OTLP/HTTP
// by the OpenTelemetry JS SDK, which is loaded only when --otlp or an OTEL_EXPORTER_OTLP_* variable asks.
// A collector that is down never hurts the run (span-delivery.ts).
import type { Engine } from '../../engine/engine.js'
import type { RouteTrace } from '../../http/exchange-entry.js'
import type { ExchangeListener, MatchedRoute } from '../../metrics/exchange-listener.js'
import { traceContext } from '../../tracing/trace-context.js'
import { SpanDelivery, type Warn } from './span-delivery.js'
import { otlpTarget } from './otlp-target.js'
import { TaskSpans } from './task-spans.js'

/** A listener that sends spans, and how to flush and stop it. */
export interface SpanListener extends ExchangeListener {
  /** Follows the tasks of `engine` from their submission on: each one's span and its transitions. */
  follow(engine: Engine): void
  /**
   * Ends the tasks' spans still open and sends the spans still waiting, for at most `waitMs`
   * (STOP_WAIT_MS without it), then stops; says how many spans were not sent, if any. Never rejects.
   */
  close(waitMs?: number): Promise<void>
}

/** What the server's options ask of traces, and what the spans name. */
export interface SpansAsked {
  /** --otlp URL, if given. */
  otlp: string | undefined
  /** The environment, where the OTEL_EXPORTER_OTLP_* variables may ask instead. */
  env: Record<string, string | undefined>
  /** genmock's version, the tracer's. */
  version: string
  /** Where the warnings about a collector that is down go; stderr without it. */
  warn?: Warn | undefined
}

/**
 * How many finished spans wait for the collector at most, in batches of SPAN_BATCH: a newer span is
 * dropped while the queue is full, so a collector that is down costs a bounded memory.
 */
export const SPAN_QUEUE = 2048
export const SPAN_BATCH = 512
/** How long a stop waits for the collector when the server's close gives no grace: the CLI's default --grace. */
export const STOP_WAIT_MS = 5000

/** The span's attributes: bounded words of what the route learnt (the task id is the client's, cut at 512). */
function attributes(route: MatchedRoute | undefined, method: string, status: number, trace: RouteTrace) {
  const findings = trace.breaches?.map((breach) => breach.rule) ?? []
  return {
    'http.request.method': method,
    'http.route': route?.path ?? 'unmatched',
    'http.response.status_code': status,
    ...(trace.taskId !== undefined ? { 'genmock.task_id': trace.taskId.slice(0, 512) } : {}),
    ...(trace.scenario !== undefined ? { 'genmock.scenario': trace.scenario } : {}),
    ...(trace.replayed ? { 'genmock.replayed': true } : {}),
    ...(findings.length > 0 ? { 'genmock.findings': findings } : {}),
  }
}

/** The context of the caller's traceparent, when it sent a well-formed one: the span is its child. */
function parentContext(api: typeof import('@opentelemetry/api'), headers: Record<string, string | undefined>) {
  const parent = traceContext(headers)
  if (!parent) return api.ROOT_CONTEXT
  return api.trace.setSpanContext(api.ROOT_CONTEXT, {
    traceId: parent.traceId,
    spanId: parent.parentId,
    traceFlags: parent.sampled ? api.TraceFlags.SAMPLED : api.TraceFlags.NONE,
    isRemote: true,
  })
}

/**
 * Spans of every exchange, exported to `--otlp` or the OTEL_EXPORTER_OTLP_* variables (undefined when
 * neither asks: nothing is loaded). Each is a
 * SERVER span named `METHOD route`, timed as the route core timed the exchange, the child of the
 * request's traceparent when it carried a valid one; a submission adds a `task.created` event and
 * starts its task's span (`follow` an engine for their transitions), each finding a `conformance.finding` event.
 * @example
 * const spans = await otlpSpans({ otlp: 'http://127.0.0.1:4318/v1/traces', env: process.env, version: '1.0.0' })
 */
export async function otlpSpans(asked: SpansAsked): Promise<SpanListener | undefined> {
  const url = otlpTarget(asked.otlp, asked.env)
  if (url === undefined) return undefined
  const [api, sdk, { OTLPTraceExporter }, { resourceFromAttributes }] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
  ]).catch((error: unknown) => {
    // The package's bin leaves the SDK to the package's dependencies (build/bundle-cli.ts).
    throw new Error(
      `--otlp needs the OpenTelemetry SDK, a dependency of the genmock package, and it cannot be loaded ` +
        `(${(error as Error).message.split('\n')[0]}): install genmock with its dependencies, or use the image ` +
        'or the standalone executable, which carry it',
    )
  })
  // As many exports at once as a full queue's batches: what a stop's flush sends together.
  const concurrencyLimit = SPAN_QUEUE / SPAN_BATCH + 1
  const target = url || asked.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || asked.env.OTEL_EXPORTER_OTLP_ENDPOINT!
  const delivery = new SpanDelivery(
    new OTLPTraceExporter(url === '' ? { concurrencyLimit } : { url, concurrencyLimit }),
    target,
    asked.warn,
  )
  const batches = new sdk.BatchSpanProcessor({
    exporter: delivery,
    scheduledDelayMillis: 1000,
    maxQueueSize: SPAN_QUEUE,
    maxExportBatchSize: SPAN_BATCH,
  })
  const provider = new sdk.TracerProvider({
    resource: resourceFromAttributes({ 'service.name': asked.env.OTEL_SERVICE_NAME || 'genmock' }),
    spanProcessors: [delivery.counter, batches],
  })
  const tracer = provider.getTracer('genmock', asked.version)
  const tasks = new TaskSpans(tracer, api)
  const exchange: ExchangeListener['exchange'] = (route, method, status, seconds, trace, request) => {
    const context = parentContext(api, request.headers)
    const end = performance.timeOrigin + performance.now()
    const span = tracer.startSpan(
      `${method} ${route?.path ?? 'unmatched'}`,
      {
        kind: api.SpanKind.SERVER,
        startTime: end - seconds * 1000,
        attributes: attributes(route, method, status, trace),
      },
      context,
    )
    // A submission that stored a task names it: answered (2xx), or its connection dropped after the
    // commit (0); a 503 of a save that failed undid it (docs/state.md, When a save fails).
    if (
      trace.taskId !== undefined &&
      (route?.kind === 'image submission' || route?.kind === 'video submission') &&
      status < 300 &&
      !trace.replayed
    ) {
      span.addEvent('task.created', { 'genmock.task_id': trace.taskId, 'genmock.task_status': 'pending' }, end)
      tasks.created(trace.taskId, route.kind === 'video submission' ? 'video' : 'image', span, end)
    }
    for (const breach of trace.breaches ?? [])
      span.addEvent('conformance.finding', { 'genmock.rule': breach.rule }, end)
    if (status >= 500 || status === 0) span.setStatus({ code: api.SpanStatusCode.ERROR })
    span.end(end)
  }
  const follow = (engine: Engine) => {
    engine.onTaskChange(tasks.changed)
    engine.onReset(() => tasks.endAll('reset'))
  }
  const close = (waitMs = STOP_WAIT_MS) => {
    tasks.endAll('shutdown')
    return delivery.stop(() => provider.shutdown(), waitMs)
  }
  return { exchange, follow, close }
}
