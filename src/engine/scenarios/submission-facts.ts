// A submission as its scenario judges it before anything is stored: the facts its rules match, and the
// refusal its plan may ask for. The engine's submit and the drift's expectation (drift/would-answer.ts) share them.
import { isRelayRequest, type ImageRequest } from '../../contract/image-request.js'
import type { VideoRequest } from '../../contract/video-request.js'
import { Problem } from '../problem.js'
import type { RequestFacts } from './rule-match.js'
import type { SubmitPlan } from './scenarios.js'

/**
 * The facts a scenario rule matches a validated request against.
 * @example
 * requestFacts({ model: 'video-d', inputMode: 'text_to_video', prompt: 'waves' }, 'acct_alice').endpoint // 'video'
 */
export function requestFacts(request: ImageRequest | VideoRequest, accountId: string): RequestFacts {
  if ('inputMode' in request) {
    return {
      endpoint: 'video',
      model: request.model,
      provider: 'standard',
      inputMode: request.inputMode,
      prompt: request.prompt ?? '',
      accountId,
    }
  }
  const relay = isRelayRequest(request)
  return {
    endpoint: 'image',
    model: request.model,
    provider: relay ? 'relay' : request.provider === 'upstream-a' ? 'upstream-a' : 'standard',
    inputMode: !relay && request.inputImageUrls ? 'image_to_image' : 'text_to_image',
    prompt: request.prompt,
    accountId,
  }
}

/** A scenario's reject or error-before-commit fault: nothing is stored or debited. */
export function refuseAsPlanned({ reject, fault }: SubmitPlan, credits: number): void {
  if (reject) {
    const body =
      reject.body.error === 'Insufficient credits' && reject.body.required === undefined
        ? { ...reject.body, required: credits }
        : reject.body
    throw Problem.of({ kind: 'rejected', scenarioReply: { ...reject, body } })
  }
  if (fault?.type === 'error-before-commit')
    throw Problem.of({ kind: 'fault', scenarioStatus: fault.status, message: fault.error })
}
