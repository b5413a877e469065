/**
 * What a saved engine must look like before an engine takes it up (the browser door keeps one in
 * sessionStorage across a page reload). It checks the structure and the fields the engine finds
 * things by; the types themselves are the engine's (src/engine/saved-state.ts). Records are loose
 * objects: checking passes them through, it never strips or rewrites what was saved.
 */
import * as z from 'zod'
import { builtOnce } from '../lib/built-once.js'
import { clockModeSchema } from './control-clock.js'
import { accountIdSchema } from './fixtures.js'
import { idPattern } from './id-style.js'
import { LIMITS } from './limits.js'
import { scenarioSchema } from './scenario.js'
import { taskStatusSchema } from './task-status.js'
import { OUTCOME_NAMES } from './outcomes.js'

/** What a snapshot of the state (docs/state.md) names its format. */
export const SNAPSHOT_FORMAT = 'genmock-state'
const pairs = <K extends z.ZodType, V extends z.ZodType>(key: K, value: V) => z.array(z.tuple([key, value]))

/** The values the saved engine's fields are made of. */
function fieldSchemas() {
  const count = z.int().nonnegative()
  /** Simulated epoch milliseconds, within the years a clock shows (LIMITS.simulatedTime). */
  const time = z.number().min(LIMITS.simulatedTime.min).max(LIMITS.simulatedTime.max)
  /** A signed change of credits, and a balance: whole credits, as the interface's creditsUsed. */
  const credits = z.int()
  const balance = z.int().nonnegative()
  const taskId = z.string().regex(idPattern('tsk_'), 'must be a task id as genmock draws them')
  const side = z.int().min(LIMITS.previewSide.min).max(LIMITS.previewSide.max)
  const instant = z.strictObject({ sim: time, wall: time })
  return { count, time, credits, balance, taskId, side, instant }
}
type Fields = ReturnType<typeof fieldSchemas>

/** A clock and its tasks' steps to come: the server's world, or an account's own. */
function worldSchema({ count, time, taskId }: Fields) {
  const clock = z.strictObject({
    mode: clockModeSchema,
    speed: z.number().positive().max(1_000_000),
    now: time,
    wall: time,
  })
  const change = z.looseObject({ set: z.looseObject({}).optional(), refund: z.boolean().optional() })
  const life = z.strictObject({
    events: z.array(z.strictObject({ taskId, step: change.extend({ kind: z.literal('time'), at: time }) })),
    polls: pairs(taskId, z.array(change.extend({ kind: z.literal('poll'), n: count }))),
    pending: z.array(taskId),
    stale: count,
  })
  return z.strictObject({ clock, life })
}

/** A saved task, and the table the tasks are saved as. */
function taskSchemas({ count, time, balance, taskId, side }: Fields) {
  /** A saved task, once its row is read back (the engine saves tasks as a table, src/lib/keyed-table.ts). */
  const savedTaskSchema = z.looseObject({
    id: taskId,
    seq: count,
    type: z.enum(['image', 'video']),
    accountId: accountIdSchema,
    model: z.string(),
    prompt: z.string(),
    provider: z.enum(['standard', 'upstream-a', 'relay']),
    status: taskStatusSchema,
    createdAt: time,
    updatedAt: time,
    expiresAt: time.optional(),
    pollAfterSeconds: count.optional(),
    polls: count,
    creditsUsed: balance,
    creditRefunded: z.boolean(),
    numOutputs: z.int().min(LIMITS.numOutputs.min).max(LIMITS.numOutputs.max),
    preview: z.strictObject({ width: side, height: side }),
    scenario: z.string(),
  })
  const table = z.strictObject({ columns: z.array(z.string()), rows: z.array(z.array(z.unknown())) })
  /** `finished` lists positions among the records (contract/saved-engine-rules.ts checks they are). */
  const tasks = z.strictObject({ records: table, finished: z.array(count) })
  return { savedTaskSchema, tasks }
}

