/**
 * The Model Context Protocol at /__mock/mcp (docs/mcp.md), made with the official SDK: Streamable HTTP
 * without sessions, each POST answered in full as JSON by a server and a web-standard transport of its
 * own, so that any number of clients talk at once and a reply is a plain value like every route's. The
 * tools are the route table's (tool-table.ts), each run through the route core with the caller of
 * the MCP request (tool-call.ts). Loaded on the first MCP request only (node/mcp/serve-mcp.ts).
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js'
import pkg from '../../package.json' with { type: 'json' }
import type { Answer } from '../handlers/app.js'
import type { McpEndpoint } from '../handlers/route-context.js'
import { type HttpRequest, json, type Reply } from '../http/request-reply.js'
import { callTool } from './tool-call.js'
import { toolTable } from './tool-table.js'

/** What the server tells an agent when it connects: the way through a test's world. */
export const INSTRUCTIONS = [
  'genmock simulates an image and video generation task service, with a clock that moves only when told.',
  'A world per test: createAccount with clock "own" answers an account id and its apiKey, with a clock of its own.',
  'Act as its client with submitImageTask or submitVideoTask (apiKey, body) and getTask (apiKey, id);',
  'move its clock with advanceAccountClock (id, seconds or until "next-event" or "idle");',
  'see a task in detail with getTaskDetail, force a state with transitionTask;',
  'read what the client did with listRequests, listConformanceFindings (account) and getCoverage.',
  'Every tool is one route of the control API or of the service; its description names the route.',
].join(' ')

/** The request the SDK's transport reads: the same method, headers and body (the URL is not read). */
function webRequest({ method, path, query, headers, body }: HttpRequest): Request {
  const sent = new Headers()
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    try {
      sent.append(name, value)
    } catch {
      // A value Fetch refuses (not a byte string): no header the protocol reads.
    }
  }
  const url = `http://genmock.invalid${path}${query ? `?${query}` : ''}`
  return new Request(url, { method, headers: sent, ...(method === 'POST' ? { body: body.slice() } : {}) })
}

/** The transport's answer as a reply value, its body read in full (JSON: there is no stream). */
async function replyOf(response: Response): Promise<Reply> {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    headers[name] = value
  })
  return { status: response.status, headers, bytes: new Uint8Array(await response.arrayBuffer()) }
}

/**
 * GET: no event stream (405, as the protocol allows: every message is POSTed and answered in full);
 * asked for anything else, what the endpoint is and how to reach its tools.
 */
function described(request: HttpRequest, tools: number): Reply {
  if (request.headers.accept?.includes('text/event-stream'))
    return json(405, { error: 'Method not allowed', message: NO_STREAM }, { allow: 'POST' })
  return json(200, {
    protocol: 'Model Context Protocol',
    transport:
      'Streamable HTTP, stateless: POST each JSON-RPC message here (Accept: application/json, text/event-stream)',
    version: pkg.version,
    tools,
    docs: 'docs/mcp.md',
  })
}

const NO_STREAM = 'MCP messages are POSTed to /__mock/mcp and answered in full: it opens no event stream'

/**
 * The endpoint: every request a fresh SDK server over the route table's tools, acting as its caller.
 * @example
 * const endpoint = mcpEndpoint(answer)
 * await endpoint(request) // { status: 200, headers: { 'content-type': 'application/json' }, bytes: … }
 */
export function mcpEndpoint(answer: Answer): McpEndpoint {
  const tools = toolTable()
  const byName = new Map(tools.map((tool) => [tool.name, tool]))
  const listed = tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }))

  const serverFor = (via: HttpRequest) => {
    const server = new Server(
      { name: 'genmock', version: pkg.version },
      { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
    )
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }))
    server.setRequestHandler(CallToolRequestSchema, ({ params }) => {
      const tool = byName.get(params.name)
      if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${params.name}: tools/list names them`)
      return callTool(answer, tool, params.arguments ?? {}, via)
    })
    return server
  }

  return async (request) => {
    if (request.method !== 'POST') return described(request, listed.length)
    const server = serverFor(request)
    // No sessionIdGenerator: stateless, no Mcp-Session-Id; every answer JSON, none a stream.
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true })
    await server.connect(transport)
    try {
      return await replyOf(await transport.handleRequest(webRequest(request)))
    } finally {
      await server.close()
    }
  }
}
