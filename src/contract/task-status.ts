// A task's status as the interface numbers it (0 pending, 1 completed, 2 failed): the one schema of it.
import * as z from 'zod'

/** A task's status, the one schema of it: 0 pending, 1 completed, 2 failed (1 and 2 are terminal). */
export const taskStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)], {
  error: 'must be 0 (pending), 1 (completed) or 2 (failed)',
})
export type TaskStatus = z.infer<typeof taskStatusSchema>
