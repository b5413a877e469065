/** Field schemas shared by the request bodies, so each limit is expressed once. */
import * as z from 'zod'
import { LIMITS } from './limits.js'

/**
 * A JSON object: not null, not an array.
 * @example
 * isPlainObject({ a: 1 }) // true; isPlainObject([1]) // false
 */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export const referenceImageUrl = z
  .url({
    protocol: /^https?$/,
    error: 'must be an absolute http(s) URL',
  })
  // The protocol check and a non-empty host, for the OpenAPI document (JSON Schema's uri format allows any scheme).
  .meta({ pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]' })

export const numOutputs = z
  .int({ error: 'must be an integer' })
  .min(LIMITS.numOutputs.min, { error: `must be at least ${LIMITS.numOutputs.min}` })
  .max(LIMITS.numOutputs.max, { error: `must be at most ${LIMITS.numOutputs.max}` })
  .default(LIMITS.numOutputs.default)

/**
 * A string of `min` to `max` characters; `note` explains a cap that is not the interface's general one.
 * @example
 * boundedString(1, 5000, ' for vendor-a/base-image')
 */
export function boundedString(min: number, max: number, note = '') {
  return z
    .string({ error: 'must be a string' })
    .min(min, { error: min === 1 ? 'must not be empty' : `must have at least ${min} characters` })
    .max(max, { error: `must have at most ${max} characters${note}` })
}

/**
 * An integer from `min` to `max`, both included.
 * @example
 * boundedInt(64, 4096) // width and height
 */
export function boundedInt(min: number, max: number) {
  return z
    .int({ error: 'must be an integer' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` })
}

/**
 * One of a fixed list, with a message that names the list.
 * @example
 * oneOf(['1K', '2K'], 'base-image-pro supports resolution')
 */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, what = 'must be one of') {
  return z.enum(values, { error: `${what} ${values.join(', ')}` })
}

/**
 * A field the chosen model does not accept: present at all is the error.
 * @example
 * notAccepted('vendor-a/base-image does not support negativePrompt')
 */
export function notAccepted(reason: string) {
  return z.never({ error: reason }).optional()
}

/**
 * UTF-8 length of a string, without encoding it.
 * @example
 * utf8Length('é') // 2
 */
export function utf8Length(text: string): number {
  let bytes = text.length
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= 0x800)
      bytes += code >= 0xd800 && code <= 0xdbff ? 1 : 2 // a surrogate pair is 4 bytes, 2 units
    else if (code >= 0x80) bytes += 1
  }
  return bytes
}

const { maxProviderInputBytes } = LIMITS

/**
 * An object whose keys are not checked (the interface: "not schema-validated"), within the
 * simulator's size limit for what a task stores: LIMITS.maxProviderInputBytes of UTF-8 JSON.
 */
export const passthroughObject = z
  .custom<Record<string, unknown>>(isPlainObject, { error: 'must be a JSON object' })
  .refine((value) => utf8Length(JSON.stringify(value)) <= maxProviderInputBytes, {
    error: `must be at most ${maxProviderInputBytes} bytes as JSON (a simulator limit; its keys are not checked)`,
  })
  // What the checks above are, for the OpenAPI document (a custom check has no JSON Schema of its own).
  .meta({
    type: 'object',
    additionalProperties: true,
    description:
      `Any JSON object of at most ${maxProviderInputBytes} bytes as JSON (a simulator limit); ` +
      'its keys are not checked.',
  })
