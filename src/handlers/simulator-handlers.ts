// The simulator's own handlers: the dashboard page, health, the two OpenAPI documents (loaded on first use)
// and reset.
import pkg from '../../package.json' with { type: 'json' }
import { resetSchema } from '../contract/control-requests.js'
import { noRoute } from '../http/replies.js'
import { json } from '../http/request-reply.js'
import { bodyOf, type Caller, type Route } from './route-context.js'

export const SIMULATOR_HANDLERS = {
  /**
   * The dashboard page, as the door hands it in (AppOptions); in a page, the worker door mounts it
   * with mountDashboard from genmock/browser instead.
   */
  dashboardPage: async ({ dashboardPage, request }) => {
    if (!dashboardPage) throw noRoute(request)
    return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, bytes: await dashboardPage() }
  },
  dashboardRedirect: () => ({ status: 308, headers: { location: '/__mock/' }, bytes: new Uint8Array() }),
  /** Up; with a --state DIR whose saves fail, since when and why (docs/state.md, When a save fails). */
  health: ({ state }) => {
    const failing = state?.status().failing
    return json(200, { ok: true, version: pkg.version, ...(failing ? { stateFailing: failing } : {}) })
  },
  serviceOpenApi: async ({ request, serviceRoutes }) =>
    (await import('../openapi/service-document.js')).openApiReply(request.origin, serviceRoutes),
  controlOpenApi: async ({ request, controlRoutes }) =>
    (await import('../openapi/control-document.js')).controlOpenApiReply(request.origin, controlRoutes),
  /** Back to the start, saying which keys open nothing now; the engine's reset clears the drift report too. */
  reset: (c) => {
    const revoked = c.engine.reset(bodyOf(resetSchema, c).seed)
    return json(200, { ok: true, seed: c.engine.seed, revokedKeys: revoked })
  },
} satisfies Record<string, Route>

/** GET /__mock/whoami: who the access step found the caller is (docs/sandbox.md). */
export const WHOAMI_HANDLERS = {
  whoami: (_c, caller) =>
    json(
      200,
      caller.kind === 'admin'
        ? { caller: 'admin' }
        : { caller: 'account', accountId: caller.account.id, name: caller.account.name },
    ),
} satisfies Record<string, Route<Caller>>
