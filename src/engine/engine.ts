// The engine: the simulation behind one facade, the way in for the route core and the doors.
import type { AccountCreate, AccountPatch, AdvanceBy } from '../contract/control-requests.js'
import type { ModelList } from '../contract/responses.js'
import type { Scenario, Transition } from '../contract/scenario.js'
import type { Account, Credential } from './accounts/accounts.js'
import type { Clock, ClockState } from './clock/clock.js'
import type { Breach, Conformance } from './journal/conformance.js'
import * as control from './control-actions.js'
import type { Journal } from './journal/journal.js'
import type { RestoreOptions, SavedEngine } from './saved-state.js'
import { EngineMedia } from './engine-media.js'
import { EngineRecord } from './engine-record.js'
import { EngineSaving } from './engine-saving.js'
import type { ScenarioEntry, Scenarios } from './scenarios/scenarios.js'
import type { Catalogue } from './catalogue.js'
import * as service from './service-calls.js'
import * as reads from './service-reads.js'
import type { EngineOptions } from './engine-options.js'
import { EngineState, type TaskView } from './engine-state.js'
import type { TaskDetail } from './tasks/task-detail.js'
import type { AppliedChange } from './tasks/task-history.js'
import { storedByState, type TaskCount } from './tasks/task-tally.js'
import type { LedgerSums } from './accounts/ledger.js'
import type { Advanced } from './clock/account-clocks.js'

export type { EngineOptions, TaskView }
export type { AccountClock, AccountView, RevokedKey } from './control-actions.js'
export type { Endpoint, Submission, SubmitOptions } from './service-calls.js'
export type { ReadOptions, TaskRead } from './service-reads.js'
export type { ScenarioRequest } from './scenarios/scenarios.js'
export type { AppliedChange } from './tasks/task-history.js'

/** The journal as the engine shows it: read, never written (docs/control-api.md). */
export type JournalView = Pick<Journal, 'find' | 'list' | 'size' | 'capacity'>
/** The conformance findings as the engine shows them: read, never written. */
export type ConformanceView = Pick<Conformance, 'findings' | 'counts' | 'errorCount' | 'assertClean' | 'capacity'>

/**
 * The simulation: accounts and their credits, tasks and their timelines, the clock, idempotency.
 * No HTTP here: handlers call these methods and turn a thrown Problem into a response. The
 * service's operations live in service-calls.ts, the control operations in control-actions.ts, over one
 * EngineState. Every entry point first observes the clock, which applies the events due by then.
 * @example
 * const engine = new Engine({ seed: 7, clock: { mode: 'manual' } })
 * const alice = engine.authenticate({ kind: 'key', key: 'sk_test_alice' })
 * const { response } = await engine.submit(alice, 'image', { model: 'vendor-a/base-image', prompt: 'a fox' })
 * engine.advanceClock(12)
 * engine.readTask(alice, response.taskId, 'http://localhost').snapshot.status // 1
 */
export class Engine {
  readonly #state: EngineState
  readonly #resetListeners: (() => void)[] = []
  /** What a door keeping the state in a log asks (docs/state.md): checkpoints and the changes since. */
  readonly saving: EngineSaving
  /** What clients did, recorded as the route core sees it: the journal, the findings, the outcomes met. */
  readonly record: EngineRecord
  /** The outputs of completed tasks: the service's media routes and the control API's. */
  readonly media: EngineMedia

