// The scenario file format's values and steps (docs/scenarios.md): names, durations and spans, the task
// changes a step or a forced transition makes. Built on first use, with the rest of the format (scenario.ts).
import * as z from 'zod'
import { MAX_DURATION_MS, parseDuration, parseSpan } from './duration.js'
import { taskStatusSchema } from './task-status.js'

export const durationText = 'a duration such as "500ms", "15s", "2m" or "1m30s"'
/**
 * The refinements below as JSON Schema, for the OpenAPI documents: the syntax (the one-week cap of a
 * text and low ≤ high stay in code).
 */
const DURATION_SYNTAX = '(?:\\d+(?:\\.\\d+)?(?:ms|s|m|h))+'
const durationJson = (text: string) => ({
  anyOf: [
    { type: 'number', minimum: 0, maximum: MAX_DURATION_MS / 1000 },
    { type: 'string', pattern: `^(?:${text})$` },
  ],
})

const REFUND_REQUIRED =
  'is required when a step sets status 2: true for an upstream failure (the interface refunds those), ' +
  'false for an unknown or expired relay task'

/**
 * The refinements' rule "status 2 needs refund" as JSON Schema, for the OpenAPI documents; `at` is
 * where `status` sits.
 */
const STATUS_2_NEEDS_REFUND = (at: string[]) => {
  const status = { properties: { status: { const: 2 } }, required: ['status'] }
  const condition = at.length === 0 ? status : { properties: { [at[0]!]: status }, required: [at[0]!] }
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keywords
  return { if: condition, then: { properties: { refund: { type: 'boolean' } }, required: ['refund'] } }
}

/** A change with its ledger effect: a timeline step (with `at`) or a forced transition (without). */
const withRefund = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject({ ...shape, refund: z.boolean().describe('true gives the credits back, once per task').optional() })

/**
 * The format's values: a scenario's name, a duration, a span (a duration or a range), when a step
 * happens, a short label.
 */
export function valueSchemas() {
  const scenarioNameSchema = z.string({ error: 'must be a scenario name' }).regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, {
    error: 'must be 1–64 letters, digits, ".", "_" or "-", starting with a letter or digit',
  })

  const duration = z
    .union([z.number(), z.string()], { error: `must be ${durationText}` })
    .refine((value) => parseDuration(value) !== undefined, { error: `must be ${durationText}` })
    .meta(durationJson(DURATION_SYNTAX))
  const span = z
    .union([z.number(), z.string()], { error: `must be ${durationText}, or a range such as "30s..120s"` })
    .refine((value) => parseSpan(value) !== undefined, {
      error: `must be ${durationText}, or a range such as "30s..120s" (low..high, at most a week)`,
    })
    .meta(durationJson(`${DURATION_SYNTAX}(?:\\.\\.${DURATION_SYNTAX})?`))

  /** When a step happens: after a span from acceptance, at the task's expiresAt, or at its Nth poll. */
  const stepAtSchema = z
    .union([z.number(), z.string()])
    .refine(
      (value) => value === 'expiry' || /^poll [1-9]\d{0,5}$/.test(String(value)) || parseSpan(value) !== undefined,
      {
        error: `must be ${durationText}, a range such as "30s..120s", "expiry", or "poll N" (the task's Nth poll)`,
      },
    )
    .meta(durationJson(`expiry|poll [1-9]\\d{0,5}|${DURATION_SYNTAX}(?:\\.\\.${DURATION_SYNTAX})?`))

  const label = z
    .string()
    .min(1, { error: 'must not be empty' })
    .max(200, { error: 'must have at most 200 characters' })
  return { scenarioNameSchema, duration, span, stepAtSchema, label }
}

/** The values' schemas (valueSchemas). */
export type ValueSchemas = ReturnType<typeof valueSchemas>

/** A task change as a scenario's submit sets it, a timeline step, and a forced transition's body. */
export function stepSchemas({ label, stepAtSchema }: ValueSchemas) {
  /** Task fields a scenario (or a forced transition) may set; status only in timeline steps. */
  const changeFields = {
    relayStatus: label.optional(),
    errorCode: label.optional(),
    errorMessage: z.string().min(1).max(2000).optional(),
    upstreamHttpStatus: z
      .int({ error: 'must be an HTTP status' })
      .min(100, { error: 'must be an HTTP status' })
      .max(599, { error: 'must be an HTTP status' })
      .optional(),
    submissionUncertain: z.boolean().optional(),
    pollAfterSeconds: z
      .int()
      .min(5, { error: 'must be at least 5: the interface never asks for quicker polls' })
      .max(86_400)
      .optional(),
    effectiveWatermark: z.boolean().optional(),
  }

  const submitSetSchema = z.strictObject(changeFields)
  const taskChangeSchema = z.strictObject({ status: taskStatusSchema.optional(), ...changeFields })

  const timelineStepSchema = withRefund({
    at: stepAtSchema.describe('After acceptance: a duration ("15s"), a range ("30s..120s"), "expiry" or "poll N"'),
    set: taskChangeSchema.describe('Fields of the task, status (0, 1, 2) included').optional(),
  })
    .superRefine((step, ctx) => {
      if (step.set?.status === 2 && step.refund === undefined)
        ctx.addIssue({ code: 'custom', path: ['refund'], message: REFUND_REQUIRED })
      if (step.set === undefined && step.refund === undefined)
        ctx.addIssue({ code: 'custom', path: ['set'], message: 'is required: a step must set a field or refund' })
    })
    .meta({ ...STATUS_2_NEEDS_REFUND(['set']), anyOf: [{ required: ['set'] }, { required: ['refund'] }] })

  /** Body of POST /__mock/tasks/:id/transition: the same change and ledger effect as a timeline step. */
  const transitionSchema = withRefund(taskChangeSchema.shape)
    .superRefine((change, ctx) => {
      if (change.status === 2 && change.refund === undefined)
        ctx.addIssue({ code: 'custom', path: ['refund'], message: REFUND_REQUIRED })
      if (Object.keys(change).length === 0)
        ctx.addIssue({ code: 'custom', path: [], message: 'must set at least one field' })
    })
    .meta({ ...STATUS_2_NEEDS_REFUND([]), minProperties: 1 })
  return { changeFields, submitSetSchema, taskChangeSchema, timelineStepSchema, transitionSchema }
}
