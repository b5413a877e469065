/**
 * Every route genmock has, one line each: method, path, handler name and who may call it (as
 * WireMock's AdminRoutes). A new route is one more line here and its handler in the area's file.
 * The route core checks the access column before the handler runs (access-step.ts):
 * - `service key`: the service's own endpoints; 401 without the caller's key, the handler gets the caller.
 * - `owner key`: anyone, but a relay task's media answer only its owner's key: the handler gets the
 *   check, to run when the task is a relay's.
 * - `control`: the control API; with `--admin-token` it answers only that bearer token.
 * - `public`: anyone.
 */
import type { Account } from '../engine/accounts/accounts.js'
import type { Row } from '../http/router.js'
import { ACCOUNT_HANDLERS } from './account-handlers.js'
import { CLOCK_HANDLERS } from './clock-handlers.js'
import { DRIFT_HANDLERS } from './drift-handlers.js'
import { JOURNAL_HANDLERS } from './journal-handlers.js'
import { MCP_HANDLERS } from './mcp-handlers.js'
import { MEDIA_HANDLERS } from './media-handlers.js'
import { METRICS_HANDLERS } from './metrics-handlers.js'
import type { Route } from './route-context.js'
import { SCENARIO_HANDLERS } from './scenario-handlers.js'
import { SERVICE_HANDLERS } from './service-handlers.js'
import { SIMULATOR_HANDLERS } from './simulator-handlers.js'
import { STATE_HANDLERS } from './state-handlers.js'
import { TASK_HANDLERS } from './task-handlers.js'

const HANDLERS = {
  ...SERVICE_HANDLERS,
  ...MEDIA_HANDLERS,
  ...SIMULATOR_HANDLERS,
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
  control: undefined
  public: undefined
}
export type Access = keyof Given
/** Every access a row may have: a row without one is refused by the type and by route-table.test.ts. */
export const ACCESS: readonly Access[] = ['service key', 'owner key', 'control', 'public']
/** What any handler may be handed. */
export type GivenValue = Given[Access]

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
    ids?: 'opaque',
  ]
}[Access]

const ROUTE_TABLE: readonly Line[] = [
  // The service and its media
  ['GET', '/api/ai/tasks/:id', 'readTask', 'service key', 'opaque'],
  ['POST', '/api/ai/image/generate', 'submitImage', 'service key'],
  ['POST', '/api/ai/video/generate', 'submitVideo', 'service key'],
  ['GET', '/api/ai/models', 'listModels', 'service key'],
  ['GET', '/media/images/:taskId/:file', 'serveImage', 'owner key'],
  ['GET', '/media/videos/:file', 'serveVideo', 'owner key'],
  ['GET', '/openapi.json', 'serviceOpenApi', 'public'],
  // The control API (docs/control-api.md), in the control document's order
  ['GET', '/__mock/', 'dashboardPage', 'public'],
  ['GET', '/__mock', 'dashboardRedirect', 'public'],
  ['GET', '/__mock/health', 'health', 'control'],
  ['GET', '/__mock/openapi.json', 'controlOpenApi', 'control'],
  ['GET', '/__mock/clock', 'clockState', 'control'],
  ['POST', '/__mock/clock/advance', 'advanceClock', 'control'],
  ['PUT', '/__mock/clock', 'setClock', 'control'],
  ['POST', '/__mock/reset', 'reset', 'control'],
  ['GET', '/__mock/accounts', 'listAccounts', 'control'],
  ['POST', '/__mock/accounts', 'createAccount', 'control'],
  ['GET', '/__mock/accounts/:id', 'getAccount', 'control'],
  ['PATCH', '/__mock/accounts/:id', 'patchAccount', 'control'],
  ['GET', '/__mock/accounts/:id/clock', 'accountClock', 'control'],
  ['POST', '/__mock/accounts/:id/clock/advance', 'advanceAccountClock', 'control'],
  ['GET', '/__mock/tasks', 'listTasks', 'control'],
  ['POST', '/__mock/tasks/:id/transition', 'transitionTask', 'control'],
  ['GET', '/__mock/scenarios', 'listScenarios', 'control'],
  ['GET', '/__mock/scenarios/:name', 'getScenario', 'control'],
  ['POST', '/__mock/scenarios', 'loadScenario', 'control'],
  ['PUT', '/__mock/scenario', 'chooseScenario', 'control'],
  ['GET', '/__mock/requests', 'listRequests', 'control'],
  ['GET', '/__mock/requests/count', 'countRequests', 'control'],
  ['GET', '/__mock/requests.har', 'exportHar', 'control'],
  ['GET', '/__mock/conformance', 'listFindings', 'control'],
  ['DELETE', '/__mock/conformance', 'clearFindings', 'control'],
  ['DELETE', '/__mock/requests', 'clearRequests', 'control'],
  ['GET', '/__mock/tasks/:id', 'taskDetail', 'control', 'opaque'],
  ['GET', '/__mock/tasks/:id/media/:index', 'taskMedia', 'control', 'opaque'],
  ['GET', '/__mock/coverage', 'coverageReport', 'control'],
  ['GET', '/__mock/drift', 'driftReport', 'control'],
  ['DELETE', '/__mock/drift', 'clearDrift', 'control'],
  ['GET', '/__mock/state', 'exportState', 'control'],
  ['PUT', '/__mock/state', 'importState', 'control'],
  ['GET', '/__mock/state/status', 'stateStatus', 'control'],
  ['POST', '/__mock/state/save', 'saveState', 'control'],
  ['GET', '/__mock/metrics', 'metrics', 'control'],
  ['POST', '/__mock/mcp', 'mcp', 'control'],
  ['GET', '/__mock/mcp', 'mcp', 'control'],
]

/** A line of the table as the router takes it. */
export interface TableRow extends Row<Route<GivenValue>> {
  name: HandlerName
  access: Access
}

/** The table's rows, in its order. */
export const ROUTES: readonly TableRow[] = ROUTE_TABLE.map(([method, path, name, access, ids]) => ({
  method,
  path,
  name,
  access,
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
