/** Control API (docs/control-api.md): what its routes read that no area of its own holds. */
import * as z from 'zod'

/** A non-empty path parameter: an account id, a task id, a scenario name. */
export const pathText = z.string().min(1)

export const resetSchema = z.strictObject({
  seed: z.int({ error: 'must be an integer' }).nonnegative({ error: 'must not be negative' }).optional(),
})
