import fc from 'fast-check'

/**
 * Values from JSON Schema (the subset the OpenAPI documents use), for the agreement test: the
 * generator makes values the schema should accept, boundary values included; `mutations` breaks a
 * valid value one field at a time, with the values most likely to show where a document and the
 * server disagree (limits ± 1, other models' values, other types, unknown fields).
 */

export type Schema = { [keyword: string]: unknown }
export type Resolve = (ref: string) => Schema

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const CAP = 1_000_000

/** Text: mostly ASCII, sometimes any code point (lengths count code points on both sides). */
const text = (minLength: number, maxLength: number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'binary' }) },
  )

function stringOf(schema: Schema): fc.Arbitrary<string> {
  const min = (schema.minLength as number | undefined) ?? 0
  const max = schema.maxLength as number | undefined
  const fits = (s: string) => s.length >= min && (max === undefined || s.length <= max)
  if (schema.format === 'uri') {
    const pattern = schema.pattern ? new RegExp(schema.pattern as string, 'u') : undefined
    return fc
      .webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true, withFragments: true })
      .filter((url) => !pattern || pattern.test(url))
  }
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2026-01-02T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString())
  }
  if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern, 'u')).filter(fits)
  const upTo = Math.min(max ?? 24, Math.max(min, 24))
  const edges = [min, ...(max !== undefined ? [max] : [])].filter((n) => n > 0)
  return fc.oneof(
    { weight: 6, arbitrary: text(min, upTo) },
    ...edges.map((n) => ({ weight: 1, arbitrary: text(n, n) })),
  )
}

function numberOf(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  let min = Math.max(-CAP, (schema.minimum as number | undefined) ?? -CAP)
  let max = Math.min(CAP, (schema.maximum as number | undefined) ?? CAP)
  if (typeof schema.exclusiveMinimum === 'number')
    min = Math.max(min, integer ? schema.exclusiveMinimum + 1 : schema.exclusiveMinimum + 1e-9)
  if (typeof schema.exclusiveMaximum === 'number')
    max = Math.min(max, integer ? schema.exclusiveMaximum - 1 : schema.exclusiveMaximum - 1e-9)
  const any = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n))
  return fc.oneof(
    { weight: 4, arbitrary: any },
    { weight: 1, arbitrary: fc.constantFrom(integer ? Math.ceil(min) : min, integer ? Math.floor(max) : max) },
  )
}

/**
 * Values the schema describes (filter them with a validator: `if`/`then`, `minProperties` and
 * `not` are not generated for, only checked).
 * @example
 * fc.sample(arbitrary({ type: 'integer', minimum: 1, maximum: 10 }, resolve), 5)
 */
export function arbitrary(schema: Schema, resolve: Resolve): fc.Arbitrary<unknown> {
  if (typeof schema.$ref === 'string') return arbitrary(resolve(schema.$ref), resolve)
  if ('const' in schema) return fc.constant(schema.const)
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]))
  const options = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined
  if (options)
    return fc.oneof(
      ...options.map((option) => arbitrary({ ...schema, oneOf: undefined, anyOf: undefined, ...option }, resolve)),
    )
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => arbitrary({ ...schema, type }, resolve)))
  switch (schema.type) {
    case 'string':
      return stringOf(schema)
    case 'integer':
      return numberOf(schema, true)
    case 'number':
      return numberOf(schema, false)
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array': {
      const min = (schema.minItems as number | undefined) ?? 0
      const max = (schema.maxItems as number | undefined) ?? 4
      const items = arbitrary((schema.items as Schema | undefined) ?? {}, resolve)
      return fc.oneof(
        { weight: 4, arbitrary: fc.array(items, { minLength: min, maxLength: Math.min(max, Math.max(min, 3)) }) },
        { weight: 1, arbitrary: fc.array(items, { minLength: max, maxLength: max }) },
      )
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>
      const required = (schema.required ?? []) as string[]
      const declared = fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, arbitrary(value, resolve)])),
        { requiredKeys: required.filter((key) => key in properties) },
      )
      const extra = schema.additionalProperties
      if (Object.keys(properties).length > 0 || extra === false || extra === undefined) return declared
      const values =
        extra === true || (isObject(extra) && Object.keys(extra).length === 0)
          ? fc.jsonValue({ maxDepth: 2 })
          : arbitrary(extra as Schema, resolve)
      return fc.dictionary(
        fc.string({ minLength: 1, maxLength: 8 }).filter((k) => k !== '__proto__'),
        values,
        { maxKeys: 3 },
      )
    }
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

/** A value of another JSON type than the schema's, for each type. */
const OTHER_TYPES: unknown[] = [null, true, 0, 1.5, -1, '', 'x', [], {}, ['x'], { a: 1 }]
/** Fields no request has, and names that look up the prototype chain. */
const UNKNOWN_FIELDS = ['foo', 'Model', 'prompt ', 'constructor', 'toString', 'hasOwnProperty']
const BAD_URLS = [
  'ftp://example.com/a.png',
  'not a url',
  '',
  'https://',
  '//example.com/a.png',
  'https:example.com/a.png',
  'http://example.com/a b.png',
  'javascript:alert(1)',
  'https://exa mple.com/a.png',
]

