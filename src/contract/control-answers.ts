/**
 * What the control API answers (docs/control-api.md), route by route: the control document's
 * response schemas. Apart from what the routes read (control-clock.ts, …), so that the route
 * core does not carry them: only the document, loaded on first use, does.
 */
import * as z from 'zod'
import { clockModeSchema } from './control-clock.js'
import { ruleIdSchema } from './conformance-rules.js'
import { OUTCOME_NAMES } from './outcomes.js'
import { responseSchemas } from './responses.js'
import { scenarioShape } from './scenario.js'
import { taskStatusSchema } from './task-status.js'

const ok = z.literal(true)
const count = z.int().nonnegative()
const isoDateTime = z.iso.datetime({ offset: true })

// The simulator
/** Saves of the --state DIR failing, a full disk say (docs/state.md, When a save fails). */
export const stateFailureSchema = z.strictObject({
  since: isoDateTime,
  /** The error's code, ENOSPC say. */
  reason: z.string(),
  attempts: z.int().positive(),
  /** Changing requests are answered 503 until a save works (`request`). */
  refusing: z.boolean(),
  /** Changing requests answered whose changes are not saved (none with `request`: they were refused). */
  unsavedRequests: count.optional(),
})
export const healthSchema = z.strictObject({ ok, version: z.string(), stateFailing: stateFailureSchema.optional() })
/** A key a reset revoked: its account and its last four characters, never the key (docs/sandbox.md). */
export const revokedKeySchema = z.strictObject({ accountId: z.string(), name: z.string(), key: z.string() })
export const resetDoneSchema = z.strictObject({
  ok,
  seed: z.int().nonnegative(),
  revokedKeys: z.array(revokedKeySchema),
})
/** GET /__mock/whoami: the admin (the token, or anyone without one), or the account whose key was sent. */
export const whoamiSchema = z.union([
  z.strictObject({ caller: z.literal('admin') }),
  z.strictObject({ caller: z.literal('account'), accountId: z.string(), name: z.string() }),
])
export const okSchema = z.strictObject({ ok })

// The clock
export const clockStateSchema = z.strictObject({
  mode: clockModeSchema,
  speed: z.number().positive(),
  now: isoDateTime,
})
/** The clock an account's tasks read: `own` when it is the account's own manual clock. */
export const accountClockSchema = z.strictObject({ ...clockStateSchema.shape, own: z.boolean() })
export const taskChangeSchema = z.strictObject({
  taskId: z.string(),
  at: isoDateTime,
  status: taskStatusSchema,
  relayStatus: z.string().optional(),
})
export const advancedSchema = z.strictObject({
  ...clockStateSchema.shape,
  changes: z.array(taskChangeSchema),
  idle: z.boolean(),
})

// Accounts
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

// The journal, its HAR export and the findings
const journalBody = z.strictObject({
  type: z.string(),
  size: count,
  text: z.string().optional(),
  truncated: z.literal(true).optional(),
})
/** A W3C trace id: 32 lower-case hex digits. */
const traceIdSchema = z.string().regex(/^[\da-f]{32}$/)

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
  /** Forwarded by --proxy: the answer is the real service's (docs/check-against-the-service.md). */
  proxied: z.literal(true).optional(),
  conformance: z.array(ruleIdSchema).optional(),
  /** The request's W3C trace context, when its traceparent was well formed (docs/metrics-and-traces.md). */
  traceId: traceIdSchema.optional(),
  traceparent: z.string().optional(),
  tracestate: z.string().optional(),
  requestBody: journalBody.optional(),
  responseHeaders: z.record(z.string(), z.string()).optional(),
  responseBody: journalBody.optional(),
})
/** Present when more matches follow the page (docs/control-api.md, Pages). */
const nextCursor = z
  .string()
  .regex(/^\d{1,15}$/)
  .optional()
export const journalListSchema = z.strictObject({ total: count, requests: z.array(journalEntrySchema), nextCursor })
export const countSchema = z.strictObject({ count })

