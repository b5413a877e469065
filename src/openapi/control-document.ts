/**
 * The OpenAPI 3.1 document of the control API (GET /__mock/openapi.json), generated as the
 * service's is: its paths from the route tables, parameters and bodies from the zod schemas the
 * routes validate with, responses from the contract's schemas (src/contract/control-*.ts, each
 * checked below against the engine's type it describes), every status, and the rules JSON Schema
 * cannot state in `x-genmock-rules`.
 */
import type * as z from 'zod'
import pkg from '../../package.json' with { type: 'json' }
import { driftReportObject } from '../contract/control-drift.js'
import {
  accountClockSchema,
  accountCreatedSchema,
  accountListSchema,
  accountViewSchema,
  advancedSchema,
  clockStateSchema,
  countSchema,
  coverageReportSchema,
  findingListSchema,
  findingSchema,
  harSchema,
  healthSchema,
  whoamiSchema,
  journalEntrySchema,
  journalListSchema,
  okSchema,
  resetDoneSchema,
  scenarioChosenSchema,
  scenarioListSchema,
  scenarioLoadedSchema,
  scenarioSavedSchema,
  taskDetailSchema,
  taskListSchema,
  taskViewSchema,
} from '../contract/control-answers.js'
import {
  accountSchemas,
  clockAdvanceSchema,
  clockSetSchema,
  resetSchema,
  scenarioChoiceSchema,
  scenarioSchema,
  transitionSchema,
} from '../contract/control-requests.js'
import {
  controlUnauthorizedBodySchema,
  forbiddenBodySchema,
  invalidRequestBodySchema,
  taskNotFoundBodySchema,
} from '../contract/errors.js'
import { LIMITS } from '../contract/limits.js'
import type { ClockState } from '../engine/clock/clock.js'
import type { Advanced } from '../engine/clock/account-clocks.js'
import type { AccountClock, AccountView, TaskView } from '../engine/engine.js'
import type { Finding } from '../engine/journal/conformance.js'
import type { JournalEntry } from '../engine/journal/journal.js'
import type { TaskDetail } from '../engine/tasks/task-detail.js'
import type { Row } from '../http/router.js'
import type { Har } from '../reports/har.js'
import { json as jsonReply, type Reply } from '../http/request-reply.js'
import { requestBody } from './operation-parts.js'
import { controlPaths } from './control-operations.js'
import {
  accessRefusedBody,
  anyErrorBody,
  DEFAULT_ORIGIN,
  fixedError,
  HEADERS,
  INFO_COMMON,
  jsonSchema,
  servers,
} from './json-schema.js'
import { problemToHttp } from '../http/replies.js'

// Each response schema describes what an engine method answers: a change to one of these types
// that the schema does not follow fails to compile here.
type Fits<T> = (value: T) => void
/** The engine hands out read-only arrays; a JSON answer has no such thing. */
type Writable<T> = T extends readonly (infer U)[]
  ? Writable<U>[]
  : T extends object
    ? { -readonly [K in keyof T]: Writable<T[K]> }
    : T
const fits =
  <T>(_schema: z.ZodType<T>): Fits<T> =>
  () =>
    undefined
export const _typesFit = [
  fits(clockStateSchema) satisfies Fits<ClockState>,
  fits(accountClockSchema) satisfies Fits<AccountClock>,
  fits(advancedSchema) satisfies Fits<Advanced>,
  fits(accountViewSchema) satisfies Fits<Writable<AccountView>>,
  fits(taskViewSchema) satisfies Fits<TaskView>,
  fits(taskDetailSchema) satisfies Fits<TaskDetail<TaskView>>,
  fits(journalEntrySchema) satisfies Fits<JournalEntry>,
  fits(harSchema) satisfies Fits<Har>,
  fits(findingSchema) satisfies Fits<Finding>,
]

const REQUEST_BODIES = {
  ClockAdvance: requestBody(clockAdvanceSchema, 'Seconds to move forward, or until what.', { until: 'idle' }),
  ClockSet: requestBody(clockSetSchema, 'What to change.', { mode: 'manual' }),
  Reset: requestBody(resetSchema, 'Optionally a new seed.', { seed: 7 }),
  AccountCreate: requestBody(accountSchemas().accountCreateSchema, 'The new account; every field may be omitted.', {
    credits: 50,
    name: 'checkout test',
  }),
  AccountPatch: requestBody(accountSchemas().accountPatchSchema, 'What to change; scenario null clears it.', {
    credits: 0,
  }),
  Transition: requestBody(transitionSchema, 'The change, and its ledger effect.', {
    status: 2,
    errorCode: 'UPSTREAM_FAILED',
    errorMessage: 'Upstream failed',
    refund: true,
  }),
  Scenario: requestBody(scenarioSchema, 'A scenario, as a scenario file holds it (docs/scenarios.md, Writing one).', {
    name: 'slow-images',
    description: 'Images take a minute.',
    rules: [{ match: { endpoint: 'image' }, timeline: [{ at: '60s', set: { status: 1 } }] }],
  }),
  ScenarioChoice: requestBody(scenarioChoiceSchema, 'The scenario to make the default.', { name: 'upstream-failure' }),
}

const ETAG_PATTERN = '^"[0-9a-f]{16}"$'
const HEADER_COMPONENTS = {
  Date: HEADERS.Date,
  DateIfRouted: HEADERS.DateIfRouted,
  ConnectionClose: HEADERS.ConnectionClose,
  ETag: {
    description: 'A hash of the body, for If-None-Match.',
    required: true,
    schema: { type: 'string', pattern: ETAG_PATTERN },
  },
  ETagOfJson: {
    description: 'A hash of the JSON body, for If-None-Match.',
    schema: { type: 'string', pattern: ETAG_PATTERN },
  },
}

