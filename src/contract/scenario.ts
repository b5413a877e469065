/**
 * The scenario file format (README, Scenarios): ordered rules that decide what happens when a request
 * arrives (`submit`) and every state change after it (`timeline`). Files in scenarios/, the
 * --scenarios directory and POST /__mock/scenarios are all checked against this one schema.
 */
import * as z from 'zod'
import { MAX_DURATION_MS, parseDuration, parseSpan } from './duration.js'
import { ID_STYLES } from './id-style.js'
import { MAX_SCENARIO_REGEX_STATES, parseRegex } from '../lib/regex-syntax.js'
import { SPARSE_MODES } from './sparse.js'
import { taskStatusSchema } from './task-status.js'

const scenarioNameSchema = z.string({ error: 'must be a scenario name' }).regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, {
  error: 'must be 1–64 letters, digits, ".", "_" or "-", starting with a letter or digit',
})

const durationText = 'a duration such as "500ms", "15s", "2m" or "1m30s"'
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

const label = z.string().min(1, { error: 'must not be empty' }).max(200, { error: 'must have at most 200 characters' })

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
export type TaskChange = z.infer<typeof taskChangeSchema>

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
const withRefund = <T extends z.ZodRawShape>(shape: T) => z.strictObject({ ...shape, refund: z.boolean().optional() })

const timelineStepSchema = withRefund({ at: stepAtSchema, set: taskChangeSchema.optional() })
  .superRefine((step, ctx) => {
    if (step.set?.status === 2 && step.refund === undefined)
      ctx.addIssue({ code: 'custom', path: ['refund'], message: REFUND_REQUIRED })
    if (step.set === undefined && step.refund === undefined)
      ctx.addIssue({ code: 'custom', path: ['set'], message: 'is required: a step must set a field or refund' })
  })
  .meta({ ...STATUS_2_NEEDS_REFUND(['set']), anyOf: [{ required: ['set'] }, { required: ['refund'] }] })
export type TimelineStepInput = z.infer<typeof timelineStepSchema>

/** Body of POST /__mock/tasks/:id/transition: the same change and ledger effect as a timeline step. */
export const transitionSchema = withRefund(taskChangeSchema.shape)
  .superRefine((change, ctx) => {
    if (change.status === 2 && change.refund === undefined)
      ctx.addIssue({ code: 'custom', path: ['refund'], message: REFUND_REQUIRED })
    if (Object.keys(change).length === 0)
      ctx.addIssue({ code: 'custom', path: [], message: 'must set at least one field' })
  })
  .meta({ ...STATUS_2_NEEDS_REFUND([]), minProperties: 1 })
export type Transition = z.infer<typeof transitionSchema>

const regexSchema = z
  .strictObject({
    regex: z.string().min(1),
    flags: z
      .string()
      .regex(/^[gimsuy]*$/, { error: 'must be regular expression flags (i, m, s, u)' })
      .optional(),
  })
  .superRefine(({ regex, flags }, ctx) => {
    try {
      new RegExp(regex, flags)
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        path: ['regex'],
        message: `is not a valid regular expression: ${(error as Error).message}`,
      })
      return
    }
    // Matched in linear time, so no prompt can stall the server (README, Scenarios: regular expressions).
    const parsed = parseRegex(regex, flags)
    if (!parsed.ok) ctx.addIssue({ code: 'custom', path: ['regex'], message: parsed.message })
  })

export const matchSchema = z.strictObject({
  endpoint: z.enum(['image', 'video'], { error: 'must be image or video' }).optional(),
  /** Exact, or a glob where * stands for any characters and ? for one. */
  model: z.string().min(1).optional(),
  /** standard: a request without provider. */
  provider: z.enum(['standard', 'upstream-a', 'relay'], { error: 'must be standard, upstream-a or relay' }).optional(),
  /** Video: the request's inputMode; image: image_to_image when inputImageUrls is present. */
  inputMode: z
    .enum(['text_to_image', 'image_to_image', 'text_to_video', 'image_to_video'], {
      error: 'must be text_to_image, image_to_image, text_to_video or image_to_video',
    })
    .optional(),
  /** A substring of the prompt, or a regular expression. */
  prompt: z.union([z.string().min(1), regexSchema], { error: 'must be a substring or { regex, flags? }' }).optional(),
  account: z.string().min(1).optional(),
  /** The rule applies to this share of the requests it matches, drawn from the seed. */
  chance: z.number().gt(0, { error: 'must be above 0' }).max(1, { error: 'must be at most 1' }).optional(),
})
export type Match = z.infer<typeof matchSchema>

const faultTypeSchema = z.enum(['error-before-commit', 'drop-after-commit'], {
  error: 'must be error-before-commit or drop-after-commit',
})
const faultSchema = z.union([
  faultTypeSchema,
  z.strictObject({
    type: faultTypeSchema,
    /** error-before-commit only: the 5xx answered. */
    status: z.int().min(500, { error: 'must be a 5xx status' }).max(599, { error: 'must be a 5xx status' }).optional(),
    error: z.string().min(1).optional(),
  }),
])

