// The drift report's vocabulary and schemas (docs/check-against-the-service.md): kinds, query, answer.
import * as z from 'zod'
import { builtOnce } from '../lib/built-once.js'

/**
 * The drift report's vocabulary (docs/check-against-the-service.md): the kinds of finding,
 * what each means and whether `genmock calibrate` can make it go away; the query and the answer of
 * GET /__mock/drift.
 */
export const DRIFT_KINDS = {
  'success-status': { calibrates: true, means: 'the service answered a success with another status code' },
  'error-status': { calibrates: false, means: 'the service answered an error genmock also gives with another status' },
  'error-body': { calibrates: false, means: "the service's error body differs: its error string or its details" },
  'extra-field': { calibrates: false, means: 'the service sent a field genmock never sends' },
  'missing-field': { calibrates: false, means: 'the service left out a field genmock always sends (try --sparse)' },
  'field-type': { calibrates: false, means: "a field's value does not fit genmock's schema" },
  'unknown-relay-status': { calibrates: true, means: "a relayStatus value outside genmock's scenarios" },
  'unknown-error-code': { calibrates: true, means: "an errorCode value outside genmock's scenarios" },
  price: { calibrates: true, means: "creditsUsed (or a 402's required) differs from genmock's price for the body" },
  'validation-looser': { calibrates: false, means: 'the service accepted a body genmock refuses' },
  'validation-stricter': { calibrates: false, means: 'the service refused a body genmock accepts' },
  'state-rule': { calibrates: false, means: "a task's states broke a rule of the interface" },
  'proxy-timeout': {
    calibrates: false,
    means: 'the service did not answer within --proxy-timeout: genmock answered 504, or cut a begun answer',
  },
} as const

export type DriftKind = keyof typeof DRIFT_KINDS
export const DRIFT_KIND_IDS = Object.keys(DRIFT_KINDS) as DriftKind[]

export const driftQuerySchema = z.object({
  format: z
    .enum(['json', 'junit'], { error: 'must be json or junit' })
    .default('json')
    .meta({ description: 'json (default) or junit (JUnit XML: one testcase per kind of finding).' }),
})
/**
 * The report's schemas, built when one is first used: a cold start that never asks for the drift
 * report builds none of them (docs/performance.md, Cold start).
 */
function buildSchemas() {
  const count = z.int().nonnegative()
  const tally = z.record(z.string(), count)
  const range = z.strictObject({ min: z.number(), max: z.number() })

  const driftFindingSchema = z.strictObject({
    kind: z.enum(DRIFT_KIND_IDS),
    place: z.string(),
    count: z.int().positive(),
    service: z.unknown().meta({ description: 'What the service did.' }),
    genmock: z.unknown().meta({ description: 'What genmock would have done.' }),
    message: z.string(),
    example: z
      .strictObject({
        seq: z.int().positive(),
        at: z.string(),
        method: z.string(),
        path: z.string(),
        status: z.int(),
        requestBody: z.string().optional(),
        responseBody: z.string().optional(),
      })
      .meta({ description: 'One exchange it was seen in, credentials redacted.' }),
  })

  const outcomeSchema = z.strictObject({
    status: z.union([z.literal(1), z.literal(2)]),
    errorCode: z.string().optional(),
    refunded: z.boolean().optional(),
    relaySteps: z.array(z.strictObject({ relayStatus: z.string(), seconds: range })).optional(),
    count: z.int().positive(),
    seconds: range,
    polls: range,
  })

  const driftReportSchema = z.strictObject({
    findings: z.array(driftFindingSchema),
    observations: z.strictObject({
      exchanges: count,
      statuses: z.record(z.string(), tally),
      prices: z.array(
        z.strictObject({ model: z.string(), option: z.string(), relay: z.boolean(), credits: count, seen: count }),
      ),
      relayStatuses: tally,
      errorCodes: tally,
      pollAfterSeconds: tally,
      models: z.record(z.string(), z.strictObject({ submitted: count, outcomes: z.record(z.string(), outcomeSchema) })),
    }),
  })
  return { driftReportSchema }
}
const schemas = builtOnce(buildSchemas)

export const driftReportSchema = z.lazy(() => schemas().driftReportSchema)
/** The report's object schema itself, for a schema that extends it (the snapshot's drift report). */
export const driftReportObject = () => schemas().driftReportSchema
