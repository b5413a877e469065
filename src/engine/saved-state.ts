// Save and restore: the whole engine as a plain value (versioned), and back.
import type { SubmissionResponse } from '../contract/responses.js'
import { savedEngineSchema, savedTaskSchema } from '../contract/saved-engine.js'
import { type RuleIssue, savedEngineRuleIssues } from '../contract/saved-engine-rules.js'
import type { Accounts, SavedAccounts } from './accounts/accounts.js'
import type { Conformance, SavedConformance } from './journal/conformance.js'
import type { Coverage, SavedCoverage } from './journal/coverage.js'
import type { IdempotencyRecords, SavedIdempotency } from './tasks/idempotency.js'
import type { Journal, SavedJournal } from './journal/journal.js'
import type { Ledger, SavedLedger } from './accounts/ledger.js'
import type { MersenneState } from '../lib/mersenne.js'
import type { Random } from './random/random.js'
import type { SavedScenarios, Scenarios } from './scenarios/scenarios.js'
import type { TaskHistory } from './tasks/task-history.js'
import { fromTable, toTable, type Table } from '../lib/keyed-table.js'
import type { TaskRecord } from './tasks/task-record.js'
import type { SavedTasks, TaskStore } from './tasks/task-store.js'
import type { SavedWorlds, Worlds } from './clock/account-clocks.js'

/** Bumped whenever the saved shape or its meaning changes: a value of another version is refused. */
export const SAVED_ENGINE_VERSION = 1

/** An Idempotency-Key's completed request, as the engine replays it. */
export interface StoredSubmission {
  response: SubmissionResponse
  /** The scenario's `submit.httpStatus` it was answered with (named as saved states have it). */
  status: number
}

/**
 * An engine's whole state as a JSON-safe value: what an engine made with the same options needs
 * to go on exactly where this one was. What comes from the options (catalogue and prices, the
 * video sample, the given scenarios and accounts, sleep, strict, idStyle, sparse) is not in it.
 */
export interface SavedEngine {
  /** A snapshot's (docs/state.md): the format's name, the genmock that wrote it, and when. */
  format?: string
  genmock?: string
  savedAt?: string
  version: number
  seed: number
  /** Creation order of the next task. */
  seq: number
  random: MersenneState
  accounts: SavedAccounts
  ledger: SavedLedger
  /** The records as a table: their keys once, not in each of up to 10 000 records. */
  tasks: Omit<SavedTasks, 'records'> & { records: Table }
  /** Every clock (the server's, the accounts' own) and the steps still to come in it. */
  worlds: SavedWorlds
  /** The tasks' past changes, shared by every clock's tasks. */
  history: ReturnType<TaskHistory['save']>
  idempotency: SavedIdempotency<StoredSubmission>
  journal: SavedJournal
  conformance: SavedConformance
  /** Absent from a state saved before coverage was counted. */
  coverage?: SavedCoverage
  scenarios: SavedScenarios
}

/** The engine's stateful parts, as EngineState (engine-state.ts) holds them. */
export interface EngineParts {
  seed: number
  seq: number
  random: Random
  accounts: Accounts
  ledger: Ledger
  tasks: TaskStore
  worlds: Worlds
  history: TaskHistory
  idempotency: IdempotencyRecords<StoredSubmission>
  journal: Journal
  conformance: Conformance
  coverage: Coverage
  scenarios: Scenarios
}

/**
 * The parts' state, copied: the value does not change as the engine goes on. (Each part's save()
 * hands over its live objects; this one copy makes the whole independent of them.)
 * @example
 * sessionStorage.setItem('genmock', JSON.stringify(saveEngine(parts)))
 */
export function saveEngine(parts: EngineParts, { copy = true } = {}): SavedEngine {
  const { saved, records } = saveLive(parts)
  saved.tasks.records = toTable(records)
  return copy ? structuredClone(saved) : saved
}

/**
 * The parts' state without a copy, and the task records as they are: `tasks.records` is left
 * empty, as StateReplay.result() leaves it, for a door that writes them a slice at a time.
 * @example
 * const { saved, records } = saveLive(parts)
 */
