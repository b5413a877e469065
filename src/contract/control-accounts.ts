/** Control API: what the account routes read. */
import * as z from 'zod'
import { builtOnce } from '../lib/built-once.js'
import { apiKeySchema } from './fixtures.js'

/** The account routes' body schemas, built when one is first used (docs/performance.md, Cold start). */
function buildSchemas() {
  /** Whose clock an account's tasks, ledger and Date headers read: the server's, or a manual one of its own. */
  const clockOwnerSchema = z.enum(['server', 'own'], { error: 'must be server or own' })

  /** Body of POST /__mock/accounts. */
  const accountCreateSchema = z.strictObject({
    credits: z.int({ error: 'must be an integer' }).nonnegative({ error: 'must not be negative' }).default(1000),
    name: z.string().min(1).max(100).optional(),
    scenario: z.string().min(1).optional(),
    apiKey: apiKeySchema.optional(),
    demo: z.boolean().optional(),
    /**
     * Refuse this account's requests that break a conformance error rule (docs/conformance-and-coverage.md, Client
     * conformance).
     */
    strict: z.boolean().optional(),
    clock: clockOwnerSchema.optional(),
  })

  /** Body of PATCH /__mock/accounts/:id. */
  const accountPatchSchema = z.strictObject({
    credits: z.int({ error: 'must be an integer' }).nonnegative({ error: 'must not be negative' }).optional(),
    name: z.string().min(1).max(100).optional(),
    scenario: z.string().min(1).nullable().optional(),
    demo: z.boolean().optional(),
    strict: z.boolean().optional(),
    clock: clockOwnerSchema.optional(),
  })
  return { accountCreateSchema, accountPatchSchema }
}
/** The body schemas themselves (objects, for the OpenAPI document). */
export const accountSchemas = builtOnce(buildSchemas)

/** Body of POST /__mock/accounts. */
export const accountCreateSchema = z.lazy(() => accountSchemas().accountCreateSchema)
/** Body of PATCH /__mock/accounts/:id. */
export const accountPatchSchema = z.lazy(() => accountSchemas().accountPatchSchema)
export type AccountCreate = z.infer<typeof accountCreateSchema>
export type AccountPatch = z.infer<typeof accountPatchSchema>
