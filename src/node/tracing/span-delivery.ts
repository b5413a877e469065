// How spans reach the collector without ever hurting the run (docs/metrics-and-traces.md, When the
// collector is down): an export that fails is told once and counted, never thrown; the stop waits for
// the collector at most a bounded time, then says how many spans were not sent.
import type { ReadableSpan, SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace'

/** How a warning reaches the logs: the CLI's output (an event with --log json), else stderr. */
export type Warn = (event: string, fields: Record<string, unknown>, text: string) => void

/** The export results the SDK's processor reads (ExportResultCode of @opentelemetry/core). */
const SUCCESS = 0

/** An error's code (ECONNREFUSED, ECONNRESET, …), or its message's first line. */
const reasonOf = (error: unknown): string =>
  (error as NodeJS.ErrnoException | undefined)?.code ??
  ((error as Error | undefined)?.message ?? String(error)).split('\n')[0]!.slice(0, 200)

/** The default warning: on stderr, as the state's are without the CLI. */
const toStderr: Warn = (_event, _fields, text) => process.emitWarning(`genmock: ${text}`)

/**
 * The exporter the batch processor sends to: it hands each batch to the OTLP exporter and always
 * reports success back, so that no failure reaches the processor's error handler or its shutdown (an
 * unhandled rejection that stopped genmock before its report). The first failure is a warning; each
 * is counted, with the spans it held. `counter` is a processor beside the batch one that counts the
 * spans ended, so the stop can say how many never reached the collector.
 * @example
 * const delivery = new SpanDelivery(new OTLPTraceExporter({ url }), url, out.warn)
 * new BatchSpanProcessor({ exporter: delivery }) // with delivery.counter beside it
 */
export class SpanDelivery implements SpanExporter {
  readonly #inner: SpanExporter
  readonly #target: string
  readonly #warn: Warn
  /** Set once the stop has said what was not sent: a failure after it is not told. */
  #stopped = false
  /** Spans ended, spans the collector took, exports that failed. */
  ended = 0
  sent = 0
  failures = 0
  /** Why the first export failed, once one did. */
  reason: string | undefined

  constructor(inner: SpanExporter, target: string, warn: Warn = toStderr) {
    this.#inner = inner
    this.#target = target
    this.#warn = warn
  }

  /** A processor that counts the spans ended (every sampled one reaches it, as it reaches the batch processor). */
  readonly counter: SpanProcessor = {
    onStart: () => {},
    onEnd: () => {
      this.ended++
    },
    forceFlush: () => Promise.resolve(),
    shutdown: () => Promise.resolve(),
  }

  export(spans: ReadableSpan[], done: Parameters<SpanExporter['export']>[1]): void {
    try {
      this.#inner.export(spans, (result) => {
        if (result.code === SUCCESS) this.sent += spans.length
        else this.#failed(result.error)
        done({ code: SUCCESS })
      })
    } catch (error) {
      this.#failed(error)
      done({ code: SUCCESS })
    }
  }

  #failed(error: unknown): void {
    this.failures++
    if (this.reason !== undefined || this.#stopped) return
    this.reason = reasonOf(error)
    this.#warn(
      'otlp-failed',
      { target: this.#target, reason: this.reason },
      `cannot send spans to ${this.#target} (${this.reason}): genmock goes on without them, ` +
        'and says how many were not sent when it stops',
    )
  }

  shutdown(): Promise<void> {
    return this.#inner.shutdown().catch(() => {})
  }

  forceFlush(): Promise<void> {
    return this.#inner.forceFlush?.().catch(() => {}) ?? Promise.resolve()
  }

  /**
   * Runs `flush` (the provider's shutdown) for at most `waitMs`, then, if not every span ended was
   * sent, warns once how many were not and why. Never rejects.
   */
  async stop(flush: () => Promise<void>, waitMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined
    const waited = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), Math.max(0, waitMs))
    })
    const finished = await Promise.race([flush().catch(() => undefined), waited])
    clearTimeout(timer)
    this.#stopped = true
    const unsent = this.ended - this.sent
    if (unsent <= 0) return
    const late = `the collector took no more within ${Math.round(waitMs / 100) / 10} s`
    const why = finished === 'late' ? [this.reason, late].filter(Boolean).join('; ') : (this.reason ?? 'not sent')
    this.#warn(
      'otlp-unsent',
      { target: this.#target, spans: this.ended, unsent, failures: this.failures, reason: why },
      `${unsent} of ${this.ended} spans not sent to ${this.#target} (${why})`,
    )
  }
}
