// A saved state brought up to date by the changes saved after it (state-changes.ts), in order: what
// a door does when it reads back a snapshot and its log (docs/state.md). Values only: the result is
// a saved state for Engine.restore.
import type { LedgerEntry, SavedLedger } from './accounts/ledger.js'
import type { Finding, SavedConformance, Submission } from './journal/conformance.js'
import type { SavedEngine } from './saved-state.js'
import type { SavedChanges, Tail, TaskExtras } from './state-changes.js'
import type { SavedWorld } from './clock/account-clocks.js'
import type { SavedLife } from './tasks/life-views.js'
import { fromTable } from '../lib/keyed-table.js'
import { Random } from './random/random.js'
import type { HistoryEntry } from './tasks/task-history.js'
import type { TaskRecord } from './tasks/task-record.js'

type Upcoming = NonNullable<TaskExtras['upcoming']>
type Read = SavedConformance['reads'][number][1]

/** A list's tail put on it: the added items, then only the last `kept`. */
function withTail<T>(list: T[], { added, kept, whole }: Tail<T>): T[] {
  const all = whole ? added : list.concat(added)
  return all.length > kept ? all.slice(all.length - kept) : all
}

/** The steps still to come of each pending task of a saved life. */
function upcomingOf(life: SavedLife, into: Map<string, Upcoming>): void {
  const polls = new Map(life.polls)
  for (const id of life.pending) into.set(id, { timed: [], polls: polls.get(id) ?? [] })
  for (const { taskId, step } of life.events) into.get(taskId)?.timed.push(step)
}

/**
 * @example
 * const replay = new StateReplay(snapshot)
 * for (const changes of log) replay.apply(changes)
 * engine.restore(replay.result(), { trusted: true })
 */
export class StateReplay {
  #base: SavedEngine
  #ledger: Map<string, SavedLedger[number][1]>
  #tasks = new Map<string, TaskRecord>()
  #finished = new Set<string>()
  #upcoming = new Map<string, Upcoming>()
  #history: Map<string, readonly HistoryEntry[]>
  #reads: Map<string, Read>
  #findings: Finding[]
  #submissions: Map<string, Submission[]>
  #idempotency: Map<string, SavedEngine['idempotency'][number][1]>
  #clocks: NonNullable<SavedChanges['clocks']>
  /** Draws since the random generator's state in `#base` was saved. */
  #draws = 0

  constructor(saved: SavedEngine) {
    this.#base = saved
    this.#ledger = new Map(saved.ledger)
    const records = fromTable<TaskRecord>(saved.tasks.records)
    for (const record of records) this.#tasks.set(record.id, record)
    for (const i of saved.tasks.finished) this.#finished.add(records[i]!.id)
    upcomingOf(saved.worlds.server.life, this.#upcoming)
    for (const [, world] of saved.worlds.own) upcomingOf(world.life, this.#upcoming)
    this.#history = new Map(saved.history)
    this.#reads = new Map(saved.conformance.reads)
    this.#findings = saved.conformance.findings
    this.#submissions = new Map(saved.conformance.submissions)
    this.#idempotency = new Map(saved.idempotency)
    this.#clocks = {
      server: saved.worlds.server.clock,
      own: saved.worlds.own.map(([id, world]) => [id, world.clock]),
    }
  }

  apply(changes: SavedChanges): void {
    const { seed, seq, random, draws, accounts, coverage, scenarios } = changes
    this.#base = {
      ...this.#base,
      seed,
      seq,
      ...(accounts ? { accounts } : {}),
      ...(coverage ? { coverage } : {}),
      ...(scenarios ? { scenarios } : {}),
    }
    if (random) {
      this.#base.random = random
      this.#draws = 0
    }
    this.#draws += draws ?? 0
    if (changes.clocks) this.#clocks = changes.clocks
    for (const [id, { entries, ...figures }] of changes.ledger) {
      const before: LedgerEntry[] = this.#ledger.get(id)?.entries ?? []
      this.#ledger.set(id, { ...figures, entries: withTail(before, entries) })
    }
    for (const record of fromTable<TaskRecord>(changes.tasks.records)) this.#tasks.set(record.id, record)
    for (const [id, extras] of changes.tasks.extras) this.#task(id, extras)
    for (const id of changes.evicted) this.#forget(id)
    for (const id of changes.idempotency.removed) this.#idempotency.delete(id)
    for (const [id, record] of changes.idempotency.added) this.#idempotency.set(id, record)
    const { journal, conformance } = changes
    this.#base.journal = { seq: journal.seq, entries: withTail(this.#base.journal.entries, journal.entries) }
    this.#findings = withTail(this.#findings, conformance.findings)
    for (const [id, recent] of conformance.submissions)
      this.#submissions.set(id, withTail(this.#submissions.get(id) ?? [], recent))
    this.#base.conformance = { ...this.#base.conformance, seq: conformance.seq, counts: conformance.counts }
  }

