// Request validation: zod's issues as the interface's `details`, and the Idempotency-Key checks.
import type * as z from 'zod'
import type { ValidationIssue } from '../contract/errors.js'
import { isPlainObject } from '../contract/fields.js'
import { LIMITS } from '../contract/limits.js'
import { defOf } from '../lib/zod-def.js'
import { narrowedSchema } from './narrowed-schema.js'
import { Problem } from './problem.js'

type PathSegment = PropertyKey

/** The value at a zod issue's path inside a body, or undefined where the path leaves it. */
export function valueAt(body: unknown, path: readonly PathSegment[]): unknown {
  let value = body
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<PropertyKey, unknown>)[segment]
  }
  return value
}

const dotted = (path: readonly PathSegment[]) => path.map(String).join('.')

/** The field names an object schema allows at `path`, looking through optional, lazy, array, union and record. */
function fieldsAt(schema: z.ZodType, path: readonly PathSegment[]): string[] {
  const def = defOf(schema)
  const inner = def.innerType ?? (def.type === 'pipe' ? def.in : def.type === 'lazy' ? def.getter!() : undefined)
  if (inner) return fieldsAt(inner, path)
  if (def.type === 'union') return [...new Set(def.options!.flatMap((option) => fieldsAt(option, path)))]
  const [head, ...rest] = path
  if (head === undefined) return def.type === 'object' ? Object.keys(def.shape!) : []
  if (def.type === 'object') return def.shape![String(head)] ? fieldsAt(def.shape![String(head)]!, rest) : []
  if (def.type === 'array') return fieldsAt(def.element!, rest)
  if (def.type === 'record') return fieldsAt(def.valueType!, rest)
  return []
}

/**
 * zod's issues as the interface's `details`: one entry per failing field, each with its path.
 * With the schema, an unknown field's message lists the fields allowed there.
 * @example
 * toIssues(result.error, body)
 * // [{ in: 'body', path: 'inputImageUrls.3', message: 'must be an absolute http(s) URL' }]
 */
export function toIssues(error: z.ZodError, body: unknown, schema?: z.ZodType): ValidationIssue[] {
  return error.issues.flatMap((issue): ValidationIssue[] => {
    if (issue.code === 'unrecognized_keys') {
      const allowed = schema ? fieldsAt(schema, issue.path) : []
      const message =
        allowed.length > 0
          ? `is not a field here; allowed: ${allowed.filter((f) => !f.startsWith('$')).join(', ')}`
          : 'is not a field of this request'
      return issue.keys.map((key) => ({ in: 'body', path: dotted([...issue.path, key]), message }))
    }
    // zod says "invalid type" or "invalid value" for an absent field, depending on its schema.
    const missing =
      issue.path.length > 0 &&
      (issue.code === 'invalid_type' || issue.code === 'invalid_value') &&
      valueAt(body, issue.path) === undefined
    return [{ in: 'body', path: dotted(issue.path), message: missing ? 'is required' : issue.message }]
  })
}

/**
 * Parses a request body, or throws Invalid request listing every failing field, together with
 * any issues found outside the body (headers).
 * @example
 * const request = validate(videoRequestSchemaFor(body), body)
 */
export function validate<T>(schema: z.ZodType<T>, body: unknown, extra: ValidationIssue[] = []): T {
  if (!isPlainObject(body))
    throw Problem.invalid([{ in: 'body', path: '', message: 'must be a JSON object' }, ...extra])
  // The common case parses only the fields the body has, and builds no list of issues.
  const narrowed = extra.length === 0 ? narrowedSchema(schema, body) : undefined
  const quick = narrowed?.safeParse(body)
  if (quick?.success) return quick.data as T
  const result = schema.safeParse(body)
  if (result.success && extra.length === 0) return result.data
  const issues = [...(result.success ? [] : toIssues(result.error, body, schema)), ...extra]
  if (issues.length > 0 || !result.success) throw Problem.invalid(issues)
  return result.data
}

/** Characters (code points) of a string: a surrogate pair is one. */
function characters(text: string): number {
  let count = text.length
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) count--
    }
  }
  return count
}

/**
 * Idempotency-Key checks: required for relay submissions, 8 to 200 characters (code points) when
 * present, and sent once: Node and Fetch join a repeated header with `, `, so a key holding `, ` is
 * two keys (docs/limits-and-security.md).
 * @example
 * idempotencyKeyIssues(null, true)
 * // [{ in: 'header', path: 'Idempotency-Key', message: 'is required when provider is relay' }]
 */
export function idempotencyKeyIssues(key: string | null, required: boolean): ValidationIssue[] {
  const { min, max } = LIMITS.idempotencyKey
  if (key === null)
    return required ? [{ in: 'header', path: 'Idempotency-Key', message: 'is required when provider is relay' }] : []
  if (key.includes(', '))
    return [{ in: 'header', path: 'Idempotency-Key', message: 'must be sent once (two headers are joined by ", ")' }]
  const length = key.length > 2 * max ? key.length : characters(key)
  if (length < min || length > max)
    return [{ in: 'header', path: 'Idempotency-Key', message: `must have ${min} to ${max} characters` }]
  return []
}
