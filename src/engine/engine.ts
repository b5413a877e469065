import type { AccountCreate, AccountPatch, AdvanceBy } from '../contract/control.js'
import type { ValidationIssue } from '../contract/errors.js'
import { accountsFixtureSchema, type AccountsFixture, type PricingFixture } from '../contract/fixtures.js'
import { DEFAULT_ID_STYLE, type IdStyle } from '../contract/id-style.js'
import { imageRequestSchemaFor, type ImageRequest } from '../contract/image-request.js'
import type { FullTaskSnapshot, ModelList, SubmissionResponse, TaskSnapshot } from '../contract/responses.js'
import type { Scenario, Transition } from '../contract/scenario.js'
import { sparseSetting, type SparseMode, type SparseSetting } from '../contract/sparse.js'
import { videoRequestSchemaFor, type VideoRequest } from '../contract/video-request.js'
import { Accounts, type Account, type Credential } from './accounts.js'
import { bundledScenarios } from './bundled-scenarios.js'
import { Catalogue } from './catalogue.js'
import { Clock, type ClockOptions, type ClockState } from './clock.js'
import { Conformance, CONFORMANCE_RULES, type Breach } from './conformance.js'
import { Coverage, recordRead } from './coverage.js'
import { defaultAccounts, defaultPricing } from './default-fixtures.js'
import { drawId } from './id-style.js'
import { canonicalJson, IdempotencyRecords } from './idempotency.js'
import { Journal } from './journal.js'
import { Ledger, type LedgerEntry } from './ledger.js'
import { newTaskRecord, requestFacts } from './new-task.js'
import { renderImage } from './png.js'
import { Problem } from './problem.js'
import { Random } from './random.js'
import { Scenarios, type ScenarioEntry, type ScenarioRequest, type SubmitPlan } from './scenarios.js'
import { restoreEngine, saveEngine, type EngineParts, type SavedEngine, type StoredSubmission } from './saved-state.js'
import { toSnapshot, toSubmission } from './snapshot.js'
import { sparseKey, sparsen, type AnswerKind } from './sparse.js'
import type { TaskRecord } from './task-record.js'
import { comingChange, pastChange, REQUESTS_SHOWN, type TaskDetail } from './task-detail.js'
import { TaskStore } from './task-store.js'
import { TaskLife } from './task-life.js'
import { scheduleSteps } from './timeline.js'
import { World, Worlds, type Advanced } from './world.js'
import { idempotencyKeyIssues, validate } from './validation.js'

export interface EngineOptions {
  /** Seeds identifiers and durations. Default 1. */
  seed?: number
  clock?: ClockOptions
  accounts?: AccountsFixture
  pricing?: PricingFixture
  /** The MP4 served for every completed video task. */
  videoSample?: Uint8Array
  /** Scenarios on top of the bundled ones; one with a bundled name replaces it. */
  scenarios?: readonly (Scenario | ScenarioEntry)[]
  /** The scenario requests get when nothing else picks one. Default 'default'. */
  scenario?: string
  /** How long an Idempotency-Key is remembered, in simulated seconds. Default 24 h. */
  idempotencyRetentionSeconds?: number
  /** How many requests the journal keeps. Default 1000. */
  journalLimit?: number
  /** How many tasks are kept: beyond it, the tasks that finished first are evicted. Default 10 000. */
  maxTasks?: number
  /** Waits out a scenario's latency; wall time, not simulated. Injectable for tests. */
  sleep?: (ms: number) => Promise<void>
  /** Refuse requests that break a conformance error rule, instead of only reporting them. Default false. */
  strict?: boolean
  /** The shape of task, provider task and request ids; a scenario's `idStyle` wins. Default 'prefixed'. */
  idStyle?: IdStyle
  /**
   * Sparse answers (README, Sparse answers): true or 'random' leaves out each field the interface
   * does not say is always present on a seeded coin, 'all' leaves them all out. A scenario's
   * `sparse` wins, and a request's `Prefer: sparse` over both. Default false.
   */
  sparse?: boolean | SparseMode
}

export type Endpoint = 'image' | 'video'
export type { ScenarioRequest }

