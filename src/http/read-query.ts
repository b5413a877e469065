// Query strings read with the control routes' zod schemas: digits become numbers where a schema takes one.
import type * as z from 'zod'
import { Problem } from '../engine/problem.js'
import { toIssues } from '../engine/validation.js'
import { defOf } from '../lib/zod-def.js'

/** Whether a query parameter's schema takes a number (an integer, or number literals such as a task status). */
function takesNumber(schema: z.ZodType): boolean {
  const def = defOf(schema)
  if (def.innerType) return takesNumber(def.innerType)
  if (def.type === 'union') return def.options!.some(takesNumber)
  return def.type === 'number' || (def.type === 'literal' && typeof def.values?.[0] === 'number')
}

/**
 * Reads the query parameters a control route's schema names (src/contract/control-*.ts): digits
 * become a number where the schema takes one, anything else stays text for the schema to refuse.
 * Throws Invalid request listing every failing parameter.
 * @example
 * readQuery(taskListQuerySchema, new URLSearchParams('status=1')) // { status: 1, limit: 100 }
 */
export function readQuery<T>(schema: z.ZodObject & z.ZodType<T>, query: URLSearchParams): T {
  const values: Record<string, string | number> = {}
  for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const text = query.get(name)
    if (text !== null) values[name] = takesNumber(field) && /^\d{1,15}$/.test(text) ? Number(text) : text
  }
  const result = schema.safeParse(values)
  if (!result.success)
    throw Problem.invalid(toIssues(result.error, values, schema).map((issue) => ({ ...issue, in: 'path' as const })))
  return result.data as T
}
