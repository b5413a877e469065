import * as z from 'zod'
import pkg from '../../package.json' with { type: 'json' }
import {
  accountCreateSchema,
  accountPatchSchema,
  clockAdvanceSchema,
  clockModeSchema,
  clockSetSchema,
  resetSchema,
} from '../contract/control.js'
import { invalidRequestBodySchema, taskNotFoundBodySchema, unauthorizedBodySchema } from '../contract/errors.js'
import { LIMITS } from '../contract/limits.js'
import { fullTaskSnapshotSchema } from '../contract/responses.js'
import { scenarioChoiceSchema, scenarioSchema, transitionSchema } from '../contract/scenario.js'
import type { ClockState } from '../engine/clock.js'
import { RULE_IDS, type Finding } from '../engine/conformance.js'
import type { AccountClock, AccountView, TaskView } from '../engine/engine.js'
import type { TaskDetail } from '../engine/task-detail.js'
import type { Advanced } from '../engine/world.js'
import type { Har } from '../engine/har.js'
import type { JournalEntry } from '../engine/journal.js'
import { json as jsonReply, type Reply } from './exchange.js'
import type { NonSchemaRule } from './openapi.js'
import {
  accessRefusedBody,
  anyErrorBody,
  DEFAULT_ORIGIN,
  fixedError,
  HEADERS,
  INFO_COMMON,
  jsonContent,
  jsonSchema,
  ref,
  response,
  servers,
  type JsonSchema,
} from './openapi-schema.js'
import { MAX_PAGE } from './paging.js'
import { problemToHttp } from './problem-response.js'

/**
 * The OpenAPI 3.1 document of the control API (GET /__mock/openapi.json), held to the service
 * document's standard: request bodies from the same zod schemas the routes validate with,
 * responses from the zod schemas below (each checked against the engine's type it describes),
 * every status, and the rules JSON Schema cannot state in `x-genmock-rules`.
 */

const isoDateTime = z.iso.datetime({ offset: true })
const count = z.int().nonnegative()
const ok = z.literal(true)

export const healthSchema = z.strictObject({ ok, version: z.string() })
export const clockStateSchema = z.strictObject({
  mode: clockModeSchema,
  speed: z.number().positive(),
  now: isoDateTime,
})
export const accountClockSchema = z.strictObject({ ...clockStateSchema.shape, own: z.boolean() })
export const taskChangeSchema = z.strictObject({
  taskId: z.string(),
  at: isoDateTime,
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  relayStatus: z.string().optional(),
})
export const advancedSchema = z.strictObject({
  ...clockStateSchema.shape,
  changes: z.array(taskChangeSchema),
  idle: z.boolean(),
})
export const resetDoneSchema = z.strictObject({ ok, seed: z.int().nonnegative() })
export const okSchema = z.strictObject({ ok })
export const accountListSchema = z.strictObject({
  accounts: z.array(z.strictObject({ id: z.string(), name: z.string(), credits: count })),
})
export const accountCreatedSchema = z.strictObject({ id: z.string(), apiKey: z.string(), credits: count })
export const ledgerEntrySchema = z.strictObject({
  /** Simulated time, epoch milliseconds. */
  at: z.int(),
  kind: z.enum(['opening', 'adjust', 'debit', 'refund', 'reversal']),
  /** Signed change of the balance. */
  amount: z.int(),
  balanceAfter: count,
  taskId: z.string().optional(),
})
export const accountViewSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  demo: z.boolean(),
  scenario: z.string().optional(),
  strict: z.boolean().optional(),
  credits: count,
  clock: accountClockSchema,
  ledger: z.array(ledgerEntrySchema),
  olderEntries: count.optional(),
  /** Signed sums by kind of the entries let go: with the kept ones, they add up to `credits`. */
  olderSums: z
    .strictObject({ opening: z.int(), adjust: z.int(), debit: z.int(), refund: z.int(), reversal: z.int() })
    .optional(),
})
export const taskViewSchema = z.strictObject({
  ...fullTaskSnapshotSchema.shape,
  accountId: z.string(),
  provider: z.enum(['standard', 'upstream-a', 'relay']),
  scenario: z.string(),
  polls: count,
  nextChangeAt: isoDateTime.optional(),
  nextChangeAtPoll: z.int().positive().optional(),
})
const nextCursor = z
  .string()
  .regex(/^\d{1,15}$/)
  .optional()
