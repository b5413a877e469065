// The control document's operation for the metrics page (handlers/metrics-handlers.ts,
// docs/metrics-and-traces.md): Prometheus text, or OpenMetrics when Accept asks for it.
import { common, errors, op } from './operation-parts.js'

const TEXT = { schema: { type: 'string' } }

export const METRICS_OPERATIONS = {
  'GET /__mock/metrics': op({
    operationId: 'getMetrics',
    tags: ['simulator'],
    summary: 'Prometheus metrics: requests, durations, tasks, credits, findings, drift, state saves, the process',
    description:
      'The Prometheus text format (0.0.4), or OpenMetrics 1.0 when Accept names application/openmetrics-text. ' +
      'Labels are bounded: route patterns, methods, statuses, models, scenarios, rules; never an id, key or prompt. ' +
      '404 from the msw and browser doors, and from a server started with --metrics off.',
    responses: {
      '200': {
        description: 'The metrics.',
        headers: common,
        content: { 'text/plain': TEXT, 'application/openmetrics-text': TEXT },
      },
      ...errors(404),
    },
  }),
}
