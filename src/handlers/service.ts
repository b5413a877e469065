import type { Engine, Endpoint, ScenarioRequest } from '../engine/engine.js'
import { readJson } from './request.js'
import { DROP_CONNECTION, route, type RouteContext, type RouteOptions } from './route.js'

/**
 * The scenario a request asks for: `X-Mock-Scenario: NAME`, else `Prefer: scenario=NAME` (as Prism reads Prefer).
 * @example
 * scenarioAsked(new Request('http://x', { headers: { prefer: 'scenario=flaky' } })) // { name: 'flaky', header: 'Prefer' }
 */
export function scenarioAsked(request: Request): ScenarioRequest | null {
  const header = request.headers.get('x-mock-scenario')
  if (header !== null) return { name: header.trim(), header: 'X-Mock-Scenario' }
  const prefer = /(?:^|[,;])\s*scenario\s*=\s*(?:"([^"]*)"|([^\s,;]*))/i.exec(request.headers.get('prefer') ?? '')
  return prefer ? { name: prefer[1] ?? prefer[2]!, header: 'Prefer' } : null
}

/**
 * The service's own endpoints: submit an image or video task, read a task, list the models.
 * @example
 * setupServer(...serviceHandlers(engine))
 */
export function serviceHandlers(engine: Engine, options: RouteOptions = {}) {
  const submit = (endpoint: Endpoint) => async ({ request, caller, trace }: RouteContext) => {
    const account = caller()
    const body = await readJson(request)
    const idempotencyKey = request.headers.get('idempotency-key')
    if (idempotencyKey !== null) trace.idempotencyKey = idempotencyKey
    const { response, status, replayed, drop } = await engine.submit(account, endpoint, body, { idempotencyKey, scenario: scenarioAsked(request) }, trace)
    trace.taskId = response.taskId
    if (replayed) trace.replayed = true
    if (drop) return DROP_CONNECTION
    return { status, body: response, headers: replayed ? { 'idempotent-replayed': 'true' } : undefined }
  }

  // Polling is what clients do most: its route is tried first.
  return [
    route(engine, 'get', '/api/ai/tasks/:id', ({ params, caller, origin, trace }) => {
      trace.taskId = params.id!
      return { body: engine.readTask(caller(), params.id!, origin) }
    }, options),
    route(engine, 'post', '/api/ai/image/generate', submit('image'), options),
    route(engine, 'post', '/api/ai/video/generate', submit('video'), options),
    route(engine, 'get', '/api/ai/models', ({ caller }) => {
      caller()
      return { body: engine.models() }
    }, options),
  ]
}
