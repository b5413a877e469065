import type { AccountCreate, AccountPatch } from '../contract/control.js'
import { accountsFixtureSchema, type AccountsFixture, type PricingFixture } from '../contract/fixtures.js'
import { imageRequestSchemaFor, isRelayRequest, type ImageRequest } from '../contract/image-request.js'
import { LIMITS } from '../contract/limits.js'
import type { ModelList, SubmissionResponse, TaskSnapshot } from '../contract/responses.js'
import { videoRequestSchemaFor, type VideoRequest } from '../contract/video-request.js'
import { Accounts, type Account, type Credential } from './accounts.js'
import { Catalogue } from './catalogue.js'
import { Clock, type ClockOptions, type ClockState } from './clock.js'
import { defaultAccounts, defaultPricing } from './default-fixtures.js'
import { canonicalJson, IdempotencyRecords } from './idempotency.js'
import { Ledger, type LedgerEntry } from './ledger.js'
import { imageSize, renderImage } from './png.js'
import { Problem } from './problem.js'
import { Random } from './random.js'
import { Scheduler } from './scheduler.js'
import { toSnapshot, toSubmission } from './snapshot.js'
import type { TaskRecord } from './task-record.js'
import { TaskStore } from './task-store.js'
import { defaultLifecycle, ruleSteps, type Lifecycle, type TimelineStep } from './timeline.js'
import { idempotencyKeyIssues, validate } from './validation.js'

export interface EngineOptions {
  /** Seeds identifiers and durations. Default 1. */
  seed?: number
  clock?: ClockOptions
  accounts?: AccountsFixture
  pricing?: PricingFixture
  /** The MP4 served for every completed video task. */
  videoSample?: Uint8Array
  lifecycle?: Lifecycle
  /** How long an Idempotency-Key is remembered, in simulated seconds. Default 24 h. */
  idempotencyRetentionSeconds?: number
}

export type Endpoint = 'image' | 'video'

export interface Submission {
  response: SubmissionResponse
  /** True when an Idempotency-Key retry got the original response back. */
  replayed: boolean
}

export interface AccountView extends Account {
  credits: number
  ledger: readonly LedgerEntry[]
}

export interface TaskView extends TaskSnapshot {
  accountId: string
  provider: TaskRecord['provider']
}

const RELAY_EXPIRY_MS = 3600 * 1000

