import * as z from 'zod'
import { ledgerEntrySchema } from './control-accounts.js'
import { journalEntrySchema, limitSchema } from './control-journal.js'
import { count, isoDateTime } from './control-simulator.js'
import { fullTaskSnapshotSchema } from './responses.js'
import { taskStatusSchema } from './task-status.js'

/** Control API: every task, one task in detail, its media, and forced changes (the body is scenario.ts's). */

/** Query of GET /__mock/tasks. */
export const taskListQuerySchema = z.object({
  account: z.string().optional().meta({ description: 'Only this account id.' }),
  status: taskStatusSchema.optional().meta({ description: 'Only this status.' }),
  limit: limitSchema,
})

/** The index path parameter of GET /__mock/tasks/:id/media/:index: an image's index, or 0 for a video. */
export const mediaIndexSchema = z.string().regex(/^\d{1,3}$/)

export const taskViewSchema = z.strictObject({
  ...fullTaskSnapshotSchema.shape,
  accountId: z.string(),
  provider: z.enum(['standard', 'upstream-a', 'relay']),
  scenario: z.string(),
  polls: count,
  nextChangeAt: isoDateTime.optional(),
  nextChangeAtPoll: z.int().positive().optional(),
})
export const taskListSchema = z.strictObject({ total: count, tasks: z.array(taskViewSchema) })
export const pastChangeSchema = z.strictObject({
  at: isoDateTime,
  status: taskStatusSchema,
  relayStatus: z.string().optional(),
  errorCode: z.string().optional(),
  refunded: z.literal(true).optional(),
  /** Absent on the first entry, the task's creation. */
  by: z.enum(['timeline', 'poll', 'transition']).optional(),
})
const coming = {
  status: taskStatusSchema.optional(),
  relayStatus: z.string().optional(),
  errorCode: z.string().optional(),
  refund: z.literal(true).optional(),
}
export const comingChangeSchema = z.union([
  z.strictObject({ at: isoDateTime, ...coming }),
  z.strictObject({ poll: z.int().positive(), ...coming }),
])
export const taskDetailSchema = z.strictObject({
  task: taskViewSchema,
  history: z.array(pastChangeSchema),
  scheduled: z.array(comingChangeSchema),
  ledger: z.array(ledgerEntrySchema),
  requests: z.array(journalEntrySchema),
})
