/**
 * The control API's answers the dashboard reads, as types only (erased: no engine code reaches
 * the browser through them). Each is the engine operation's own result, which the route sends
 * as JSON unchanged, so the dashboard's types follow the engine's views.
 */
import type { DriftObservations } from '../drift/drift-observations.js'
import type { DriftFinding } from '../drift/drift-report.js'
import type { Engine } from '../engine/engine.js'
import type { StateStatus } from '../snapshot/snapshot-keeping.js'

/** GET /__mock/state/status: where the state is kept on disk (the standalone server's --state DIR). */
export type StateAnswer = { kept: false } | ({ kept: true } & StateStatus)
/** GET /__mock/clock, PUT /__mock/clock. */
export type ClockAnswer = ReturnType<Engine['clockState']>
/** POST …/clock/advance. */
export type Advanced = ReturnType<Engine['advanceClock']>
/** GET /__mock/tasks. */
export type TaskList = ReturnType<Engine['listTasks']>
export type TaskView = TaskList['tasks'][number]
/** GET /__mock/tasks/:id. */
export type TaskDetail = ReturnType<Engine['taskDetail']>
export type PastChange = TaskDetail['history'][number]
export type ComingChange = TaskDetail['scheduled'][number]
/** GET /__mock/accounts. */
export interface AccountList {
  accounts: ReturnType<Engine['listAccounts']>
}
/** GET and PATCH /__mock/accounts/:id. */
export type AccountView = ReturnType<Engine['getAccount']>
export type LedgerEntry = AccountView['ledger'][number]
/** POST /__mock/accounts. */
export type CreatedAccount = ReturnType<Engine['createAccount']>
/** One journal entry, as GET /__mock/requests lists it. */
export type JournalEntry = TaskDetail['requests'][number]
export interface JournalPage {
  total: number
  requests: JournalEntry[]
  /** Present when older entries follow (docs/control-api.md, Pages). */
  nextCursor?: string
}
/** GET /__mock/conformance (its counts are not shown). */
export interface FindingPage {
  total: number
  findings: ReturnType<Engine['conformance']['findings']>
}
/** GET /__mock/coverage. */
export type CoverageAnswer = ReturnType<Engine['record']['coverage']>

/** GET /__mock/drift. */
export interface DriftPage {
  findings: DriftFinding[]
  observations: DriftObservations
}
/** GET /__mock/scenarios. */
export interface ScenarioList {
  default: string
  scenarios: { name: string; description?: string | undefined }[]
}
/** PUT /__mock/scenario. */
export interface ScenarioChoice {
  default: string
}
/** POST /__mock/reset. */
export interface ResetAnswer {
  seed: number
}
/** GET /__mock/whoami: the admin, or the account whose key the page was opened with. */
export interface WhoAmI {
  caller: 'admin' | 'account'
  accountId?: string
  name?: string
}
/** An error answer of the control API; a refusal's says what credential the route needs. */
export interface ErrorAnswer {
  error?: string
  message?: string
  details?: { issues?: { path: string; message: string }[] }
}
