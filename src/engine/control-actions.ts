// The control operations (the control API's and the dashboard's): clocks, accounts, tasks, reset,
// save and restore. Plain functions over the state the service's operations share.
import type { AccountCreate, AccountPatch, AdvanceBy } from '../contract/control-requests.js'
import type { Transition } from '../contract/scenario.js'
import type { Account } from './accounts/accounts.js'
import type { ClockState } from './clock/clock.js'
import type { LedgerEntry, LedgerSums } from './accounts/ledger.js'
import { Problem } from './problem.js'
import { Random } from './random/random.js'
import { unguessableKey } from './random/unguessable-key.js'
import { restoreEngine, saveEngine, type RestoreOptions, type SavedEngine } from './saved-state.js'
import { imageMedia, videoMedia } from './service-reads.js'
import type { EngineState, TaskView } from './engine-state.js'
import type { TaskRecord } from './tasks/task-record.js'
import { comingChange, pastChange, REQUESTS_SHOWN, type TaskDetail } from './tasks/task-detail.js'
import type { Advanced } from './clock/account-clocks.js'

/** An account's clock: its own (manual, advanced on its own) or the server's. */
export interface AccountClock extends ClockState {
  own: boolean
}

export interface AccountView extends Account {
  credits: number
  clock: AccountClock
  /** The latest ledger entries (up to 1000); `olderEntries` counts those before them, `olderSums` sums them by kind. */
  ledger: readonly LedgerEntry[]
  olderEntries?: number
  olderSums?: LedgerSums
}

export function taskDetail(state: EngineState, taskId: string, origin: string): TaskDetail<TaskView> {
  state.worlds.observeFor(state.tasks.get(taskId)?.accountId)
  const task = state.tasks.get(taskId)
  if (!task) throw Problem.of({ kind: 'task-not-found' })
  const life = state.worlds.of(task.accountId).life
  const { timed, polls } = life.upcoming(taskId)
  return {
    task: state.view(task, origin),
    history: (life.history.of(task) ?? []).map(pastChange),
    scheduled: [...timed, ...polls].map(comingChange),
    ledger: state.ledger.entries(task.accountId).filter((entry) => entry.taskId === taskId),
    requests: state.journal.find({ taskId }).slice(0, REQUESTS_SHOWN),
  }
}

export function taskMedia(
  state: EngineState,
  taskId: string,
  index: number,
): { type: TaskRecord['type']; bytes: Uint8Array } {
  const task = state.tasks.get(taskId)
  if (!task) throw Problem.of({ kind: 'task-not-found' })
  if (task.type === 'image') return { type: 'image', bytes: imageMedia(state, taskId, index, null) }
  if (index !== 0) throw Problem.of({ kind: 'not-found', message: 'Media not found' })
  return { type: 'video', bytes: videoMedia(state, taskId, null) }
}

export function clockState(state: EngineState): ClockState {
  state.observe()
  return state.clock.state
}

export function accountClock(state: EngineState, accountId: string): AccountClock {
  state.account(accountId)
  const world = state.worlds.of(accountId)
  world.observe()
  return { ...world.clock.state, own: world !== state.worlds.server }
}

export function advanceAccountClock(state: EngineState, accountId: string, by: AdvanceBy): Advanced {
  state.account(accountId)
  const world = state.worlds.own(accountId)
  if (!world) throw Problem.of({ kind: 'account-on-server-clock', accountId })
  return world.advance(by)
}

/** A key a reset revoked: its account and its last characters (the key itself is never shown). */
export interface RevokedKey {
  accountId: string
  name: string
  key: string
}

/** Back to the start; the keys that no longer open anything, each by its account and last four characters. */
export function reset(state: EngineState, seed: number): RevokedKey[] {
  const before = state.accounts.save()
  state.seed = seed
  state.random = new Random(seed)
  state.seq = 0
  state.tasks.clear()
  state.life.clear()
  state.life.history.clear()
  state.worlds.clear()
  state.idempotency.clear()
  state.journal.clear()
  state.conformance.clear()
  state.coverage.clear()
  state.scenarios.reset()
  state.loadAccounts()
  state.changes.everything()
  const names = new Map(before.accounts.map(({ id, name }) => [id, name]))
  return before.keys
    .filter(([key, record]) => !record.revoked && !state.accounts.hasKey(key))
    .map(([key, { accountId }]) => ({ accountId, name: names.get(accountId) ?? accountId, key: `…${key.slice(-4)}` }))
}

export const save = (state: EngineState): SavedEngine => saveEngine(state.parts())

export function restore(state: EngineState, saved: SavedEngine, options?: RestoreOptions): void {
  const { seed, seq } = restoreEngine(saved, state.parts(), options)
  state.seed = seed
  state.seq = seq
  state.changes.everything()
}

