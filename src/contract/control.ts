import * as z from 'zod'
import { apiKeySchema } from './fixtures.js'

/** Request bodies of the control API under /__mock. */

export const clockModeSchema = z.enum(['real', 'manual'], { error: 'must be real or manual' })
export type ClockMode = z.infer<typeof clockModeSchema>

const speed = z.number({ error: 'must be a number' }).positive({ error: 'must be positive' }).max(1_000_000, { error: 'must be at most 1000000' })

export const clockAdvanceSchema = z.strictObject({
  seconds: z
    .number({ error: 'must be a number of seconds' })
    .nonnegative({ error: 'must not be negative: time only moves forward' })
    .max(10 * 365 * 24 * 3600, { error: 'must be at most ten years' }),
})

export const clockSetSchema = z.strictObject({
  mode: clockModeSchema.optional(),
  speed: speed.optional(),
  now: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }).optional(),
})

export const resetSchema = z.strictObject({
  seed: z.int({ error: 'must be an integer' }).nonnegative({ error: 'must not be negative' }).optional(),
})

export const accountCreateSchema = z.strictObject({
  credits: z.int({ error: 'must be an integer' }).nonnegative({ error: 'must not be negative' }).default(1000),
  name: z.string().min(1).max(100).optional(),
  scenario: z.string().min(1).optional(),
  apiKey: apiKeySchema.optional(),
  demo: z.boolean().optional(),
  /** Refuse this account's requests that break a conformance error rule (README, Client conformance). */
  strict: z.boolean().optional(),
})
export type AccountCreate = z.infer<typeof accountCreateSchema>

export const accountPatchSchema = z.strictObject({
  credits: z.int({ error: 'must be an integer' }).nonnegative({ error: 'must not be negative' }).optional(),
  name: z.string().min(1).max(100).optional(),
  scenario: z.string().min(1).nullable().optional(),
  demo: z.boolean().optional(),
  strict: z.boolean().optional(),
})
export type AccountPatch = z.infer<typeof accountPatchSchema>

