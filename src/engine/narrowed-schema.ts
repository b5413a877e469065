// An object schema narrowed to the keys a body has: the same checks, without a parse of each absent optional field.
import type * as z from 'zod'

/** How many key sets a schema keeps a narrowed schema for; bodies of other key sets take the whole schema. */
const KEY_SETS = 64

type Internals = {
  _zod: { def: { type: string; checks?: unknown[]; shape?: Record<string, Internals> }; optout?: string }
}

/** A schema's narrowed schemas by key set, and the key set asked last with its own (most bodies repeat it). */
interface Narrowed {
  byKeys: Map<string, z.ZodType | null>
  lastKeys: readonly string[]
  last: z.ZodType | null
}

const narrowedBySchema = new WeakMap<z.ZodType, Narrowed>()

/**
 * A strict object schema picked down to the keys `body` has and those its output always has
 * (required fields, defaults). zod makes a result object and an issue list for every field of a
 * shape on every parse, present or not: the standard image body has 15 fields, and a body sent with
 * 2 of them built about 1 kB of garbage for the 13 others. Parsing with the narrowed schema succeeds
 * exactly when the whole one does and gives the same value; undefined when narrowing does not apply
 * (not an object schema, object-level refinements, a key not in the shape, too many key sets).
 * @example
 * narrowedSchema(imageSchema, { model: 'base-image-2', prompt: 'a fox' }) // picks model, prompt, numOutputs
 */
export function narrowedSchema(schema: z.ZodType, body: Record<string, unknown>): z.ZodType | undefined {
  const { def } = (schema as unknown as Internals)._zod
  if (def.type !== 'object' || (def.checks?.length ?? 0) > 0) return undefined
  const keys = Object.keys(body)
  let narrowed = narrowedBySchema.get(schema)
  if (!narrowed) narrowedBySchema.set(schema, (narrowed = { byKeys: new Map(), lastKeys: [], last: null }))
  if (sameKeys(keys, narrowed.lastKeys)) return narrowed.last ?? undefined
  const id = keys.join('\n')
  let found = narrowed.byKeys.get(id)
  if (found === undefined) {
    if (narrowed.byKeys.size >= KEY_SETS) return undefined
    found = pick(schema, def.shape!, keys)
    narrowed.byKeys.set(id, found)
  }
  narrowed.lastKeys = keys
  narrowed.last = found
  return found ?? undefined
}

function sameKeys(keys: readonly string[], other: readonly string[]): boolean {
  if (keys.length !== other.length || keys.length === 0) return false
  for (let i = 0; i < keys.length; i++) if (keys[i] !== other[i]) return false
  return true
}

/** The shape's fields in its own order (the order of the parsed value), those of `keys` and those always output. */
function pick(schema: z.ZodType, shape: Record<string, Internals>, keys: string[]): z.ZodType | null {
  if (!keys.every((key) => Object.hasOwn(shape, key))) return null
  const mask: Record<string, true> = {}
  for (const key in shape) if (keys.includes(key) || shape[key]!._zod.optout !== 'optional') mask[key] = true
  return (schema as unknown as z.ZodObject).pick(mask)
}
