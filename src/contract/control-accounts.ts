import * as z from 'zod'
import { count } from './control-simulator.js'
import { accountClockSchema } from './control-clock.js'
import { apiKeySchema } from './fixtures.js'

/** Control API: accounts, their balances and ledgers. */

/** Whose clock an account's tasks, ledger and Date headers read: the server's, or a manual one of its own. */
const clockOwnerSchema = z.enum(['server', 'own'], { error: 'must be server or own' })

/** Body of POST /__mock/accounts. */
export const accountCreateSchema = z.strictObject({
  credits: z.int({ error: 'must be an integer' }).nonnegative({ error: 'must not be negative' }).default(1000),
  name: z.string().min(1).max(100).optional(),
  scenario: z.string().min(1).optional(),
  apiKey: apiKeySchema.optional(),
  demo: z.boolean().optional(),
  /** Refuse this account's requests that break a conformance error rule (README, Client conformance). */
  strict: z.boolean().optional(),
  clock: clockOwnerSchema.optional(),
})
export type AccountCreate = z.infer<typeof accountCreateSchema>

/** Body of PATCH /__mock/accounts/:id. */
export const accountPatchSchema = z.strictObject({
  credits: z.int({ error: 'must be an integer' }).nonnegative({ error: 'must not be negative' }).optional(),
  name: z.string().min(1).max(100).optional(),
  scenario: z.string().min(1).nullable().optional(),
  demo: z.boolean().optional(),
  strict: z.boolean().optional(),
  clock: clockOwnerSchema.optional(),
})
export type AccountPatch = z.infer<typeof accountPatchSchema>

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
})