const PARAMETERS = {
  IfNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description: 'ETags held (a list, W/ compared weakly, or *): 304 while one is current.',
    schema: { type: 'string' },
  },
  GenmockDashboard: {
    name: 'Genmock-Dashboard',
    in: 'header',
    required: false,
    description: "1: the dashboard's own request, kept out of the request log and msw's console log.",
    schema: { type: 'string', enum: ['1'] },
  },
}

/** The component schemas: every response body, named. */
function schemas() {
  const tooLarge = problemToHttp({ kind: 'payload-too-large', limit: LIMITS.maxBodyBytes }).body.error
  const output = (schemas: Record<string, z.ZodType>) =>
    Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, jsonSchema(schema, 'output')]))
  const described = (description: string) => ({ ...jsonSchema(anyErrorBody, 'output'), description })
  return {
    ...output({
      Health: healthSchema,
      Whoami: whoamiSchema,
      ClockState: clockStateSchema,
      AccountClock: accountClockSchema,
      Advanced: advancedSchema,
      ResetDone: resetDoneSchema,
      Ok: okSchema,
      AccountList: accountListSchema,
      AccountCreated: accountCreatedSchema,
      AccountView: accountViewSchema,
      TaskView: taskViewSchema,
      TaskList: taskListSchema,
      TaskDetail: taskDetailSchema,
      ScenarioList: scenarioListSchema,
      ScenarioLoaded: scenarioLoadedSchema,
      ScenarioSaved: scenarioSavedSchema,
      ScenarioChosen: scenarioChosenSchema,
      JournalList: journalListSchema,
      Count: countSchema,
      Har: harSchema,
      FindingList: findingListSchema,
      CoverageReport: coverageReportSchema,
      DriftReport: driftReportObject(),
      InvalidRequest: invalidRequestBodySchema,
      Unauthorized: controlUnauthorizedBodySchema,
      Forbidden: forbiddenBodySchema,
      TaskNotFound: taskNotFoundBodySchema,
    }),
    NotFound: described('Account not found, Scenario not found (with the known names), …'),
    Conflict: described('That apiKey is already in use; the task is terminal.'),
    ...output({ PayloadTooLarge: fixedError(tooLarge), AccessRefused: accessRefusedBody, Error: anyErrorBody }),
  }
}

const INFO = {
  title: 'genmock control API',
  summary:
    'Drive the simulator: its clock, accounts, tasks, scenarios, request journal, conformance findings ' +
    'and outcome coverage. ' +
    "Not part of the service's interface.",
  description:
    'Under /__mock on the same origin as the service, answered by the same route table in every door. ' +
    'With --admin-token T, each route says who may call it (x-genmock-access): the admin (Authorization: Bearer T), ' +
    'an account with its own key (its own account, tasks and listings), or anyone. ' +
    'The service itself has its own document at /openapi.json.\n\n' +
    'A JSON 200 to a GET carries an ETag: sent back in If-None-Match, it gets a bodiless 304 while nothing changed. ' +
    'Control calls never enter the journal or the findings; `Genmock-Dashboard: 1` (sent by the dashboard) ' +
    'also keeps a request out of the request log and the msw console log.',
}

const TAGS = [
  { name: 'simulator', description: 'Health, reset and the documents' },
  { name: 'clock', description: 'Simulated time' },
  { name: 'accounts', description: 'Accounts, balances and ledgers' },
  { name: 'tasks', description: 'Every task, and forced state changes' },
  { name: 'scenarios', description: 'What happens to each request' },
  { name: 'journal', description: 'The request journal, for contract tests' },
  { name: 'conformance', description: "Findings about the client's conduct" },
  { name: 'coverage', description: 'Which outcomes of the interface the clients met' },
  { name: 'drift', description: 'With --proxy: where the real service answers otherwise than genmock' },
  { name: 'state', description: 'The whole state as one document, and the --state DIR it is kept in' },
  { name: 'mcp', description: 'The Model Context Protocol: these routes as tools for coding agents' },
]

/**
 * The OpenAPI 3.1 document of the control API served by `routes` (the control route tables),
 * for a genmock reached at `origin`.
 * @example
 * controlOpenApiDocument('0.1.0', [...CONTROL_ROUTES, ...CONTROL_TASK_ROUTES]).paths['/__mock/clock/advance']
 */
export function controlOpenApiDocument(version: string, routes: readonly Row<unknown>[], origin = DEFAULT_ORIGIN) {
  return {
    openapi: '3.1.0',
    info: { title: INFO.title, version, summary: INFO.summary, description: INFO.description, ...INFO_COMMON },
    servers: servers(origin, 'genmock'),
    security: [{}, { adminToken: [] }],
    tags: TAGS,
    paths: controlPaths(routes),
    components: {
      securitySchemes: {
        adminToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'Only when genmock runs with --admin-token T: Authorization: Bearer T.',
        },
      },
      requestBodies: REQUEST_BODIES,
      headers: HEADER_COMPONENTS,
      parameters: PARAMETERS,
      schemas: schemas(),
    },
  }
}

let base: ReturnType<typeof controlOpenApiDocument> | undefined

/**
 * GET /__mock/openapi.json, built on first use (the route loads this module lazily).
 * @example
 * const reply = controlOpenApiReply('http://127.0.0.1:4600', [...CONTROL_ROUTES, ...CONTROL_TASK_ROUTES])
 */
export function controlOpenApiReply(origin: string, routes: readonly Row<unknown>[]): Reply {
  base ??= controlOpenApiDocument(pkg.version, routes)
  return jsonReply(200, { ...base, servers: servers(origin, 'genmock') })
}
