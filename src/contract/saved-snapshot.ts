/**
 * A snapshot of the state (docs/state.md, Snapshots): the saved engine and, beside it, the drift
 * report of `--proxy` with the tasks it follows. GET /__mock/state, PUT /__mock/state,
 * --state-from, a --state DIR's state.json and the browser worker's saved state are this document.
 */
import * as z from 'zod'
import { builtOnce } from '../lib/built-once.js'
import { driftReportObject } from './control-drift.js'
import { savedEngineObject } from './saved-engine.js'

/** How many tasks the drift report follows at most (src/drift/followed-tasks.ts): the newest. */
export const MAX_FOLLOWED = 10_000

/** The snapshot's schemas, built when one is first used (docs/performance.md, Cold start). */
function buildSchemas() {
  const followedTask = z.strictObject({
    model: z.string(),
    type: z.enum(['image', 'video']),
    provider: z.enum(['standard', 'upstream-a', 'relay']),
    submittedAt: z.number(),
    status: z.number(),
    terminal: z.string().optional(),
    relaySteps: z.array(z.strictObject({ relayStatus: z.string(), seconds: z.number() })),
    polls: z.int().nonnegative(),
  })

  const savedDriftSchema = driftReportObject().extend({
    findings: driftReportObject().shape.findings.max(1000),
    watch: z.array(z.tuple([z.string(), followedTask])).max(MAX_FOLLOWED),
  })

  const snapshotSchema = savedEngineObject().extend({ drift: savedDriftSchema.optional() })
  return { savedDriftSchema, snapshotSchema }
}
const schemas = builtOnce(buildSchemas)

/**
 * The drift report as a snapshot keeps it: its findings and observations (as GET /__mock/drift
 * gives them) and the tasks it follows (`watch`), oldest first.
 * @example
 * savedDriftSchema.safeParse({ findings: [], observations, watch: [] }).success // true
 */
export const savedDriftSchema = z.lazy(() => schemas().savedDriftSchema)
/**
 * The whole document. A snapshot without `drift` (saved before it was kept) restores with an
 * empty drift report.
 * @example
 * snapshotSchema.safeParse(await (await fetch(`${url}/__mock/state`)).json()).success // true
 */
export const snapshotSchema = z.lazy(() => schemas().snapshotSchema)