const rejectSchema = z.strictObject({
  status: z.int().min(400, { error: 'must be a 4xx or 5xx status' }).max(599, { error: 'must be a 4xx or 5xx status' }),
  /** An error body; `Insufficient credits` without `required` gets the computed price. */
  body: z.looseObject({ error: z.string({ error: 'must be a string' }).min(1) }),
  headers: z.record(z.string().regex(/^[A-Za-z0-9-]+$/, { error: 'must be a header name' }), z.string()).optional(),
})

const submitSchema = z.strictObject({
  reject: rejectSchema.optional(),
  latency: span.optional(),
  fault: faultSchema.optional(),
  submissionUncertain: z.boolean().optional(),
  httpStatus: z
    .int()
    .min(200, { error: 'must be a 2xx status' })
    .max(299, { error: 'must be a 2xx status' })
    // 204 and 205 carry no body, and the answer must: it names the task.
    .refine((status) => status !== 204 && status !== 205, {
      error: 'must be a 2xx status with a body (not 204 or 205): the answer names the task',
    })
    .meta({ not: { enum: [204, 205] } })
    .optional(),
  set: submitSetSchema.optional(),
  /** Relay tasks: how long after acceptance expiresAt is. Default 1 h. */
  expiresIn: duration.optional(),
})
export type SubmitInput = z.infer<typeof submitSchema>

const faultType = (fault: z.infer<typeof faultSchema> | undefined) => (typeof fault === 'string' ? fault : fault?.type)

const ruleSchema = z
  .strictObject({
    match: matchSchema.optional(),
    submit: submitSchema.optional(),
    timeline: z.array(timelineStepSchema).optional(),
    use: scenarioNameSchema.optional(),
  })
  .superRefine((rule, ctx) => {
    const noTask = rule.submit?.reject
      ? 'reject'
      : faultType(rule.submit?.fault) === 'error-before-commit'
        ? 'fault'
        : undefined
    if (rule.submit?.reject && rule.submit.fault)
      ctx.addIssue({
        code: 'custom',
        path: ['submit', 'fault'],
        message: 'cannot be combined with reject: a request is either rejected or faulted',
      })
    if (noTask && rule.timeline)
      ctx.addIssue({ code: 'custom', path: ['timeline'], message: `never runs: the rule's ${noTask} creates no task` })
    if (noTask && rule.use)
      ctx.addIssue({ code: 'custom', path: ['use'], message: `never applies: the rule's ${noTask} creates no task` })
    if (rule.use && rule.timeline)
      ctx.addIssue({
        code: 'custom',
        path: ['timeline'],
        message: 'cannot be combined with use: the timeline comes from the used scenario',
      })
    if (rule.submit?.set?.submissionUncertain !== undefined && rule.submit.submissionUncertain !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['submit', 'set', 'submissionUncertain'],
        message: 'is already given as submit.submissionUncertain',
      })
    }
    rule.timeline?.forEach((step, i) => {
      if (step.at === 'expiry' && rule.match?.provider !== 'relay') {
        ctx.addIssue({
          code: 'custom',
          path: ['timeline', i, 'at'],
          message: '"expiry" applies to relay tasks only: add provider: relay to this rule\'s match',
        })
      }
    })
  })
export type Rule = z.infer<typeof ruleSchema>

const scenarioAccountSchema = z.strictObject({
  credits: z.int({ error: 'must be an integer' }).nonnegative({ error: 'must not be negative' }).optional(),
  demo: z.boolean().optional(),
  scenario: scenarioNameSchema.optional(),
})

export const scenarioSchema = z.strictObject({
  $schema: z.string().optional(),
  $comment: z.string().optional(),
  name: scenarioNameSchema,
  description: z.string({ error: 'is required: say in a sentence or two what a client sees' }).min(1).max(4000),
  /** Applied when the scenario becomes the server's default: balances and flags by account id. */
  accounts: z.record(z.string().min(1), scenarioAccountSchema).optional(),
  /** The shape of the ids of tasks this scenario plans; wins over the server's --id-style. */
  idStyle: z.enum(ID_STYLES, { error: `must be one of ${ID_STYLES.join(', ')}` }).optional(),
  /**
   * Sparse answers for the tasks this scenario plans: true (random), "random", "all", or false (full
   * answers); over the server's --sparse.
   */
  sparse: z
    .union([z.boolean(), z.enum(SPARSE_MODES)], {
      error: `must be true, false, ${SPARSE_MODES.map((m) => `"${m}"`).join(' or ')}`,
    })
    .optional(),
  rules: z
    .array(ruleSchema)
    .default([])
    .superRefine((rules, ctx) => {
      // Every pattern of a scenario may be tried on one request: their sizes bound its work together.
      let states = 0
      for (const [i, rule] of rules.entries()) {
        const prompt = rule.match?.prompt
        const parsed = typeof prompt === 'object' ? parseRegex(prompt.regex, prompt.flags) : undefined
        states += parsed?.ok ? parsed.regex.states : 0
        if (states > MAX_SCENARIO_REGEX_STATES) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'match', 'prompt', 'regex'],
            message: `brings the scenario's regexes to ${states} states, past ${MAX_SCENARIO_REGEX_STATES} in all`,
          })
          return
        }
      }
    }),
})
export type Scenario = z.infer<typeof scenarioSchema>
export type ScenarioInput = z.input<typeof scenarioSchema>

/** Body of PUT /__mock/scenario. */
export const scenarioChoiceSchema = z.strictObject({ name: scenarioNameSchema })
