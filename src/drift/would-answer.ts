// What genmock would answer a submission, from its prices and scenarios alone: the drift comparison's expectation.
import { imageRequestSchemaFor, isRelayRequest, type ImageRequest } from '../contract/image-request.js'
import { IMAGE_MODELS, VIDEO_MODELS } from '../contract/models.js'
import { videoRequestSchemaFor, type VideoRequest } from '../contract/video-request.js'
import { imageTier, type Catalogue } from '../engine/catalogue.js'
import { Problem, type ProblemDetail } from '../engine/problem.js'
import { Random } from '../engine/random/random.js'
import type { ScenarioRequest, Scenarios } from '../engine/scenarios/scenarios.js'
import { refuseAsPlanned, requestFacts } from '../engine/scenarios/submission-facts.js'
import { idempotencyKeyIssues, validate } from '../engine/validation.js'

/** What genmock knows that decides its answer to a submission: prices and scenarios, nothing stateful. */
export interface Knowledge {
  catalogue: Catalogue
  scenarios: Scenarios
}

/** How a request is priced: the option it is charged at and how many units (outputs) it buys. */
export interface PriceBasis {
  model: string
  option: string
  relay: boolean
  units: number
}

/** What genmock would answer to a submission, worked out without storing or charging anything. */
export type WouldAnswer =
  | {
      accepted: true
      credits: number
      /** The success status its scenario gives. */
      httpStatus: number
      basis: PriceBasis
      provider: 'standard' | 'upstream-a' | 'relay'
      type: 'image' | 'video'
      model: string
    }
  | { accepted: false; problem: ProblemDetail }

/**
 * The option a request is priced at and its units: a video's duration, a relay resolution, an
 * image tier, `call` for a flat price, `output` for a per-output one.
 * @example
 * priceBasis({ model: 'video-d', inputMode: 'text_to_video', prompt: 'x' })
 * // { model: 'video-d', option: '8', relay: false, units: 1 }
 */
export function priceBasis(request: ImageRequest | VideoRequest): PriceBasis {
  if ('inputMode' in request) {
    const model = VIDEO_MODELS[request.model]
    return { model: model.id, option: String(request.duration ?? model.durations[0]), relay: false, units: 1 }
  }
  const model = IMAGE_MODELS[request.model]
  if (isRelayRequest(request))
    return { model: model.id, option: request.resolution, relay: true, units: request.numOutputs }
  const pricing = model.pricing
  if (pricing?.kind === 'per-call') return { model: model.id, option: 'call', relay: false, units: 1 }
  const option = pricing ? imageTier(model, request) : 'output'
  return { model: model.id, option, relay: false, units: request.numOutputs }
}

/**
 * genmock's answer to a submission body, as its validation, prices and the scenario the request
 * would get decide it; the balance is not known, so Insufficient credits is never the answer.
 * @example
 * wouldAnswer(engine, 'image', { model: 'vendor-a/base-image', prompt: 'a fox' }, null, null)
 * // { accepted: true, credits: 3, httpStatus: 200, … }
 */
export function wouldAnswer(
  knowledge: Knowledge,
  endpoint: 'image' | 'video',
  body: unknown,
  idempotencyKey: string | null,
  asked: ScenarioRequest | null,
): WouldAnswer {
  const fields = (body ?? {}) as { provider?: unknown; prompt?: unknown }
  const relay = endpoint === 'image' && fields.provider === 'relay'
  try {
    const prompt = typeof fields.prompt === 'string' ? fields.prompt : undefined
    const choice = knowledge.scenarios.choose(asked, prompt, undefined)
    const issues = [...idempotencyKeyIssues(idempotencyKey, relay), ...choice.issues]
    const request: ImageRequest | VideoRequest =
      endpoint === 'image'
        ? validate(imageRequestSchemaFor(body), body, issues)
        : validate(videoRequestSchemaFor(body), body, issues)
    const credits = knowledge.catalogue.price(request)
    const facts = requestFacts(request, '')
    // A generator of its own: genmock's own draws (ids, durations) stay as they were.
    const plan = knowledge.scenarios.plan(choice.name, facts, new Random(1))
    refuseAsPlanned(plan, credits)
    return {
      accepted: true,
      credits,
      httpStatus: plan.httpStatus,
      basis: priceBasis(request),
      provider: facts.provider,
      type: facts.endpoint,
      model: request.model,
    }
  } catch (error) {
    if (error instanceof Problem) return { accepted: false, problem: error.detail }
    throw error
  }
}
