/** Control API: what the clock routes read (the server's clock and an account's own). */
import * as z from 'zod'

export const clockModeSchema = z.enum(['real', 'manual'], { error: 'must be real or manual' })
export type ClockMode = z.infer<typeof clockModeSchema>

const speed = z
  .number({ error: 'must be a number' })
  .positive({ error: 'must be positive' })
  .max(1_000_000, { error: 'must be at most 1000000' })

/**
 * Body of POST /__mock/clock/advance and /__mock/accounts/:id/clock/advance: some seconds, or
 * until something happens.
 */
export const clockAdvanceSchema = z
  .strictObject({
    seconds: z
      .number({ error: 'must be a number of seconds' })
      .nonnegative({ error: 'must not be negative: time only moves forward' })
      .max(10 * 365 * 24 * 3600, { error: 'must be at most ten years' })
      .optional(),
    until: z
      .enum(['next-event', 'idle'], {
        error:
          'must be next-event (the next scheduled change of a task) or idle (until no task is pending, at most 7 days)',
      })
      .optional(),
  })
  .superRefine(({ seconds, until }, ctx) => {
    if (seconds === undefined && until === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['seconds'],
        message: 'is required: give seconds, or until (next-event or idle)',
      })
    if (seconds !== undefined && until !== undefined)
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'goes without seconds: give one of them' })
  })
  .meta({ minProperties: 1, maxProperties: 1 })
export type AdvanceBy = z.infer<typeof clockAdvanceSchema>

/** Body of PUT /__mock/clock. */
export const clockSetSchema = z.strictObject({
  mode: clockModeSchema.optional(),
  speed: speed.optional(),
  now: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }).optional(),
})
