/**
 * `genmock mcp --url URL` (docs/mcp.md, Connect a client): a stdio MCP server for clients that speak only
 * stdio, bridging every message to the /__mock/mcp of a running genmock and every answer back, so its
 * tools are that server's own. The admin token, when given, goes on every request. stdout carries the
 * protocol only; what goes wrong is said on stderr, and a request the server could not answer gets a
 * JSON-RPC error saying why.
 */
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { isJSONRPCRequest, isJSONRPCResultResponse, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'

/** The control API's path of the MCP endpoint. */
const ENDPOINT = '/__mock/mcp'

/**
 * The MCP endpoint of the genmock at `url`: its base URL, or the endpoint itself.
 * @example
 * mcpEndpointUrl('http://127.0.0.1:4600').href // 'http://127.0.0.1:4600/__mock/mcp'
 */
export function mcpEndpointUrl(url: string): URL {
  const base = new URL(url)
  if (!base.pathname.endsWith(ENDPOINT)) base.pathname = `${base.pathname.replace(/\/+$/, '')}${ENDPOINT}`
  return base
}

/** Why a message could not reach the server, in words a person can act on. */
function why(error: unknown, endpoint: URL): string {
  if (error instanceof StreamableHTTPError && error.code === 401)
    return (
      `genmock at ${endpoint.origin} answered 401: it runs with --admin-token; give genmock mcp the same ` +
      'token (--admin-token T, GENMOCK_ADMIN_TOKEN or --admin-token-file FILE)'
    )
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  if (error instanceof TypeError && cause)
    return `genmock is not reachable at ${endpoint.href} (${cause.code ?? cause.message}): is it running?`
  return `genmock at ${endpoint.href}: ${(error as Error).message}`
}

/**
 * Bridges stdin and stdout to the genmock at `url` until stdin ends; 0 then.
 * @example
 * process.exitCode = await mcpCommand('http://127.0.0.1:4600', undefined)
 */
export async function mcpCommand(url: string, adminToken: string | undefined): Promise<number> {
  const endpoint = mcpEndpointUrl(url)
  const headers = adminToken === undefined ? undefined : { authorization: `Bearer ${adminToken}` }
  const remote = new StreamableHTTPClientTransport(endpoint, headers ? { requestInit: { headers } } : undefined)
  const local = new StdioServerTransport()
  const warn = (text: string) => process.stderr.write(`genmock mcp: ${text}\n`)
  local.onmessage = (message: JSONRPCMessage) => {
    // The transport tells onerror (below) too: the request is answered here, the person told there.
    remote.send(message).catch((error: unknown) => {
      if (isJSONRPCRequest(message))
        void local.send({ jsonrpc: '2.0', id: message.id, error: { code: -32000, message: why(error, endpoint) } })
    })
  }
  remote.onmessage = (message) => {
    // The version the server chose goes on every later request, as the SDK's own client sends it.
    const chosen = isJSONRPCResultResponse(message) ? message.result.protocolVersion : undefined
    if (typeof chosen === 'string') remote.setProtocolVersion(chosen)
    void local.send(message)
  }
  remote.onerror = (error) => warn(why(error, endpoint))
  local.onerror = (error) => warn(error.message)
  const ended = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve).once('close', resolve)
  })
  await remote.start()
  await local.start()
  await ended
  await local.close()
  await remote.close()
  return 0
}
