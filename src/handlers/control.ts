import type { z } from 'zod'
import pkg from '../../package.json' with { type: 'json' }
import { accountCreateSchema, accountPatchSchema, clockAdvanceSchema, clockSetSchema, resetSchema } from '../contract/control.js'
import { scenarioChoiceSchema, scenarioSchema, transitionSchema } from '../contract/scenario.js'
import type { Engine } from '../engine/engine.js'
import { Problem } from '../engine/problem.js'
import { validate } from '../engine/validation.js'
import { dashboardPage } from './dashboard/page.js'
import { readJson } from './request.js'
import { route, type Reply, type RouteContext, type RouteOptions } from './route.js'

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'
type Task = (engine: Engine, context: RouteContext) => Reply | Response | Promise<Reply | Response>

const body = async <T>(schema: z.ZodType<T>, context: RouteContext) => validate(schema, await readJson(context.request, { optional: true }))

const LIMIT_ISSUE = { in: 'path' as const, path: 'limit', message: 'must be an integer from 1 to 99999' }
const limitOf = (url: URL) => {
  const limit = url.searchParams.get('limit') ?? '100'
  return /^\d{1,5}$/.test(limit) && Number(limit) >= 1 ? Number(limit) : undefined
}

function listTasksQuery(url: URL) {
  const issues = []
  const status = url.searchParams.get('status')
  const limit = limitOf(url)
  if (status !== null && !['0', '1', '2'].includes(status)) issues.push({ in: 'path' as const, path: 'status', message: 'must be 0, 1 or 2' })
  if (limit === undefined) issues.push(LIMIT_ISSUE)
  if (issues.length > 0) throw Problem.invalid(issues)
  const account = url.searchParams.get('account')
  return { limit: limit!, ...(status !== null ? { status: Number(status) as 0 | 1 | 2 } : {}), ...(account ? { accountId: account } : {}) }
}

function listScenarios(engine: Engine) {
  const scenarios = engine.scenarios.list().map(({ scenario, origin }) => ({ name: scenario.name, description: scenario.description, origin, rules: scenario.rules.length }))
  return { default: engine.scenarios.defaultName, scenarios }
}

/** The control API (PRODUCT §6): one row per route, one small task per row, as WireMock's admin routes. */
export const CONTROL_ROUTES: [Method, string, Task][] = [
  // The dashboard page (the worker door mounts it with mountDashboard from genmock/browser instead).
  ['get', '/__mock/', () => new Response(dashboardPage(), { headers: { 'content-type': 'text/html; charset=utf-8' } })],
  // After the row above: msw matches '/__mock' with or without a trailing slash.
  ['get', '/__mock', () => new Response(null, { status: 308, headers: { location: '/__mock/' } })],
  ['get', '/__mock/health', () => ({ body: { ok: true, version: pkg.version } })],
  ['get', '/__mock/clock', (engine) => ({ body: engine.clockState() })],
  ['post', '/__mock/clock/advance', async (engine, context) => ({ body: engine.advanceClock((await body(clockAdvanceSchema, context)).seconds) })],
  ['put', '/__mock/clock', async (engine, context) => {
    const { now, ...change } = await body(clockSetSchema, context)
    return { body: engine.setClock({ ...change, ...(now ? { now: Date.parse(now) } : {}) }) }
  }],
  ['post', '/__mock/reset', async (engine, context) => {
    engine.reset((await body(resetSchema, context)).seed)
    return { body: { ok: true, seed: engine.seed } }
  }],
  ['get', '/__mock/accounts', (engine) => ({ body: { accounts: engine.listAccounts() } })],
  ['post', '/__mock/accounts', async (engine, context) => ({ status: 201, body: engine.createAccount(await body(accountCreateSchema, context)) })],
  ['get', '/__mock/accounts/:id', (engine, context) => ({ body: engine.getAccount(context.params.id!) })],
  ['patch', '/__mock/accounts/:id', async (engine, context) => ({ body: engine.patchAccount(context.params.id!, await body(accountPatchSchema, context)) })],
  ['get', '/__mock/tasks', (engine, context) => ({ body: engine.listTasks(listTasksQuery(new URL(context.request.url)), context.origin) })],
  ['post', '/__mock/tasks/:id/transition', async (engine, context) => ({ body: engine.transition(context.params.id!, await body(transitionSchema, context), context.origin) })],
  ['get', '/__mock/scenarios', (engine) => ({ body: listScenarios(engine) })],
  ['get', '/__mock/scenarios/:name', (engine, context) => {
    const entry = engine.scenarios.get(context.params.name!)
    if (!entry) throw Problem.of({ kind: 'not-found', message: `Scenario not found; known: ${engine.scenarios.list().map((e) => e.scenario.name).join(', ')}` })
    return { body: { ...entry.scenario, origin: entry.origin } }
  }],
  ['post', '/__mock/scenarios', async (engine, context) => {
    const scenario = await body(scenarioSchema, context)
    return { status: engine.loadScenario(scenario) === 'created' ? 201 : 200, body: { name: scenario.name, rules: scenario.rules.length } }
  }],
  ['put', '/__mock/scenario', async (engine, context) => {
    engine.chooseScenario((await body(scenarioChoiceSchema, context)).name)
    return { body: { default: engine.scenarios.defaultName } }
  }],
  ['get', '/__mock/requests', (engine, context) => {
    const limit = limitOf(new URL(context.request.url))
    if (limit === undefined) throw Problem.invalid([LIMIT_ISSUE])
    return { body: { total: engine.journal.size, requests: engine.journal.list(limit) } }
  }],
  ['delete', '/__mock/requests', (engine) => {
    engine.journal.clear()
    return { body: { ok: true } }
  }],
]

/**
 * msw handlers for the control API.
 * @example
 * setupServer(...controlHandlers(engine))
 */
export function controlHandlers(engine: Engine, options: RouteOptions = {}) {
  const locked = (context: RouteContext) => {
    if (options.adminToken === undefined) return false
    const path = new URL(context.request.url).pathname
    // The page and its redirect hold no data; everything they show comes through the API.
    return path !== '/__mock/' && path !== '/__mock' && context.request.headers.get('authorization') !== `Bearer ${options.adminToken}`
  }
  return CONTROL_ROUTES.map(([method, path, task]) =>
    route(engine, method, path, (context) => {
      if (locked(context)) throw Problem.of({ kind: 'unauthorized' })
      return task(engine, context)
    }, options),
  )
}