/** The accounts with their keys and sessions, and each account's ledger. */
function accountSchemas({ count, time, credits, balance, taskId }: Fields) {
  const accounts = z.strictObject({
    accounts: z.array(
      z.looseObject({
        id: accountIdSchema,
        name: z.string(),
        demo: z.boolean(),
        scenario: z.string().optional(),
        strict: z.boolean().optional(),
      }),
    ),
    keys: pairs(
      z.string(),
      z.looseObject({
        accountId: accountIdSchema,
        revoked: z.boolean(),
        expiresAt: time.optional(),
        ipAllowlist: z.array(z.string()).optional(),
      }),
    ),
    sessions: pairs(z.string(), z.string()),
  })
  const ledgerEntry = z.looseObject({
    at: time,
    kind: z.enum(['opening', 'adjust', 'debit', 'refund', 'reversal']),
    amount: credits,
    balanceAfter: balance,
    taskId: taskId.optional(),
  })
  const ledgerSums = z.strictObject({
    opening: credits,
    adjust: credits,
    debit: credits,
    refund: credits,
    reversal: credits,
  })
  const ledger = pairs(
    accountIdSchema,
    z.strictObject({
      balance,
      entries: z.array(ledgerEntry),
      older: count,
      olderSums: ledgerSums.optional(),
    }),
  )
  return { accounts, ledger }
}

/** The idempotency records, the journal, the conformance report and the outcome coverage. */
function recordSchemas({ count, time, instant }: Fields) {
  const idempotency = pairs(
    z.string(),
    z.looseObject({
      fingerprint: z.string(),
      createdAt: time,
      response: z.looseObject({ response: z.looseObject({ taskId: z.string() }), status: z.int() }),
    }),
  )
  const journal = z.strictObject({
    seq: count,
    entries: z.array(
      z.looseObject({ seq: count, at: z.string(), method: z.string(), path: z.string(), status: z.int() }),
    ),
  })
  const conformance = z.strictObject({
    seq: count,
    findings: z.array(
      z.looseObject({ seq: count, rule: z.string(), accountId: accountIdSchema, at: z.string(), message: z.string() }),
    ),
    reads: pairs(
      z.string(),
      z.looseObject({ last: instant, terminal: z.boolean(), extraReads: count, finding: count.optional() }),
    ),
    submissions: pairs(
      z.string(),
      z.array(z.looseObject({ fingerprint: z.string(), key: z.string().nullable(), at: instant, failed: z.boolean() })),
    ),
    counts: z.record(z.string().regex(/^[a-z][a-z0-9-]*$/), count),
  })

  const outcomeCounts = pairs(z.enum(OUTCOME_NAMES), count)
  /** Outcome coverage; absent from a state saved before it counted outcomes. */
  const coverage = z
    .strictObject({ overall: outcomeCounts, accounts: pairs(accountIdSchema, outcomeCounts) })
    .optional()
  return { idempotency, journal, conformance, coverage }
}

/**
 * Every schema of a saved engine, built when one is first used: a cold start that neither restores
 * nor checks a state builds none of them (docs/performance.md, Cold start).
 */
function buildSchemas() {
  const fields = fieldSchemas()
  const { count, time, taskId } = fields
  const world = worldSchema(fields)
  const { savedTaskSchema, tasks } = taskSchemas(fields)
  const { accounts, ledger } = accountSchemas(fields)
  const { idempotency, journal, conformance, coverage } = recordSchemas(fields)
  const savedEngineSchema = z.strictObject({
    /** A snapshot's: the format's name, the genmock that wrote it and when (absent from a bare saved engine). */
    format: z.literal(SNAPSHOT_FORMAT).optional(),
    genmock: z.string().optional(),
    savedAt: z.string().optional(),
    version: z.number(),
    seed: z.number(),
    seq: count,
    random: z.strictObject({ words: z.string().regex(/^[0-9a-f]{4992}$/), index: z.int().min(0).max(624) }),
    accounts,
    ledger,
    tasks,
    worlds: z.strictObject({ server: world, own: pairs(accountIdSchema, world) }),
    history: pairs(taskId, z.array(z.looseObject({ at: time, status: taskStatusSchema }))),
    idempotency,
    journal,
    conformance,
    coverage,
    scenarios: z.strictObject({
      loaded: z.array(z.strictObject({ scenario: scenarioSchema, origin: z.string() })),
      defaultName: z.string(),
    }),
  })
  return { savedTaskSchema, savedEngineSchema }
}
const schemas = builtOnce(buildSchemas)

/** A saved task, once its row is read back (the engine saves tasks as a table, src/lib/keyed-table.ts). */
export const savedTaskSchema = z.lazy(() => schemas().savedTaskSchema)
/**
 * @example
 * savedEngineSchema.safeParse(JSON.parse(sessionStorage.getItem('genmock') ?? 'null')).success // false: nothing saved
 */
export const savedEngineSchema = z.lazy(() => schemas().savedEngineSchema)
/** The saved engine's object schema itself, for a schema that extends it (the snapshot). */
export const savedEngineObject = () => schemas().savedEngineSchema
