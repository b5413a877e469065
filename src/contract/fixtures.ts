/** Schemas of the data files in fixtures/: accounts with their keys, and simulator prices. */
import * as z from 'zod'

const credits = z.int().nonnegative()

/**
 * An account's id: what a fixture names it, or `acct_` and 12 characters for one made by the
 * control API. Not a name objects have of their own (`__proto__`, `constructor`, `prototype`).
 */
export const accountIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/)
  .refine((id) => !['__proto__', 'constructor', 'prototype'].includes(id), 'must not be a name objects reserve')
const positiveCredits = z.int().positive()

export const apiKeySchema = z
  .string()
  .min(8, { error: 'must have at least 8 characters' })
  .max(200, { error: 'must have at most 200 characters' })
  .regex(/^[\x21-\x7e]+$/, { error: 'must be printable ASCII without spaces' })

export const keyFixtureSchema = z.strictObject({
  key: apiKeySchema,
  revoked: z.boolean().default(false),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
  /** IPv4 addresses or CIDR blocks, or exact IPv6 addresses, the key may be used from. */
  ipAllowlist: z.array(z.string().min(1)).optional(),
})

export const accountFixtureSchema = z.strictObject({
  id: accountIdSchema,
  name: z.string().min(1).max(100),
  credits,
  demo: z.boolean().default(false),
  scenario: z.string().min(1).optional(),
  keys: z.array(keyFixtureSchema).default([]),
  /** Session cookie values (`genmock_session=<token>`) for first-party browser use. */
  sessions: z.array(z.string().min(8)).default([]),
})

export const accountsFixtureSchema = z.strictObject({
  $comment: z.string().optional(),
  accounts: z.array(accountFixtureSchema).min(1),
})
export type AccountFixture = z.infer<typeof accountFixtureSchema>
export type AccountsFixture = z.input<typeof accountsFixtureSchema>

export const pricingFixtureSchema = z.strictObject({
  $comment: z.string().optional(),
  /** Per output, for image models whose price the interface does not give. */
  image: z.record(z.string(), z.strictObject({ creditsPerOutput: positiveCredits })),
  /** Per output, by resolution, for the relay shape. */
  relay: z.record(z.string(), z.record(z.string(), positiveCredits)),
  /** Per task, by duration in seconds. */
  video: z.record(z.string(), z.record(z.string(), positiveCredits)),
})
export type PricingFixture = z.infer<typeof pricingFixtureSchema>