export const taskListSchema = z.strictObject({ total: count, tasks: z.array(taskViewSchema), nextCursor })
const taskStatus = z.union([z.literal(0), z.literal(1), z.literal(2)])
export const pastChangeSchema = z.strictObject({
  at: isoDateTime,
  status: taskStatus,
  relayStatus: z.string().optional(),
  errorCode: z.string().optional(),
  refunded: z.literal(true).optional(),
  /** Absent on the first entry, the task's creation. */
  by: z.enum(['timeline', 'poll', 'transition']).optional(),
})
const coming = {
  status: taskStatus.optional(),
  relayStatus: z.string().optional(),
  errorCode: z.string().optional(),
  refund: z.literal(true).optional(),
}
export const comingChangeSchema = z.union([
  z.strictObject({ at: isoDateTime, ...coming }),
  z.strictObject({ poll: z.int().positive(), ...coming }),
])
export const scenarioListSchema = z.strictObject({
  default: z.string(),
  scenarios: z.array(z.strictObject({ name: z.string(), description: z.string(), origin: z.string(), rules: count })),
})
export const scenarioLoadedSchema = z.strictObject({ ...scenarioSchema.shape, origin: z.string() })
export const scenarioSavedSchema = z.strictObject({ name: z.string(), rules: count })
export const scenarioChosenSchema = z.strictObject({ default: z.string() })
const rule = z.enum(RULE_IDS as [string, ...string[]])
const journalBody = z.strictObject({
  type: z.string(),
  size: count,
  text: z.string().optional(),
  truncated: z.literal(true).optional(),
})
export const journalEntrySchema = z.strictObject({
  seq: z.int().positive(),
  at: isoDateTime,
  method: z.string(),
  path: z.string(),
  query: z.string(),
  /** 0 when the scenario dropped the connection. */
  status: z.int().min(0).max(599),
  durationMs: z.number().nonnegative(),
  headers: z.record(z.string(), z.string()),
  accountId: z.string().optional(),
  scenario: z.string().optional(),
  taskId: z.string().optional(),
  idempotencyKey: z.string().optional(),
  replayed: z.boolean().optional(),
  dropped: z.boolean().optional(),
  conformance: z.array(rule).optional(),
  requestBody: journalBody.optional(),
  responseHeaders: z.record(z.string(), z.string()).optional(),
  responseBody: journalBody.optional(),
})
export const journalListSchema = z.strictObject({ total: count, requests: z.array(journalEntrySchema), nextCursor })
export const taskDetailSchema = z.strictObject({
  task: taskViewSchema,
  history: z.array(pastChangeSchema),
  scheduled: z.array(comingChangeSchema),
  ledger: z.array(ledgerEntrySchema),
  requests: z.array(journalEntrySchema),
})
export const countSchema = z.strictObject({ count })
const nameValue = z.strictObject({ name: z.string(), value: z.string() })
export const harSchema = z.strictObject({
  log: z.strictObject({
    version: z.literal('1.2'),
    creator: z.strictObject({ name: z.string(), version: z.string() }),
    entries: z.array(
      z.strictObject({
        startedDateTime: isoDateTime,
        time: z.number().nonnegative(),
        request: z.strictObject({
          method: z.string(),
          url: z.string(),
          httpVersion: z.string(),
          cookies: z.array(nameValue),
          headers: z.array(nameValue),
          queryString: z.array(nameValue),
          postData: z.strictObject({ mimeType: z.string(), text: z.string() }).optional(),
          headersSize: z.literal(-1),
          bodySize: z.int(),
        }),
        response: z.strictObject({
          status: z.int(),
          statusText: z.string(),
          httpVersion: z.string(),
          cookies: z.array(nameValue),
          headers: z.array(nameValue),
          content: z.strictObject({
            size: z.int(),
            mimeType: z.string(),
            text: z.string().optional(),
            comment: z.string().optional(),
          }),
          redirectURL: z.string(),
          headersSize: z.literal(-1),
          bodySize: z.int(),
        }),
        cache: z.strictObject({}),
        timings: z.strictObject({ send: z.number(), wait: z.number(), receive: z.number() }),
        comment: z.string().optional(),
      }),
    ),
  }),
})
export const findingSchema = z.strictObject({
  seq: z.int().positive(),
  rule,
  severity: z.enum(['error', 'warning']),
  at: isoDateTime,
  accountId: z.string(),
  requestSeq: z.int().positive(),
  message: z.string(),
  taskId: z.string().optional(),
  idempotencyKey: z.string().optional(),
})
export const findingListSchema = z.strictObject({
  total: count,
  counts: z.partialRecord(rule, z.int().positive()),
  findings: z.array(findingSchema),
})

