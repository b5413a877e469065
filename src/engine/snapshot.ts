import type { SubmissionResponse, TaskSnapshot } from '../contract/responses.js'
import { imagePath, videoPath } from './media-paths.js'
import type { TaskRecord } from './task-record.js'

const iso = (ms: number) => new Date(ms).toISOString()

/** Fields the submission response and the snapshot share; relay-only fields only on relay tasks. */
function sharedFields(task: TaskRecord): SubmissionResponse {
  const relay = task.provider === 'relay'
  return {
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
    ...(task.upstreamHttpStatus !== undefined ? { upstreamHttpStatus: task.upstreamHttpStatus } : {}),
    ...(relay && task.relayStatus !== undefined ? { relayStatus: task.relayStatus } : {}),
    ...(relay && task.pollAfterSeconds !== undefined ? { pollAfterSeconds: task.pollAfterSeconds } : {}),
    ...(relay && task.expiresAt !== undefined ? { expiresAt: iso(task.expiresAt) } : {}),
  }
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
export function toSnapshot(task: TaskRecord, origin: string): TaskSnapshot {
  const completed = task.status === 1
  return {
    ...sharedFields(task),
    id: task.id,
    type: task.type,
    model: task.model,
    prompt: task.prompt,
    createdAt: iso(task.createdAt),
    updatedAt: iso(task.updatedAt),
    ...(task.status === 2 && task.errorCode !== undefined ? { errorCode: task.errorCode } : {}),
    ...(task.status === 2 && task.errorMessage !== undefined ? { errorMessage: task.errorMessage } : {}),
    ...(completed && task.type === 'image'
      ? { outputImageUrls: Array.from({ length: task.numOutputs }, (_, i) => origin + imagePath(task.id, i)) }
      : {}),
    ...(completed && task.type === 'video' ? { outputVideoUrl: origin + videoPath(task.id) } : {}),
  }
}