export interface SubmitOptions {
  idempotencyKey?: string | null
  scenario?: ScenarioRequest | null
  /** What the request's `Prefer: sparse` asks for; wins over the scenario's and the server's. */
  sparse?: SparseSetting | null
}

export interface ReadOptions {
  /** What the request's `Prefer: sparse` asks for; wins over the task's scenario's and the server's. */
  sparse?: SparseSetting | null
}

/** What the engine learnt about a submission, even one that failed: for the request journal. */
export interface SubmitTrace {
  scenario?: string
  taskId?: string
  /** The conformance rules the request broke, as it broke them. */
  breaches?: Breach[]
}

export interface Submission {
  response: SubmissionResponse
  /** The success status the scenario asks for (200 unless submit.httpStatus says otherwise). */
  status: number
  /** True when an Idempotency-Key retry got the original response back. */
  replayed: boolean
  /** The scenario drops the connection after the commit: the client gets no response. */
  drop: boolean
}

/** An account's clock: its own (manual, advanced on its own) or the server's. */
export interface AccountClock extends ClockState {
  own: boolean
}

export interface AccountView extends Account {
  credits: number
  clock: AccountClock
  /** The latest ledger entries (up to 1000); `olderEntries` counts the ones before them. */
  ledger: readonly LedgerEntry[]
  olderEntries?: number
}

export interface TaskView extends FullTaskSnapshot {
  accountId: string
  provider: TaskRecord['provider']
  scenario: string
  polls: number
  /** Where a pending task is on its timeline: when its next timed change is due, and at which poll. */
  nextChangeAt?: string
  nextChangeAtPoll?: number
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * The simulation: accounts and their credits, tasks and their timelines, the clock, idempotency.
 * No HTTP here: handlers call these methods and turn a thrown Problem into a response.
 * Every entry point first observes the clock, which applies the events due by then in time order.
 * Scenarios decide each task's life; the journal keeps the requests the handlers report.
 * @example
 * const engine = new Engine({ seed: 7, clock: { mode: 'manual' } })
 * const alice = engine.authenticate({ kind: 'key', key: 'sk_test_alice' })
 * const { response } = await engine.submit(alice, 'image', { model: 'vendor-a/base-image', prompt: 'a fox' }, null)
 * engine.advanceClock(12)
 * engine.readTask(alice, response.taskId, 'http://localhost').status // 1
 */
export class Engine {
  readonly clock: Clock
  readonly catalogue: Catalogue
  readonly scenarios: Scenarios
  readonly journal: Journal
  readonly conformance = new Conformance()
  /** Which outcomes of the interface the client met (README, Outcome coverage). */
  readonly coverage = new Coverage()
  readonly #strict: boolean
  readonly #idStyle: IdStyle
  readonly #sparse: SparseSetting
  readonly #accountsFixture: ReturnType<typeof accountsFixtureSchema.parse>
  readonly #videoSample: Uint8Array | undefined
  readonly #sleep: (ms: number) => Promise<void>
  #seed: number
  #random: Random
  #seq = 0
  readonly #accounts = new Accounts()
  readonly #ledger = new Ledger()
  readonly #tasks: TaskStore
  readonly #life: TaskLife
  /** The server clock and the tasks it moves; accounts with a clock of their own, theirs. */
  readonly #worlds: Worlds
  readonly #idempotency: IdempotencyRecords<StoredSubmission>