// Each schema above describes what an engine method answers: a change to one of these types that
// the schema does not follow fails to compile here.
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

const COMMON_RULES: NonSchemaRule[] = [
  {
    id: 'body-limits',
    says: `An empty body is read as {}. Otherwise the body is JSON (\`Content-Type: application/json\`, valid UTF-8) of at most ${LIMITS.maxBodyBytes} bytes (413 past it) and ${LIMITS.maxJsonDepth} levels of nesting.`,
    where: ['body:'],
    answer: 400,
    source: 'genmock',
  },
]
const scenarioName = (where: string): NonSchemaRule => ({
  id: 'scenario-exists',
  says: 'A scenario name must name a loaded scenario (GET /__mock/scenarios).',
  where: [where],
  answer: 400,
  source: 'genmock',
})

const CLOCK_SET_RULES: NonSchemaRule[] = [
  {
    id: 'time-moves-forward',
    says: '`now` must not be before the current simulated time: time only moves forward.',
    where: ['body:/now'],
    answer: 400,
    source: 'genmock',
  },
  ...COMMON_RULES,
]
const ACCOUNT_CREATE_RULES: NonSchemaRule[] = [
  scenarioName('body:/scenario'),
  {
    id: 'api-key-unused',
    says: 'A given apiKey must not be in use by another account: 409 otherwise.',
    where: ['body:/apiKey'],
    answer: 409,
    source: 'genmock',
  },
  ...COMMON_RULES,
]
const ACCOUNT_PATCH_RULES: NonSchemaRule[] = [scenarioName('body:/scenario'), ...COMMON_RULES]
const ADVANCE_RULES: NonSchemaRule[] = [
  {
    id: 'until',
    says: 'until "next-event" moves the clock to the next scheduled change of one of its tasks (not at all when none is scheduled); "idle" moves it change by change until none of its tasks is pending, at most 7 days, and stops at the last change (idle false: a task still waits, for a poll or past 7 days). changes lists every change applied, in time order.',
    where: ['body:/until'],
    answer: 200,
    source: 'genmock',
  },
  ...COMMON_RULES,
]
const ACCOUNT_ADVANCE_RULES: NonSchemaRule[] = [
  {
    id: 'own-clock',
    says: 'Only an account with a clock of its own (clock "own") is advanced here: one on the server clock is 400, naming clock.',
    where: ['path:id'],
    answer: 400,
    source: 'genmock',
  },
  ...ADVANCE_RULES,
]
const TRANSITION_RULES: NonSchemaRule[] = [
  {
    id: 'task-pending',
    says: 'Only a pending task (status 0) changes: a terminal one is 409, an unknown one 404.',
    where: ['path:id'],
    answer: 409,
    source: 'genmock',
  },
  ...COMMON_RULES,
]
const SCENARIO_RULES: NonSchemaRule[] = [
  {
    id: 'duration-syntax',
    says: 'A duration is a number of seconds or a text such as "500ms", "15s", "2m", "1m30s" (decimals allowed), at most a week; a range is "low..high" with low ≤ high. timeline[].at also takes "expiry" and "poll N" (N from 1). The schema says only number or string.',
    where: ['body:/rules/*/submit/latency', 'body:/rules/*/submit/expiresIn', 'body:/rules/*/timeline/*/at'],
    answer: 400,
    source: 'genmock',
  },
  {
    id: 'regex-compiles',
    says: 'match.prompt.regex must be a valid JavaScript regular expression with its flags.',
    where: ['body:/rules/*/match/prompt/regex'],
    answer: 400,
    source: 'genmock',
  },
  {
    id: 'rule-coherence',
    says: 'Within a rule: reject and fault exclude each other; a rule whose reject or error-before-commit fault creates no task has no timeline and no use; use excludes timeline; submissionUncertain is given once (submit or submit.set); a timeline step at expiry needs match.provider relay.',
    where: [
      'body:/rules/*/submit/fault',
      'body:/rules/*/timeline',
      'body:/rules/*/use',
      'body:/rules/*/submit/set/submissionUncertain',
      'body:/rules/*/timeline/*/at',
    ],
    answer: 400,
    source: 'genmock',
  },
  {
    id: 'references-resolve',
    says: 'Every use names a loaded scenario (or one of this file), with no cycle; every account scenario names a loaded scenario; the accounts named exist when the scenario becomes the default.',
    where: ['body:/rules/*/use', 'body:/accounts/*/scenario', 'body:/accounts/*'],
    answer: 400,
    source: 'genmock',
  },
  ...COMMON_RULES,
]

