// The control document's operations of the simulator itself: the dashboard, health, this document, reset
// (handlers/simulator-handlers.ts).
import { COMMON_RULES } from './control-rules.js'
import { common, errors, ok200, op } from './operation-parts.js'
import { ref, response } from './json-schema.js'

export const SIMULATOR_OPERATIONS: Record<string, ReturnType<typeof op>> = {
  'GET /__mock': op({
    operationId: 'openDashboard',
    tags: ['simulator'],
    summary: 'The dashboard: redirects to the page at /__mock/',
    security: [{}],
    responses: {
      '308': {
        description: 'The dashboard page (HTML, no data of its own) is at /__mock/.',
        headers: { ...common, Location: { required: true, schema: { type: 'string', const: '/__mock/' } } },
      },
      '403': errors()['403'],
      default: errors().default,
    },
  }),
  'GET /__mock/health': op({
    operationId: 'getHealth',
    tags: ['simulator'],
    summary: 'Whether genmock is up, and its version: open to anyone, whatever the admin token',
    security: [{}],
    responses: { ...ok200('Up.', 'Health'), '403': errors()['403'], default: errors().default },
  }),
  'GET /__mock/whoami': op({
    operationId: 'whoami',
    tags: ['simulator'],
    summary: 'Who the caller is: the admin, or the account whose key it sent',
    responses: { ...ok200('The caller.', 'Whoami'), ...errors() },
  }),
  'GET /__mock/openapi.json': op({
    operationId: 'getControlOpenApi',
    tags: ['simulator'],
    summary: 'This document',
    responses: {
      '200': response(
        {
          description: 'OpenAPI 3.1.',
          content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } },
        },
        common,
      ),
      ...errors(),
    },
  }),
  'POST /__mock/reset': op({
    operationId: 'reset',
    tags: ['simulator'],
    summary: 'Back to the start',
    description:
      'Fixture accounts and balances, the scenarios and default scenario genmock started ' +
      'with; tasks, idempotency keys, the journal and the findings cleared. The clock keeps going.',
    requestBody: ref('requestBodies', 'Reset'),
    responses: {
      ...ok200(
        'Reset, with the seed now in force and the keys it revoked (by account and last characters).',
        'ResetDone',
      ),
      ...errors(400, 413),
    },
    'x-genmock-rules': COMMON_RULES,
  }),
}
