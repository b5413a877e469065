// A task as clients read it: the submission answer and the task snapshot, worked out from its record.
import type { FullTaskSnapshot, SubmissionResponse } from '../../contract/responses.js'
import { imagePath, videoPath } from '../../contract/media-urls.js'
import type { TaskRecord } from './task-record.js'

/** ISO strings of recent instants: every read of a task formats the same createdAt and updatedAt again. */
const isoCache = new Map<number, string>()
/**
 * An instant of simulated time as ISO 8601.
 * @example
 * iso(0) // '1970-01-01T00:00:00.000Z'
 */
export function iso(ms: number): string {
  let text = isoCache.get(ms)
  if (text === undefined) {
    if (isoCache.size >= 4096) isoCache.clear()
    isoCache.set(ms, (text = new Date(ms).toISOString()))
  }
  return text
}

/**
 * Fields the submission response and the snapshot share; relay-only fields only on relay tasks.
 * Built by assignment, not spreads, in the order clients see them: this runs on every poll.
 */
function sharedFields(task: TaskRecord): SubmissionResponse & Partial<FullTaskSnapshot> {
  const fields: SubmissionResponse & Partial<FullTaskSnapshot> = {
    taskId: task.id,
    status: task.status,
    creditsUsed: task.creditsUsed,
    creditRefunded: task.creditRefunded,
    providerTaskId: task.providerTaskId,
    requestId: task.requestId,
    httpRequestId: task.httpRequestId,
    submissionUncertain: task.submissionUncertain,
    effectiveWatermark: task.effectiveWatermark,
    demo: task.demo,
  }
  if (task.upstreamHttpStatus !== undefined) fields.upstreamHttpStatus = task.upstreamHttpStatus
  if (task.provider === 'relay') {
    if (task.relayStatus !== undefined) fields.relayStatus = task.relayStatus
    if (task.pollAfterSeconds !== undefined) fields.pollAfterSeconds = task.pollAfterSeconds
    if (task.expiresAt !== undefined) fields.expiresAt = iso(task.expiresAt)
  }
  return fields
}

/**
 * The submission response for a task just accepted.
 * @example
 * toSubmission(task) // { taskId: 'tsk_…', status: 0, creditsUsed: 4, … }
 */
export function toSubmission(task: TaskRecord): SubmissionResponse {
  return sharedFields(task)
}

/**
 * The task snapshot as GET /api/ai/tasks/{id} returns it, worked out from the record when read.
 * Output URLs are absolute, on the origin the client used.
 * @example
 * toSnapshot(task, 'http://127.0.0.1:4600').outputImageUrls // ['http://127.0.0.1:4600/media/images/tsk_…/0.png']
 */
export function toSnapshot(task: TaskRecord, origin: string): FullTaskSnapshot {
  const snapshot = sharedFields(task) as FullTaskSnapshot
  snapshot.id = task.id
  snapshot.type = task.type
  snapshot.model = task.model
  snapshot.prompt = task.prompt
  snapshot.createdAt = iso(task.createdAt)
  snapshot.updatedAt = iso(task.updatedAt)
  if (task.status === 2) {
    if (task.errorCode !== undefined) snapshot.errorCode = task.errorCode
    if (task.errorMessage !== undefined) snapshot.errorMessage = task.errorMessage
  }
  if (task.status === 1 && task.type === 'image')
    snapshot.outputImageUrls = Array.from({ length: task.numOutputs }, (_, i) => origin + imagePath(task.id, i))
  if (task.status === 1 && task.type === 'video') snapshot.outputVideoUrl = origin + videoPath(task.id)
  return snapshot
}