  /**
   * The saved state with every change applied, and its task records as objects (`tasks.records`
   * is left empty: Engine.restore takes them as they are, with `trusted`).
   * @example
   * const { saved, records } = replay.result()
   * engine.restore(saved, { trusted: true, records })
   */
  result(): { saved: SavedEngine; records: TaskRecord[] } {
    const records = [...this.#tasks.values()]
    const position = new Map(records.map((record, i) => [record.id, i]))
    const own = new Set(this.#clocks.own.map(([id]) => id))
    const lives = new Map<string | undefined, string[]>()
    for (const [id, record] of this.#tasks) {
      if (!this.#upcoming.has(id)) continue
      const world = own.has(record.accountId) ? record.accountId : undefined
      let ids = lives.get(world)
      if (!ids) lives.set(world, (ids = []))
      ids.push(id)
    }
    const world = (clock: SavedWorld['clock'], ids: string[] = []): SavedWorld => ({ clock, life: this.#life(ids) })
    const idempotency = [...this.#idempotency].sort(([, a], [, b]) => a.createdAt - b.createdAt)
    const random = new Random(this.#base.seed)
    random.restore(this.#base.random)
    random.skip(this.#draws)
    const saved = {
      ...this.#base,
      random: random.save(),
      ledger: [...this.#ledger],
      tasks: {
        records: { columns: [], rows: [] },
        finished: [...this.#finished].flatMap((id) => position.get(id) ?? []),
      },
      worlds: {
        server: world(this.#clocks.server, lives.get(undefined)),
        own: this.#clocks.own.map(([id, clock]) => [id, world(clock, lives.get(id))]),
      },
      history: records.flatMap(({ id }) => {
        const entries = this.#history.get(id)
        return entries ? [[id, entries] as [string, readonly HistoryEntry[]]] : []
      }),
      idempotency,
      conformance: {
        ...this.#base.conformance,
        findings: this.#findings,
        reads: [...this.#reads],
        submissions: [...this.#submissions],
      },
    } as SavedEngine
    return { saved, records }
  }

  /** A pending task's steps: every timed one in time order (creation order among equals), their poll ones. */
  #life(ids: string[]): SavedLife {
    const events = ids.flatMap((taskId) => this.#upcoming.get(taskId)!.timed.map((step) => ({ taskId, step })))
    events.sort((a, b) => a.step.at - b.step.at)
    const polls = ids.flatMap((id): [string, Upcoming['polls']][] => {
      const steps = this.#upcoming.get(id)!.polls
      return steps.length > 0 ? [[id, steps]] : []
    })
    return { events, polls, pending: ids, stale: 0 }
  }

  #task(id: string, { upcoming, history, read, finding }: TaskExtras): void {
    if (this.#tasks.get(id)?.status) this.#finished.add(id)
    if (upcoming) this.#upcoming.set(id, upcoming)
    else this.#upcoming.delete(id)
    if (history) this.#history.set(id, history)
    else this.#history.delete(id)
    if (read) {
      this.#reads.delete(id) // set again: least recently read first
      this.#reads.set(id, read)
    } else this.#reads.delete(id)
    if (finding) {
      const i = this.#findings.findIndex((kept) => kept.seq === finding.seq)
      if (i >= 0) this.#findings[i] = finding
    }
  }

  #forget(id: string): void {
    this.#tasks.delete(id)
    this.#finished.delete(id)
    this.#upcoming.delete(id)
    this.#history.delete(id)
    // What the rules remember of its reads outlives the task, as in the engine.
  }
}