export function chooseScenario(state: EngineState, name: string): void {
  state.observe()
  const previous = state.scenarios.defaultName
  state.scenarios.setDefault(name)
  try {
    state.applyScenarioAccounts()
  } catch (error) {
    state.scenarios.setDefault(previous)
    throw error
  }
}

export function transition(state: EngineState, taskId: string, { refund, ...set }: Transition, origin: string) {
  const task = state.tasks.get(taskId)
  if (!task) throw Problem.of({ kind: 'task-not-found' })
  const now = state.worlds.observeFor(task.accountId)
  if (task.status !== 0)
    throw Problem.of({
      kind: 'conflict',
      message: `Task is terminal (status ${task.status}): terminal tasks never change`,
    })
  state.worlds.of(task.accountId).life.apply(taskId, { set, refund }, now)
  return state.view(task, origin)
}

export function createAccount(
  state: EngineState,
  input: AccountCreate,
): { id: string; apiKey: string; credits: number } {
  const now = state.observe()
  if (input.apiKey !== undefined && state.accounts.hasKey(input.apiKey)) {
    throw Problem.of({ kind: 'conflict', message: 'That apiKey is already in use' })
  }
  state.checkScenarioName(input.scenario)
  const id = state.unique(
    () => state.random.id('acct_', 12),
    (candidate) => state.accounts.get(candidate) !== undefined,
  )
  // Drawn from the seed in any case, so that the ids after it are the same whatever keys are made of.
  const seeded = state.random.id('sk_test_', 24)
  const apiKey = input.apiKey ?? (state.unguessableKeys ? unguessableKey('sk_test_', 24) : seeded)
  const account = state.accounts.add({
    id,
    name: input.name ?? id,
    demo: input.demo ?? false,
    scenario: input.scenario,
    keys: [{ key: apiKey, revoked: false }],
    sessions: [],
  })
  if (input.strict !== undefined) account.strict = input.strict
  state.ledger.open(id, input.credits, now)
  if (input.clock === 'own') state.worlds.setClock(id, 'own')
  return { id, apiKey, credits: input.credits }
}

export function getAccount(state: EngineState, id: string): AccountView {
  const account = state.account(id)
  const clock = accountClock(state, id)
  const older = state.ledger.olderEntries(id)
  return {
    ...account,
    credits: state.ledger.balance(id),
    clock,
    ledger: state.ledger.entries(id),
    ...(older > 0 ? { olderEntries: older, olderSums: state.ledger.olderSums(id) } : {}),
  }
}

export function patchAccount(state: EngineState, id: string, patch: AccountPatch): AccountView {
  const account = state.account(id)
  const now = state.worlds.observeFor(id)
  state.checkScenarioName(patch.scenario ?? undefined)
  if (patch.clock !== undefined) state.worlds.setClock(id, patch.clock)
  if (patch.name !== undefined) account.name = patch.name
  if (patch.demo !== undefined) account.demo = patch.demo
  if (patch.strict !== undefined) account.strict = patch.strict
  if (patch.scenario === null) delete account.scenario
  else if (patch.scenario !== undefined) account.scenario = patch.scenario
  if (patch.credits !== undefined) state.ledger.setBalance(id, patch.credits, now)
  return getAccount(state, id)
}

export function listAccounts(state: EngineState): { id: string; name: string; credits: number }[] {
  state.worlds.observeAll()
  return state.accounts.all().map(({ id, name }) => ({ id, name, credits: state.ledger.balance(id) }))
}

/** What GET /__mock/tasks asks for: a filter and a page (docs/control-api.md, Pages). */
export interface TaskListing {
  accountId?: string
  status?: TaskRecord['status']
  limit: number
  offset?: number
  /** The `nextCursor` of the page before. */
  cursor?: string
}

/**
 * A page of tasks, newest first; `nextCursor`, given back as `cursor`, asks for the page after it.
 * @example
 * const first = listTasks(state, { limit: 100 }, origin)
 * listTasks(state, { limit: 100, cursor: first.nextCursor }, origin)
 */
export function listTasks(
  state: EngineState,
  { cursor, offset, limit, ...filter }: TaskListing,
  origin: string,
): { total: number; tasks: TaskView[]; nextCursor?: string } {
  state.worlds.observeAll()
  const before = cursor === undefined ? undefined : Number(cursor)
  const page = state.tasks.page(filter, { limit, offset: offset ?? 0, before })
  return {
    total: page.total,
    tasks: page.tasks.map((task) => state.view(task, origin)),
    ...(page.next !== undefined ? { nextCursor: String(page.next) } : {}),
  }
}
