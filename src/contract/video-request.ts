/**
 * Video generation request body. The interface leaves required fields and bounds open; genmock
 * takes the stricter reading (docs/where-the-interface-is-silent.md): model and inputMode required,
 * prompt required for text_to_video, duration one the model allows, image_to_video needs a reference
 * image and text_to_video takes none. A schema is built per (model, inputMode) so each rule is
 * declarative.
 */
import * as z from 'zod'
import { LIMITS } from './limits.js'
import {
  INPUT_MODES,
  VIDEO_MODEL_IDS,
  VIDEO_MODELS,
  type InputMode,
  type VideoModel,
  type VideoModelId,
} from './models.js'
import { boundedString, isPlainObject, notAccepted, oneOf, referenceImageUrl } from './fields.js'

const images = z.array(referenceImageUrl, { error: 'must be an array of URLs' }).max(LIMITS.inputImageUrls.max, {
  error: `must have at most ${LIMITS.inputImageUrls.max} items`,
})

function videoSchema(model?: VideoModel, mode?: InputMode) {
  const prompt = boundedString(LIMITS.prompt.min, model?.promptMaxLength ?? LIMITS.prompt.max)
  return z.strictObject({
    model: oneOf(VIDEO_MODEL_IDS, 'model must be one of'),
    inputMode: model
      ? oneOf(model.modes as [InputMode, ...InputMode[]], `${model.id} supports inputMode`)
      : oneOf(INPUT_MODES, 'must be one of'),
    prompt: mode === 'text_to_video' ? prompt : prompt.optional(),
    aspectRatio: model
      ? oneOf(model.aspectRatios as [string, ...string[]], `${model.id} supports aspectRatio`).optional()
      : z.string({ error: 'must be a string' }).optional(),
    duration: model
      ? z
          .number({ error: 'must be a number' })
          .refine((d) => model.durations.includes(d), {
            error: `${model.id} supports duration ${model.durations.join(', ')}`,
          })
          // The refinement as JSON Schema, for the OpenAPI document; omitted, the engine takes the first.
          .meta({ enum: [...model.durations], default: model.durations[0] })
          .optional()
      : z.number({ error: 'must be a number' }).positive({ error: 'must be positive' }).optional(),
    inputImageUrls:
      mode === 'image_to_video'
        ? images.min(1, { error: 'image_to_video needs at least one inputImageUrls entry' })
        : mode === 'text_to_video'
          ? notAccepted('text_to_video takes no inputImageUrls')
          : images.optional(),
  })
}

export type VideoRequest = z.output<ReturnType<typeof videoSchema>> & { model: VideoModelId }

// Each model's schemas (and each of its input modes') are built when a request first names them
// (docs/performance.md, Cold start).
const schemas = new Map<string, z.ZodType<VideoRequest>>()
/** The schema of a body whose model is not one of the catalogue's, built when such a body first comes. */
let anyModel: z.ZodType<VideoRequest> | undefined

function modelSchema(model: string, mode?: string): z.ZodType<VideoRequest> | undefined {
  const entry = Object.hasOwn(VIDEO_MODELS, model) ? VIDEO_MODELS[model as VideoModelId] : undefined
  if (!entry || (mode !== undefined && !(entry.modes as readonly string[]).includes(mode))) return undefined
  const key = mode === undefined ? model : `${model}|${mode}`
  let schema = schemas.get(key)
  if (!schema)
    schemas.set(key, (schema = videoSchema(entry, mode as (typeof entry.modes)[number]) as z.ZodType<VideoRequest>))
  return schema
}

/**
 * The schema that judges this body, narrowed to its model and input mode when both are valid.
 * @example
 * videoRequestSchemaFor({ model: 'video-d', inputMode: 'text_to_video' }).safeParse(body)
 */
export function videoRequestSchemaFor(body: unknown): z.ZodType<VideoRequest> {
  const fields = isPlainObject(body) ? body : {}
  const model = String(fields.model)
  return (
    modelSchema(model, String(fields.inputMode)) ??
    modelSchema(model) ??
    (anyModel ??= videoSchema() as z.ZodType<VideoRequest>)
  )
}
