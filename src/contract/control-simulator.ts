import * as z from 'zod'

/** Control API (README, Control API): what the simulator as a whole answers, and its reset. */

export const ok = z.literal(true)
export const count = z.int().nonnegative()
export const isoDateTime = z.iso.datetime({ offset: true })

/** A non-empty path parameter: an account id, a task id, a scenario name. */
export const pathText = z.string().min(1)

export const resetSchema = z.strictObject({
  seed: z.int({ error: 'must be an integer' }).nonnegative({ error: 'must not be negative' }).optional(),
})

export const healthSchema = z.strictObject({ ok, version: z.string() })
export const resetDoneSchema = z.strictObject({ ok, seed: z.int().nonnegative() })
export const okSchema = z.strictObject({ ok })