export function saveLive(parts: EngineParts): { saved: SavedEngine; records: readonly TaskRecord[] } {
  const tasks = parts.tasks.save()
  const saved: SavedEngine = {
    version: SAVED_ENGINE_VERSION,
    seed: parts.seed,
    seq: parts.seq,
    random: parts.random.save(),
    accounts: parts.accounts.save(),
    ledger: parts.ledger.save(),
    tasks: { records: { columns: [], rows: [] }, finished: tasks.finished },
    worlds: parts.worlds.save(),
    history: parts.history.save(parts.tasks.records()),
    idempotency: parts.idempotency.save(),
    journal: parts.journal.save(),
    conformance: parts.conformance.save(),
    coverage: parts.coverage.save(),
    scenarios: parts.scenarios.save(),
  }
  return { saved, records: tasks.records }
}

export interface RestoreOptions {
  /**
   * The caller made the value for this engine alone and vouches for it (a door's own files, their
   * checksums verified): it is taken without a copy and without the structural check.
   */
  trusted?: boolean
  /** With `trusted`: the task records already read from `tasks.records`, in its order (a replay has them). */
  records?: TaskRecord[]
}

/**
 * Puts a saved state into the parts and returns the seed and seq for the engine to take. A value
 * of another version or a malformed one is refused with an Error, before anything changes; should
 * taking it up fail half way, the parts get their own state back before the Error is thrown.
 * @example
 * const { seed, seq } = restoreEngine(JSON.parse(stored), parts)
 */
export function restoreEngine(
  saved: unknown,
  parts: EngineParts,
  { trusted = false, records: given }: RestoreOptions = {},
): { seed: number; seq: number } {
  const version = (saved as { version?: unknown } | null)?.version
  if (version !== SAVED_ENGINE_VERSION) {
    throw new Error(
      `genmock: the saved state is ${typeof version === 'number' ? `of version ${version}` : 'not a saved engine'}; ` +
        `this genmock takes version ${SAVED_ENGINE_VERSION}`,
    )
  }
  if (!trusted) check(savedEngineSchema.safeParse(saved))
  // A copy: the engine must not share objects with a value its caller keeps.
  const copy = trusted ? (saved as SavedEngine) : structuredClone(saved as SavedEngine)
  const records = trusted && given ? given : fromTable<TaskRecord>(copy.tasks.records)
  if (!trusted) check(savedTaskSchema.array().safeParse(records), ['tasks', 'records'])
  if (!trusted) check(rulesKept(savedEngineRuleIssues(copy as never, records)))
  const backup = saveEngine(parts)
  try {
    return apply(copy, records, parts)
  } catch (error) {
    apply(backup, fromTable(backup.tasks.records), parts)
    throw new Error(
      `genmock: the saved state could not be taken up (${error instanceof Error ? error.message : String(error)}); ` +
        'nothing changed',
      { cause: error },
    )
  }
}

/** Throws the first few issues of a failed check, each with its path in the saved state. */
function check(
  result:
    | { success: true }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } },
  under: string[] = [],
): void {
  if (result.success) return
  const issues = result.error.issues
    .slice(0, 3)
    .map((issue) => `${[...under, ...issue.path.map(String)].join('.') || '(top)'}: ${issue.message}`)
  throw new Error(`genmock: the saved state is malformed (${issues.join('; ')})`)
}

/** The rules' issues as a failed check. */
const rulesKept = (issues: RuleIssue[]) =>
  issues.length === 0 ? { success: true as const } : { success: false as const, error: { issues } }

/** Scenarios first: the accounts and tasks name them. */
function apply(saved: SavedEngine, records: TaskRecord[], parts: EngineParts): { seed: number; seq: number } {
  parts.scenarios.restore(saved.scenarios)
  parts.random.restore(saved.random)
  parts.accounts.restore(saved.accounts)
  parts.ledger.restore(saved.ledger)
  parts.tasks.restore({ records, finished: saved.tasks.finished })
  parts.worlds.restore(saved.worlds)
  // After the tasks: one evicted while they are stored would take its history with it.
  parts.history.restore(saved.history, records)
  parts.idempotency.restore(saved.idempotency)
  parts.journal.restore(saved.journal)
  parts.conformance.restore(saved.conformance)
  parts.coverage.restore(saved.coverage ?? { overall: [], accounts: [] })
  return { seed: saved.seed, seq: saved.seq }
}
