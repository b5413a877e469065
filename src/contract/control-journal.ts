/** Control API: what the journal and findings routes read (their filters). */
import * as z from 'zod'
import { ruleIdSchema } from './conformance-rules.js'

const wholeNumber = (description: string) =>
  z
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be a whole number' })
    .max(999_999_999_999_999, { error: 'must be a whole number' })
    .optional()
    .meta({ description })
const text = (description: string) => z.string().optional().meta({ description })
const accountFilter = text('Only this account id.')

/** GET /__mock/coverage: whose outcomes (the route also takes the parameter repeated). */
export const coverageQuerySchema = z.object({
  account: text(
    'Only these accounts, comma-separated (or the parameter repeated): their outcomes together. ' +
      'Without it, the whole run, requests that named no account included.',
  ),
})

/** The largest page of a listing (docs/control-api.md, Pages): a page of 1000 tasks is under 1 MB. */
export const MAX_PAGE = 1000
const pageLimit = (fallback: number) =>
  z
    .int({ error: `must be an integer from 1 to ${MAX_PAGE}` })
    .min(1, { error: `must be an integer from 1 to ${MAX_PAGE}` })
    .max(MAX_PAGE, { error: `must be an integer from 1 to ${MAX_PAGE}` })
    .default(fallback)
    .meta({ description: `At most this many (default ${fallback}).` })

/** At most this many entries of a list. */
export const limitSchema = pageLimit(100)

/** The page of a listing: `limit` entries after skipping `offset` matches, below `cursor`. */
export const pageQueryShape = {
  limit: limitSchema,
  offset: wholeNumber('Skip this many matches first.'),
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, { error: 'must be a nextCursor this API gave' })
    .optional()
    .meta({ description: 'The nextCursor of the previous page: the page after it.' }),
}

/** Query of GET /__mock/requests/count; /requests and /requests.har add a page. */
export const journalFilterQuerySchema = z.object({
  account: accountFilter,
  method: text('Only this method (any case).'),
  path: text('Exact path, or with * for any run of characters.'),
  status: wholeNumber('Only this status (0: dropped connection).'),
  taskId: text('Only requests about this task.'),
  traceId: text('Only requests whose W3C traceparent named this trace id (32 hex digits).'),
  since: wholeNumber('Only entries after this seq.'),
})
export const journalListQuerySchema = z.object({ ...journalFilterQuerySchema.shape, ...pageQueryShape })
/** The HAR export is a file to save: the whole journal (at most 1000) unless limit says otherwise. */
export const journalHarQuerySchema = z.object({
  ...journalFilterQuerySchema.shape,
  ...pageQueryShape,
  limit: pageLimit(MAX_PAGE),
})

/** Query of GET /__mock/conformance. */
export const findingQuerySchema = z.object({
  account: accountFilter,
  rule: ruleIdSchema.optional().meta({ description: 'Only this rule.' }),
  traceId: text('Only findings of requests whose W3C traceparent named this trace id.'),
  format: z
    .enum(['json', 'junit'], { error: 'must be json or junit' })
    .default('json')
    .meta({ description: 'json (default) or junit (JUnit XML).' }),
})