/** A request body: required unless an empty body (read as {}) is a valid one. */
function requestBody(schema: z.ZodType, description: string, example: unknown, extra: JsonSchema = {}) {
  return {
    description,
    required: !schema.safeParse({}).success,
    ...jsonContent({ ...jsonSchema(schema, 'input'), ...extra }, { examples: { example: { value: example } } }),
  }
}

const common = { Date: ref('headers', 'Date') }
const unrouted = { Date: ref('headers', 'DateIfRouted') }
const errors = (...statuses: (400 | 404 | 409 | 413 | 'task')[]) => ({
  ...(statuses.includes(400)
    ? {
        '400': response(
          { description: 'Invalid request: every failing field is listed.', body: 'InvalidRequest' },
          common,
        ),
      }
    : {}),
  '401': response(
    { description: 'genmock runs with --admin-token and this request does not carry it.', body: 'Unauthorized' },
    common,
  ),
  '403': response(
    {
      description:
        'The standalone server refused the Host or Origin (the control API answers only loopback and listed origins).',
      body: 'AccessRefused',
    },
    unrouted,
  ),
  ...(statuses.includes(404)
    ? {
        '404': response(
          { description: 'Not found.', body: statuses.includes('task') ? 'TaskNotFound' : 'NotFound' },
          common,
        ),
      }
    : {}),
  ...(statuses.includes(409) ? { '409': response({ description: 'Conflict.', body: 'Conflict' }, common) } : {}),
  ...(statuses.includes(413)
    ? {
        '413': response(
          {
            description: `The body is larger than ${LIMITS.maxBodyBytes} bytes.`,
            body: 'PayloadTooLarge',
            headers: { Connection: ref('headers', 'ConnectionClose') },
          },
          common,
        ),
      }
    : {}),
  default: response({ description: 'Internal error (a genmock bug).', body: 'Error' }, unrouted),
})
const ok200 = (description: string, body: string) => ({ '200': response({ description, body }, common) })
const MEDIA_CONTENT = {
  'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } },
  'video/mp4': { schema: { type: 'string', contentMediaType: 'video/mp4' } },
}
const CONTENT_RANGE = { required: true, schema: { type: 'string', pattern: '^bytes (\\d+-\\d+|\\*)/\\d+$' } }

interface Op {
  operationId: string
  tags: string[]
  summary: string
  description?: string
  security?: object[]
  parameters?: object[]
  requestBody?: object
  responses: object
  'x-genmock-rules'?: NonSchemaRule[]
}
const op = (spec: Op) => {
  const rules = spec['x-genmock-rules']
  const listed = rules
    ? `\n\nRules the schemas cannot state (also in \`x-genmock-rules\`):\n\n${rules.map((rule) => `- **${rule.id}**: ${rule.says}`).join('\n')}`
    : ''
  return { ...spec, description: `${spec.description ?? spec.summary}${listed}` }
}

const query = (name: string, description: string, schema: object) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
})
const JOURNAL_FILTERS = [
  query('account', 'Only this account id.', { type: 'string' }),
  query('method', 'Only this method (any case).', { type: 'string' }),
  query('path', 'Exact path, or with * for any run of characters.', { type: 'string' }),
  query('status', 'Only this status (0: dropped connection).', {
    type: 'integer',
    minimum: 0,
    maximum: 999_999_999_999_999,
  }),
  query('taskId', 'Only requests about this task.', { type: 'string' }),
  query('since', 'Only entries after this seq.', { type: 'integer', minimum: 0, maximum: 999_999_999_999_999 }),
]
const limit = (fallback: number) =>
  query('limit', `At most this many (default ${fallback}).`, {
    type: 'integer',
    minimum: 1,
    maximum: MAX_PAGE,
    default: fallback,
  })
