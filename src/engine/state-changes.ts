// What changed in an engine since it was last saved, as one JSON-safe value: a door appends these
// to a log and now and then compacts the log into a whole saved state (docs/state.md), so that a
// save costs what changed, not the size of the state. The tasks (up to the store's cap) are followed
// by id; the lists that only grow at one end (ledger entries, the journal, findings, recent
// submissions) by their last saved item; the random generator by how many values it drew; the small
// parts (accounts, clocks, coverage) whole when they changed. state-replay.ts puts a saved state and
// its changes back together.
import type { SavedAccounts } from './accounts/accounts.js'
import type { LedgerEntry, SavedLedger } from './accounts/ledger.js'
import type { SavedClock } from './clock/clock.js'
import type { Finding, SavedConformance, Submission } from './journal/conformance.js'
import type { SavedCoverage } from './journal/coverage.js'
import type { JournalEntry } from './journal/journal.js'
import type { MersenneState } from '../lib/mersenne.js'
import { SAVED_ENGINE_VERSION, type EngineParts, type SavedEngine } from './saved-state.js'
import type { SavedScenarios } from './scenarios/scenarios.js'
import { toTable, type Table } from '../lib/keyed-table.js'
import type { HistoryEntry } from './tasks/task-history.js'
import { stepsOf } from './tasks/life-views.js'
import type { PollStep, TimedStep } from './tasks/timeline.js'

/** The end of a list that only grows at its end and lets go at its start: what was added, how many are kept. */
export interface Tail<T> {
  added: T[]
  /** How many items the list holds now: the saved ones beyond that many, counted from the end, are let go. */
  kept: number
  /** `added` is the whole list: what was saved before is replaced (the list was cleared since). */
  whole?: true
}

/** What goes with a changed task besides its record. */
export interface TaskExtras {
  /** A pending task's steps still to come. */
  upcoming?: { timed: TimedStep[]; polls: PollStep[] }
  history?: readonly HistoryEntry[]
  /** What the conformance rules remember of its reads, and the finding those reads update. */
  read?: SavedConformance['reads'][number][1]
  finding?: Finding
}

/** The changes since the last save: appended to a log, they bring a saved state up to date. */
export interface SavedChanges {
  version: number
  seed: number
  seq: number
  /**
   * How many values the random generator drew since the last save: replay draws as many. Absent
   * when its sequence was replaced since (a reset, a restore, a new stream): then `random` is
   * where it is now. (A log of format 1 has `random` on every line.)
   */
  draws?: number
  random?: MersenneState
  /** The small parts, whole, when they changed since the last save (a log of format 1 has them on every line). */
  accounts?: SavedAccounts
  clocks?: { server: SavedClock; own: [accountId: string, clock: SavedClock][] }
  /** The accounts whose ledger changed: its figures and the entries added. */
  ledger: [accountId: string, account: Omit<SavedLedger[number][1], 'entries'> & { entries: Tail<LedgerEntry> }][]
  /** The changed tasks' records (creation order) and, by id, what goes with each (evicted ones too). */
  tasks: { records: Table; extras: [taskId: string, extras: TaskExtras][] }
  evicted: string[]
  idempotency: { added: SavedEngine['idempotency']; removed: string[] }
  journal: { seq: number; entries: Tail<JournalEntry> }
  conformance: Omit<SavedConformance, 'findings' | 'reads' | 'submissions'> & {
    findings: Tail<Finding>
    submissions: [accountId: string, recent: Tail<Submission>][]
  }
  coverage?: SavedCoverage
  /** When the scenarios loaded at run time or the default changed. */
  scenarios?: SavedScenarios
}

/** The tail of `list` after `last`, found from the end (new items are few); the whole list when it is not there. */
function tailAfter<T>(list: readonly T[], last: T | undefined): Tail<T> {
  if (last !== undefined)
    for (let i = list.length - 1; i >= 0; i--)
      if (list[i] === last) return { added: list.slice(i + 1), kept: list.length }
  return { added: [...list], kept: list.length, whole: true }
}

