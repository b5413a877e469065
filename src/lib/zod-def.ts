/**
 * zod 4's internal definition of a schema (`schema._zod.def`), read in one place: the query reader
 * and the body validator look through wrappers (optional, default, pipe, union) with it.
 */
import type * as z from 'zod'

/** The fields of a definition genmock reads; which are present depends on `type`. */
export interface ZodDef {
  type: string
  shape?: Record<string, z.ZodType>
  innerType?: z.ZodType
  element?: z.ZodType
  options?: z.ZodType[]
  valueType?: z.ZodType
  values?: unknown[]
  in?: z.ZodType
  /** A lazy schema's: the schema it stands for, built on the first call. */
  getter?: () => z.ZodType
}

/**
 * @example
 * defOf(z.number().optional()).type // 'optional'
 */
export const defOf = (schema: z.ZodType): ZodDef => (schema as unknown as { _zod: { def: ZodDef } })._zod.def
