/** Error bodies: `{ error: string, ...details }`, as the interface gives them. */
import * as z from 'zod'

export const validationIssueSchema = z.strictObject({
  /** Where the failing value was: the JSON body, a header, or the URL path. */
  in: z.enum(['body', 'header', 'path']),
  /** Dotted path inside the body (`inputImageUrls.3`), or the header name; '' for the whole body. */
  path: z.string(),
  message: z.string(),
})
export type ValidationIssue = z.infer<typeof validationIssueSchema>

export const invalidRequestBodySchema = z.strictObject({
  error: z.literal('Invalid request'),
  details: z.strictObject({
    issues: z.array(validationIssueSchema).min(1),
    /** How many issues were found beyond the ones listed (docs/limits-and-security.md). */
    moreIssues: z.int().positive().optional(),
  }),
})
export const unauthorizedBodySchema = z.strictObject({ error: z.literal('Unauthorized') })
/** The control API's 401 and 403 say what credential the route needs (docs/sandbox.md). */
export const controlUnauthorizedBodySchema = z.strictObject({ error: z.literal('Unauthorized'), message: z.string() })
export const forbiddenBodySchema = z.strictObject({ error: z.literal('Forbidden'), message: z.string() })
export const insufficientCreditsBodySchema = z.strictObject({
  error: z.literal('Insufficient credits'),
  required: z.int().positive(),
})
export const taskNotFoundBodySchema = z.strictObject({ error: z.literal('Task not found') })
/** Every other failure: the interface fixes only `error: string`. */
export const genericErrorBodySchema = z.looseObject({ error: z.string().min(1) })

export const errorBodySchema = z.union([
  invalidRequestBodySchema,
  unauthorizedBodySchema,
  insufficientCreditsBodySchema,
  taskNotFoundBodySchema,
  genericErrorBodySchema,
])
export type ErrorBody = z.infer<typeof errorBodySchema>