/** README, Control API: pages. */
const PAGE = [
  limit(100),
  query('offset', 'Skip this many matches first.', { type: 'integer', minimum: 0, maximum: 999_999_999_999_999 }),
  query('cursor', 'The nextCursor of the previous page: the page after it.', {
    type: 'string',
    pattern: '^\\d{1,15}$',
  }),
]
const idParam = (description: string) => ({
  name: 'id',
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', minLength: 1 },
})

type Operation = {
  parameters?: object[]
  responses: Record<string, { headers?: object; content?: Record<string, object> }>
}

/**
 * What every operation shares, added once: the Genmock-Dashboard header, and on each GET whose 200
 * is JSON, If-None-Match, the 200's ETag and the 304 it makes (app.ts computes them for every such GET).
 */
function conditional<P extends Record<string, Record<string, object>>>(paths: P): P {
  for (const methods of Object.values(paths)) {
    for (const [method, op] of Object.entries(methods as Record<string, Operation>)) {
      const { '200': ok, ...rest } = op.responses
      const parameters = [...(op.parameters ?? [])]
      if (method === 'get' && ok?.content?.['application/json']) {
        parameters.push(ref('parameters', 'IfNoneMatch'))
        const etag = ref('headers', Object.keys(ok.content).length > 1 ? 'ETagOfJson' : 'ETag')
        const notModified = {
          description: 'Not Modified: If-None-Match names the current ETag.',
          headers: { ...common, ETag: ref('headers', 'ETag') },
        }
        op.responses = { '200': { ...ok, headers: { ...ok.headers, ETag: etag } }, '304': notModified, ...rest }
      }
      op.parameters = [...parameters, ref('parameters', 'GenmockDashboard')]
    }
  }
  return paths
}

/**
 * The OpenAPI 3.1 document of the control API, for a genmock reached at `origin`.
 * @example
 * controlOpenApiDocument('0.1.0').paths['/__mock/clock/advance'].post
 */
