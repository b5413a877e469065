// A task as the engine stores it, in simulated epoch milliseconds.
import type * as z from 'zod'
import type { taskStatusSchema as taskStatus } from '../../contract/task-status.js'
import type { ImageSize } from '../media/preview-image.js'
import type { Steps } from './steps-to-come.js'

/**
 * Where a pending task's steps to come are kept on its record (task-life.ts), and the time of the
 * one step to come of most: symbols, so that no listing, copy to JSON or save of the record sees them.
 */
export const UPCOMING: unique symbol = Symbol('upcoming')
export const DUE: unique symbol = Symbol('due')

/**
 * A task as the engine stores it. Times are epoch milliseconds of simulated time; the snapshot a
 * client reads is worked out from this when it is read (tasks/task-snapshot.ts).
 */
export interface TaskRecord {
  id: string
  /** Creation order: stable sorting when tasks share a createdAt. */
  seq: number
  type: 'image' | 'video'
  accountId: string
  model: string
  prompt: string
  /** standard: the default flow; upstream-a and relay: the interface's other providers. */
  provider: 'standard' | 'upstream-a' | 'relay'
  status: z.infer<typeof taskStatus>
  relayStatus?: string
  errorCode?: string
  errorMessage?: string
  creditsUsed: number
  creditRefunded: boolean
  createdAt: number
  updatedAt: number
  expiresAt?: number
  pollAfterSeconds?: number
  providerTaskId: string
  requestId: string
  httpRequestId: string
  upstreamHttpStatus?: number
  submissionUncertain: boolean
  effectiveWatermark: boolean
  demo: boolean
  /** The scenario that decided the task's life. */
  scenario: string
  /** How many times the owner has read the task: `poll N` steps happen on the Nth. */
  polls: number
  numOutputs: number
  /** Pixel size of the generated preview images, from the request's layout. */
  preview: ImageSize
  /** Its steps to come while it is pending (task-life.ts). */
  [UPCOMING]?: Steps | undefined
  /** With a OneStep, when it comes (simulated epoch milliseconds). */
  [DUE]?: number | undefined
}

/** A new task's fields, as `newTaskRecord` works them out. */
export interface TaskFields {
  id: string
  seq: number
  type: TaskRecord['type']
  accountId: string
  model: string
  prompt: string
  provider: TaskRecord['provider']
  scenario: string
  creditsUsed: number
  createdAt: number
  providerTaskId: string
  requestId: string
  httpRequestId: string
  effectiveWatermark: boolean
  demo: boolean
  numOutputs: number
  preview: ImageSize
}
