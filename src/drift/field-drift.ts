// Drift in an answer's fields: the service's body against the contract's schemas and genmock's always-sent fields.
import type * as z from 'zod'
import { isPlainObject } from '../contract/fields.js'
import { submissionResponseSchema, taskSnapshotSchema } from '../contract/responses.js'
import { valueAt } from '../engine/validation.js'
import type { DriftInput } from './drift-report.js'

/** What is known of the task an answer is about: what decides which fields genmock always sends. */
export interface AnswerContext {
  answer: 'submission' | 'snapshot'
  /** standard, upstream-a or relay; undefined when the request is not known (a task read alone). */
  provider?: 'standard' | 'upstream-a' | 'relay' | undefined
  type?: 'image' | 'video' | undefined
}

/** Fields genmock's full answers carry on every task (docs/where-the-interface-is-silent.md). */
const ALWAYS = [
  'taskId',
  'status',
  'creditsUsed',
  'creditRefunded',
  'providerTaskId',
  'requestId',
  'httpRequestId',
  'submissionUncertain',
  'effectiveWatermark',
  'demo',
]
const SNAPSHOT_ALWAYS = ['id', 'type', 'model', 'prompt', 'createdAt', 'updatedAt']
const RELAY_ALWAYS = ['relayStatus', 'pollAfterSeconds', 'expiresAt']

/** The fields genmock always sends in such an answer, in such a state. */
function alwaysSent(context: AnswerContext, status: unknown): string[] {
  const fields = [...ALWAYS]
  if (context.answer === 'snapshot') fields.push(...SNAPSHOT_ALWAYS)
  if (context.provider !== undefined && context.provider !== 'standard') fields.push('upstreamHttpStatus')
  if (context.provider === 'relay') fields.push(...RELAY_ALWAYS)
  if (context.answer === 'snapshot' && status === 1 && context.type === 'image') fields.push('outputImageUrls')
  if (context.answer === 'snapshot' && status === 1 && context.type === 'video') fields.push('outputVideoUrl')
  if (context.answer === 'snapshot' && status === 2) fields.push('errorCode')
  return fields
}

/** A value as a finding shows it: short. */
export function shown(value: unknown): unknown {
  if (typeof value === 'string') return value.length > 200 ? `${value.slice(0, 200)}…` : value
  if (value === null || typeof value !== 'object') return value
  const text = JSON.stringify(value)
  return text.length > 200 ? `${text.slice(0, 200)}…` : value
}

const typeName = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value)

/** A path with array positions folded, so that every item's finding is one finding. */
const placeOf = (prefix: string, path: readonly PropertyKey[]) =>
  [prefix, ...path.map((segment) => (typeof segment === 'number' ? '[]' : String(segment)))].join('.')

/**
 * An answer's body against one of genmock's schemas: fields genmock never sends, values of another
 * type or outside its rules. Absent fields are not findings here (schemas mark few as required).
 * @example
 * schemaDrift(modelListSchema, body, 'models') // [{ kind: 'extra-field', place: 'models.models.[].tags', … }]
 */
export function schemaDrift(schema: z.ZodType, body: unknown, prefix: string): DriftInput[] {
  if (!isPlainObject(body))
    return [
      {
        kind: 'field-type',
        place: prefix,
        service: typeName(body),
        genmock: 'object',
        message: `the ${prefix} body is not a JSON object`,
      },
    ]
  const result = schema.safeParse(body)
  if (result.success) return []
  return result.error.issues.flatMap((issue): DriftInput[] => {
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => ({
        kind: 'extra-field',
        place: placeOf(prefix, [...issue.path, key]),
        service: shown(valueAt(body, [...issue.path, key])),
        genmock: 'absent',
        message: `the service sent ${key}, a field genmock never sends here`,
      }))
    const value = valueAt(body, issue.path)
    if (value === undefined) return []
    return [
      {
        kind: 'field-type',
        place: placeOf(prefix, issue.path),
        service: shown(value),
        genmock: issue.message,
        message: `${placeOf(prefix, issue.path)} does not fit genmock's schema: ${issue.message}`,
      },
    ]
  })
}

/**
 * A submission response or a task snapshot against genmock's: extra fields, types, and the fields
 * genmock always sends in that state that the service left out.
 * @example
 * answerDrift({ taskId: 't', status: 0, creditsUsed: 4, queuePosition: 3 }, { answer: 'submission' })
 */
export function answerDrift(body: unknown, context: AnswerContext): DriftInput[] {
  const schema = context.answer === 'submission' ? submissionResponseSchema : taskSnapshotSchema
  const found = schemaDrift(schema, body, context.answer)
  if (!isPlainObject(body)) return found
  const missing = alwaysSent(context, body.status).filter((field) => body[field] === undefined)
  for (const field of missing)
    found.push({
      kind: 'missing-field',
      place: `${context.answer}.${field}`,
      service: 'absent',
      genmock: 'always sent',
      message: `the service left out ${field}, which genmock always sends${
        context.answer === 'snapshot' ? ` at status ${String(body.status)}` : ''
      }`,
    })
  return found
}
