/** Control API: what the task routes read (a forced change's body is scenario.ts's transitionSchema). */
import * as z from 'zod'
import { pageQueryShape } from './control-journal.js'
import { taskStatusSchema } from './task-status.js'

/** Query of GET /__mock/tasks. */
export const taskListQuerySchema = z.object({
  account: z.string().optional().meta({ description: 'Only this account id.' }),
  status: taskStatusSchema.optional().meta({ description: 'Only this status.' }),
  ...pageQueryShape,
})

/** The index path parameter of GET /__mock/tasks/:id/media/:index: an image's index, or 0 for a video. */
export const mediaIndexSchema = z.string().regex(/^\d{1,3}$/)
