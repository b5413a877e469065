// The engine's state: what the service's and the control operations share, and the steps both take.
import { accountsFixtureSchema } from '../contract/fixtures.js'
import { DEFAULT_ID_STYLE, type IdStyle } from '../contract/id-style.js'
import type { FullTaskSnapshot, SubmissionResponse, TaskSnapshot } from '../contract/responses.js'
import type { Scenario } from '../contract/scenario.js'
import { sparseSetting, type SparseSetting } from '../contract/sparse.js'
import { Accounts, type Account } from './accounts/accounts.js'
import { bundledScenarios } from './scenarios/bundled-scenarios.js'
import { Catalogue } from './catalogue.js'
import { Clock } from './clock/clock.js'
import { Conformance, CONFORMANCE_RULES, type Breach } from './journal/conformance.js'
import { Coverage } from './journal/coverage.js'
import { defaultAccounts, defaultPricing } from './default-fixtures.js'
import { IdempotencyRecords } from './tasks/idempotency.js'
import { KEEP_FINISHED_PER_ACCOUNT } from './tasks/task-store.js'
import { Journal } from './journal/journal.js'
import { Ledger } from './accounts/ledger.js'
import { Problem } from './problem.js'
import { Random } from './random/random.js'
import { Scenarios } from './scenarios/scenarios.js'
import type { EngineParts, StoredSubmission } from './saved-state.js'
import { StateChanges } from './state-changes.js'
import { toSnapshot } from './tasks/task-snapshot.js'
import { sparseKey, sparsen, type AnswerKind } from './tasks/sparse-answer.js'
import type { EngineOptions } from './engine-options.js'
import type { TaskRecord } from './tasks/task-record.js'
import { TaskStore } from './tasks/task-store.js'
import { TaskLife } from './tasks/task-life.js'
import { World, Worlds } from './clock/account-clocks.js'

export interface TaskView extends FullTaskSnapshot {
  accountId: string
  provider: TaskRecord['provider']
  scenario: string
  polls: number
  /** Where a pending task is on its timeline: when its next timed change is due, and at which poll. */
  nextChangeAt?: string
  nextChangeAtPoll?: number
}

const noWait = () => Promise.resolve()

/**
 * The state the service's operations (service-calls.ts) and the control operations (control-actions.ts) share,
 * and the few steps both take. Internal: users hold an Engine.
 */
export class EngineState {
  readonly clock: Clock
  readonly catalogue: Catalogue
  readonly scenarios: Scenarios
  readonly journal: Journal
  readonly conformance = new Conformance()
  /** Which outcomes of the interface the clients met (docs/conformance-and-coverage.md, Outcome coverage). */
  readonly coverage = new Coverage()
  readonly strict: boolean
  readonly unguessableKeys: boolean
  readonly fixtureAccounts: boolean
  readonly idStyle: IdStyle
  readonly sparse: SparseSetting
  readonly accountsFixture: ReturnType<typeof accountsFixtureSchema.parse>
  #videoSample: Uint8Array | (() => Uint8Array) | undefined
  readonly sleep: (ms: number) => Promise<void>
  seed: number
  random: Random
  seq = 0
  readonly accounts = new Accounts()
  readonly ledger = new Ledger()
  readonly tasks: TaskStore
  readonly life: TaskLife
  /** The server clock and the tasks it moves; accounts with a clock of their own, theirs. */
  readonly worlds: Worlds
  readonly idempotency: IdempotencyRecords<StoredSubmission>
  /** What changed since the state was last saved (docs/state.md): a door's log follows it. */
  readonly changes = new StateChanges(() => this.parts())