const nameValue = z.strictObject({ name: z.string(), value: z.string() })
const harRequest = z.strictObject({
  method: z.string(),
  url: z.string(),
  httpVersion: z.string(),
  cookies: z.array(nameValue),
  headers: z.array(nameValue),
  queryString: z.array(nameValue),
  postData: z.strictObject({ mimeType: z.string(), text: z.string() }).optional(),
  headersSize: z.literal(-1),
  bodySize: z.int(),
})
const harResponse = z.strictObject({
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
})
/** HAR 1.2, as GET /__mock/requests.har exports the journal. */
export const harSchema = z.strictObject({
  log: z.strictObject({
    version: z.literal('1.2'),
    creator: z.strictObject({ name: z.string(), version: z.string() }),
    entries: z.array(
      z.strictObject({
        startedDateTime: isoDateTime,
        time: z.number().nonnegative(),
        request: harRequest,
        response: harResponse,
        cache: z.strictObject({}),
        timings: z.strictObject({ send: z.number(), wait: z.number(), receive: z.number() }),
        comment: z.string().optional(),
        _accountId: z.string().optional(),
        _accountName: z.string().optional(),
        _traceId: traceIdSchema.optional(),
        _traceparent: z.string().optional(),
      }),
    ),
  }),
})

export const findingSchema = z.strictObject({
  seq: z.int().positive(),
  rule: ruleIdSchema,
  severity: z.enum(['error', 'warning']),
  at: isoDateTime,
  accountId: z.string(),
  requestSeq: z.int().positive(),
  message: z.string(),
  taskId: z.string().optional(),
  idempotencyKey: z.string().optional(),
  traceId: traceIdSchema.optional(),
})
export const findingListSchema = z.strictObject({
  total: count,
  counts: z.partialRecord(ruleIdSchema, z.int().positive()),
  findings: z.array(findingSchema),
})

// Outcome coverage (docs/conformance-and-coverage.md, Outcome coverage): every outcome, met or not, and how many were
// met of the total
export const coverageReportSchema = z.strictObject({
  outcomes: z.array(
    z.strictObject({
      name: z.enum(OUTCOME_NAMES),
      met: z.boolean(),
      count: count.meta({ description: 'How many requests met it.' }),
    }),
  ),
  met: count,
  total: z.int().positive(),
})
export type CoverageReport = z.infer<typeof coverageReportSchema>

// Tasks
export const taskViewSchema = z.strictObject({
  ...responseSchemas().fullTaskSnapshotSchema.shape,
  accountId: z.string(),
  provider: z.enum(['standard', 'upstream-a', 'relay']),
  scenario: z.string(),
  polls: count,
  nextChangeAt: isoDateTime.optional(),
  nextChangeAtPoll: z.int().positive().optional(),
})
export const taskListSchema = z.strictObject({ total: count, tasks: z.array(taskViewSchema), nextCursor })
export const pastChangeSchema = z.strictObject({
  at: isoDateTime,
  status: taskStatusSchema,
  relayStatus: z.string().optional(),
  errorCode: z.string().optional(),
  refunded: z.literal(true).optional(),
  /** Absent on the first entry, the task's creation. */
  by: z.enum(['timeline', 'poll', 'transition']).optional(),
})
const coming = {
  status: taskStatusSchema.optional(),
  relayStatus: z.string().optional(),
  errorCode: z.string().optional(),
  refund: z.literal(true).optional(),
}
export const comingChangeSchema = z.union([
  z.strictObject({ at: isoDateTime, ...coming }),
  z.strictObject({ poll: z.int().positive(), ...coming }),
])
export const taskDetailSchema = z.strictObject({
  task: taskViewSchema,
  history: z.array(pastChangeSchema),
  scheduled: z.array(comingChangeSchema),
  ledger: z.array(ledgerEntrySchema),
  requests: z.array(journalEntrySchema),
})

// Scenarios
export const scenarioListSchema = z.strictObject({
  default: z.string(),
  scenarios: z.array(z.strictObject({ name: z.string(), description: z.string(), origin: z.string(), rules: count })),
})
export const scenarioLoadedSchema = z.lazy(() => z.strictObject({ ...scenarioShape(), origin: z.string() }))
export const scenarioSavedSchema = z.strictObject({ name: z.string(), rules: count })
export const scenarioChosenSchema = z.strictObject({ default: z.string() })
