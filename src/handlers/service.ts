import type { Engine, Endpoint } from '../engine/engine.js'
import { readJson } from './request.js'
import { route, type Reply, type RouteContext, type RouteOptions } from './route.js'

/**
 * The service's own endpoints: submit an image or video task, read a task, list the models.
 * @example
 * setupServer(...serviceHandlers(engine))
 */
export function serviceHandlers(engine: Engine, options: RouteOptions = {}) {
  const submit = (endpoint: Endpoint) => async (context: RouteContext): Promise<Reply> => {
    const account = context.caller()
    const body = await readJson(context.request)
    const { response, replayed } = await engine.submit(account, endpoint, body, context.request.headers.get('idempotency-key'))
    return { body: response, headers: replayed ? { 'idempotent-replayed': 'true' } : undefined }
  }

  return [
    route(engine, 'post', '/api/ai/image/generate', submit('image'), options),
    route(engine, 'post', '/api/ai/video/generate', submit('video'), options),
    route(engine, 'get', '/api/ai/tasks/:id', (context) => ({ body: engine.readTask(context.caller(), context.params.id!, context.origin) }), options),
    route(engine, 'get', '/api/ai/models', (context) => {
      context.caller()
      return { body: engine.models() }
    }, options),
  ]
}