export function controlOpenApiDocument(version: string, origin: string = DEFAULT_ORIGIN) {
  const tooLarge = problemToHttp({ kind: 'payload-too-large', limit: LIMITS.maxBodyBytes }).body.error
  return {
    openapi: '3.1.0',
    info: {
      title: 'genmock control API',
      version,
      summary:
        "Drive the simulator: its clock, accounts, tasks, scenarios, request journal and conformance findings. Not part of the service's interface.",
      description:
        'Under /__mock on the same origin as the service, answered by the same route table in every door. With --admin-token T, every route but the dashboard page needs Authorization: Bearer T. The service itself has its own document at /openapi.json.\n\nA JSON 200 to a GET carries an ETag: sent back in If-None-Match, it gets a bodiless 304 while nothing changed. Control calls never enter the journal or the findings; `Genmock-Dashboard: 1` (sent by the dashboard) also keeps a request out of the request log and the msw console log.',
      ...INFO_COMMON,
    },
    servers: servers(origin, 'genmock'),
    security: [{}, { adminToken: [] }],
    tags: [
      { name: 'simulator', description: 'Health, reset and the documents' },
      { name: 'clock', description: 'Simulated time' },
      { name: 'accounts', description: 'Accounts, balances and ledgers' },
      { name: 'tasks', description: 'Every task, and forced state changes' },
      { name: 'scenarios', description: 'What happens to each request' },
      { name: 'journal', description: 'The request journal, for contract tests' },
      { name: 'conformance', description: "Findings about the client's conduct" },
    ],
    paths: conditional({
      '/__mock': {
        get: op({
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
      },
      '/__mock/health': {
        get: op({
          operationId: 'getHealth',
          tags: ['simulator'],
          summary: 'Whether genmock is up, and its version',
          responses: { ...ok200('Up.', 'Health'), ...errors() },
        }),
      },
      '/__mock/openapi.json': {
        get: op({
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
      },
      '/__mock/reset': {
        post: op({
          operationId: 'reset',
          tags: ['simulator'],
          summary: 'Back to the start',
          description:
            'Fixture accounts and balances, the scenarios and default scenario genmock started with; tasks, idempotency keys, the journal and the findings cleared. The clock keeps going.',
          requestBody: ref('requestBodies', 'Reset'),
          responses: { ...ok200('Reset, with the seed now in force.', 'ResetDone'), ...errors(400, 413) },
          'x-genmock-rules': COMMON_RULES,
        }),
      },
      '/__mock/clock': {
        get: op({
          operationId: 'getClock',
          tags: ['clock'],
          summary: 'The clock: mode, speed, simulated now',
          responses: { ...ok200('The clock.', 'ClockState'), ...errors() },
        }),
        put: op({
          operationId: 'setClock',
          tags: ['clock'],
          summary: 'Switch mode or speed, or jump to a later now',
          requestBody: ref('requestBodies', 'ClockSet'),
          responses: { ...ok200('The clock.', 'ClockState'), ...errors(400, 413) },
          'x-genmock-rules': CLOCK_SET_RULES,
        }),
      },
      '/__mock/clock/advance': {
        post: op({
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
      },
      '/__mock/accounts': {
        get: op({
          operationId: 'listAccounts',
          tags: ['accounts'],
          summary: 'Every account with its balance',
          responses: { ...ok200('The accounts.', 'AccountList'), ...errors() },
        }),
        post: op({
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
      },
      '/__mock/accounts/{id}': {
        get: op({
          operationId: 'getAccount',
          tags: ['accounts'],
          summary: 'An account, its credits and its ledger',
          parameters: [idParam('Account id')],
          responses: { ...ok200('The account.', 'AccountView'), ...errors(404) },
        }),
        patch: op({
          operationId: 'updateAccount',
          tags: ['accounts'],
          summary: 'Top up or drain an account, rename it, set its scenario, strictness or clock',
          parameters: [idParam('Account id')],
          requestBody: ref('requestBodies', 'AccountPatch'),
          responses: { ...ok200('The account.', 'AccountView'), ...errors(400, 404, 413) },
          'x-genmock-rules': ACCOUNT_PATCH_RULES,
        }),
      },
      '/__mock/accounts/{id}/clock': {
        get: op({
          operationId: 'getAccountClock',
          tags: ['accounts', 'clock'],
          summary: "The clock an account's tasks read: its own, or the server's",
          parameters: [idParam('Account id')],
          responses: { ...ok200('The clock.', 'AccountClock'), ...errors(404) },
        }),
      },
      '/__mock/accounts/{id}/clock/advance': {
        post: op({
          operationId: 'advanceAccountClock',
          tags: ['accounts', 'clock'],
          summary: "Move an account's own clock forward: some seconds, to the next change, or until idle",
          description: "Only this account's tasks move; the server clock and other accounts stay where they are.",
          parameters: [idParam('Account id')],
          requestBody: ref('requestBodies', 'ClockAdvance'),
          responses: {
            ...ok200('The clock after the advance, and the task changes it applied.', 'Advanced'),
            ...errors(400, 404, 413),
          },
          'x-genmock-rules': ACCOUNT_ADVANCE_RULES,
        }),
      },
      '/__mock/tasks': {
        get: op({
          operationId: 'listTasks',
          tags: ['tasks'],
          summary: 'Tasks, newest first',
          parameters: [
            query('account', 'Only this account id.', { type: 'string' }),
            query('status', 'Only this status.', { type: 'integer', enum: [0, 1, 2] }),
            ...PAGE,
          ],
          responses: { ...ok200('The tasks; total counts every match.', 'TaskList'), ...errors(400) },
        }),
      },
      '/__mock/tasks/{id}': {
        get: op({
          operationId: 'getTaskDetail',
          tags: ['tasks'],
          summary: 'One task, its past and coming changes, ledger entries and requests',
          description:
            "history: the creation (no by), then each change as it left the task (kept for the 10,000 latest tasks). scheduled: the steps to come, timed (at) then poll N (poll). ledger: the owner's entries naming it. requests: its journal entries, newest first (50).",
          parameters: [idParam('Task id')],
          responses: { ...ok200('The task in detail.', 'TaskDetail'), ...errors(404, 'task') },
        }),
      },
      '/__mock/tasks/{id}/media/{index}': {
        get: op({
          operationId: 'getTaskMedia',
          tags: ['tasks'],
          summary: "A completed task's output, without the owner's credential",
          description:
            "As the task's media route answers (an image's index, 0 for a video), but with no credential asked, relay media included.",
          parameters: [
            idParam('Task id'),
            {
              name: 'index',
              in: 'path',
              required: true,
              description: 'Image index, or 0 for a video.',
              schema: { type: 'string', pattern: '^\\d{1,3}$' },
            },
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
      },
      '/__mock/tasks/{id}/transition': {
        post: op({
          operationId: 'transitionTask',
          tags: ['tasks'],
          summary: 'Force a pending task into a state now',
          description: 'The same ledger effect as a timeline step: status 2 needs refund true or false.',
          parameters: [idParam('Task id')],
          requestBody: ref('requestBodies', 'Transition'),
          responses: { ...ok200('The task.', 'TaskView'), ...errors(400, 404, 409, 413, 'task') },
          'x-genmock-rules': TRANSITION_RULES,
        }),
      },
      '/__mock/scenarios': {
        get: op({
          operationId: 'listScenarios',
          tags: ['scenarios'],
          summary: 'The scenarios loaded, and the default',
          responses: { ...ok200('The scenarios.', 'ScenarioList'), ...errors() },
        }),
        post: op({
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
      },
      '/__mock/scenarios/{name}': {
        get: op({
          operationId: 'getScenario',
          tags: ['scenarios'],
          summary: 'One scenario as loaded',
          parameters: [
            {
              name: 'name',
              in: 'path',
              required: true,
              description: 'Scenario name',
              schema: { type: 'string', minLength: 1 },
            },
          ],
          responses: { ...ok200('The scenario and where it came from.', 'ScenarioLoaded'), ...errors(404) },
        }),
      },
      '/__mock/scenario': {
        put: op({
          operationId: 'chooseScenario',
          tags: ['scenarios'],
          summary: 'Choose the default scenario; applies its accounts',
          requestBody: ref('requestBodies', 'ScenarioChoice'),
          responses: { ...ok200('The default scenario now.', 'ScenarioChosen'), ...errors(400, 413) },
          'x-genmock-rules': [scenarioName('body:/name'), ...COMMON_RULES],
        }),
      },
      '/__mock/requests': {
        get: op({
          operationId: 'listRequests',
          tags: ['journal'],
          summary: 'The request journal, newest first (the last 1000)',
          description: 'Client traffic only, not /__mock calls. Keys and cookie values are redacted.',
          parameters: [...JOURNAL_FILTERS, ...PAGE],
          responses: { ...ok200('The entries; total counts every match.', 'JournalList'), ...errors(400) },
        }),
        delete: op({
          operationId: 'clearRequests',
          tags: ['journal'],
          summary: 'Empty the journal',
          responses: { ...ok200('Emptied.', 'Ok'), ...errors() },
        }),
      },
      '/__mock/requests/count': {
        get: op({
          operationId: 'countRequests',
          tags: ['journal'],
          summary: 'How many journal entries match',
          parameters: JOURNAL_FILTERS,
          responses: { ...ok200('The count.', 'Count'), ...errors(400) },
        }),
      },
      '/__mock/requests.har': {
        get: op({
          operationId: 'exportRequestsHar',
          tags: ['journal'],
          summary: 'The journal as HAR 1.2',
          parameters: [...JOURNAL_FILTERS, limit(MAX_PAGE), ...PAGE.slice(1)],
          responses: {
            '200': response(
              {
                description: 'HAR 1.2, oldest first.',
                body: 'Har',
                headers: { 'Content-Disposition': { schema: { type: 'string' } } },
              },
              common,
            ),
            ...errors(400),
          },
        }),
      },
      '/__mock/conformance': {
        get: op({
          operationId: 'listConformanceFindings',
          tags: ['conformance'],
          summary: 'The conformance findings, newest first (the last 1000)',
          parameters: [
            query('account', 'Only this account id.', { type: 'string' }),
            query('rule', 'Only this rule.', { type: 'string', enum: RULE_IDS }),
            query('format', 'json (default) or junit (JUnit XML).', {
              type: 'string',
              enum: ['json', 'junit'],
              default: 'json',
            }),
          ],
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
        delete: op({
          operationId: 'clearConformanceFindings',
          tags: ['conformance'],
          summary: 'Clear the findings',
          responses: { ...ok200('Cleared.', 'Ok'), ...errors() },
        }),
      },
    }),
    components: {
      securitySchemes: {
        adminToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'Only when genmock runs with --admin-token T: Authorization: Bearer T.',
        },
      },
      requestBodies: {
        ClockAdvance: requestBody(clockAdvanceSchema, 'Seconds to move forward, or until what.', { until: 'idle' }),
        ClockSet: requestBody(clockSetSchema, 'What to change.', { mode: 'manual' }),
        Reset: requestBody(resetSchema, 'Optionally a new seed.', { seed: 7 }),
        AccountCreate: requestBody(accountCreateSchema, 'The new account; every field may be omitted.', {
          credits: 50,
          name: 'checkout test',
        }),
        AccountPatch: requestBody(accountPatchSchema, 'What to change; scenario null clears it.', { credits: 0 }),
        Transition: requestBody(transitionSchema, 'The change, and its ledger effect.', {
          status: 2,
          errorCode: 'UPSTREAM_FAILED',
          errorMessage: 'Upstream failed',
          refund: true,
        }),
        Scenario: requestBody(scenarioSchema, 'A scenario, as a scenario file holds it (README, Writing one).', {
          name: 'slow-images',
          description: 'Images take a minute.',
          rules: [{ match: { endpoint: 'image' }, timeline: [{ at: '60s', set: { status: 1 } }] }],
        }),
        ScenarioChoice: requestBody(scenarioChoiceSchema, 'The scenario to make the default.', {
          name: 'upstream-failure',
        }),
      },
      headers: {
        Date: HEADERS.Date,
        DateIfRouted: HEADERS.DateIfRouted,
        ConnectionClose: HEADERS.ConnectionClose,
        ETag: {
          description: 'A hash of the body, for If-None-Match.',
          required: true,
          schema: { type: 'string', pattern: '^"[0-9a-f]{16}"$' },
        },
        ETagOfJson: {
          description: 'A hash of the JSON body, for If-None-Match.',
          schema: { type: 'string', pattern: '^"[0-9a-f]{16}"$' },
        },
      },
      parameters: {
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
      },
      schemas: {
        Health: jsonSchema(healthSchema, 'output'),
        ClockState: jsonSchema(clockStateSchema, 'output'),
        AccountClock: jsonSchema(accountClockSchema, 'output'),
        Advanced: jsonSchema(advancedSchema, 'output'),
        ResetDone: jsonSchema(resetDoneSchema, 'output'),
        Ok: jsonSchema(okSchema, 'output'),
        AccountList: jsonSchema(accountListSchema, 'output'),
        AccountCreated: jsonSchema(accountCreatedSchema, 'output'),
        AccountView: jsonSchema(accountViewSchema, 'output'),
        TaskView: jsonSchema(taskViewSchema, 'output'),
        TaskList: jsonSchema(taskListSchema, 'output'),
        TaskDetail: jsonSchema(taskDetailSchema, 'output'),
        ScenarioList: jsonSchema(scenarioListSchema, 'output'),
        ScenarioLoaded: jsonSchema(scenarioLoadedSchema, 'output'),
        ScenarioSaved: jsonSchema(scenarioSavedSchema, 'output'),
        ScenarioChosen: jsonSchema(scenarioChosenSchema, 'output'),
        JournalList: jsonSchema(journalListSchema, 'output'),
        Count: jsonSchema(countSchema, 'output'),
        Har: jsonSchema(harSchema, 'output'),
        FindingList: jsonSchema(findingListSchema, 'output'),
        InvalidRequest: jsonSchema(invalidRequestBodySchema, 'output'),
        Unauthorized: jsonSchema(unauthorizedBodySchema, 'output'),
        TaskNotFound: jsonSchema(taskNotFoundBodySchema, 'output'),
        NotFound: {
          ...jsonSchema(anyErrorBody, 'output'),
          description: 'Account not found, Scenario not found (with the known names), …',
        },
        Conflict: {
          ...jsonSchema(anyErrorBody, 'output'),
          description: 'That apiKey is already in use; the task is terminal.',
        },
        PayloadTooLarge: jsonSchema(fixedError(tooLarge), 'output'),
        AccessRefused: jsonSchema(accessRefusedBody, 'output'),
        Error: jsonSchema(anyErrorBody, 'output'),
      },
    },
  }
}

let base: ReturnType<typeof controlOpenApiDocument> | undefined

/**
 * GET /__mock/openapi.json, built on first use (the route loads this module lazily).
 * @example
 * const reply = controlOpenApiReply('http://127.0.0.1:4600')
 */
export function controlOpenApiReply(origin: string): Reply {
  base ??= controlOpenApiDocument(pkg.version)
  return jsonReply(200, { ...base, servers: servers(origin, 'genmock') })
}
