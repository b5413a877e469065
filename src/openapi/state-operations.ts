// The control document's operations for the state routes (handlers/state-handlers.ts, over src/snapshot/):
// exporting, replacing and saving the simulator's state (docs/state.md).
import { LIMITS } from '../contract/limits.js'
import { SNAPSHOT_FORMAT } from '../contract/saved-engine.js'
import { SAVED_ENGINE_VERSION } from '../engine/saved-state.js'
import { common, errors, op } from './operation-parts.js'
import { jsonContent, response } from './json-schema.js'

const SNAPSHOT = {
  type: 'object',
  description:
    "The simulator's whole state: accounts and keys, ledgers, tasks and what is still to come for them, " +
    'every clock, idempotency records, the journal, findings, coverage and the scenarios loaded at run time; ' +
    'beside them, `drift`: the drift report of --proxy and the tasks it follows (absent: an empty report). ' +
    'The browser worker keeps the same document across page reloads.',
  required: ['version'],
  properties: {
    format: { const: SNAPSHOT_FORMAT },
    version: { type: 'integer', description: `The format's number (${SAVED_ENGINE_VERSION} here).` },
    genmock: { type: 'string', description: 'The version of genmock that wrote it.' },
    savedAt: { type: 'string', format: 'date-time' },
  },
  additionalProperties: true,
}

const STATUS = {
  type: 'object',
  required: ['kept'],
  properties: {
    kept: { type: 'boolean', description: 'Whether genmock keeps its state on disk (--state DIR).' },
    dir: { type: 'string' },
    strategy: { enum: ['scheduled', 'request', 'shutdown', 'manual'] },
    lastSavedAt: { type: 'string', format: 'date-time' },
    unsaved: { type: 'boolean', description: 'Something changed since the last save.' },
    failing: {
      type: 'object',
      description:
        'Set while saves fail (a full disk): since, reason (ENOSPC…), attempts, refusing (changing requests ' +
        'answered 503 until a save works, with request), unsavedRequests.',
      additionalProperties: true,
    },
  },
  additionalProperties: false,
}

const ok = (description: string, schema: object) => ({
  '200': response({ description, content: jsonContent(schema).content }, common),
})

export const STATE_OPERATIONS = {
  'GET /__mock/state': op({
    operationId: 'getState',
    tags: ['state'],
    summary: 'The whole state as one JSON document (a snapshot)',
    description:
      'Save it after a test setup and PUT it back, or start genmock with --state-from FILE, to start from that world.',
    responses: { ...ok('The snapshot.', SNAPSHOT), ...errors() },
  }),
  'PUT /__mock/state': op({
    operationId: 'putState',
    tags: ['state'],
    summary: 'Replace the state with a snapshot',
    description:
      'Checked as at start; an invalid one changes nothing (400 naming the path). ' +
      `Up to ${LIMITS.maxStateBytes} bytes. ` +
      'A manual clock takes its saved time; a real one goes on as if it had run meanwhile.',
    requestBody: { required: true, ...jsonContent(SNAPSHOT) },
    'x-genmock-rules': [
      {
        id: 'snapshot-checked',
        says:
          'A snapshot as GET /__mock/state gives it, checked as at start: its format and version this ' +
          "genmock's (a newer one is refused, naming the genmock that wrote it), every part in its saved shape. " +
          `At most ${LIMITS.maxStateBytes} bytes (413 past it). On a 400, whose issues name the path, nothing changes.`,
        where: ['body:'],
        answer: 400,
        source: 'genmock',
      },
    ],
    responses: {
      ...ok('Replaced.', {
        type: 'object',
        required: ['ok', 'tasks'],
        properties: { ok: { const: true }, tasks: { type: 'integer' } },
        additionalProperties: false,
      }),
      ...errors(400, 413),
    },
  }),
  'GET /__mock/state/status': op({
    operationId: 'getStateStatus',
    tags: ['state'],
    summary: 'Where the state is kept on disk and when it was last saved',
    responses: { ...ok('The state on disk.', STATUS), ...errors() },
  }),
  'POST /__mock/state/save': op({
    operationId: 'saveState',
    tags: ['state'],
    summary: 'Write what changed to the --state DIR now',
    description: 'Resolves once it is durable. 404 when genmock keeps no state on disk.',
    responses: { ...ok('Saved.', STATUS), ...errors(404) },
  }),
}
