// The Node door's MCP endpoint at /__mock/mcp (docs/mcp.md): the SDK and the tools are loaded on the
// first MCP request, so a start that serves none loads neither.
import type { ServeMcp } from '../../handlers/app.js'
import type { McpEndpoint } from '../../handlers/route-context.js'

/**
 * The endpoint the server hands the route core (AppOptions.mcp), loaded on first use.
 * @example
 * createAnswer(engine, drift, { mcp: serveMcp })
 */
export const serveMcp: ServeMcp = (answer) => {
  let endpoint: Promise<McpEndpoint> | undefined
  return async (request) => {
    endpoint ??= import('../../mcp/mcp-endpoint.js').then(({ mcpEndpoint }) => mcpEndpoint(answer))
    return (await endpoint)(request)
  }
}
