import * as z from 'zod'
import { count } from './control-simulator.js'
import { scenarioSchema } from './scenario.js'

/** Control API: the scenarios loaded and the default (request bodies: scenario.ts). */

export const scenarioListSchema = z.strictObject({
  default: z.string(),
  scenarios: z.array(z.strictObject({ name: z.string(), description: z.string(), origin: z.string(), rules: count })),
})
export const scenarioLoadedSchema = z.strictObject({ ...scenarioSchema.shape, origin: z.string() })
export const scenarioSavedSchema = z.strictObject({ name: z.string(), rules: count })
export const scenarioChosenSchema = z.strictObject({ default: z.string() })
