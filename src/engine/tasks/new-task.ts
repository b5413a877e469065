// A new task from an accepted request: its facts, price, output size and first record.
import type { IdStyle } from '../../contract/id-style.js'
import type { ImageRequest } from '../../contract/image-request.js'
import { LIMITS } from '../../contract/limits.js'
import { IMAGE_MODELS, VIDEO_MODELS } from '../../contract/models.js'
import type { VideoRequest } from '../../contract/video-request.js'
import type { Account } from '../accounts/accounts.js'
import { imageSize } from '../media/preview-image.js'
import { drawId } from '../random/draw-id.js'
import type { Random } from '../random/random.js'
import type { RequestFacts } from '../scenarios/rule-match.js'
import type { SubmitPlan } from '../scenarios/scenarios.js'
import type { TaskRecord } from './task-record.js'
import type { TaskStore } from './task-store.js'

/** Default time from acceptance to a relay task's expiresAt (docs/where-the-interface-is-silent.md). */
const RELAY_EXPIRY_MS = 3600 * 1000

export interface NewTask {
  account: Account
  request: ImageRequest | VideoRequest
  facts: RequestFacts
  plan: SubmitPlan
  credits: number
  now: number
  seq: number
  /** Where ids are drawn from, in which style; a task id is drawn again while `stored` has it. */
  random: Random
  style: IdStyle
  /** The store the task goes into: its record is packed as the store keeps its rows. */
  stored: Pick<TaskStore, 'has' | 'newRecord'>
}

/**
 * A task just accepted, before its timeline: pending, with the fields the scenario sets at submission.
 * Identifiers are drawn in a fixed order, so the same seed gives the same ids.
 * @example
 * newTaskRecord({ account, request, facts, plan, credits: 4, now, seq: 0, random, style, stored }).status // 0
 */
export function newTaskRecord(task: NewTask): TaskRecord {
  const { account, request, facts, plan, credits, now, seq, random, style } = task
  const relay = facts.provider === 'relay'
  // Relay bodies have no layout fields: their previews take the default size.
  const layout = request as { aspectRatio?: string; width?: number; height?: number }
  // A dense row of the store's (task-row.ts), then the optional fields by assignment, in this order (the order a saved
  // state lists them in). Ids are drawn in the order a record lists them: the task's, then the others.
  // Only a task id must not be a stored task's: the others name nothing genmock looks up.
  let id = drawId(random, style, 'tsk_')
  while (task.stored.has(id)) id = drawId(random, style, 'tsk_')
  const record = task.stored.newRecord({
    id,
    seq,
    type: facts.endpoint,
    accountId: account.id,
    // The catalogue's own string, not the one each request body parsed into: one copy, not one per task.
    model: ('inputMode' in request ? VIDEO_MODELS[request.model] : IMAGE_MODELS[request.model]).id,
    prompt: facts.prompt,
    provider: facts.provider,
    scenario: plan.scenario,
    creditsUsed: credits,
    createdAt: now,
    providerTaskId: drawId(random, style, 'prv_'),
    requestId: drawId(random, style, 'req_'),
    httpRequestId: drawId(random, style, 'http_'),
    effectiveWatermark: relay && 'watermark' in request ? request.watermark : false,
    demo: account.demo,
    numOutputs: 'numOutputs' in request ? request.numOutputs : 1,
    preview: imageSize(layout.aspectRatio, layout.width, layout.height),
  })
  if (facts.provider !== 'standard') record.upstreamHttpStatus = 200
  if (relay) {
    record.relayStatus = 'queued'
    record.pollAfterSeconds = LIMITS.minPollAfterSeconds
    record.expiresAt = now + (plan.expiresInMs ?? RELAY_EXPIRY_MS)
  }
  if (plan.set) Object.assign(record, plan.set)
  return record
}
