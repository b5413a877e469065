// The control API's routes (README, Control API): health, reset, clock, accounts, scenarios, tasks,
// journal and findings.
import { toHar } from '../reports/har.js'
import type * as z from 'zod'
import pkg from '../../package.json' with { type: 'json' }
import {
  accountCreateSchema,
  accountPatchSchema,
  clockAdvanceSchema,
  clockSetSchema,
  findingQuerySchema,
  journalFilterQuerySchema,
  journalHarQuerySchema,
  journalListQuerySchema,
  resetSchema,
  scenarioChoiceSchema,
  scenarioSchema,
  taskListQuerySchema,
  transitionSchema,
} from '../contract/control-requests.js'
import type { Engine } from '../engine/engine.js'
import type { RuleId } from '../engine/journal/conformance.js'
import type { JournalEntry, JournalFilter } from '../engine/journal/journal.js'
import { Problem } from '../engine/problem.js'
import { validate } from '../engine/validation.js'
import type { RouteContext, RouteRow } from './route-context.js'
import { driftOf } from '../drift/drift-state.js'
import { DRIFT_ROUTES } from './drift-routes.js'
import { json, type HttpRequest } from '../http/request-reply.js'
import { CONTROL_COVERAGE_ROUTES } from './coverage-routes.js'
import { CONTROL_TASK_ROUTES } from './task-detail-routes.js'
import { junitReport } from '../reports/conformance-junit.js'
import { pageOf } from './paging.js'
import { noRoute } from '../http/replies.js'
import { readQuery } from '../http/read-query.js'
import { bearerToken, readJson } from '../http/read-request.js'
import { redactedView } from '../http/redaction.js'

const body = <T>(schema: z.ZodType<T>, { request }: RouteContext) =>
  validate(schema, readJson(request, { optional: true }))

/** What a journal entry weighs in a page: its bodies as kept (up to 64 kB each), and the rest. */
const bodyWeight = (entry: JournalEntry) =>
  1024 + (entry.requestBody?.text?.length ?? 0) + (entry.responseBody?.text?.length ?? 0)

/** The journal filters of GET /__mock/requests, /requests/count and /requests.har, as the engine takes them. */
const journalFilter = ({ account, ...filter }: z.infer<typeof journalFilterQuerySchema>): JournalFilter => ({
  ...filter,
  accountId: account,
})

function listScenarios(engine: Engine) {
  const scenarios = engine.scenarios.list().map(({ scenario, origin }) => ({
    name: scenario.name,
    description: scenario.description,
    origin,
    rules: scenario.rules.length,
  }))
  return { default: engine.scenarios.defaultName, scenarios }
}

/** The dashboard page and its redirect: they hold no data (everything they show comes through the API). */
const OPEN_PATHS = new Set(['/__mock', '/__mock/'])

/**
 * Whether a path is the control API's.
 * @example
 * isControlPath('/__mock/clock') // true
 */
export const isControlPath = (path: string) => path === '/__mock' || path.startsWith('/__mock/')

/**
 * Whether `--admin-token` locks this control request out.
 * @example
 * lockedOut(request, 'secret-token') // true unless Authorization: Bearer secret-token
 */
export const lockedOut = (request: HttpRequest, adminToken: string | undefined) =>
  adminToken !== undefined && !OPEN_PATHS.has(request.path) && bearerToken(request.headers.authorization) !== adminToken

/**
 * The control API (README, Control API): one row per route, one small task per row, as WireMock's
 * admin routes.
 */
