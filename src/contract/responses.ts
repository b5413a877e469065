/**
 * Response bodies of the three service endpoints and of GET /api/ai/models.
 * The interface does not say which fields are always present, so only the ones a client cannot
 * work without are required here; clients must cope with the rest being absent.
 */
import * as z from 'zod'
import { builtOnce } from '../lib/built-once.js'
import { IMAGE_MODEL_IDS, INPUT_MODES, VIDEO_MODEL_IDS } from './models.js'
import { taskStatusSchema } from './task-status.js'

/** The submission response and the task snapshots. */
function taskSchemas() {
  const isoDateTime = z.iso.datetime({ offset: true })

  /** Fields the submission response and the snapshot share, with the same meaning. */
  const sharedFields = {
    taskId: z.string(),
    status: taskStatusSchema,
    creditsUsed: z.int().nonnegative(),
    relayStatus: z.string().optional(),
    providerTaskId: z.string().optional(),
    requestId: z.string().optional(),
    httpRequestId: z.string().optional(),
    upstreamHttpStatus: z.int().optional(),
    pollAfterSeconds: z.int().min(5).optional(),
    submissionUncertain: z.boolean().optional(),
    effectiveWatermark: z.boolean().optional(),
    demo: z.boolean().optional(),
    expiresAt: isoDateTime.optional(),
    creditRefunded: z.boolean().optional(),
  }

  const submissionResponseSchema = z.strictObject(sharedFields)

  /**
   * The task snapshot as genmock builds it (and as the control API shows tasks): id, type, model,
   * prompt, createdAt and updatedAt always present.
   */
  const fullTaskSnapshotSchema = z.strictObject({
    ...sharedFields,
    id: z.string(),
    type: z.enum(['image', 'video']),
    model: z.string(),
    prompt: z.string(),
    errorCode: z.string().optional(),
    errorMessage: z.string().optional(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    outputImageUrls: z.array(z.url()).optional(),
    outputVideoUrl: z.url().optional(),
  })

  /**
   * The task snapshot as GET /api/ai/tasks/{id} may answer it: sparse answers (contract/sparse.ts)
   * leave out every field but taskId and status, and the ones a rule of the interface asks for in
   * the task's state, so only taskId and status are required.
   */
  const taskSnapshotSchema = fullTaskSnapshotSchema.extend({
    creditsUsed: sharedFields.creditsUsed.optional(),
    id: z.string().optional(),
    type: z.enum(['image', 'video']).optional(),
    model: z.string().optional(),
    prompt: z.string().optional(),
    createdAt: isoDateTime.optional(),
    updatedAt: isoDateTime.optional(),
  })
  return { submissionResponseSchema, fullTaskSnapshotSchema, taskSnapshotSchema }
}

/** GET /api/ai/models: a model's entry and its pricing. */
function modelSchemas() {
  const pricingSchema = z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('per-call'), credits: z.int().positive(), simulatorValue: z.boolean() }),
    z.object({ kind: z.literal('per-output'), credits: z.int().positive(), simulatorValue: z.boolean() }),
    z.object({
      kind: z.literal('per-output-by-tier'),
      credits: z.record(z.string(), z.int().positive()),
      simulatorValue: z.boolean(),
    }),
    z.object({
      kind: z.literal('by-duration'),
      credits: z.record(z.string(), z.int().positive()),
      simulatorValue: z.boolean(),
    }),
  ])

  const modelEntrySchema = z.strictObject({
    id: z.enum([...IMAGE_MODEL_IDS, ...VIDEO_MODEL_IDS]),
    type: z.enum(['image', 'video']),
    /**
     * Image modes as the interface's model table writes them (text-to-image, image-to-image); video
     * modes are the inputMode values the interface fixes (text_to_video, image_to_video).
     */
    modes: z.array(z.enum(['text-to-image', 'image-to-image', ...INPUT_MODES])),
    maxReferenceImages: z.int().nonnegative(),
    promptMaxLength: z.int().positive(),
    aspectRatios: z.array(z.string()),
    durations: z.array(z.number()).nullable(),
    negativePrompt: z.boolean(),
    pricing: pricingSchema,
    applicationPricing: z.boolean(),
    resolutions: z.array(z.string()),
    /** Relay (application) pricing per resolution; present when applicationPricing is true. */
    relayPricing: pricingSchema.optional(),
  })
  const modelListSchema = z.strictObject({ models: z.array(modelEntrySchema) })
  return { pricingSchema, modelEntrySchema, modelListSchema }
}

/**
 * Every response schema, built when one is first used: answering builds none of them (they check
 * the service's answers for the drift report, and describe genmock's in the OpenAPI document;
 * docs/performance.md, Cold start).
 */
const buildSchemas = () => ({ ...taskSchemas(), ...modelSchemas() })
type Built = ReturnType<typeof buildSchemas>
/** The response schemas themselves (objects a schema can extend or a document describe). */
export const responseSchemas = builtOnce(buildSchemas)

export type SubmissionResponse = z.infer<Built['submissionResponseSchema']>
export type FullTaskSnapshot = z.infer<Built['fullTaskSnapshotSchema']>
export type TaskSnapshot = z.infer<Built['taskSnapshotSchema']>
export type Pricing = z.infer<Built['pricingSchema']>
export type ModelEntry = z.infer<Built['modelEntrySchema']>
export type ModelList = z.infer<Built['modelListSchema']>

export const submissionResponseSchema = z.lazy(() => responseSchemas().submissionResponseSchema)
/** The task snapshot as GET /api/ai/tasks/{id} may answer it (sparse answers: only taskId and status required). */
export const taskSnapshotSchema = z.lazy(() => responseSchemas().taskSnapshotSchema)
export const modelListSchema = z.lazy(() => responseSchemas().modelListSchema)
