// Prices: what a request costs, from the model catalogue and the pricing fixture.
import type { PricingFixture } from '../contract/fixtures.js'
import { LIMITS } from '../contract/limits.js'
import type { ImageRequest, StandardImageRequest } from '../contract/image-request.js'
import { isRelayRequest } from '../contract/image-request.js'
import { IMAGE_MODELS, RELAY_MODEL_IDS, VIDEO_MODELS, type ImageModel, type ImageTier } from '../contract/models.js'
import type { ModelEntry, ModelList, Pricing } from '../contract/responses.js'
import type { VideoRequest } from '../contract/video-request.js'

/**
 * The tier a standard request to a tiered model is priced at (docs/where-the-interface-is-silent.md):
 *  providerInput.resolution when given, else from max(width, height) — ≤1024 1K, ≤2048 2K,
 * larger 4K — else the model's default. A tier the model lacks (1K on base-image-pro) becomes its
 * default.
 * @example
 * imageTier(IMAGE_MODELS['base-image-2'], { width: 1500, ... }) // '2K'
 */
export function imageTier(model: ImageModel, request: StandardImageRequest): ImageTier {
  const tiers = model.tiers!
  const given = request.providerInput?.resolution
  if (typeof given === 'string' && (tiers.allowed as readonly string[]).includes(given)) return given as ImageTier
  const side = Math.max(request.width ?? 0, request.height ?? 0)
  const tier: ImageTier = side === 0 ? tiers.default : side <= 1024 ? '1K' : side <= 2048 ? '2K' : '4K'
  return tiers.allowed.includes(tier) ? tier : tiers.default
}

/**
 * Prices requests and lists the models: the interface's exact credit rules plus the simulator
 * amounts of fixtures/pricing.json. Refuses a pricing file that leaves a model or option unpriced.
 * @example
 * new Catalogue(pricing).price({ model: 'vendor-a/base-image', prompt: 'x', numOutputs: 4 }) // 3
 */
export class Catalogue {
  readonly #pricing: PricingFixture
  readonly #list: ModelList

  constructor(pricing: PricingFixture) {
    const problems = missingPrices(pricing)
    if (problems.length > 0) throw new Error(`fixtures/pricing.json: ${problems.join('; ')}`)
    this.#pricing = pricing
    this.#list = {
      models: [
        ...Object.values(IMAGE_MODELS).map((m) => this.#imageEntry(m)),
        ...Object.values(VIDEO_MODELS).map((m) => this.#videoEntry(m)),
      ],
    }
  }

  list(): ModelList {
    return this.#list
  }

  /** Credits to pre-debit for an accepted request. */
  price(request: ImageRequest | VideoRequest): number {
    if ('inputMode' in request) {
      const model = VIDEO_MODELS[request.model]
      return this.#pricing.video[model.id]![String(request.duration ?? model.durations[0])]!
    }
    const model = IMAGE_MODELS[request.model]
    if (isRelayRequest(request)) return this.#pricing.relay[model.id]![request.resolution]! * request.numOutputs
    const pricing = model.pricing
    if (!pricing) return this.#pricing.image[model.id]!.creditsPerOutput * request.numOutputs
    if (pricing.kind === 'per-call') return pricing.credits
    return pricing.credits[imageTier(model, request)]! * request.numOutputs
  }

  #imageEntry(model: ImageModel): ModelEntry {
    const pricing: Pricing = model.pricing
      ? ({ ...model.pricing, simulatorValue: false } as Pricing)
      : { kind: 'per-output', credits: this.#pricing.image[model.id]!.creditsPerOutput, simulatorValue: true }
    const relay = this.#pricing.relay[model.id]
    return {
      id: model.id,
      type: 'image',
      modes: [...model.modes],
      maxReferenceImages: model.maxReferenceImages,
      promptMaxLength: model.promptMaxLength,
      aspectRatios: [...model.aspectRatios],
      durations: null,
      negativePrompt: model.negativePrompt,
      pricing,
      applicationPricing: model.relayResolutions.length > 0,
      resolutions: [...model.relayResolutions],
      ...(relay ? { relayPricing: { kind: 'per-output-by-tier', credits: relay, simulatorValue: true } } : {}),
    }
  }

  #videoEntry(model: (typeof VIDEO_MODELS)[keyof typeof VIDEO_MODELS]): ModelEntry {
    return {
      id: model.id,
      type: 'video',
      modes: [...model.modes],
      // Only the first reference image is used, but the list may be longer (interface).
      maxReferenceImages: model.modes.includes('image_to_video') ? LIMITS.inputImageUrls.max : 0,
      promptMaxLength: model.promptMaxLength,
      aspectRatios: [...model.aspectRatios],
      durations: [...model.durations],
      negativePrompt: false,
      pricing: { kind: 'by-duration', credits: this.#pricing.video[model.id]!, simulatorValue: true },
      applicationPricing: false,
      resolutions: [],
    }
  }
}

function missingPrices(pricing: PricingFixture): string[] {
  const problems: string[] = []
  const expect = (
    section: keyof Omit<PricingFixture, '$comment'>,
    id: string,
    options: readonly (string | number)[],
  ) => {
    const entry = pricing[section][id] as Record<string, unknown> | undefined
    if (!entry) return problems.push(`${section}: no price for ${id}`)
    for (const option of options)
      if (!(String(option) in entry)) problems.push(`${section}: no price for ${id} at ${option}`)
  }
  for (const model of Object.values(IMAGE_MODELS)) if (!model.pricing) expect('image', model.id, ['creditsPerOutput'])
  for (const id of RELAY_MODEL_IDS) expect('relay', id, IMAGE_MODELS[id].relayResolutions)
  for (const model of Object.values(VIDEO_MODELS)) expect('video', model.id, model.durations)
  const known = {
    image: Object.keys(IMAGE_MODELS),
    relay: RELAY_MODEL_IDS as string[],
    video: Object.keys(VIDEO_MODELS),
  }
  for (const section of ['image', 'relay', 'video'] as const) {
    for (const id of Object.keys(pricing[section]))
      if (!known[section].includes(id)) problems.push(`${section}: ${id} is not a model this section prices`)
  }
  return problems
}