  /** Throws Invalid request when the scenarios' or accounts' references do not resolve. */
  constructor(options: EngineOptions) {
    this.clock = new Clock(options.clock)
    this.catalogue = new Catalogue(options.pricing ?? defaultPricing)
    this.accountsFixture = options.accounts ? accountsFixtureSchema.parse(options.accounts) : defaultAccounts
    const extra = (options.scenarios ?? []).map((s) =>
      'scenario' in s && 'origin' in s ? s : { scenario: s as Scenario, origin: 'options' },
    )
    const byName = new Map([...bundledScenarios, ...extra].map((entry) => [entry.scenario.name, entry]))
    this.scenarios = new Scenarios([...byName.values()], options.scenario)
    this.journal = new Journal(options.journalLimit)
    this.tasks = new TaskStore(options.maxTasks ?? 10_000, KEEP_FINISHED_PER_ACCOUNT)
    this.life = new TaskLife(this.tasks, this.ledger)
    // One history for every clock's tasks; an evicted task's goes with it.
    this.tasks.onEvict = (id) => {
      this.life.history.drop(id)
      this.changes.evicted(id)
    }
    this.life.history.onChange = (id) => this.changes.task(id)
    this.worlds = new Worlds(new World(this.clock, this.life), this.tasks, this.ledger)
    this.#videoSample = options.videoSample
    this.sleep = options.sleep ?? noWait
    this.strict = options.strict ?? false
    this.unguessableKeys = options.unguessableKeys ?? false
    this.fixtureAccounts = options.fixtureAccounts ?? true
    this.idStyle = options.idStyle ?? DEFAULT_ID_STYLE
    this.sparse = sparseSetting(options.sparse) ?? 'off'
    this.seed = options.seed ?? 1
    this.random = new Random(this.seed)
    this.idempotency = new IdempotencyRecords((options.idempotencyRetentionSeconds ?? 24 * 3600) * 1000)
    this.loadAccounts()
  }

  /** The video sample, read when first asked for (a door's file read is no part of its start). */
  get videoSample(): Uint8Array | undefined {
    if (typeof this.#videoSample === 'function') this.#videoSample = this.#videoSample()
    return this.#videoSample
  }

  /** The simulated now of the server clock, after applying every event due by then. */
  observe(): number {
    return this.worlds.server.observe()
  }

  /**
   * Adds a breach of a conformance rule to `breaches`; in strict mode (the server's or the
   * account's) an error rule also refuses the request, before anything is stored or charged.
   */
  breach(breaches: Breach[], breach: Breach & { retryAfterSeconds?: number }, account?: Account): void {
    // Copied only when it carries a wait: a rest pattern takes V8's slow path, and most breaches (a poll after
    // a terminal answer, on every such read) carry none.
    breaches.push('retryAfterSeconds' in breach ? withoutWait(breach) : breach)
    if (CONFORMANCE_RULES[breach.rule].severity === 'error' && (account?.strict ?? this.strict))
      throw Problem.of({
        kind: 'conformance',
        rule: breach.rule,
        message: breach.message,
        retryAfterSeconds: breach.retryAfterSeconds,
      })
  }

  /**
   * The answer as sparseness leaves it: the request's setting, else the scenario's, else the
   * server's; the full answer itself when off. `answer` numbers the task's answers (0: submission).
   * An answer that left fields out meets `sparse-answer` for `accountId`.
   */
  sparsen<T extends SubmissionResponse | TaskSnapshot>(
    full: T,
    kind: AnswerKind,
    answer: number,
    asked: SparseSetting | null | undefined,
    scenario: string,
    accountId: string,
  ): T {
    const setting = this.#sparseSetting(asked, scenario)
    if (setting === 'off') return full
    const sparse = sparsen(full, kind, setting, sparseKey(this.seed, full.taskId, answer))
    if (Object.keys(sparse).length < Object.keys(full).length) this.coverage.record('sparse-answer', accountId)
    return sparse
  }

  #sparseSetting(asked: SparseSetting | null | undefined, scenario: string): SparseSetting {
    return asked ?? sparseSetting(this.scenarios.sparseOf(scenario)) ?? this.sparse
  }

