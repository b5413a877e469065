/**
 * The scenario file format (docs/scenarios.md): ordered rules that decide what happens when a request
 * arrives (`submit`) and every state change after it (`timeline`). Files in scenarios/, the
 * --scenarios directory and POST /__mock/scenarios are all checked against this one schema.
 */
import * as z from 'zod'
import { builtOnce } from '../lib/built-once.js'
import { ID_STYLES } from './id-style.js'
import { MAX_SCENARIO_REGEX_STATES, parseRegex } from '../lib/regex-syntax.js'
import { matchSchemaOf, ruleSchemaOf, submitSchemaOf } from './scenario-rules.js'
import { stepSchemas, valueSchemas, type ValueSchemas } from './scenario-steps.js'
import { SPARSE_MODES } from './sparse.js'

/**
 * Every schema of the format, built when one is first used: a cold start that never reads a
 * scenario file nor the control API builds none of them (docs/performance.md, Cold start).
 */
function buildSchemas() {
  const values = valueSchemas()
  const steps = stepSchemas(values)
  const submit = submitSchemaOf(values, steps)
  const match = matchSchemaOf()
  const rule = ruleSchemaOf(values, steps, submit, match)
  return {
    taskChangeSchema: steps.taskChangeSchema,
    timelineStepSchema: steps.timelineStepSchema,
    transitionSchema: steps.transitionSchema,
    matchSchema: match,
    submitSchema: submit,
    ruleSchema: rule,
    scenarioSchema: scenarioSchemaOf(values, rule),
    // Body of PUT /__mock/scenario.
    scenarioChoiceSchema: z.strictObject({ name: values.scenarioNameSchema }),
  }
}

/** A whole scenario: its name, description, accounts, id style, sparseness and rules. */
function scenarioSchemaOf({ scenarioNameSchema }: ValueSchemas, ruleSchema: ReturnType<typeof ruleSchemaOf>) {
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
      .superRefine(regexStatesIssue),
  })
  return scenarioSchema
}

/** Every pattern of a scenario may be tried on one request: their sizes bound its work together. */
function regexStatesIssue(
  rules: { match?: { prompt?: string | { regex: string; flags?: string | undefined } | undefined } | undefined }[],
  ctx: z.RefinementCtx,
): void {
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
}
type Built = ReturnType<typeof buildSchemas>
const schemas = builtOnce(buildSchemas)

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
