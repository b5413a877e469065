/**
 * Every route genmock has, one line each: method, path, handler name, who may call it (as WireMock's
 * AdminRoutes) and what kind of exchange it is. A new route is one more line here and its handler in the
 * area's file. The route core checks the access column before the handler runs (access-step.ts):
 * - `service key`: the service's own endpoints; 401 without the caller's key, the handler gets the caller.
 * - `owner key`: anyone, but a relay task's media answer only its owner's key: the handler gets the
 *   check, to run when the task is a relay's.
 * - `public`: anyone (the dashboard page, health, the service's document).
 * The control API's other rows (docs/sandbox.md) are these; without `--admin-token`, anyone is the admin.
 * - `admin`: only the admin token (everything server-wide).
 * - `account`: an account's key or the admin token; the handler gets the caller.
 * - `own account`: the path's `:id` is an account: the caller's own (an account key), or any (the admin).
 * - `own task`: the path's `:id` is a task: one of the caller's own, or any; another's is Task not found.
 * - `own listing`: a listing whose `account` filter defaults to the caller's and may name no other: the
 *   handler gets the account it is cut to (undefined: the admin's, every account).
 */
import type { Account } from '../engine/accounts/accounts.js'
import type { ExchangeKind, Row } from '../http/router.js'

export type { ExchangeKind }
import { ACCOUNT_HANDLERS } from './account-handlers.js'
import { CLOCK_HANDLERS } from './clock-handlers.js'
import { DRIFT_HANDLERS } from './drift-handlers.js'
import { JOURNAL_HANDLERS } from './journal-handlers.js'
import { MCP_HANDLERS } from './mcp-handlers.js'
import { MEDIA_HANDLERS } from './media-handlers.js'
import { METRICS_HANDLERS } from './metrics-handlers.js'
import type { Caller, Route } from './route-context.js'
import { SCENARIO_HANDLERS } from './scenario-handlers.js'
import { SERVICE_HANDLERS } from './service-handlers.js'
import { SIMULATOR_HANDLERS, WHOAMI_HANDLERS } from './simulator-handlers.js'
import { STATE_HANDLERS } from './state-handlers.js'
import { TASK_HANDLERS } from './task-handlers.js'

const HANDLERS = {
  ...SERVICE_HANDLERS,
  ...MEDIA_HANDLERS,
  ...SIMULATOR_HANDLERS,
  ...WHOAMI_HANDLERS,
  ...CLOCK_HANDLERS,
  ...ACCOUNT_HANDLERS,
  ...TASK_HANDLERS,
  ...SCENARIO_HANDLERS,
  ...JOURNAL_HANDLERS,
  ...DRIFT_HANDLERS,
  ...STATE_HANDLERS,
  ...METRICS_HANDLERS,
  ...MCP_HANDLERS,
} satisfies Record<string, Route<never>>

/** What the route core hands a row's handler, by the row's access column. */
interface Given {
  'service key': Account
  'owner key': () => Account
  public: undefined
  admin: undefined
  account: Caller
  'own account': undefined
  'own task': undefined
  'own listing': string | undefined
}
export type Access = keyof Given

/** Who may call a row, in words: the control API reference's access column and docs/sandbox.md's table. */
export const ACCESS_WORDS: Readonly<Record<Access, string>> = {
  'service key': 'an account key (the service)',
  'owner key': "anyone; a relay task's media only its owner's key",
  public: 'anyone',
  admin: 'the admin',
  account: 'an account; the admin',
  'own account': 'an account, its own; the admin',
  'own task': 'an account, its own tasks; the admin',
  'own listing': "an account, cut to its own; the admin, everyone's",
}
/** Every access a row may have: a row without one is refused by the type and by route-table.test.ts. */
export const ACCESS = Object.keys(ACCESS_WORDS) as readonly Access[]

type HandlerName = keyof typeof HANDLERS
/** The handlers that take what an access gives: a service route is never on a control row, say. */
type HandlerFor<A extends Access> = {
  [K in HandlerName]: (typeof HANDLERS)[K] extends Route<Given[A]> ? K : never
}[HandlerName]
/** `opaque`: the parameters are ids; one that is not valid percent-encoding is kept as sent (it names nothing). */
type Line = {
  [A in Access]: readonly [
    method: Row<Route>['method'],
    path: string,
    handler: HandlerFor<A>,
    access: A,
    kind: ExchangeKind,
    ids?: 'opaque',
  ]
}[Access]

