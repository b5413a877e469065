import * as z from 'zod'
import { ruleIdSchema } from './conformance-rules.js'
import { count, isoDateTime } from './control-simulator.js'

/** Control API: the request journal, its HAR export and the conformance findings. */

const wholeNumber = (description: string) =>
  z
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be a whole number' })
    .max(999_999_999_999_999, { error: 'must be a whole number' })
    .optional()
    .meta({ description })
const text = (description: string) => z.string().optional().meta({ description })
const accountFilter = text('Only this account id.')

/** At most this many entries of a list. */
export const limitSchema = z
  .int({ error: 'must be an integer from 1 to 99999' })
  .min(1, { error: 'must be an integer from 1 to 99999' })
  .max(99_999, { error: 'must be an integer from 1 to 99999' })
  .default(100)
  .meta({ description: 'At most this many (default 100).' })

/** Query of GET /__mock/requests/count and /requests.har; /requests adds limit. */
export const journalFilterQuerySchema = z.object({
  account: accountFilter,
  method: text('Only this method (any case).'),
  path: text('Exact path, or with * for any run of characters.'),
  status: wholeNumber('Only this status (0: dropped connection).'),
  taskId: text('Only requests about this task.'),
  since: wholeNumber('Only entries after this seq.'),
})
export const journalListQuerySchema = z.object({ ...journalFilterQuerySchema.shape, limit: limitSchema })

/** Query of GET /__mock/conformance. */
export const findingQuerySchema = z.object({
  account: accountFilter,
  rule: ruleIdSchema.optional().meta({ description: 'Only this rule.' }),
  format: z
    .enum(['json', 'junit'], { error: 'must be json or junit' })
    .default('json')
    .meta({ description: 'json (default) or junit (JUnit XML).' }),
})

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
  conformance: z.array(ruleIdSchema).optional(),
  requestBody: journalBody.optional(),
  responseHeaders: z.record(z.string(), z.string()).optional(),
  responseBody: journalBody.optional(),
})
export const journalListSchema = z.strictObject({ total: count, requests: z.array(journalEntrySchema) })
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
})
export const findingListSchema = z.strictObject({
  total: count,
  counts: z.partialRecord(ruleIdSchema, z.int().positive()),
  findings: z.array(findingSchema),
})
