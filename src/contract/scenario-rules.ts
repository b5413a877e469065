// The scenario file format's rules (docs/scenarios.md): which requests a rule takes (`match`), what happens
// when one arrives (`submit`), and the rule that joins them to a timeline. Built on first use (scenario.ts).
import * as z from 'zod'
import { parseRegex } from '../lib/regex-syntax.js'
import type { stepSchemas, ValueSchemas } from './scenario-steps.js'

/** A prompt's regular expression: valid, and one the linear matcher takes. */
function regexSchema() {
  return z
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
}

/** Which requests a rule takes. */
export function matchSchemaOf() {
  // The descriptions (.describe) are what an editor shows on hover (docs/scenarios.md, Editor help).
  return z
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
        .union([z.string().min(1), regexSchema()], { error: 'must be a substring or { regex, flags? }' })
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
}

/** What happens when a request arrives: a reject, a latency, a fault, the status and fields of its task. */
export function submitSchemaOf({ duration, span }: ValueSchemas, { submitSetSchema }: ReturnType<typeof stepSchemas>) {
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
  return submitSchema
}

type Submit = z.infer<ReturnType<typeof submitSchemaOf>>

const faultType = (fault: Submit['fault']) => (typeof fault === 'string' ? fault : fault?.type)

/** A rule: its match, submit, timeline or the scenario it hands the request to, and what cannot go together. */
export function ruleSchemaOf(
  { scenarioNameSchema }: ValueSchemas,
  { timelineStepSchema }: ReturnType<typeof stepSchemas>,
  submit: ReturnType<typeof submitSchemaOf>,
  match: ReturnType<typeof matchSchemaOf>,
) {
  return z
    .strictObject({
      match: match.optional(),
      submit: submit.describe('What happens when the request arrives').optional(),
      timeline: z
        .array(timelineStepSchema)
        .describe("The task's changes after acceptance: each { at, set?, refund? }")
        .optional(),
      use: scenarioNameSchema
        .describe("Hand the request to this scenario's rules; this rule's submit settings override theirs")
        .optional(),
    })
    .superRefine(ruleIssues)
}

/** A rule as parsed, before its own checks. */
interface ParsedRule {
  match?: { provider?: string | undefined } | undefined
  submit?: Submit | undefined
  timeline?: { at: unknown }[] | undefined
  use?: string | undefined
}

/** What a rule's fields say that cannot go together. */
function ruleIssues(rule: ParsedRule, ctx: z.RefinementCtx): void {
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
}
