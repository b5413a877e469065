import type { Engine } from '../engine/engine.js'
import { Problem } from '../engine/problem.js'
import { noRoute, route, type RouteOptions } from './route.js'

// No capturing group: msw decodes captured parameters, and decoding is what must not happen here.
// Only paths with a '%' can be malformed, so every other request passes this handler by its regex alone.
const GENMOCK_PATHS = /^[a-z][a-z0-9+.-]*:\/\/[^/]+\/(?:api|media|__mock)\/[^?#]*%/i

const decodes = (path: string) => {
  try {
    decodeURIComponent(path)
    return true
  } catch {
    return false
  }
}

/**
 * Answers requests whose path has malformed percent-encoding (`/api/ai/tasks/%E0`) before any
 * other handler: msw decodes route parameters while matching and would throw. A malformed task id
 * is "Task not found", as any unknown id; elsewhere there is no such route. Must come first.
 * @example
 * setupServer(malformedUrlHandler(engine), ...otherHandlers)
 */
export function malformedUrlHandler(engine: Engine, options: RouteOptions = {}) {
  return route(engine, 'all', GENMOCK_PATHS, ({ request, caller }) => {
    const path = new URL(request.url).pathname
    if (decodes(path)) return undefined
    if (!path.startsWith('/api/ai/tasks/')) throw noRoute(request)
    caller()
    throw Problem.of({ kind: 'task-not-found' })
  }, options)
}