/**
 * The simulation: accounts and their credits, tasks and their timelines, the clock, idempotency.
 * No HTTP here: handlers call these methods and turn a thrown Problem into a response.
 * Every entry point first observes the clock, which applies the events due by then in time order.
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
  readonly #accountsFixture: ReturnType<typeof accountsFixtureSchema.parse>
  readonly #lifecycle: Lifecycle
  readonly #videoSample: Uint8Array | undefined
  #seed: number
  #random: Random
  #seq = 0
  readonly #accounts = new Accounts()
  readonly #ledger = new Ledger()
  readonly #tasks = new TaskStore()
  readonly #events = new Scheduler<{ taskId: string; step: TimelineStep }>()
  readonly #idempotency: IdempotencyRecords<SubmissionResponse>

  constructor(options: EngineOptions = {}) {
    this.clock = new Clock(options.clock)
    this.catalogue = new Catalogue(options.pricing ?? defaultPricing)
    this.#accountsFixture = options.accounts ? accountsFixtureSchema.parse(options.accounts) : defaultAccounts
    this.#lifecycle = options.lifecycle ?? defaultLifecycle
    this.#videoSample = options.videoSample
    this.#seed = options.seed ?? 1
    this.#random = new Random(this.#seed)
    this.#idempotency = new IdempotencyRecords((options.idempotencyRetentionSeconds ?? 24 * 3600) * 1000)
    this.#loadAccounts()
  }

  get seed(): number {
    return this.#seed
  }

  /** The simulated now, after applying every event due by then. */
  observe(): number {
    const now = this.clock.now()
    this.#events.runDue(now, (at, { taskId, step }) => this.#apply(taskId, step, at))
    return now
  }

  authenticate(credential: Credential | null, remoteAddress?: string): Account {
    return this.#accounts.authenticate(credential, remoteAddress, this.observe())
  }

  models(): ModelList {
    return this.catalogue.list()
  }

  /**
   * Validates, prices and accepts a generation request: pre-debits the credits and schedules the
   * task's life. With an Idempotency-Key, a retry of the same body replays the original response.
   */
  async submit(account: Account, endpoint: Endpoint, body: unknown, idempotencyKey: string | null): Promise<Submission> {
    const now = this.observe()
    const request = this.#validate(endpoint, body, idempotencyKey)
    const scope = `${account.id}|${endpoint}`
    if (idempotencyKey !== null) {
      const outcome = this.#idempotency.begin(scope, idempotencyKey, canonicalJson(body), now)
      if (outcome.kind === 'replay') return { response: outcome.response, replayed: true }
    }
    try {
      const response = await this.#accept(account, request, now)
      if (idempotencyKey !== null) this.#idempotency.complete(scope, idempotencyKey, response)
      return { response, replayed: false }
    } catch (error) {
      if (idempotencyKey !== null) this.#idempotency.release(scope, idempotencyKey)
      throw error
    }
  }

  /** The caller's task; another account's task is "not found", never "forbidden". */
  readTask(account: Account, id: string, origin: string): TaskSnapshot {
    this.observe()
    return toSnapshot(this.#owned(account, id), origin)
  }

  /** PNG bytes of an output image; relay media need the owner's credential. */
  imageMedia(taskId: string, index: number, caller: () => Account): Uint8Array {
    const task = this.#completedMedia(taskId, 'image', caller)
    if (!Number.isInteger(index) || index < 0 || index >= task.numOutputs) throw Problem.of({ kind: 'not-found', message: 'Media not found' })
    return renderImage({ key: `${this.#seed}:${task.id}:${index}`, ...task.preview })
  }

  /** MP4 bytes of an output video; relay media need the owner's credential. */
  videoMedia(taskId: string, caller: () => Account): Uint8Array {
    this.#completedMedia(taskId, 'video', caller)
    if (!this.#videoSample) throw Problem.of({ kind: 'not-found', message: 'No video sample is configured' })
    return this.#videoSample
  }

  // ---- control ----

  clockState(): ClockState {
    this.observe()
    return this.clock.state
  }

  advanceClock(seconds: number): ClockState {
    this.clock.advance(seconds)
    return this.clockState()
  }

  setClock(change: Parameters<Clock['set']>[0]): ClockState {
    this.clock.set(change)
    return this.clockState()
  }

  /** Back to the fixtures: accounts, credits, tasks, events and idempotency keys; the clock keeps going. */
  reset(seed = this.#seed): void {
    this.#seed = seed
    this.#random = new Random(seed)
    this.#seq = 0
    this.#tasks.clear()
    this.#events.clear()
    this.#idempotency.clear()
    this.#loadAccounts()
  }

  createAccount(input: AccountCreate): { id: string; apiKey: string; credits: number } {
    const now = this.observe()
    if (input.apiKey !== undefined && this.#accounts.hasKey(input.apiKey)) {
      throw Problem.of({ kind: 'conflict', message: 'That apiKey is already in use' })
    }
    const id = this.#unique(() => this.#random.id('acct_', 12), (candidate) => this.#accounts.get(candidate) !== undefined)
    const apiKey = input.apiKey ?? this.#random.id('sk_test_', 24)
    this.#accounts.add({ id, name: input.name ?? id, demo: input.demo ?? false, scenario: input.scenario, keys: [{ key: apiKey, revoked: false }], sessions: [] })
    this.#ledger.open(id, input.credits, now)
    return { id, apiKey, credits: input.credits }
  }

  getAccount(id: string): AccountView {
    this.observe()
    const account = this.#accounts.get(id)
    if (!account) throw Problem.of({ kind: 'not-found', message: 'Account not found' })
    return { ...account, credits: this.#ledger.balance(id), ledger: this.#ledger.entries(id) }
  }

  patchAccount(id: string, patch: AccountPatch): AccountView {
    const now = this.observe()
    const account = this.#accounts.get(id)
    if (!account) throw Problem.of({ kind: 'not-found', message: 'Account not found' })
    if (patch.name !== undefined) account.name = patch.name
    if (patch.demo !== undefined) account.demo = patch.demo
    if (patch.scenario === null) delete account.scenario
    else if (patch.scenario !== undefined) account.scenario = patch.scenario
    if (patch.credits !== undefined) this.#ledger.setBalance(id, patch.credits, now)
    return this.getAccount(id)
  }

  listAccounts(): { id: string; name: string; credits: number }[] {
    this.observe()
    return this.#accounts.all().map(({ id, name }) => ({ id, name, credits: this.#ledger.balance(id) }))
  }

  listTasks(filter: { accountId?: string; status?: TaskRecord['status']; limit: number }, origin: string): { total: number; tasks: TaskView[] } {
    this.observe()
    const tasks = this.#tasks.list(filter)
    return {
      total: tasks.length,
      tasks: tasks.slice(0, filter.limit).map((task) => ({ ...toSnapshot(task, origin), accountId: task.accountId, provider: task.provider })),
    }
  }

  get pendingEvents(): number {
    return this.#events.size
  }

  // ---- internals ----

  #validate(endpoint: Endpoint, body: unknown, idempotencyKey: string | null): ImageRequest | VideoRequest {
    const relay = endpoint === 'image' && (body as { provider?: unknown } | null)?.provider === 'relay'
    const headerIssues = idempotencyKeyIssues(idempotencyKey, relay)
    return endpoint === 'image' ? validate(imageRequestSchemaFor(body), body, headerIssues) : validate(videoRequestSchemaFor(body), body, headerIssues)
  }

  async #accept(account: Account, request: ImageRequest | VideoRequest, now: number): Promise<SubmissionResponse> {
    const credits = this.catalogue.price(request)
    // Every random draw happens before the first await, in request order: determinism by seed.
    const record = this.#newRecord(account, request, credits, now)
    const steps = [...this.#lifecycle(record, this.#random), ...ruleSteps(record)]
    if (!this.#ledger.debit(account.id, credits, record.id, now)) throw Problem.of({ kind: 'insufficient-credits', required: credits })
    let task: TaskRecord
    try {
      task = await this.#tasks.add(record)
    } catch (error) {
      this.#ledger.reverse(account.id, credits, record.id, now)
      throw error
    }
    for (const step of steps) this.#events.schedule(now + step.after, { taskId: task.id, step })
    return toSubmission(task)
  }

  #newRecord(account: Account, request: ImageRequest | VideoRequest, credits: number, now: number): TaskRecord {
    const video = 'inputMode' in request
    const relay = !video && isRelayRequest(request)
    const provider = relay ? 'relay' : !video && request.provider === 'upstream-a' ? 'upstream-a' : 'standard'
    const layout: { aspectRatio?: string | undefined; width?: number | undefined; height?: number | undefined } = relay ? {} : request
    return {
      id: this.#unique(() => this.#random.id('tsk_'), (id) => this.#tasks.has(id)),
      seq: this.#seq++,
      type: video ? 'video' : 'image',
      accountId: account.id,
      model: request.model,
      prompt: request.prompt ?? '',
      provider,
      status: 0,
      creditsUsed: credits,
      creditRefunded: false,
      createdAt: now,
      updatedAt: now,
      providerTaskId: this.#random.id('prv_'),
      requestId: this.#random.id('req_'),
      httpRequestId: this.#random.id('http_'),
      submissionUncertain: false,
      effectiveWatermark: relay ? request.watermark : false,
      demo: account.demo,
      upstreamSeen: provider !== 'upstream-a',
      numOutputs: video ? 1 : request.numOutputs,
      preview: imageSize(layout.aspectRatio, layout.width, layout.height),
      ...(provider !== 'standard' ? { upstreamHttpStatus: 200 } : {}),
      ...(relay
        ? { relayStatus: 'queued', pollAfterSeconds: LIMITS.minPollAfterSeconds, expiresAt: now + RELAY_EXPIRY_MS }
        : {}),
    }
  }

  #apply(taskId: string, step: TimelineStep, at: number): void {
    const task = this.#tasks.get(taskId)
    if (!task || task.status !== 0) return // terminal tasks never change
    if (step.onlyIfUpstreamUnseen && task.upstreamSeen) return
    if (step.upstreamSeen) task.upstreamSeen = true
    if (step.set) {
      Object.assign(task, step.set)
      task.updatedAt = at
    }
    if (step.refund && !task.creditRefunded) {
      this.#ledger.refund(task.accountId, task.creditsUsed, task.id, at)
      task.creditRefunded = true
    }
  }

  #owned(account: Account, id: string): TaskRecord {
    const task = this.#tasks.get(id)
    if (!task || task.accountId !== account.id) throw Problem.of({ kind: 'task-not-found' })
    return task
  }

  #completedMedia(taskId: string, type: TaskRecord['type'], caller: () => Account): TaskRecord {
    this.observe()
    const task = this.#tasks.get(taskId)
    if (!task || task.type !== type || task.status !== 1) throw Problem.of({ kind: 'not-found', message: 'Media not found' })
    if (task.provider === 'relay' && caller().id !== task.accountId) throw Problem.of({ kind: 'unauthorized' })
    return task
  }

  #loadAccounts(): void {
    const now = this.clock.now()
    this.#accounts.clear()
    this.#ledger.clear()
    for (const fixture of this.#accountsFixture.accounts) {
      this.#accounts.add(fixture)
      this.#ledger.open(fixture.id, fixture.credits, now)
    }
  }

  #unique(draw: () => string, taken: (id: string) => boolean): string {
    let id = draw()
    while (taken(id)) id = draw()
    return id
  }
}