const ROUTE_TABLE: readonly Line[] = [
  // The service and its media
  ['GET', '/api/ai/tasks/:id', 'readTask', 'service key', 'task read', 'opaque'],
  ['POST', '/api/ai/image/generate', 'submitImage', 'service key', 'image submission'],
  ['POST', '/api/ai/video/generate', 'submitVideo', 'service key', 'video submission'],
  ['GET', '/api/ai/models', 'listModels', 'service key', 'model list'],
  ['GET', '/media/images/:taskId/:file', 'serveImage', 'owner key', 'media'],
  ['GET', '/media/videos/:file', 'serveVideo', 'owner key', 'media'],
  ['GET', '/openapi.json', 'serviceOpenApi', 'public', 'document'],
  // The control API (docs/control-api.md), in the control document's order
  ['GET', '/__mock/', 'dashboardPage', 'public', 'page'],
  ['GET', '/__mock', 'dashboardRedirect', 'public', 'page'],
  ['GET', '/__mock/health', 'health', 'public', 'control'],
  ['GET', '/__mock/whoami', 'whoami', 'account', 'control'],
  ['GET', '/__mock/openapi.json', 'controlOpenApi', 'account', 'document'],
  ['GET', '/__mock/clock', 'clockState', 'account', 'control'],
  ['POST', '/__mock/clock/advance', 'advanceClock', 'admin', 'control'],
  ['PUT', '/__mock/clock', 'setClock', 'admin', 'control'],
  ['POST', '/__mock/reset', 'reset', 'admin', 'control'],
  ['GET', '/__mock/accounts', 'listAccounts', 'own listing', 'control'],
  ['POST', '/__mock/accounts', 'createAccount', 'admin', 'control'],
  ['GET', '/__mock/accounts/:id', 'getAccount', 'own account', 'control'],
  ['PATCH', '/__mock/accounts/:id', 'patchAccount', 'admin', 'control'],
  ['GET', '/__mock/accounts/:id/clock', 'accountClock', 'own account', 'control'],
  ['POST', '/__mock/accounts/:id/clock/advance', 'advanceAccountClock', 'own account', 'control'],
  ['GET', '/__mock/tasks', 'listTasks', 'own listing', 'control'],
  ['POST', '/__mock/tasks/:id/transition', 'transitionTask', 'own task', 'control'],
  ['GET', '/__mock/scenarios', 'listScenarios', 'account', 'control'],
  ['GET', '/__mock/scenarios/:name', 'getScenario', 'admin', 'control'],
  ['POST', '/__mock/scenarios', 'loadScenario', 'admin', 'control'],
  ['PUT', '/__mock/scenario', 'chooseScenario', 'admin', 'control'],
  ['GET', '/__mock/requests', 'listRequests', 'own listing', 'control'],
  ['GET', '/__mock/requests/count', 'countRequests', 'own listing', 'control'],
  ['GET', '/__mock/requests.har', 'exportHar', 'own listing', 'control'],
  ['GET', '/__mock/conformance', 'listFindings', 'own listing', 'control'],
  ['DELETE', '/__mock/conformance', 'clearFindings', 'admin', 'control'],
  ['DELETE', '/__mock/requests', 'clearRequests', 'admin', 'control'],
  ['GET', '/__mock/tasks/:id', 'taskDetail', 'own task', 'control', 'opaque'],
  ['GET', '/__mock/tasks/:id/media/:index', 'taskMedia', 'own task', 'control', 'opaque'],
  ['GET', '/__mock/coverage', 'coverageReport', 'own listing', 'control'],
  ['GET', '/__mock/drift', 'driftReport', 'admin', 'control'],
  ['DELETE', '/__mock/drift', 'clearDrift', 'admin', 'control'],
  ['GET', '/__mock/state', 'exportState', 'admin', 'control'],
  ['PUT', '/__mock/state', 'importState', 'admin', 'control'],
  ['GET', '/__mock/state/status', 'stateStatus', 'account', 'control'],
  ['POST', '/__mock/state/save', 'saveState', 'admin', 'control'],
  ['GET', '/__mock/metrics', 'metrics', 'admin', 'control'],
  ['POST', '/__mock/mcp', 'mcp', 'account', 'agent session'],
  ['GET', '/__mock/mcp', 'mcp', 'account', 'agent session'],
]

/** A line of the table as the router takes it. */
export interface TableRow extends Row<Route<GivenValue>> {
  name: HandlerName
  access: Access
  kind: ExchangeKind
  /** Who may call it, in words (ACCESS_WORDS): the control document's `x-genmock-access`. */
  who: string
}
/** What any handler may be handed. */
export type GivenValue = Given[Access]

/** The table's rows, in its order. */
export const ROUTES: readonly TableRow[] = ROUTE_TABLE.map(([method, path, name, access, kind, ids]) => ({
  method,
  path,
  name,
  access,
  kind,
  who: ACCESS_WORDS[access],
  // Each handler takes what its row's access gives (Line): the core hands it that (access-step.ts).
  run: HANDLERS[name] as Route<GivenValue>,
  ...(ids === 'opaque' ? { opaque: true } : {}),
}))

/**
 * Whether a path is the control API's.
 * @example
 * isControlPath('/__mock/clock') // true
 */
export const isControlPath = (path: string) => path === '/__mock' || path.startsWith('/__mock/')

/** The control API's rows: the control document's paths. */
export const CONTROL_API_ROUTES: readonly TableRow[] = ROUTES.filter((row) => isControlPath(row.path))

/** The service's own endpoints: the rows the drift comparison matches proxied requests against. */
export const SERVICE_ROUTES: readonly TableRow[] = ROUTES.filter((row) => row.access === 'service key')
