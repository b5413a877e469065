import { z } from 'zod'
import { taskStatus } from '../contract/responses.js'

/**
 * A task as the engine stores it. Times are epoch milliseconds of simulated time; the snapshot a
 * client reads is worked out from this when it is read (engine/snapshot.ts).
 */
export const taskRecordSchema = z.object({
  id: z.string(),
  /** Creation order: stable sorting when tasks share a createdAt. */
  seq: z.int(),
  type: z.enum(['image', 'video']),
  accountId: z.string(),
  model: z.string(),
  prompt: z.string(),
  /** standard: the default flow; upstream-a and relay: the interface's other providers. */
  provider: z.enum(['standard', 'upstream-a', 'relay']),
  status: taskStatus,
  relayStatus: z.string().optional(),
  errorCode: z.string().optional(),
  errorMessage: z.string().optional(),
  creditsUsed: z.int(),
  creditRefunded: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
  expiresAt: z.number().optional(),
  pollAfterSeconds: z.int().optional(),
  providerTaskId: z.string(),
  requestId: z.string(),
  httpRequestId: z.string(),
  upstreamHttpStatus: z.int().optional(),
  submissionUncertain: z.boolean(),
  effectiveWatermark: z.boolean(),
  demo: z.boolean(),
  /** The scenario that decided the task's life. */
  scenario: z.string(),
  /** How many times the owner has read the task: `poll N` steps happen on the Nth. */
  polls: z.int(),
  numOutputs: z.int(),
  /** Pixel size of the generated preview images, from the request's layout. */
  preview: z.object({ width: z.int(), height: z.int() }),
})
export type TaskRecord = z.infer<typeof taskRecordSchema>