/**
 * Follows an engine's changes between saves. The engine tells it which tasks changed and which
 * left the store; `take` returns the changes since the last `take` or `restart`.
 * @example
 * const changes = new StateChanges(() => state.parts())
 * changes.task(id) // from the engine
 * log.append(JSON.stringify(changes.take()))
 */
export class StateChanges {
  readonly #parts: () => EngineParts
  #tasks = new Set<string>()
  #evicted: string[] = []
  /** Everything changed at once (a reset, a restore): only a whole save will do. */
  #whole = true
  /** The last item of each list as it was saved (by identity: the engine's lists hold each item once). */
  #ledger = new Map<string, LedgerEntry | undefined>()
  #journal: JournalEntry | undefined
  #findings: Finding | undefined
  #submissions = new Map<string, Submission | undefined>()
  #idempotency = new Map<string, unknown>()
  #scenarios = ''
  /** The small parts as JSON when last saved. */
  #small = { accounts: '', clocks: '', coverage: '' }
  /** The random generator's sequence and its count of draws when last saved. */
  #stream = 0
  #draws = 0

  constructor(parts: () => EngineParts) {
    this.#parts = parts
  }

  /**
   * A task changed. While only a whole save will do (nothing saved yet: no door keeps the state, or a
   * reset or restore since), nothing is followed: a simulator without --state pays nothing per task.
   */
  task(id: string): void {
    if (!this.#whole) this.#tasks.add(id)
  }

  evicted(id: string): void {
    if (!this.#whole) this.#evicted.push(id)
  }

  /** The whole state changed: the next save must be a whole one. */
  everything(): void {
    this.#whole = true
    this.#tasks.clear()
    this.#evicted = []
  }

  /** Whether only a whole save brings the saved state up to date. */
  get wholeNeeded(): boolean {
    return this.#whole
  }

  /** Whether anything may have changed since the last save. */
  get pending(): boolean {
    return this.#whole || this.#tasks.size > 0 || this.#evicted.length > 0
  }

  /**
   * The state was just saved whole (`saved` is that state, taken this turn): changes count from
   * here. The lists' last items are the live ones, so the next `take` finds them by identity.
   */
  restart(): void {
    const parts = this.#parts()
    this.#tasks.clear()
    this.#evicted = []
    this.#whole = false
    this.#ledger = new Map(parts.ledger.save().map(([id, account]) => [id, account.entries.at(-1)]))
    this.#journal = parts.journal.list(1)[0]
    const conformance = parts.conformance.save({ reads: false })
    this.#findings = conformance.findings.at(-1)
    this.#submissions = new Map(conformance.submissions.map(([id, recent]) => [id, recent.at(-1)]))
    this.#idempotency = new Map(parts.idempotency.save())
    this.#scenarios = JSON.stringify(parts.scenarios.save())
    this.#smallChanges(parts)
    this.#stream = parts.random.stream
    this.#draws = parts.random.draws
  }

  /** The changes since the last save, as a value (it shares the engine's objects: serialise it at once). */
  take(): SavedChanges {
    const parts = this.#parts()
    const ids = [...this.#tasks]
    const records = ids.flatMap((id) => parts.tasks.saved(id) ?? [])
    const conformance = parts.conformance.save({ reads: false })
    const scenarios = parts.scenarios.save()
    const scenariosText = JSON.stringify(scenarios)
    const changes: SavedChanges = {
      version: SAVED_ENGINE_VERSION,
      seed: parts.seed,
      seq: parts.seq,
      ...this.#randomChanges(parts),
      ...this.#smallChanges(parts),
      ledger: this.#ledgerChanges(parts),
      // An evicted task's extras too: what the rules remember of its reads outlives it.
      tasks: { records: toTable(records), extras: ids.map((id) => [id, extras(parts, id)]) },
      evicted: this.#evicted,
      idempotency: this.#idempotencyChanges(parts),
      journal: { seq: parts.journal.seq, entries: this.#journalTail(parts) },
      conformance: {
        seq: conformance.seq,
        counts: conformance.counts,
        findings: tailAfter(conformance.findings, this.#findings),
        submissions: conformance.submissions.map(([id, recent]) => [id, tailAfter(recent, this.#submissions.get(id))]),
      },
      ...(scenariosText !== this.#scenarios ? { scenarios } : {}),
    }
    this.#tasks.clear()
    this.#evicted = []
    this.#findings = conformance.findings.at(-1)
    this.#submissions = new Map(conformance.submissions.map(([id, recent]) => [id, recent.at(-1)]))
    this.#scenarios = scenariosText
    return changes
  }

  /** The small parts that changed since the last save, whole. */
  #smallChanges(parts: EngineParts): Pick<SavedChanges, 'accounts' | 'clocks' | 'coverage'> {
    const now = { accounts: parts.accounts.save(), clocks: parts.worlds.clocks(), coverage: parts.coverage.save() }
    const changed: Pick<SavedChanges, 'accounts' | 'clocks' | 'coverage'> = {}
    for (const name of ['accounts', 'clocks', 'coverage'] as const) {
      const text = JSON.stringify(now[name])
      if (text === this.#small[name]) continue
      this.#small[name] = text
      Object.assign(changed, { [name]: now[name] })
    }
    return changed
  }

  /** The draws since the last save, or the generator's whole state when its sequence was replaced. */
  #randomChanges({ random }: EngineParts): Pick<SavedChanges, 'draws' | 'random'> {
    const changes = random.stream === this.#stream ? { draws: random.draws - this.#draws } : { random: random.save() }
    this.#stream = random.stream
    this.#draws = random.draws
    return changes
  }

  #ledgerChanges(parts: EngineParts): SavedChanges['ledger'] {
    const changed: SavedChanges['ledger'] = []
    for (const [id, { entries, ...figures }] of parts.ledger.save()) {
      const last = entries.at(-1)
      if (this.#ledger.has(id) && this.#ledger.get(id) === last) continue
      changed.push([id, { ...figures, entries: tailAfter(entries, this.#ledger.get(id)) }])
      this.#ledger.set(id, last)
    }
    return changed
  }

  /** Records are completed in place, not always the newest: those not saved yet, and those let go. */
  #idempotencyChanges(parts: EngineParts): SavedChanges['idempotency'] {
    const now = parts.idempotency.save()
    const added = now.filter(([id, record]) => this.#idempotency.get(id) !== record)
    const removed: string[] = []
    if (this.#idempotency.size + added.length !== now.length) {
      const current = new Set(now.map(([id]) => id))
      for (const id of this.#idempotency.keys()) if (!current.has(id)) removed.push(id)
    }
    for (const id of removed) this.#idempotency.delete(id)
    for (const [id, record] of added) this.#idempotency.set(id, record)
    return { added, removed }
  }

  /** The journal's new entries, building only those (most entries are never built otherwise). */
  #journalTail(parts: EngineParts): Tail<JournalEntry> {
    const { journal } = parts
    const newest = journal.list(1)[0]
    const last = this.#journal
    this.#journal = newest
    if (newest === last) return { added: [], kept: journal.size }
    const count = last && newest ? newest.seq - last.seq : 0
    if (count > 0 && count < journal.size) {
      const entries = journal.list(count + 1)
      if (entries[count] === last) return { added: entries.slice(0, count).reverse(), kept: journal.size }
    }
    return { added: journal.list().reverse(), kept: journal.size, whole: true }
  }
}

/** What goes with a task besides its record, as it is now. */
function extras(parts: EngineParts, id: string): TaskExtras {
  const task = parts.tasks.get(id)
  const upcoming = task && stepsOf(task)
  const history = task && parts.history.of(task)
  const read = parts.conformance.readOf(id)
  return {
    ...(upcoming ? { upcoming: { timed: [...upcoming.timed], polls: [...upcoming.polls] } } : {}),
    ...(history ? { history } : {}),
    ...read,
  }
}
