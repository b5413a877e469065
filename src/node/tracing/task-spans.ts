// A span per task in the traces genmock sends (docs/metrics-and-traces.md, A task's span): a child of
// the submission's server span, an event for each change applied to the task later on the simulated
// clock, ended when the task completes or fails.
import type { Span, Tracer } from '@opentelemetry/api'
import type { AppliedChange } from '../../engine/engine.js'

/** How many tasks' spans are open at once at most: a newer task's ends the oldest early (`limit`). */
export const OPEN_TASK_SPANS = 10_000

/** Why a task's span ended before its task finished. */
export type EndedEarly = 'limit' | 'reset' | 'shutdown'

/** What of the OpenTelemetry API this needs, loaded by otlp-spans.ts only when traces are asked for. */
export interface TracingApi {
  trace: Pick<typeof import('@opentelemetry/api').trace, 'setSpan'>
  ROOT_CONTEXT: typeof import('@opentelemetry/api').ROOT_CONTEXT
  SpanStatusCode: typeof import('@opentelemetry/api').SpanStatusCode
}

/** The status's word, as the interface's 0, 1 and 2 mean. */
const STATUS = ['pending', 'completed', 'failed'] as const
/** Strings a scenario file or the control API gave (a relayStatus, an errorCode), cut as task ids are. */
const cut = (text: string) => text.slice(0, 512)

/** Wall time now, in epoch milliseconds: when genmock applied the change. */
const wallNow = () => performance.timeOrigin + performance.now()

/** A change's event attributes: bounded words, its simulated time as ISO 8601. */
function changeAttributes(change: AppliedChange) {
  return {
    'genmock.task_status': STATUS[change.status],
    'genmock.changed_by': change.by,
    'genmock.simulated_at': new Date(change.at).toISOString(),
    ...(change.relayStatus !== undefined ? { 'genmock.relay_status': cut(change.relayStatus) } : {}),
    ...(change.errorCode !== undefined ? { 'genmock.error_code': cut(change.errorCode) } : {}),
    ...(change.refunded ? { 'genmock.refunded': true } : {}),
  }
}

/**
 * The open spans of the tasks created since traces were on, by task id, at most `limit` of them
 * (oldest first). A task's span is named `task` and timed on the wall clock: it starts when its
 * submission was answered, each change applied is a `task.transition` event at the moment genmock
 * applied it (its simulated time an attribute), and a completed or failed task ends it (failed: status
 * ERROR). A span ended before its task finished says why in `genmock.ended_early`.
 * @example
 * const tasks = new TaskSpans(tracer, api)
 * tasks.created('tsk_1', serverSpan, end)
 * engine.onTaskChange(tasks.changed)
 */
export class TaskSpans {
  readonly #open = new Map<string, Span>()
  readonly #tracer: Tracer
  readonly #api: TracingApi
  readonly #limit: number

  constructor(tracer: Tracer, api: TracingApi, limit = OPEN_TASK_SPANS) {
    this.#tracer = tracer
    this.#api = api
    this.#limit = limit
  }

  /** How many tasks' spans are open. */
  get open(): number {
    return this.#open.size
  }

  /** The task `taskId` of `type` was created by the exchange whose span is `parent`, answered at `at`. */
  created(taskId: string, type: 'image' | 'video', parent: Span, at: number): void {
    if (this.#open.size >= this.#limit) {
      const [oldest] = this.#open.keys()
      this.#endEarly(oldest!, 'limit')
    }
    const context = this.#api.trace.setSpan(this.#api.ROOT_CONTEXT, parent)
    const attributes = { 'genmock.task_id': cut(taskId), 'genmock.task_type': type, 'genmock.task_status': 'pending' }
    this.#open.set(taskId, this.#tracer.startSpan('task', { startTime: at, attributes }, context))
  }

  /** A change applied to a task (engine.onTaskChange): its event, and the span's end once it finished. */
  readonly changed = (change: AppliedChange): void => {
    const span = this.#open.get(change.taskId)
    if (!span) return
    const now = wallNow()
    span.addEvent('task.transition', changeAttributes(change), now)
    if (change.status === 0) return
    span.setAttribute('genmock.task_status', STATUS[change.status])
    if (change.status === 2)
      span.setStatus({ code: this.#api.SpanStatusCode.ERROR, message: cut(change.errorCode ?? 'failed') })
    span.end(now)
    this.#open.delete(change.taskId)
  }

  /** Ends every open span, its task still pending: the engine was reset, or the server stops. */
  endAll(reason: EndedEarly): void {
    for (const taskId of [...this.#open.keys()]) this.#endEarly(taskId, reason)
  }

  #endEarly(taskId: string, reason: EndedEarly): void {
    const span = this.#open.get(taskId)!
    span.setAttribute('genmock.ended_early', reason)
    span.end()
    this.#open.delete(taskId)
  }
}