function edges(schema: Schema, resolve: Resolve): { note: string; value: unknown }[] {
  if (typeof schema.$ref === 'string') return edges(resolve(schema.$ref), resolve)
  const out: { note: string; value: unknown }[] = []
  const types = Array.isArray(schema.type) ? schema.type : [schema.type]
  if (types.includes('string')) {
    const { minLength: min, maxLength: max } = schema as { minLength?: number; maxLength?: number }
    if (max !== undefined) {
      out.push(
        { note: `length ${max}`, value: 'a'.repeat(max) },
        { note: `length ${max + 1}`, value: 'a'.repeat(max + 1) },
      )
      // Characters outside the BMP are two UTF-16 units: at the cap in code points, twice it in units.
      out.push(
        { note: `${max} emoji`, value: '🦊'.repeat(max) },
        { note: `${max + 1} emoji`, value: '🦊'.repeat(max + 1) },
      )
    }
    if (min !== undefined && min > 0) out.push({ note: `length ${min - 1}`, value: 'a'.repeat(min - 1) })
    out.push({ note: 'spaces', value: ' ' }, { note: 'digits', value: '12345678901234567890123' })
  }
  if (types.includes('integer') || types.includes('number')) {
    const {
      minimum: min,
      maximum: max,
      exclusiveMinimum: xmin,
    } = schema as { minimum?: number; maximum?: number; exclusiveMinimum?: number }
    for (const [note, n] of [
      ['min', min],
      ['max', max],
      ['exclusive min', xmin],
    ] as const) {
      if (n === undefined || Math.abs(n) > CAP) continue
      out.push(
        { note: `${note} ${n}`, value: n },
        { note: `${note} ${n} - 1`, value: n - 1 },
        { note: `${note} ${n} + 1`, value: n + 1 },
        { note: `${note} ${n} + 0.5`, value: n + 0.5 },
      )
    }
  }
  if (types.includes('array')) {
    const max = schema.maxItems as number | undefined
    const item = fc.sample(arbitrary((schema.items as Schema | undefined) ?? {}, resolve), { seed: 1, numRuns: 1 })[0]
    out.push({ note: 'no items', value: [] })
    if (max !== undefined)
      out.push(
        { note: `${max} items`, value: Array(max).fill(item) },
        { note: `${max + 1} items`, value: Array(max + 1).fill(item) },
      )
    if ((schema.items as Schema | undefined)?.format === 'uri')
      for (const url of BAD_URLS) out.push({ note: `url ${JSON.stringify(url)}`, value: [url] })
  }
  return out
}

const values = (schema: Schema | undefined): unknown[] => {
  if (!schema) return []
  if ('const' in schema) return [schema.const]
  if (Array.isArray(schema.enum)) return schema.enum as unknown[]
  return []
}

/**
 * Every single-field change of a valid object value: drop a field, add an unknown one, give a
 * field another type, a boundary value, a value another branch allows (another model's
 * duration, aspect ratio, resolution; another model, input mode or provider).
 * @example
 * mutations(body, branch, otherBranches, resolve).map((m) => m.note)
 */
export function mutations(
  value: Schema,
  branch: Schema,
  siblings: Schema[],
  resolve: Resolve,
): { note: string; value: Schema }[] {
  const properties = (branch.properties ?? {}) as Record<string, Schema>
  const names = new Set([
    ...Object.keys(properties),
    ...siblings.flatMap((s) => Object.keys((s.properties ?? {}) as object)),
  ])
  const out: { note: string; value: Schema }[] = []
  const set = (note: string, key: string, v: unknown) =>
    out.push({ note: `${key}: ${note}`, value: { ...value, [key]: v } })
  for (const key of names) {
    if (key in value) {
      const { [key]: _, ...rest } = value
      out.push({ note: `without ${key}`, value: rest })
    }
    for (const other of OTHER_TYPES) set(`type ${JSON.stringify(other)}`, key, other)
    if (properties[key]) for (const edge of edges(properties[key], resolve)) set(edge.note, key, edge.value)
    const seen = new Set(values(properties[key]).map((v) => JSON.stringify(v)))
    for (const sibling of siblings) {
      const property = ((sibling.properties ?? {}) as Record<string, Schema>)[key]
      for (const v of values(property)) {
        if (seen.has(JSON.stringify(v))) continue
        seen.add(JSON.stringify(v))
        set(`another branch's ${JSON.stringify(v)}`, key, v)
      }
      if (property && !properties[key])
        for (const v of fc.sample(arbitrary(property, resolve), { seed: 3, numRuns: 2 }))
          set(`another branch's ${JSON.stringify(v).slice(0, 40)}`, key, v)
    }
  }
  for (const key of UNKNOWN_FIELDS) set('unknown field', key, 'x')
  return out
}
