// The control API's Model Context Protocol endpoint, /__mock/mcp (docs/mcp.md): handed to the door's
// endpoint once the access step has let the caller in; a door without one (msw, the browser worker)
// answers 404 saying which does.
import { Problem } from '../engine/problem.js'
import type { Route } from './route-context.js'

/** Why a door has no MCP endpoint (docs/mcp.md, Which doors serve it). */
export const NO_MCP =
  'MCP is served by the standalone server (genmock, startServer from genmock/node) at /__mock/mcp; ' +
  'the msw and browser worker doors have no MCP endpoint'

export const MCP_HANDLERS = {
  mcp: (c) => {
    if (!c.mcp) throw Problem.of({ kind: 'not-found', message: NO_MCP })
    return c.mcp(c.request)
  },
} satisfies Record<string, Route>