  /**
   * A task's snapshot as JSON text, as every door writes it, sparsened as `sparsen` says: serialised
   * once per change of the task for an origin and a setting (tasks/kept-answers.ts); a `random` answer is
   * drawn again on every read, numbered by the task's polls.
   */
  snapshotText(task: TaskRecord, origin: string, asked: SparseSetting | null | undefined): string {
    const setting = this.#sparseSetting(asked, task.scenario)
    const kept = setting === 'random' ? undefined : this.tasks.answers.get(task, origin, setting)
    if (kept) {
      if (kept.sparse) this.coverage.record('sparse-answer', task.accountId)
      return kept.text
    }
    const full = toSnapshot(task, origin)
    const answer = this.sparsen(full, 'snapshot', task.polls, asked, task.scenario, task.accountId)
    const text = JSON.stringify(answer)
    if (setting !== 'random') {
      const sparse = answer !== full && Object.keys(answer).length < Object.keys(full).length
      this.tasks.answers.set(task, { origin, setting, text, sparse })
    }
    return text
  }

  view(task: TaskRecord, origin: string): TaskView {
    const next = this.worlds.of(task.accountId).life.next(task.id)
    return {
      ...toSnapshot(task, origin),
      accountId: task.accountId,
      provider: task.provider,
      scenario: task.scenario,
      polls: task.polls,
      ...(next.at !== undefined ? { nextChangeAt: new Date(next.at).toISOString() } : {}),
      ...(next.poll !== undefined ? { nextChangeAtPoll: next.poll } : {}),
    }
  }

  account(id: string): Account {
    const account = this.accounts.get(id)
    if (!account) throw Problem.of({ kind: 'not-found', message: 'Account not found' })
    return account
  }

  checkScenarioName(name: string | undefined): void {
    if (name !== undefined && !this.scenarios.has(name))
      throw Problem.invalid([{ in: 'body', path: 'scenario', message: this.scenarios.unknown(name) }])
  }

  unique(draw: () => string, taken: (id: string) => boolean): string {
    let id = draw()
    while (taken(id)) id = draw()
    return id
  }

  parts(): EngineParts {
    return {
      seed: this.seed,
      seq: this.seq,
      random: this.random,
      accounts: this.accounts,
      ledger: this.ledger,
      tasks: this.tasks,
      worlds: this.worlds,
      history: this.life.history,
      idempotency: this.idempotency,
      journal: this.journal,
      conformance: this.conformance,
      coverage: this.coverage,
      scenarios: this.scenarios,
    }
  }

  loadAccounts(): void {
    const now = this.clock.now()
    this.accounts.clear()
    this.ledger.clear()
    if (!this.fixtureAccounts) return
    this.accountsFixture.accounts.forEach((fixture, i) => {
      if (fixture.scenario !== undefined && !this.scenarios.has(fixture.scenario)) {
        throw Problem.invalid([
          { in: 'body', path: `accounts.${i}.scenario`, message: this.scenarios.unknown(fixture.scenario) },
        ])
      }
      this.accounts.add(fixture)
      this.ledger.open(fixture.id, fixture.credits, now)
    })
    this.applyScenarioAccounts()
  }

  /** The default scenario's `accounts`: every id must exist, else nothing changes. */
  applyScenarioAccounts(): void {
    const name = this.scenarios.defaultName
    const changes = Object.entries(this.scenarios.get(name)?.scenario.accounts ?? {})
    const unknown = changes.filter(([id]) => !this.accounts.get(id))
    if (unknown.length > 0) {
      const known = this.accounts
        .all()
        .map((a) => a.id)
        .join(', ')
      throw Problem.invalid(
        unknown.map(([id]) => ({
          in: 'body' as const,
          path: `accounts.${id}`,
          message: `scenario "${name}" names no account "${id}"; known: ${known}`,
        })),
      )
    }
    const now = this.clock.now()
    for (const [id, change] of changes) {
      const account = this.accounts.get(id)!
      if (change.demo !== undefined) account.demo = change.demo
      if (change.scenario !== undefined) account.scenario = change.scenario
      if (change.credits !== undefined) this.ledger.setBalance(id, change.credits, now)
    }
  }
}

/** A breach as its request's findings keep it: the wait it asked for goes in the refusal, not in the finding. */
function withoutWait({ retryAfterSeconds: _, ...kept }: Breach & { retryAfterSeconds?: number }): Breach {
  return kept
}
