import * as z from 'zod'
import { ruleIdSchema } from './conformance-rules.js'

/** Control API: what the journal and findings routes read (their filters). */

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