  /** Throws Invalid request when the scenarios' or accounts' references do not resolve. */
  constructor(options: EngineOptions = {}) {
    this.clock = new Clock(options.clock)
    this.catalogue = new Catalogue(options.pricing ?? defaultPricing)
    this.#accountsFixture = options.accounts ? accountsFixtureSchema.parse(options.accounts) : defaultAccounts
    const extra = (options.scenarios ?? []).map((s) =>
      'scenario' in s && 'origin' in s ? s : { scenario: s as Scenario, origin: 'options' },
    )
    const byName = new Map([...bundledScenarios, ...extra].map((entry) => [entry.scenario.name, entry]))
    this.scenarios = new Scenarios([...byName.values()], options.scenario)
    this.journal = new Journal(options.journalLimit)
    this.#tasks = new TaskStore(options.maxTasks ?? 10_000)
    this.#life = new TaskLife(this.#tasks, this.#ledger)
    // One history for every clock's tasks; an evicted task's goes with it.
    this.#tasks.onEvict = (id) => this.#life.history.drop(id)
    this.#worlds = new Worlds(new World(this.clock, this.#life), this.#tasks, this.#ledger)
    this.#videoSample = options.videoSample
    this.#sleep = options.sleep ?? wait
    this.#strict = options.strict ?? false
    this.#idStyle = options.idStyle ?? DEFAULT_ID_STYLE
    this.#sparse = sparseSetting(options.sparse) ?? 'off'
    this.#seed = options.seed ?? 1
    this.#random = new Random(this.#seed)
    this.#idempotency = new IdempotencyRecords((options.idempotencyRetentionSeconds ?? 24 * 3600) * 1000)
    this.#loadAccounts()
  }

  get seed(): number {
    return this.#seed
  }

  /** The simulated now of the server clock, after applying every event due by then. */
  observe(): number {
    return this.#worlds.server.observe()
  }

  /** The clock an account's tasks, ledger and Date headers read: its own, or the server's. */
  clockOf(accountId: string | undefined): Clock {
    return this.#worlds.of(accountId).clock
  }

  authenticate(credential: Credential | null, remoteAddress?: string): Account {
    return this.#accounts.authenticate(credential, remoteAddress, this.observe())
  }

  /**
   * Reports a breach of a conformance rule on `trace`; in strict mode (the server's or the
   * account's) an error rule also refuses the request, before anything is stored or charged.
   */
  breach(trace: SubmitTrace, breach: Breach & { retryAfterSeconds?: number }, account?: Account): void {
    const { retryAfterSeconds, ...kept } = breach
    ;(trace.breaches ??= []).push(kept)
    const rule = CONFORMANCE_RULES[breach.rule]
    if (rule.severity === 'error' && (account?.strict ?? this.#strict)) {
      throw Problem.of({
        kind: 'conformance',
        rule: breach.rule,
        status: rule.strictStatus,
        message: breach.message,
        retryAfterSeconds,
      })
    }
  }

  models(): ModelList {
    return this.catalogue.list()
  }

  /**
   * Validates, prices and accepts a generation request as its scenario says: pre-debits the credits
   * and schedules the task's life. With an Idempotency-Key, a retry of the same body replays the
   * original response. `trace` learns the scenario and task even when the request fails.
   */
  async submit(
    account: Account,
    endpoint: Endpoint,
    body: unknown,
    options: SubmitOptions = {},
    trace: SubmitTrace = {},
  ): Promise<Submission> {
    const now = this.#worlds.observeFor(account.id)
    const at = { sim: now, wall: this.clock.wall() }
    const idempotencyKey = options.idempotencyKey ?? null
    const fingerprint = canonicalJson(body)
    const relay = endpoint === 'image' && (body as { provider?: unknown } | null)?.provider === 'relay'
    for (const breach of this.conformance.beforeSubmit(
      account.id,
      { fingerprint: `${endpoint}|${fingerprint}`, key: idempotencyKey, relay },
      at,
    ))
      this.breach(trace, breach, account)
    const prompt = (body as { prompt?: unknown } | null)?.prompt
    const choice = this.scenarios.choose(
      options.scenario ?? null,
      typeof prompt === 'string' ? prompt : undefined,
      account.scenario,
    )
    const request = this.#validate(endpoint, body, idempotencyKey, choice.issues)
    trace.scenario = choice.name
    const scope = `${account.id}|${endpoint}`
    if (idempotencyKey !== null) {
      const outcome = this.#begin(scope, idempotencyKey, fingerprint, now, trace, account)
      if (outcome.kind === 'replay') {
        this.coverage.record('idempotent-replay', account.id)
        return { ...outcome.response, replayed: true, drop: false }
      }
    }
    const attempt = (failed: boolean) =>
      this.conformance.afterSubmit(
        account.id,
        { fingerprint: `${endpoint}|${fingerprint}`, key: idempotencyKey, failed },
        at,
      )
    try {
      const submission = await this.#accept(account, request, choice.name, now, trace)
      // Sparse before it is stored: an Idempotency-Key replay gives the answer as it was sent.
      submission.response = this.#sparsen(submission.response, 'submission', 0, options.sparse, choice.name, account)
      if (idempotencyKey !== null)
        this.#idempotency.complete(scope, idempotencyKey, { response: submission.response, status: submission.status })
      if (relay) this.conformance.submitted(submission.response.taskId, at)
      attempt(submission.drop || submission.response.submissionUncertain === true)
      if (submission.drop) this.coverage.record('connection-dropped', account.id)
      if (submission.response.submissionUncertain === true) this.coverage.record('submission-uncertain', account.id)
      return submission
    } catch (error) {
      if (idempotencyKey !== null) this.#idempotency.release(scope, idempotencyKey)
      // A 5xx leaves the client not knowing whether it was charged: its retry must reuse the key.
      const detail = error instanceof Problem ? error.detail : undefined
      if ((detail?.kind === 'fault' || detail?.kind === 'rejected') && detail.status >= 500) attempt(true)
      throw error
    }
  }

  /** Begins an Idempotency-Key's request; the same key with another body is also a conformance breach. */
  #begin(scope: string, key: string, fingerprint: string, now: number, trace: SubmitTrace, account: Account) {
    try {
      return this.#idempotency.begin(scope, key, fingerprint, now)
    } catch (error) {
      if (error instanceof Problem && error.detail.kind === 'idempotency-mismatch') {
        this.breach(
          trace,
          {
            rule: 'key-reused-with-other-body',
            idempotencyKey: key,
            message:
              'this Idempotency-Key was sent before with a different body: reuse a key only to retry the same request',
          },
          account,
        )
      }
      throw error
    }
  }

