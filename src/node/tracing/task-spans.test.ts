import * as api from '@opentelemetry/api'
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace'
import { describe, expect, it } from 'vitest'
import { TaskSpans } from './task-spans.js'

function tracing(limit: number) {
  const exporter = new InMemorySpanExporter()
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] })
  const tracer = provider.getTracer('test')
  const tasks = new TaskSpans(tracer, api, limit)
  const parent = tracer.startSpan('POST /api/ai/image/generate')
  const ended = () => exporter.getFinishedSpans().filter((span) => span.name === 'task')
  return { tasks, parent, ended }
}

const change = (taskId: string, status: 0 | 1 | 2) => ({
  taskId,
  at: 0,
  status,
  refunded: false,
  by: 'timeline' as const,
})

describe("tasks' spans", () => {
  it('keep at most the limit open: a newer task ends the oldest, which says so', () => {
    const { tasks, parent, ended } = tracing(2)
    tasks.created('tsk_1', 'image', parent, 1000)
    tasks.created('tsk_2', 'image', parent, 1000)
    expect([tasks.open, ended()]).toEqual([2, []])
    tasks.created('tsk_3', 'video', parent, 1000)
    expect(tasks.open).toBe(2)
    expect(ended().map((span) => [span.attributes['genmock.task_id'], span.attributes['genmock.ended_early']])).toEqual(
      [['tsk_1', 'limit']],
    )
    // The ended one's later changes are not recorded anywhere; the others' are.
    tasks.changed(change('tsk_1', 1))
    tasks.changed(change('tsk_2', 1))
    expect(ended().map((span) => span.attributes['genmock.task_id'])).toEqual(['tsk_1', 'tsk_2'])
    expect(ended()[1]!.events.map((event) => event.name)).toEqual(['task.transition'])
    expect(tasks.open).toBe(1)
  })

  it('a change that leaves the task pending is an event, and the span stays open', () => {
    const { tasks, parent, ended } = tracing(10)
    tasks.created('tsk_1', 'image', parent, 1000)
    tasks.changed({ ...change('tsk_1', 0), relayStatus: 'running' })
    expect([tasks.open, ended()]).toEqual([1, []])
    tasks.endAll('reset')
    const [span] = ended()
    expect(span!.attributes).toMatchObject({ 'genmock.task_status': 'pending', 'genmock.ended_early': 'reset' })
    expect(span!.events.map((event) => event.attributes)).toEqual([
      {
        'genmock.task_status': 'pending',
        'genmock.changed_by': 'timeline',
        'genmock.simulated_at': '1970-01-01T00:00:00.000Z',
        'genmock.relay_status': 'running',
      },
    ])
    expect(tasks.open).toBe(0)
  })
})
