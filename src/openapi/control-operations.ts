/**
 * The control API's operations, keyed as its route tables write a route (control-routes.ts,
 * task-detail-routes.ts): the document's paths are the routes', and `controlPaths` refuses a route
 * without an operation or an operation without a route.
 */
import {
  coverageQuerySchema,
  findingQuerySchema,
  journalFilterQuerySchema,
  journalHarQuerySchema,
  journalListQuerySchema,
  mediaIndexSchema,
  pathText,
  taskListQuerySchema,
} from '../contract/control-requests.js'
import { driftQuerySchema } from '../contract/control-drift.js'
import type { Row } from '../http/router.js'
import {
  ACCOUNT_ADVANCE_RULES,
  ACCOUNT_CREATE_RULES,
  ACCOUNT_PATCH_RULES,
  ADVANCE_RULES,
  CLOCK_SET_RULES,
  COMMON_RULES,
  SCENARIO_RULES,
  scenarioName,
  TRANSITION_RULES,
} from './control-rules.js'
import { common, conditional, errors, ok200, op, pathParameter, queryParameters } from './operation-parts.js'
import { ref, response } from './json-schema.js'

const ACCOUNT_ID = pathParameter('id', 'Account id', pathText)
const TASK_ID = pathParameter('id', 'Task id', pathText)
const MEDIA_CONTENT = {
  'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } },
  'video/mp4': { schema: { type: 'string', contentMediaType: 'video/mp4' } },
}
const CONTENT_RANGE = { required: true, schema: { type: 'string', pattern: '^bytes (\\d+-\\d+|\\*)/\\d+$' } }

