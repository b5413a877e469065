import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { imageRequestSchemaFor } from '../contract/image-request.js'
import { narrowedSchema } from './narrowed-schema.js'

const bodies: Record<string, unknown>[] = [
  { model: 'base-image-2', prompt: 'a fox' },
  { model: 'base-image-2', prompt: 'a fox', numOutputs: 3, seed: '42', aspectRatio: '16:9' },
  { prompt: 'a fox', model: 'base-image-2', width: 512, height: 768, guidanceScale: 7.5 },
  { model: 'base-image-2', prompt: 'a fox', numOutputs: 11 },
  { model: 'base-image-2', prompt: '' },
  { model: 'base-image-2' },
  { provider: 'relay', model: 'base-image-2', prompt: 'a fox', resolution: '1K' },
]

describe('narrowedSchema', () => {
  it('accepts exactly the bodies the whole schema accepts, with the same value, defaults included', () => {
    for (const body of bodies) {
      // A schema of its own: the shared one's key sets may be taken by other tests of the same process.
      const schema = imageRequestSchemaFor(body).clone()
      const narrowed = narrowedSchema(schema, body)!
      expect(narrowed).toBeDefined()
      const [whole, narrow] = [schema.safeParse(body), narrowed.safeParse(body)]
      expect(narrow.success).toBe(whole.success)
      if (whole.success) expect(JSON.stringify(narrow.data)).toBe(JSON.stringify(whole.data))
    }
    const plain = narrowedSchema(imageRequestSchemaFor(bodies[0]).clone(), bodies[0]!)!.parse(bodies[0])
    expect(plain).toEqual({ model: 'base-image-2', prompt: 'a fox', numOutputs: 1 })
  })

  it('leaves to the whole schema a key it does not know, object-level refinements and non-objects', () => {
    const image = imageRequestSchemaFor(bodies[0]).clone()
    expect(narrowedSchema(image, { ...bodies[0], colour: 'red' })).toBeUndefined()
    const refined = z.strictObject({ a: z.string() }).refine(() => true)
    expect(narrowedSchema(refined, { a: 'x' })).toBeUndefined()
    expect(narrowedSchema(z.string(), {})).toBeUndefined()
  })

  it('keeps one narrowed schema per key set, at most 64 per schema', () => {
    const schema = z.strictObject(
      Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`k${i}`, z.int().optional()])),
    )
    const first = narrowedSchema(schema, { k0: 1 })
    expect(narrowedSchema(schema, { k0: 2 })).toBe(first)
    for (let i = 1; i < 64; i++) expect(narrowedSchema(schema, { [`k${i}`]: 1 })).toBeDefined()
    expect(narrowedSchema(schema, { k70: 1 })).toBeUndefined()
    expect(narrowedSchema(schema, { k0: 3 })).toBe(first)
  })
})