  /** The caller's task; another account's task is "not found", never "forbidden". Counts a poll. */
  readTask(
    account: Account,
    id: string,
    origin: string,
    trace: SubmitTrace = {},
    options: ReadOptions = {},
  ): TaskSnapshot {
    const now = this.#worlds.observeFor(account.id)
    const at = { sim: now, wall: this.clock.wall() }
    const task = this.#owned(account, id)
    const early = this.conformance.beforeRead(
      { id: task.id, relay: task.provider === 'relay', pollAfterSeconds: task.pollAfterSeconds },
      at,
    )
    if (early) this.breach(trace, early, account)
    task.polls += 1
    this.#worlds.of(account.id).life.polled(id, task.polls, now)
    const late = this.conformance.afterRead(task.id, task.status, at)
    if (late) this.breach(trace, late, account)
    recordRead(this.coverage, task, account.id, !early && !late)
    return this.#sparsen(toSnapshot(task, origin), 'snapshot', task.polls, options.sparse, task.scenario, account)
  }

  /** PNG bytes of an output image; relay media need the owner's credential (`caller` null: the control API's, no credential asked). */
  imageMedia(taskId: string, index: number, caller: (() => Account) | null, trace: SubmitTrace = {}): Uint8Array {
    const task = this.#completedMedia(taskId, 'image', caller, trace)
    if (!Number.isInteger(index) || index < 0 || index >= task.numOutputs)
      throw Problem.of({ kind: 'not-found', message: 'Media not found' })
    return renderImage({ key: `${this.#seed}:${task.id}:${index}`, ...task.preview })
  }