export const CONTROL_ROUTES: readonly RouteRow[] = [
  // The dashboard page, as the door hands it in (AppOptions); in a page, the worker door mounts it
  // with mountDashboard from genmock/browser instead.
  {
    method: 'GET',
    path: '/__mock/',
    run: async ({ dashboardPage, request }) => {
      if (!dashboardPage) throw noRoute(request)
      return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, bytes: await dashboardPage() }
    },
  },
  {
    method: 'GET',
    path: '/__mock',
    run: () => ({ status: 308, headers: { location: '/__mock/' }, bytes: new Uint8Array() }),
  },
  { method: 'GET', path: '/__mock/health', run: () => json(200, { ok: true, version: pkg.version }) },
  {
    method: 'GET',
    path: '/__mock/openapi.json',
    run: async ({ request }) =>
      (await import('../openapi/control-document.js')).controlOpenApiReply(request.origin, CONTROL_API_ROUTES),
  },
  { method: 'GET', path: '/__mock/clock', run: ({ engine }) => json(200, engine.clockState()) },
  {
    method: 'POST',
    path: '/__mock/clock/advance',
    run: (c) => json(200, c.engine.advanceClock(body(clockAdvanceSchema, c))),
  },
  {
    method: 'PUT',
    path: '/__mock/clock',
    run: (c) => {
      const { now, ...change } = body(clockSetSchema, c)
      return json(200, c.engine.setClock({ ...change, ...(now ? { now: Date.parse(now) } : {}) }))
    },
  },
  {
    method: 'POST',
    path: '/__mock/reset',
    run: (c) => {
      c.engine.reset(body(resetSchema, c).seed)
      driftOf(c.engine).clear()
      return json(200, { ok: true, seed: c.engine.seed })
    },
  },
  { method: 'GET', path: '/__mock/accounts', run: ({ engine }) => json(200, { accounts: engine.listAccounts() }) },
  {
    method: 'POST',
    path: '/__mock/accounts',
    run: (c) => json(201, c.engine.createAccount(body(accountCreateSchema, c))),
  },
  {
    method: 'GET',
    path: '/__mock/accounts/:id',
    run: ({ engine, params }) => json(200, engine.getAccount(params.id!)),
  },
  {
    method: 'PATCH',
    path: '/__mock/accounts/:id',
    run: (c) => json(200, c.engine.patchAccount(c.params.id!, body(accountPatchSchema, c))),
  },
  {
    method: 'GET',
    path: '/__mock/accounts/:id/clock',
    run: ({ engine, params }) => json(200, engine.accountClock(params.id!)),
  },
  {
    method: 'POST',
    path: '/__mock/accounts/:id/clock/advance',
    run: (c) => json(200, c.engine.advanceAccountClock(c.params.id!, body(clockAdvanceSchema, c))),
  },
  {
    method: 'GET',
    path: '/__mock/tasks',
    run: ({ engine, query, request, redact }) => {
      const { account, status, limit, offset, cursor } = readQuery(taskListQuerySchema, query())
      const listing = {
        limit,
        ...(offset !== undefined ? { offset } : {}),
        ...(cursor !== undefined ? { cursor } : {}),
        ...(status !== undefined ? { status } : {}),
        ...(account ? { accountId: account } : {}),
      }
      const page = engine.listTasks(listing, request.origin)
      return json(200, { ...page, tasks: page.tasks.map((task) => redactedView(task, redact)) })
    },
  },
  {
    method: 'POST',
    path: '/__mock/tasks/:id/transition',
    run: (c) =>
      json(200, redactedView(c.engine.transition(c.params.id!, body(transitionSchema, c), c.request.origin), c.redact)),
  },
  { method: 'GET', path: '/__mock/scenarios', run: ({ engine }) => json(200, listScenarios(engine)) },
  {
    method: 'GET',
    path: '/__mock/scenarios/:name',
    run: ({ engine, params }) => {
      const entry = engine.scenarios.get(params.name!)
      if (!entry)
        throw Problem.of({
          kind: 'not-found',
          message: `Scenario not found; known: ${engine.scenarios
            .list()
            .map((e) => e.scenario.name)
            .join(', ')}`,
        })
      return json(200, { ...entry.scenario, origin: entry.origin })
    },
  },
  {
    method: 'POST',
    path: '/__mock/scenarios',
    run: (c) => {
      const scenario = body(scenarioSchema, c)
      return json(c.engine.loadScenario(scenario) === 'created' ? 201 : 200, {
        name: scenario.name,
        rules: scenario.rules.length,
      })
    },
  },
  {
    method: 'PUT',
    path: '/__mock/scenario',
    run: (c) => {
      c.engine.chooseScenario(body(scenarioChoiceSchema, c).name)
      return json(200, { default: c.engine.scenarios.defaultName })
    },
  },
  {
    method: 'GET',
    path: '/__mock/requests',
    run: ({ engine, query }) => {
      const { limit, offset, cursor, ...filter } = readQuery(journalListQuerySchema, query())
      const page = pageOf(engine.journal.find(journalFilter(filter)), { limit, offset, cursor }, bodyWeight)
      return json(200, {
        total: page.total,
        requests: page.items,
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      })
    },
  },
  {
    method: 'GET',
    path: '/__mock/requests/count',
    run: ({ engine, query }) =>
      json(200, { count: engine.journal.find(journalFilter(readQuery(journalFilterQuerySchema, query()))).length }),
  },
  {
    method: 'GET',
    path: '/__mock/requests.har',
    run: ({ engine, query, request }) => {
      const { limit, offset, cursor, ...filter } = readQuery(journalHarQuerySchema, query())
      const page = pageOf(engine.journal.find(journalFilter(filter)), { limit, offset, cursor }, bodyWeight)
      return json(200, toHar(page.items.reverse(), request.origin), {
        'content-disposition': 'attachment; filename="genmock.har"',
        // A HAR has no place for it: past the byte budget, the rest is one more export away.
        ...(page.nextCursor ? { 'genmock-next-cursor': page.nextCursor } : {}),
      })
    },
  },
  {
    method: 'GET',
    path: '/__mock/conformance',
    run: ({ engine, query }) => {
      const { account, rule, format } = readQuery(findingQuerySchema, query())
      const findings = engine.conformance.findings({ accountId: account, rule })
      if (format === 'junit')
        return {
          status: 200,
          headers: { 'content-type': 'application/xml; charset=utf-8' },
          bytes: junitReport(findings),
        }
      const counts: Partial<Record<RuleId, number>> = {}
      for (const finding of findings) counts[finding.rule] = (counts[finding.rule] ?? 0) + 1
      return json(200, { total: findings.length, counts, findings })
    },
  },
  {
    method: 'DELETE',
    path: '/__mock/conformance',
    run: ({ engine }) => {
      engine.conformance.clear()
      return json(200, { ok: true })
    },
  },
  {
    method: 'DELETE',
    path: '/__mock/requests',
    run: ({ engine }) => {
      engine.journal.clear()
      return json(200, { ok: true })
    },
  },
]

/**
 * Every route of the control API: the rows above, the task view's, coverage's and drift's; the
 * control document's paths.
 */
export const CONTROL_API_ROUTES: readonly RouteRow[] = [
  ...CONTROL_ROUTES,
  ...CONTROL_TASK_ROUTES,
  ...CONTROL_COVERAGE_ROUTES,
  ...DRIFT_ROUTES,
]