const OPERATIONS: Record<string, ReturnType<typeof op>> = {
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
    summary: 'Whether genmock is up, and its version',
    responses: { ...ok200('Up.', 'Health'), ...errors() },
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
    responses: { ...ok200('Reset, with the seed now in force.', 'ResetDone'), ...errors(400, 413) },
    'x-genmock-rules': COMMON_RULES,
  }),
  'GET /__mock/clock': op({
    operationId: 'getClock',
    tags: ['clock'],
    summary: 'The clock: mode, speed, simulated now',
    responses: { ...ok200('The clock.', 'ClockState'), ...errors() },
  }),
  'PUT /__mock/clock': op({
    operationId: 'setClock',
    tags: ['clock'],
    summary: 'Switch mode or speed, or jump to a later now',
    requestBody: ref('requestBodies', 'ClockSet'),
    responses: { ...ok200('The clock.', 'ClockState'), ...errors(400, 413) },
    'x-genmock-rules': CLOCK_SET_RULES,
  }),
  'POST /__mock/clock/advance': op({
    operationId: 'advanceClock',
    tags: ['clock'],
    summary: 'Move the server clock forward: some seconds, to the next change, or until idle',
    description: 'Due task changes apply in time order. Accounts with a clock of their own are not moved.',
    requestBody: ref('requestBodies', 'ClockAdvance'),
    responses: {
      ...ok200('The clock after the advance, and the task changes it applied.', 'Advanced'),
      ...errors(400, 413),
    },
    'x-genmock-rules': ADVANCE_RULES,
  }),
  'GET /__mock/accounts': op({
    operationId: 'listAccounts',
    tags: ['accounts'],
    summary: 'Every account with its balance',
    responses: { ...ok200('The accounts.', 'AccountList'), ...errors() },
  }),
  'POST /__mock/accounts': op({
    operationId: 'createAccount',
    tags: ['accounts'],
    summary: 'Create an isolated account (one per test)',
    requestBody: ref('requestBodies', 'AccountCreate'),
    responses: {
      '201': response({ description: 'Created, with its API key.', body: 'AccountCreated' }, common),
      ...errors(400, 409, 413),
    },
    'x-genmock-rules': ACCOUNT_CREATE_RULES,
  }),
  'GET /__mock/accounts/:id': op({
    operationId: 'getAccount',
    tags: ['accounts'],
    summary: 'An account, its credits and its ledger',
    parameters: [ACCOUNT_ID],
    responses: { ...ok200('The account.', 'AccountView'), ...errors(404) },
  }),
  'PATCH /__mock/accounts/:id': op({
    operationId: 'updateAccount',
    tags: ['accounts'],
    summary: 'Top up or drain an account, rename it, set its scenario, strictness or clock',
    parameters: [ACCOUNT_ID],
    requestBody: ref('requestBodies', 'AccountPatch'),
    responses: { ...ok200('The account.', 'AccountView'), ...errors(400, 404, 413) },
    'x-genmock-rules': ACCOUNT_PATCH_RULES,
  }),
  'GET /__mock/accounts/:id/clock': op({
    operationId: 'getAccountClock',
    tags: ['accounts', 'clock'],
    summary: "The clock an account's tasks read: its own, or the server's",
    parameters: [ACCOUNT_ID],
    responses: { ...ok200('The clock.', 'AccountClock'), ...errors(404) },
  }),
  'POST /__mock/accounts/:id/clock/advance': op({
    operationId: 'advanceAccountClock',
    tags: ['accounts', 'clock'],
    summary: "Move an account's own clock forward: some seconds, to the next change, or until idle",
    description: "Only this account's tasks move; the server clock and other accounts stay where they are.",
    parameters: [ACCOUNT_ID],
    requestBody: ref('requestBodies', 'ClockAdvance'),
    responses: {
      ...ok200('The clock after the advance, and the task changes it applied.', 'Advanced'),
      ...errors(400, 404, 413),
    },
    'x-genmock-rules': ACCOUNT_ADVANCE_RULES,
  }),
  'GET /__mock/tasks': op({
    operationId: 'listTasks',
    tags: ['tasks'],
    summary: 'Tasks, newest first',
    parameters: queryParameters(taskListQuerySchema),
    responses: { ...ok200('The tasks; total counts every match.', 'TaskList'), ...errors(400) },
  }),
  'GET /__mock/tasks/:id': op({
    operationId: 'getTaskDetail',
    tags: ['tasks'],
    summary: 'One task, its past and coming changes, ledger entries and requests',
    description:
      'history: the creation (no by), then each change as it left the task (kept for the ' +
      '10,000 latest tasks). scheduled: the steps to come, timed (at) then poll N (poll). ' +
      "ledger: the owner's entries naming it. requests: its journal entries, newest first (50).",
    parameters: [TASK_ID],
    responses: { ...ok200('The task in detail.', 'TaskDetail'), ...errors(404, 'task') },
  }),
  'GET /__mock/tasks/:id/media/:index': op({
    operationId: 'getTaskMedia',
    tags: ['tasks'],
    summary: "A completed task's output, without the owner's credential",
    description:
      "As the task's media route answers (an image's index, 0 for a video), but with no " +
      'credential asked, relay media included.',
    parameters: [
      TASK_ID,
      pathParameter('index', 'Image index, or 0 for a video.', mediaIndexSchema),
      {
        name: 'Range',
        in: 'header',
        required: false,
        description: 'One byte range of a video.',
        schema: { type: 'string' },
      },
    ],
    responses: {
      '200': response({ description: 'The PNG or the MP4.', content: MEDIA_CONTENT }, common),
      '206': response(
        {
          description: 'The range asked for.',
          headers: { 'Content-Range': CONTENT_RANGE },
          content: { 'video/mp4': MEDIA_CONTENT['video/mp4'] },
        },
        common,
      ),
      '416': response(
        { description: 'A range past the end.', body: 'Error', headers: { 'Content-Range': CONTENT_RANGE } },
        common,
      ),
      ...errors(404, 'task'),
      '404': response(
        { description: 'Task not found, or Media not found.', body: ['TaskNotFound', 'NotFound'] },
        common,
      ),
    },
  }),
  'POST /__mock/tasks/:id/transition': op({
    operationId: 'transitionTask',
    tags: ['tasks'],
    summary: 'Force a pending task into a state now',
    description: 'The same ledger effect as a timeline step: status 2 needs refund true or false.',
    parameters: [TASK_ID],
    requestBody: ref('requestBodies', 'Transition'),
    responses: { ...ok200('The task.', 'TaskView'), ...errors(400, 404, 409, 413, 'task') },
    'x-genmock-rules': TRANSITION_RULES,
  }),
  'GET /__mock/scenarios': op({
    operationId: 'listScenarios',
    tags: ['scenarios'],
    summary: 'The scenarios loaded, and the default',
    responses: { ...ok200('The scenarios.', 'ScenarioList'), ...errors() },
  }),
  'POST /__mock/scenarios': op({
    operationId: 'loadScenario',
    tags: ['scenarios'],
    summary: 'Load a scenario, or replace the one of its name',
    requestBody: ref('requestBodies', 'Scenario'),
    responses: {
      '200': response({ description: 'Replaced the scenario of this name.', body: 'ScenarioSaved' }, common),
      '201': response({ description: 'Loaded a new scenario.', body: 'ScenarioSaved' }, common),
      ...errors(400, 413),
    },
    'x-genmock-rules': SCENARIO_RULES,
  }),
  'GET /__mock/scenarios/:name': op({
    operationId: 'getScenario',
    tags: ['scenarios'],
    summary: 'One scenario as loaded',
    parameters: [pathParameter('name', 'Scenario name', pathText)],
    responses: { ...ok200('The scenario and where it came from.', 'ScenarioLoaded'), ...errors(404) },
  }),
  'PUT /__mock/scenario': op({
    operationId: 'chooseScenario',
    tags: ['scenarios'],
    summary: 'Choose the default scenario; applies its accounts',
    requestBody: ref('requestBodies', 'ScenarioChoice'),
    responses: { ...ok200('The default scenario now.', 'ScenarioChosen'), ...errors(400, 413) },
    'x-genmock-rules': [scenarioName('body:/name'), ...COMMON_RULES],
  }),
  'GET /__mock/requests': op({
    operationId: 'listRequests',
    tags: ['journal'],
    summary: 'The request journal, newest first (the last 1000)',
    description: 'Client traffic only, not /__mock calls. Keys and cookie values are redacted.',
    parameters: queryParameters(journalListQuerySchema),
    responses: { ...ok200('The entries; total counts every match.', 'JournalList'), ...errors(400) },
  }),
  'DELETE /__mock/requests': op({
    operationId: 'clearRequests',
    tags: ['journal'],
    summary: 'Empty the journal',
    responses: { ...ok200('Emptied.', 'Ok'), ...errors() },
  }),
  'GET /__mock/requests/count': op({
    operationId: 'countRequests',
    tags: ['journal'],
    summary: 'How many journal entries match',
    parameters: queryParameters(journalFilterQuerySchema),
    responses: { ...ok200('The count.', 'Count'), ...errors(400) },
  }),
  'GET /__mock/requests.har': op({
    operationId: 'exportRequestsHar',
    tags: ['journal'],
    summary: 'The journal as HAR 1.2',
    parameters: queryParameters(journalHarQuerySchema),
    responses: {
      '200': response(
        {
          description: 'HAR 1.2, oldest first.',
          body: 'Har',
          headers: {
            'Content-Disposition': { schema: { type: 'string' } },
            'Genmock-Next-Cursor': {
              description: 'Past 8 MB of bodies the export stops: the cursor of the rest.',
              schema: { type: 'string', pattern: '^\\d{1,15}$' },
            },
          },
        },
        common,
      ),
      ...errors(400),
    },
  }),
  'GET /__mock/conformance': op({
    operationId: 'listConformanceFindings',
    tags: ['conformance'],
    summary: 'The conformance findings, newest first (the last 1000)',
    parameters: queryParameters(findingQuerySchema),
    responses: {
      '200': response(
        {
          description: 'The findings; with format=junit, JUnit XML.',
          body: 'FindingList',
          content: { 'application/xml': { schema: { type: 'string' } } },
        },
        common,
      ),
      ...errors(400),
    },
  }),
  'DELETE /__mock/conformance': op({
    operationId: 'clearConformanceFindings',
    tags: ['conformance'],
    summary: 'Clear the findings',
    responses: { ...ok200('Cleared.', 'Ok'), ...errors() },
  }),
  'GET /__mock/coverage': op({
    operationId: 'getCoverage',
    tags: ['coverage'],
    summary: 'Which outcomes of the interface the clients met',
    description:
      'Every outcome (README, Outcome coverage) with how many requests met it, of the whole run or of ' +
      'the accounts named. Cleared by POST /__mock/reset.',
    parameters: queryParameters(coverageQuerySchema),
    responses: { ...ok200('Every outcome, met or not.', 'CoverageReport'), ...errors() },
  }),
  'GET /__mock/drift': op({
    operationId: 'getDriftReport',
    tags: ['drift'],
    summary: 'With --proxy: where the service answered otherwise than genmock would have',
    parameters: queryParameters(driftQuerySchema),
    responses: {
      '200': response(
        {
          description: 'Findings grouped by kind and place, and observations; with format=junit, JUnit XML.',
          body: 'DriftReport',
          content: { 'application/xml': { schema: { type: 'string' } } },
        },
        common,
      ),
      ...errors(400),
    },
  }),
  'DELETE /__mock/drift': op({
    operationId: 'clearDriftReport',
    tags: ['drift'],
    summary: 'Clear the drift report',
    responses: { ...ok200('Cleared.', 'Ok'), ...errors() },
  }),
}

/** The dashboard page: HTML holding no data of its own, reached through GET /__mock's redirect. */
const UNDOCUMENTED = new Set(['GET /__mock/'])

/**
 * The document's paths: one per control route (README, Control API), in the route tables' order.
 * @example
 * controlPaths([...CONTROL_ROUTES, ...CONTROL_TASK_ROUTES])['/__mock/clock']!.get
 */
export function controlPaths(routes: readonly Row<unknown>[]) {
  const paths: Record<string, Record<string, ReturnType<typeof conditional>>> = {}
  const documented = new Set<string>()
  for (const { method, path } of routes) {
    const key = `${method} ${path}`
    if (UNDOCUMENTED.has(key)) continue
    const operation = OPERATIONS[key]
    if (!operation) throw new Error(`the control document has no operation for the route ${key}`)
    documented.add(key)
    const name = path.replace(/:(\w+)/g, '{$1}')
    paths[name] = { ...paths[name], [method.toLowerCase()]: conditional(method.toLowerCase(), operation) }
  }
  const unrouted = Object.keys(OPERATIONS).filter((key) => !documented.has(key))
  if (unrouted.length > 0) throw new Error(`the control document has operations with no route: ${unrouted.join(', ')}`)
  return paths
}
