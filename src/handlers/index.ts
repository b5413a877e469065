import type { HttpHandler } from 'msw'
import pkg from '../../package.json' with { type: 'json' }
import { Engine, type EngineOptions } from '../engine/engine.js'
import { controlHandlers } from './control.js'
import { malformedUrlHandler } from './malformed-url.js'
import { mediaHandlers } from './media.js'
import { openApiDocument } from './openapi.js'
import { noRoute, route, type RouteOptions } from './route.js'
import { serviceHandlers } from './service.js'

export interface SimulatorOptions extends EngineOptions, RouteOptions {}

export interface Simulator {
  engine: Engine
  /** Every genmock route, for setupServer, setupWorker or createMiddleware. */
  handlers: HttpHandler[]
}

/**
 * The whole simulator: one engine and the msw handlers that serve it, the same for every door.
 * @example
 * const { engine, handlers } = createSimulator({ seed: 7, clock: { mode: 'manual' } })
 * setupServer(...handlers).listen()
 */
export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const engine = new Engine(options)
  const openapi = openApiDocument(pkg.version)
  const unknownRoute = ({ request }: { request: Request }) => {
    throw noRoute(request)
  }
  return {
    engine,
    handlers: [
      malformedUrlHandler(engine, options),
      ...serviceHandlers(engine, options),
      ...mediaHandlers(engine, options),
      ...controlHandlers(engine, options),
      route(engine, 'get', '/openapi.json', () => ({ body: openapi }), options),
      // Inside genmock's own namespaces an unknown route is a JSON 404; elsewhere requests pass through.
      route(engine, 'all', '/api/*', unknownRoute, options),
      route(engine, 'all', '/__mock/*', unknownRoute, options),
    ],
  }
}

export { Engine }
