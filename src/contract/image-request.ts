/**
 * Image generation request bodies: the standard shape and the relay shape.
 * A schema is built per model from the catalogue, so each model's own caps (prompt, reference
 * images, aspect ratios, negativePrompt support) are checked in the same pass as the interface's
 * limits and every failing field is reported at once.
 */
import * as z from 'zod'
import { LIMITS } from './limits.js'
import { IMAGE_MODEL_IDS, IMAGE_MODELS, RELAY_MODEL_IDS, type ImageModel, type ImageModelId } from './models.js'
import {
  boundedInt,
  boundedString,
  isPlainObject,
  notAccepted,
  numOutputs,
  oneOf,
  passthroughObject,
  referenceImageUrl,
} from './fields.js'

const RATIO_TOKEN = /^(auto|[1-9]\d*:[1-9]\d*)$/

function standardImageSchema(model?: ImageModel) {
  const promptMax = Math.min(model?.promptMaxLength ?? LIMITS.prompt.max, LIMITS.prompt.max)
  return z.strictObject({
    prompt: boundedString(LIMITS.prompt.min, promptMax, model ? ` for ${model.id}` : ''),
    model: oneOf(IMAGE_MODEL_IDS, 'model must be one of'),
    negativePrompt:
      model && !model.negativePrompt
        ? notAccepted(`${model.id} does not support negativePrompt`)
        : boundedString(0, LIMITS.negativePrompt.max).optional(),
    width: boundedInt(LIMITS.dimension.min, LIMITS.dimension.max).optional(),
    height: boundedInt(LIMITS.dimension.min, LIMITS.dimension.max).optional(),
    aspectRatio: model
      ? oneOf(model.aspectRatios as [string, ...string[]], `${model.id} supports aspectRatio`).optional()
      : z
          .string({ error: 'must be a string' })
          .regex(RATIO_TOKEN, { error: 'must be a ratio token such as 1:1 or 16:9, or auto' })
          .optional(),
    numOutputs,
    // A string so that large values fit; the stricter reading accepts decimal digits only.
    seed: z
      .string({ error: 'must be a string of decimal digits' })
      .regex(/^\d{1,20}$/, { error: 'must be 1 to 20 decimal digits' })
      .optional(),
    guidanceScale: z
      .number({ error: 'must be a number' })
      .min(LIMITS.guidanceScale.min, { error: `must be at least ${LIMITS.guidanceScale.min}` })
      .max(LIMITS.guidanceScale.max, { error: `must be at most ${LIMITS.guidanceScale.max}` })
      .optional(),
    numInferenceSteps: boundedInt(LIMITS.numInferenceSteps.min, LIMITS.numInferenceSteps.max).optional(),
    inputImageUrls: z
      .array(referenceImageUrl, { error: 'must be an array of URLs' })
      .min(1, { error: 'must have at least 1 item when present (omit it for text-to-image)' })
      .max(model?.maxReferenceImages ?? LIMITS.inputImageUrls.max, {
        error: model
          ? `${model.id} takes at most ${model.maxReferenceImages} reference images`
          : `must have at most ${LIMITS.inputImageUrls.max} items`,
      })
      .optional(),
    // "Not schema-validated" (interface): a resolution in it only steers the tier, when the model has it.
    providerInput: passthroughObject.optional(),
    provider: z.literal('upstream-a', { error: 'must be upstream-a, relay, or omitted' }).optional(),
  })
}

function relayImageSchema(model?: ImageModel) {
  return z.strictObject({
    provider: z.literal('relay'),
    model: model
      ? z.literal(model.id)
      : boundedString(LIMITS.relayModel.min, LIMITS.relayModel.max).refine(
          (id) => (RELAY_MODEL_IDS as string[]).includes(id),
          {
            error: `must be a model with application pricing: ${RELAY_MODEL_IDS.join(', ')}`,
          },
        ),
    prompt: boundedString(LIMITS.relayPrompt.min, LIMITS.relayPrompt.max),
    resolution: model
      ? oneOf(model.relayResolutions as [string, ...string[]], `${model.id} supports resolution`)
      : boundedString(LIMITS.relayResolution.min, LIMITS.relayResolution.max),
    numOutputs,
    watermark: z.boolean({ error: 'must be a boolean' }).default(false),
  })
}

export type StandardImageRequest = z.output<ReturnType<typeof standardImageSchema>> & { model: ImageModelId }
export type RelayImageRequest = z.output<ReturnType<typeof relayImageSchema>> & { model: ImageModelId }
export type ImageRequest = StandardImageRequest | RelayImageRequest

// Each model's schemas are built when a request first names the model (docs/performance.md, Cold start):
// a server answers its first request without building every model's.
const standardByModel = new Map<string, z.ZodType<ImageRequest>>()
const relayByModel = new Map<string, z.ZodType<ImageRequest>>()
// The schemas of a body whose model is not one of the catalogue's, built when such a body first comes.
let standardAnyModel: z.ZodType<ImageRequest> | undefined
let relayAnyModel: z.ZodType<ImageRequest> | undefined

function modelSchema(model: string, relay: boolean): z.ZodType<ImageRequest> | undefined {
  const known = ((relay ? RELAY_MODEL_IDS : IMAGE_MODEL_IDS) as readonly string[]).includes(model)
  if (!known) return undefined
  const built = relay ? relayByModel : standardByModel
  let schema = built.get(model)
  if (!schema) {
    const entry = IMAGE_MODELS[model as ImageModelId]
    schema = (relay ? relayImageSchema(entry) : standardImageSchema(entry)) as z.ZodType<ImageRequest>
    built.set(model, schema)
  }
  return schema
}

/**
 * The schema that judges this body: relay or standard, narrowed to its model when the model is known.
 * @example
 * imageRequestSchemaFor({ model: 'vendor-a/base-image', prompt: 'x' }).safeParse(body)
 */
export function imageRequestSchemaFor(body: unknown): z.ZodType<ImageRequest> {
  const fields = isPlainObject(body) ? body : {}
  const model = typeof fields.model === 'string' ? fields.model : ''
  if (fields.provider === 'relay')
    return modelSchema(model, true) ?? (relayAnyModel ??= relayImageSchema() as z.ZodType<ImageRequest>)
  return modelSchema(model, false) ?? (standardAnyModel ??= standardImageSchema() as z.ZodType<ImageRequest>)
}

/**
 * Whether a validated image request is of the relay shape.
 * @example
 * if (isRelayRequest(request)) request.resolution
 */
export function isRelayRequest(request: ImageRequest): request is RelayImageRequest {
  return request.provider === 'relay'
}