  /** MP4 bytes of an output video; relay media need the owner's credential. */
  videoMedia(taskId: string, caller: (() => Account) | null, trace: SubmitTrace = {}): Uint8Array {
    this.#completedMedia(taskId, 'video', caller, trace)
    if (!this.#videoSample) throw Problem.of({ kind: 'not-found', message: 'No video sample is configured' })
    return this.#videoSample
  }

  // ---- control ----

  /**
   * One task as the dashboard's detail shows it: its view, its past changes, its steps still to
   * come, the owner's ledger entries and the journal entries about it. Task not found when unknown.
   * @example
   * engine.taskDetail('tsk_…', origin).history // [{ at, status: 0 }, { at, status: 1, by: 'timeline' }]
   */
  taskDetail(taskId: string, origin: string): TaskDetail<TaskView> {
    this.#worlds.observeFor(this.#tasks.get(taskId)?.accountId)
    const task = this.#tasks.get(taskId)
    if (!task) throw Problem.of({ kind: 'task-not-found' })
    const life = this.#worlds.of(task.accountId).life
    const { timed, polls } = life.upcoming(taskId)
    return {
      task: this.#view(task, origin),
      history: (life.history.of(taskId) ?? []).map(pastChange),
      scheduled: [...timed, ...polls].map(comingChange),
      ledger: this.#ledger.entries(task.accountId).filter((entry) => entry.taskId === taskId),
      requests: this.journal.find({ taskId }).slice(0, REQUESTS_SHOWN),
    }
  }

  /**
   * A completed task's output for the control API (the dashboard): image `index`, or the video at
   * index 0. No credential is asked, even for relay media, so no conformance rule can be broken.
   * @example
   * engine.taskMedia('tsk_…', 0) // { type: 'image', bytes: Uint8Array [PNG] }
   */
  taskMedia(taskId: string, index: number): { type: TaskRecord['type']; bytes: Uint8Array } {
    const task = this.#tasks.get(taskId)
    if (!task) throw Problem.of({ kind: 'task-not-found' })
    if (task.type === 'image') return { type: 'image', bytes: this.imageMedia(taskId, index, null) }
    if (index !== 0) throw Problem.of({ kind: 'not-found', message: 'Media not found' })
    return { type: 'video', bytes: this.videoMedia(taskId, null) }
  }

  clockState(): ClockState {
    this.observe()
    return this.clock.state
  }

  /**
   * Advances the server clock (accounts with a clock of their own stay where they are): by some
   * seconds, to the next scheduled change of a task, or until no task is pending.
   * @example
   * engine.advanceClock({ until: 'idle' }) // { now, changes: [{ taskId, at, status: 1 }], idle: true, mode, speed }
   */
  advanceClock(by: number | AdvanceBy): Advanced {
    return this.#worlds.server.advance(typeof by === 'number' ? { seconds: by } : by)
  }

  /** An account's clock. */
  accountClock(accountId: string): AccountClock {
    this.#account(accountId)
    const world = this.#worlds.of(accountId)
    world.observe()
    return { ...world.clock.state, own: world !== this.#worlds.server }
  }

  /** Advances an account's own clock; an account on the server clock is refused (400 naming clock). */
  advanceAccountClock(accountId: string, by: AdvanceBy): Advanced {
    this.#account(accountId)
    const world = this.#worlds.own(accountId)
    if (!world) {
      const message = `account ${accountId} reads the server clock: give it one of its own (PATCH /__mock/accounts/${accountId} {"clock": "own"}) or advance the server clock (POST /__mock/clock/advance)`
      throw Problem.invalid([{ in: 'path', path: 'clock', message }])
    }
    return world.advance(by)
  }

  setClock(change: Parameters<Clock['set']>[0]): ClockState {
    this.clock.set(change)
    return this.clockState()
  }

  /**
   * Back to the start: fixture accounts and credits, the scenarios and default given at start;
   * tasks, events, idempotency keys and the journal cleared. The clock keeps going.
   */
  reset(seed = this.#seed): void {
    this.#seed = seed
    this.#random = new Random(seed)
    this.#seq = 0
    this.#tasks.clear()
    this.#life.clear()
    this.#life.history.clear()
    this.#worlds.clear()
    this.#idempotency.clear()
    this.journal.clear()
    this.conformance.clear()
    this.coverage.clear()
    this.scenarios.reset()
    this.#loadAccounts()
  }
  /**
   * The whole state as a JSON-safe value, for `restore` on an engine made with the same options
   * (the browser door keeps it across a page reload): saved-state.ts.
   * @example
   * sessionStorage.setItem('genmock', JSON.stringify(engine.save()))
   */
  save(): SavedEngine {
    return saveEngine(this.#parts())
  }

  /**
   * Replaces the state with a saved one: a manual clock at its saved time, a real one as if it had
   * run on meanwhile. Refuses a value of another version or a malformed one (Error, nothing changed).
   * @example
   * engine.restore(JSON.parse(sessionStorage.getItem('genmock')!))
   */
  restore(saved: SavedEngine): void {
    const { seed, seq } = restoreEngine(saved, this.#parts())
    this.#seed = seed
    this.#seq = seq
  }

  /** Makes `name` the scenario requests get by default, and applies its accounts' balances and flags. */
  chooseScenario(name: string): void {
    this.observe()
    const previous = this.scenarios.defaultName
    this.scenarios.setDefault(name)
    try {
      this.#applyScenarioAccounts()
    } catch (error) {
      this.scenarios.setDefault(previous)
      throw error
    }
  }

  /** Loads a scenario at run time, or replaces the one of that name. */
  loadScenario(scenario: Scenario, origin = 'control API'): 'created' | 'replaced' {
    return this.scenarios.add({ scenario, origin })
  }

  /**
   * Forces a pending task into a state now, with the same ledger effect as a timeline step.
   * @example
   * engine.transition('tsk_…', { status: 2, errorCode: 'UPSTREAM_FAILED', refund: true }, origin)
   */
  transition(taskId: string, { refund, ...set }: Transition, origin: string): TaskView {
    const task = this.#tasks.get(taskId)
    if (!task) throw Problem.of({ kind: 'task-not-found' })
    const now = this.#worlds.observeFor(task.accountId)
    if (task.status !== 0)
      throw Problem.of({
        kind: 'conflict',
        message: `Task is terminal (status ${task.status}): terminal tasks never change`,
      })
    this.#worlds.of(task.accountId).life.apply(taskId, { set, refund }, now)
    return this.#view(task, origin)
  }

  createAccount(input: AccountCreate): { id: string; apiKey: string; credits: number } {
    const now = this.observe()
    if (input.apiKey !== undefined && this.#accounts.hasKey(input.apiKey)) {
      throw Problem.of({ kind: 'conflict', message: 'That apiKey is already in use' })
    }
    this.#checkScenarioName(input.scenario)
    const id = this.#unique(
      () => this.#random.id('acct_', 12),
      (candidate) => this.#accounts.get(candidate) !== undefined,
    )
    const apiKey = input.apiKey ?? this.#random.id('sk_test_', 24)
    const account = this.#accounts.add({
      id,
      name: input.name ?? id,
      demo: input.demo ?? false,
      scenario: input.scenario,
      keys: [{ key: apiKey, revoked: false }],
      sessions: [],
    })
    if (input.strict !== undefined) account.strict = input.strict
    this.#ledger.open(id, input.credits, now)
    if (input.clock === 'own') this.#worlds.setClock(id, 'own')
    return { id, apiKey, credits: input.credits }
  }

  getAccount(id: string): AccountView {
    const account = this.#account(id)
    const clock = this.accountClock(id)
    const older = this.#ledger.olderEntries(id)
    return {
      ...account,
      credits: this.#ledger.balance(id),
      clock,
      ledger: this.#ledger.entries(id),
      ...(older > 0 ? { olderEntries: older } : {}),
    }
  }

  patchAccount(id: string, patch: AccountPatch): AccountView {
    const account = this.#account(id)
    const now = this.#worlds.observeFor(id)
    this.#checkScenarioName(patch.scenario ?? undefined)
    if (patch.clock !== undefined) this.#worlds.setClock(id, patch.clock)
    if (patch.name !== undefined) account.name = patch.name
    if (patch.demo !== undefined) account.demo = patch.demo
    if (patch.strict !== undefined) account.strict = patch.strict
    if (patch.scenario === null) delete account.scenario
    else if (patch.scenario !== undefined) account.scenario = patch.scenario
    if (patch.credits !== undefined) this.#ledger.setBalance(id, patch.credits, now)
    return this.getAccount(id)
  }

  listAccounts(): { id: string; name: string; credits: number }[] {
    this.#worlds.observeAll()
    return this.#accounts.all().map(({ id, name }) => ({ id, name, credits: this.#ledger.balance(id) }))
  }

  listTasks(
    filter: { accountId?: string; status?: TaskRecord['status']; limit: number },
    origin: string,
  ): { total: number; tasks: TaskView[] } {
    this.#worlds.observeAll()
    const tasks = this.#tasks.list(filter)
    return {
      total: tasks.length,
      tasks: tasks.slice(0, filter.limit).map((task) => this.#view(task, origin)),
    }
  }

  get pendingEvents(): number {
    return this.#worlds.pendingEvents
  }

  /** How many tasks are stored, pending and finished (a count that lists nothing, so builds no listing rows). */
  get storedTasks(): number {
    return this.#tasks.size
  }

  // ---- internals ----

  #parts(): EngineParts {
    return {
      seed: this.#seed,
      seq: this.#seq,
      random: this.#random,
      accounts: this.#accounts,
      ledger: this.#ledger,
      tasks: this.#tasks,
      worlds: this.#worlds,
      history: this.#life.history,
      idempotency: this.#idempotency,
      journal: this.journal,
      conformance: this.conformance,
      scenarios: this.scenarios,
    }
  }

  /**
   * The answer as sparseness leaves it: the request's setting, else the scenario's, else the
   * server's; the full answer itself when off. `answer` numbers the task's answers (0: submission).
   */
  #sparsen<T extends SubmissionResponse | TaskSnapshot>(
    full: T,
    kind: AnswerKind,
    answer: number,
    asked: SparseSetting | null | undefined,
    scenario: string,
    account: Account,
  ): T {
    const setting = asked ?? sparseSetting(this.scenarios.sparseOf(scenario)) ?? this.#sparse
    if (setting === 'off') return full
    const sparse = sparsen(full, kind, setting, sparseKey(this.#seed, full.taskId, answer))
    if (Object.keys(sparse).length < Object.keys(full).length) this.coverage.record('sparse-answer', account.id)
    return sparse
  }

  #validate(
    endpoint: Endpoint,
    body: unknown,
    idempotencyKey: string | null,
    extra: ValidationIssue[],
  ): ImageRequest | VideoRequest {
    const relay = endpoint === 'image' && (body as { provider?: unknown } | null)?.provider === 'relay'
    const issues = [...idempotencyKeyIssues(idempotencyKey, relay), ...extra]
    return endpoint === 'image'
      ? validate(imageRequestSchemaFor(body), body, issues)
      : validate(videoRequestSchemaFor(body), body, issues)
  }

  async #accept(
    account: Account,
    request: ImageRequest | VideoRequest,
    scenario: string,
    now: number,
    trace: SubmitTrace,
  ): Promise<Submission> {
    // Every random draw happens before the first await, in request order: determinism by seed.
    const facts = requestFacts(request, account.id)
    const plan = this.scenarios.plan(scenario, facts, this.#random)
    const latency = plan.latency ? this.#random.within(plan.latency) : 0
    const credits = this.catalogue.price(request)
    const style = this.scenarios.get(scenario)?.scenario.idStyle ?? this.#idStyle
    // Only a task id must not be a stored task's: the others name nothing genmock looks up.
    const id = (prefix: string) =>
      prefix === 'tsk_'
        ? this.#unique(
            () => drawId(this.#random, style, prefix),
            (candidate) => this.#tasks.has(candidate),
          )
        : drawId(this.#random, style, prefix)
    const record = newTaskRecord({ account, request, facts, plan, credits, now, seq: this.#seq++, id })
    const steps = scheduleSteps(plan.timeline, record, this.#random)
    if (latency > 0) await this.#sleep(latency)
    this.#refuseAsPlanned(plan, credits)
    if (!this.#ledger.debit(account.id, credits, record.id, now))
      throw Problem.of({ kind: 'insufficient-credits', required: credits })
    let task: TaskRecord
    try {
      task = this.#tasks.add(record)
    } catch (error) {
      this.#ledger.reverse(account.id, credits, record.id, now)
      throw error
    }
    trace.taskId = task.id
    this.#worlds.of(account.id).life.schedule(task.id, steps)
    return {
      response: toSubmission(task),
      status: plan.httpStatus,
      replayed: false,
      drop: plan.fault?.type === 'drop-after-commit',
    }
  }

  /** A scenario's reject or error-before-commit fault: nothing is stored or debited. */
  #refuseAsPlanned({ reject, fault }: SubmitPlan, credits: number): void {
    if (reject) {
      const body =
        reject.body.error === 'Insufficient credits' && reject.body.required === undefined
          ? { ...reject.body, required: credits }
          : reject.body
      throw Problem.of({ kind: 'rejected', status: reject.status, body, headers: reject.headers })
    }
    if (fault?.type === 'error-before-commit')
      throw Problem.of({ kind: 'fault', status: fault.status, message: fault.error })
  }

  #view(task: TaskRecord, origin: string): TaskView {
    const next = this.#worlds.of(task.accountId).life.next(task.id)
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

  #account(id: string): Account {
    const account = this.#accounts.get(id)
    if (!account) throw Problem.of({ kind: 'not-found', message: 'Account not found' })
    return account
  }

  #checkScenarioName(name: string | undefined): void {
    if (name !== undefined && !this.scenarios.has(name))
      throw Problem.invalid([{ in: 'body', path: 'scenario', message: this.scenarios.unknown(name) }])
  }

  #owned(account: Account, id: string): TaskRecord {
    const task = this.#tasks.get(id)
    if (!task || task.accountId !== account.id) throw Problem.of({ kind: 'task-not-found' })
    return task
  }

  #completedMedia(
    taskId: string,
    type: TaskRecord['type'],
    caller: (() => Account) | null,
    trace: SubmitTrace,
  ): TaskRecord {
    this.#worlds.observeFor(this.#tasks.get(taskId)?.accountId)
    const task = this.#tasks.get(taskId)
    if (!task || task.type !== type || task.status !== 1)
      throw Problem.of({ kind: 'not-found', message: 'Media not found' })
    if (task.provider !== 'relay' || caller === null) return task
    let account: Account | undefined
    try {
      account = caller()
    } catch {
      // Unauthorized either way; reported against the task's owner, whose media they are.
    }
    if (account?.id !== task.accountId) {
      const message =
        "relay media requested without the owner's credential: relay media requires application authentication"
      this.breach(
        trace,
        { rule: 'relay-media-without-auth', taskId, accountId: task.accountId, message },
        this.#accounts.get(task.accountId),
      )
      throw Problem.of({ kind: 'unauthorized' })
    }
    return task
  }

  #loadAccounts(): void {
    const now = this.clock.now()
    this.#accounts.clear()
    this.#ledger.clear()
    this.#accountsFixture.accounts.forEach((fixture, i) => {
      if (fixture.scenario !== undefined && !this.scenarios.has(fixture.scenario)) {
        throw Problem.invalid([
          { in: 'body', path: `accounts.${i}.scenario`, message: this.scenarios.unknown(fixture.scenario) },
        ])
      }
      this.#accounts.add(fixture)
      this.#ledger.open(fixture.id, fixture.credits, now)
    })
    this.#applyScenarioAccounts()
  }

  /** The default scenario's `accounts`: every id must exist, else nothing changes. */
  #applyScenarioAccounts(): void {
    const name = this.scenarios.defaultName
    const changes = Object.entries(this.scenarios.get(name)?.scenario.accounts ?? {})
    const unknown = changes.filter(([id]) => !this.#accounts.get(id))
    if (unknown.length > 0) {
      const known = this.#accounts
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
      const account = this.#accounts.get(id)!
      if (change.demo !== undefined) account.demo = change.demo
      if (change.scenario !== undefined) account.scenario = change.scenario
      if (change.credits !== undefined) this.#ledger.setBalance(id, change.credits, now)
    }
  }

  #unique(draw: () => string, taken: (id: string) => boolean): string {
    let id = draw()
    while (taken(id)) id = draw()
    return id
  }
}
