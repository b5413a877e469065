/**
 * The scenario file format (docs/scenarios.md): ordered rules that decide what happens when a request
 * arrives (`submit`) and every state change after it (`timeline`). Files in scenarios/, the
 * --scenarios directory and POST /__mock/scenarios are all checked against this one schema.
 */
import * as z from 'zod'
import { MAX_DURATION_MS, parseDuration, parseSpan } from './duration.js'
import { ID_STYLES } from './id-style.js'
import { MAX_SCENARIO_REGEX_STATES, parseRegex } from '../lib/regex-syntax.js'
import { SPARSE_MODES } from './sparse.js'
import { taskStatusSchema } from './task-status.js'

/**
 * Every schema of the format, built when one is first used: a cold start that never reads a
 * scenario file nor the control API builds none of them (docs/performance.md, Cold start).
 */
function buildSchemas() {
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

  const label = z
    .string()
    .min(1, { error: 'must not be empty' })
    .max(200, { error: 'must have at most 200 characters' })

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
      // Matched in linear time, so no prompt can stall the server (docs/scenarios.md, Regular expressions).
      const parsed = parseRegex(regex, flags)
      if (!parsed.ok) ctx.addIssue({ code: 'custom', path: ['regex'], message: parsed.message })
    })

  // The descriptions (.describe) are what an editor shows on hover (docs/scenarios.md, Editor help).
  const matchSchema = z
    .strictObject({
      endpoint: z.enum(['image', 'video'], { error: 'must be image or video' }).describe('image or video').optional(),
      model: z
        .string()
        .min(1)
        .describe('A model id, exact or a glob where * stands for any characters and ? for one')
        .optional(),
      provider: z
        .enum(['standard', 'upstream-a', 'relay'], { error: 'must be standard, upstream-a or relay' })
        .describe('standard (a request without provider), upstream-a or relay')
        .optional(),
      inputMode: z
        .enum(['text_to_image', 'image_to_image', 'text_to_video', 'image_to_video'], {
          error: 'must be text_to_image, image_to_image, text_to_video or image_to_video',
        })
        .describe("Video: the request's inputMode; image: image_to_image when it has inputImageUrls")
        .optional(),
      prompt: z
        .union([z.string().min(1), regexSchema], { error: 'must be a substring or { regex, flags? }' })
        .describe('A substring of the prompt, or { regex, flags? }')
        .optional(),
      account: z.string().min(1).describe('An account id').optional(),
      chance: z
        .number()
        .gt(0, { error: 'must be above 0' })
        .max(1, { error: 'must be at most 1' })
        .describe('The share of the matching requests the rule takes (0 to 1), drawn from the seed')
        .optional(),
    })
    .describe('Which requests the rule takes: every field given must hold; none matches every request')

  const faultTypeSchema = z.enum(['error-before-commit', 'drop-after-commit'], {
    error: 'must be error-before-commit or drop-after-commit',
  })
  const faultSchema = z.union([
    faultTypeSchema,
    z.strictObject({
      type: faultTypeSchema,
      /** error-before-commit only: the 5xx answered. */
      status: z
        .int()
        .min(500, { error: 'must be a 5xx status' })
        .max(599, { error: 'must be a 5xx status' })
        .optional(),
      error: z.string().min(1).optional(),
    }),
  ])

  const rejectSchema = z.strictObject({
    status: z
      .int()
      .min(400, { error: 'must be a 4xx or 5xx status' })
      .max(599, { error: 'must be a 4xx or 5xx status' }),
    /** An error body; `Insufficient credits` without `required` gets the computed price. */
    body: z.looseObject({ error: z.string({ error: 'must be a string' }).min(1) }),
    headers: z.record(z.string().regex(/^[A-Za-z0-9-]+$/, { error: 'must be a header name' }), z.string()).optional(),
  })

  const submitSchema = z.strictObject({
    reject: rejectSchema.describe('Answer this instead: no task, no debit ({ status, body, headers? })').optional(),
    latency: span.describe('How long the answer waits, in wall time: a duration or a range').optional(),
    fault: faultSchema
      .describe('error-before-commit (a 5xx, nothing stored) or drop-after-commit (stored, then the connection drops)')
      .optional(),
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
    set: submitSetSchema.describe('Fields of the new task').optional(),
    expiresIn: duration.describe('Relay tasks: expiresAt this long after acceptance (default 1 h)').optional(),
  })

  const faultType = (fault: z.infer<typeof faultSchema> | undefined) =>
    typeof fault === 'string' ? fault : fault?.type

  const ruleSchema = z
    .strictObject({
      match: matchSchema.optional(),
      submit: submitSchema.describe('What happens when the request arrives').optional(),
      timeline: z
        .array(timelineStepSchema)
        .describe("The task's changes after acceptance: each { at, set?, refund? }")
        .optional(),
      use: scenarioNameSchema
        .describe("Hand the request to this scenario's rules; this rule's submit settings override theirs")
        .optional(),
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
        ctx.addIssue({
          code: 'custom',
          path: ['timeline'],
          message: `never runs: the rule's ${noTask} creates no task`,
        })
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

  const scenarioAccountSchema = z.strictObject({
    credits: z.int({ error: 'must be an integer' }).nonnegative({ error: 'must not be negative' }).optional(),
    demo: z.boolean().optional(),
    scenario: scenarioNameSchema.optional(),
  })

  const scenarioSchema = z.strictObject({
    $schema: z.string().optional(),
    $comment: z.string().optional(),
    name: scenarioNameSchema.describe(
      'Requests pick the scenario by it (X-Mock-Scenario: NAME); a file with a bundled name replaces that scenario',
    ),
    description: z
      .string({ error: 'is required: say in a sentence or two what a client sees' })
      .min(1)
      .max(4000)
      .describe('What a client sees under this scenario, in a sentence or two'),
    /** Applied when the scenario becomes the server's default: balances and flags by account id. */
    accounts: z
      .record(z.string().min(1), scenarioAccountSchema)
      .describe(
        "Applied when the scenario becomes the server's default: { ACCOUNT_ID: { credits?, demo?, scenario? } }",
      )
      .optional(),
    /** The shape of the ids of tasks this scenario plans; wins over the server's --id-style. */
    idStyle: z
      .enum(ID_STYLES, { error: `must be one of ${ID_STYLES.join(', ')}` })
      .describe("The shape of this scenario's task ids, over --id-style")
      .optional(),
    /**
     * Sparse answers for the tasks this scenario plans: true (random), "random", "all", or false (full
     * answers); over the server's --sparse.
     */
    sparse: z
      .union([z.boolean(), z.enum(SPARSE_MODES)], {
        error: `must be true, false, ${SPARSE_MODES.map((m) => `"${m}"`).join(' or ')}`,
      })
      .describe('Sparse answers for its tasks: true (random), "random", "all" or false, over --sparse')
      .optional(),
    rules: z
      .array(ruleSchema)
      .describe("Ordered rules: a request gets the first whose match it meets, else default's")
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

  // Body of PUT /__mock/scenario.
  const scenarioChoiceSchema = z.strictObject({ name: scenarioNameSchema })
  return {
    taskChangeSchema,
    timelineStepSchema,
    transitionSchema,
    matchSchema,
    submitSchema,
    ruleSchema,
    scenarioSchema,
    scenarioChoiceSchema,
  }
}
type Built = ReturnType<typeof buildSchemas>
let built: Built | undefined
const schemas = (): Built => (built ??= buildSchemas())

export type TaskChange = z.infer<Built['taskChangeSchema']>
export type TimelineStepInput = z.infer<Built['timelineStepSchema']>
export type Transition = z.infer<Built['transitionSchema']>
export type Match = z.infer<Built['matchSchema']>
export type SubmitInput = z.infer<Built['submitSchema']>
export type Rule = z.infer<Built['ruleSchema']>
export type Scenario = z.infer<Built['scenarioSchema']>
export type ScenarioInput = z.input<Built['scenarioSchema']>

/** Body of POST /__mock/tasks/:id/transition: the same change and ledger effect as a timeline step. */
export const transitionSchema = z.lazy(() => schemas().transitionSchema)
export const matchSchema = z.lazy(() => schemas().matchSchema)
/** A scenario, as a file, --scenarios and POST /__mock/scenarios give it. */
export const scenarioSchema = z.lazy(() => schemas().scenarioSchema)
/** The fields of a scenario, for a schema that adds its own (the control API's loaded scenario). */
export const scenarioShape = () => schemas().scenarioSchema.shape
/** Body of PUT /__mock/scenario. */
export const scenarioChoiceSchema = z.lazy(() => schemas().scenarioChoiceSchema)