  /** Throws Invalid request when the scenarios' or accounts' references do not resolve. */
  constructor(options: EngineOptions = {}) {
    this.#state = new EngineState(options)
    this.saving = new EngineSaving(this.#state)
    this.record = new EngineRecord(this.#state)
    this.media = new EngineMedia(this.#state)
  }

  /**
   * Tells `listener` of each change applied to a task from now on, as it is applied (undefined: no
   * one): what a door's traces follow (docs/metrics-and-traces.md). It runs inside the request or
   * the clock's tick that applied the change, so it must be quick, must not throw nor call the engine.
   * @example
   * engine.onTaskChange(({ taskId, status, by }) => console.log(taskId, status, by)) // tsk_… 1 timeline
   */
  onTaskChange(listener: ((change: AppliedChange) => void) | undefined): void {
    this.#state.life.history.listener = listener
  }

  /** The request journal, read-only: it changes through `record.request` and `record.clearJournal`. */
  get journal(): JournalView {
    return this.#state.journal
  }
  /** The conformance findings, read-only: they change through `record.findings` and `record.clearFindings`. */
  get conformance(): ConformanceView {
    return this.#state.conformance
  }
  get seed(): number {
    return this.#state.seed
  }
  get pendingEvents(): number {
    return this.#state.worlds.pendingEvents
  }
  /** How many tasks are stored, pending and finished (a count that lists nothing, so builds no listing rows). */
  get storedTasks(): number {
    return this.#state.tasks.size
  }

  /** The account a stored task belongs to, undefined for one not stored (docs/sandbox.md). */
  taskOwner(taskId: string): string | undefined {
    return this.#state.tasks.get(taskId)?.accountId
  }

  /** What a metrics scrape reads: tasks stored by type and status, created by model and scenario, credits by kind. */
  tally(): { stored: TaskCount[]; created: TaskCount[]; credits: LedgerSums } {
    const { tasks, ledger } = this.#state
    return { stored: storedByState(tasks.records()), created: tasks.created.counts(), credits: ledger.sums() }
  }

  /** The simulated now of the server clock, after applying every event due by then. */
  observe(): number {
    return this.#state.observe()
  }

  /** Calls `listener` after every reset, whichever door asked: what a simulator keeps beside the engine resets too. */
  onReset(listener: () => void): void {
    this.#resetListeners.push(listener)
  }

  /** The clock an account's tasks, ledger and Date headers read: its own, or the server's (`undefined`). */
  clockOf(accountId: string | undefined): Clock {
    return this.#state.worlds.of(accountId).clock
  }

  // ---- the service ----

  /** Whether a string is one of the accounts' keys or session tokens, which nothing may write down. */
  isCredential(value: string): boolean {
    return this.#state.accounts.isCredential(value)
  }

  authenticate(credential: Credential | null, remoteAddress?: string): Account {
    return this.#state.accounts.authenticate(credential, remoteAddress, this.observe())
  }

  /**
   * Adds a breach the caller found (a key sent from a browser) to its `breaches`; in strict mode an
   * error rule also refuses the request (a thrown conformance Problem).
   */
  breach(breaches: Breach[], breach: Breach, account?: Account): void {
    this.#state.breach(breaches, breach, account)
  }

  models(): ModelList {
    return this.#state.catalogue.list()
  }

  /**
   * Validates, prices and accepts a generation request as its scenario says: pre-debits the credits
   * and schedules the task's life. With an Idempotency-Key, a retry of the same body replays the
   * original response. A thrown Problem's `facts` say what was learnt (scenario, task, breaches).
   * Without a promise where none is needed (docs/performance.md): the submission itself when nothing
   * waits (no key, no latency), and a refusal thrown at once; `await` it either way.
   */
  submit(
    account: Account,
    endpoint: service.Endpoint,
    body: unknown,
    options: service.SubmitOptions = {},
  ): service.Submission | Promise<service.Submission> {
    return service.submit(this.#state, account, endpoint, body, options)
  }

  /**
   * The caller's task (`snapshot`), its reply's JSON text and the rules the read broke; another
   * account's task is "not found". Counts a poll.
   */
  readTask(account: Account, id: string, origin: string, options: reads.ReadOptions = {}): reads.TaskRead {
    return reads.readTask(this.#state, account, id, origin, options)
  }

  // ---- control ----

  /**
   * One task as the dashboard's detail shows it: its view, its past changes, its steps still to
   * come, the owner's ledger entries and the journal entries about it. Task not found when unknown.
   * @example
   * engine.taskDetail('tsk_…', origin).history // [{ at, status: 0 }, { at, status: 1, by: 'timeline' }]
   */
  taskDetail(taskId: string, origin: string): TaskDetail<TaskView> {
    return control.taskDetail(this.#state, taskId, origin)
  }

  clockState(): ClockState {
    return control.clockState(this.#state)
  }

  /**
   * Advances the server clock (accounts with a clock of their own stay where they are): by some
   * seconds, to the next scheduled change of a task, or until no task is pending.
   * @example
   * engine.advanceClock({ until: 'idle' }) // { now, changes: [{ taskId, at, status: 1 }], idle: true, mode, speed }
   */
  advanceClock(by: number | AdvanceBy): Advanced {
    return this.#state.worlds.server.advance(typeof by === 'number' ? { seconds: by } : by)
  }

  accountClock(accountId: string): control.AccountClock {
    return control.accountClock(this.#state, accountId)
  }

  /** Advances an account's own clock; an account on the server clock is refused (account-on-server-clock). */
  advanceAccountClock(accountId: string, by: AdvanceBy): Advanced {
    return control.advanceAccountClock(this.#state, accountId, by)
  }

  setClock(change: Parameters<Clock['set']>[0]): ClockState {
    this.#state.clock.set(change)
    return this.clockState()
  }

  /**
   * Back to the start: fixture accounts and credits, the scenarios and default given at start;
   * tasks, events, idempotency keys and the journal cleared. The clock keeps going. Answers the keys it
   * revoked (those of accounts it did not make again), by account and last characters.
   */
  reset(seed = this.#state.seed): control.RevokedKey[] {
    const revoked = control.reset(this.#state, seed)
    for (const listener of this.#resetListeners) listener()
    return revoked
  }

  /**
   * The whole state as a JSON-safe value, for `restore` on an engine made with the same options
   * (the browser door keeps it across a page reload): saved-state.ts.
   * @example
   * sessionStorage.setItem('genmock', JSON.stringify(engine.save()))
   */
  save(): SavedEngine {
    return control.save(this.#state)
  }

  /**
   * Replaces the state with a saved one: a manual clock at its saved time, a real one as if it had
   * run on meanwhile. Refuses a value of another version or a malformed one (Error, nothing changed).
   * @example
   * engine.restore(JSON.parse(sessionStorage.getItem('genmock')!))
   */
  restore(saved: SavedEngine, options?: RestoreOptions): void {
    control.restore(this.#state, saved, options)
  }

  /** Makes `name` the scenario requests get by default, and applies its accounts' balances and flags. */
  chooseScenario(name: string): void {
    control.chooseScenario(this.#state, name)
  }

  /** Loads a scenario at run time, or replaces the one of that name. */
  loadScenario(scenario: Scenario, origin = 'control API'): 'created' | 'replaced' {
    return this.#state.scenarios.add({ scenario, origin })
  }

  /**
   * Forces a pending task into a state now, with the same ledger effect as a timeline step.
   * @example
   * engine.transition('tsk_…', { status: 2, errorCode: 'UPSTREAM_FAILED', refund: true }, origin)
   */
  transition(taskId: string, change: Transition, origin: string): TaskView {
    return control.transition(this.#state, taskId, change, origin)
  }

  createAccount(input: AccountCreate): { id: string; apiKey: string; credits: number } {
    return control.createAccount(this.#state, input)
  }

  getAccount(id: string): control.AccountView {
    return control.getAccount(this.#state, id)
  }

  patchAccount(id: string, patch: AccountPatch): control.AccountView {
    return control.patchAccount(this.#state, id, patch)
  }

  listAccounts(): { id: string; name: string; credits: number }[] {
    return control.listAccounts(this.#state)
  }

  listTasks(listing: control.TaskListing, origin: string): { total: number; tasks: TaskView[]; nextCursor?: string } {
    return control.listTasks(this.#state, listing, origin)
  }

  /** The scenarios in force and the default one. */
  scenarioList(): { defaultName: string; entries: ScenarioEntry[] } {
    return { defaultName: this.#state.scenarios.defaultName, entries: this.#state.scenarios.list() }
  }

  /** How many scenarios are in force and the default one, without sorting them as the list does. */
  scenarioCount(): { defaultName: string; count: number } {
    return { defaultName: this.#state.scenarios.defaultName, count: this.#state.scenarios.size }
  }

  scenario(name: string): ScenarioEntry | undefined {
    return this.#state.scenarios.get(name)
  }

  /** What decides genmock's answer to a submission, prices and scenarios, for the drift comparison to read. */
  answerBasis(): { catalogue: Catalogue; scenarios: Scenarios } {
    return { catalogue: this.#state.catalogue, scenarios: this.#state.scenarios }
  }
}
