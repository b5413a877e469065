import * as z from 'zod'
import { OUTCOME_NAMES } from './outcomes.js'

/** Body of GET /__mock/coverage: every outcome, met or not, and how many were met of the total. */
export const coverageReportSchema = z.object({
  outcomes: z.array(
    z.object({
      name: z.enum(OUTCOME_NAMES),
      met: z.boolean(),
      count: z.int().nonnegative().meta({ description: 'how many requests met it' }),
    }),
  ),
  met: z.int().nonnegative(),
  total: z.int().positive(),
})
export type CoverageReport = z.infer<typeof coverageReportSchema>
