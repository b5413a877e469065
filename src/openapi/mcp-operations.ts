// The control document's operations of the Model Context Protocol endpoint (handlers/mcp-handlers.ts,
// docs/mcp.md): Streamable HTTP without sessions, each JSON-RPC message POSTed and answered in JSON.
import { common, errors, op } from './operation-parts.js'

const JSON_RPC = { jsonrpc: { type: 'string', const: '2.0' } }
const MESSAGE = { type: 'object', required: ['jsonrpc'], properties: JSON_RPC }
/** An error the protocol's transport answers itself: a message it cannot take. */
const JSON_RPC_ERROR = {
  type: 'object',
  required: ['jsonrpc', 'error'],
  properties: {
    ...JSON_RPC,
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'integer' }, message: { type: 'string' } },
    },
  },
}
const rpcError = (description: string) => ({
  description,
  headers: common,
  content: { 'application/json': { schema: JSON_RPC_ERROR } },
})

export const MCP_OPERATIONS = {
  'POST /__mock/mcp': op({
    operationId: 'postMcpMessage',
    tags: ['mcp'],
    summary: 'The Model Context Protocol (Streamable HTTP): a JSON-RPC message or batch, answered in JSON',
    description:
      'The control API as MCP tools, for coding agents (docs/mcp.md). Stateless: no Mcp-Session-Id, every ' +
      'message answered in full; the tools act through these routes with the caller of this request. ' +
      'Accept must name application/json and text/event-stream. 404 from the msw and browser doors.',
    requestBody: {
      required: true,
      content: { 'application/json': { schema: { anyOf: [MESSAGE, { type: 'array', items: MESSAGE }] } } },
    },
    responses: {
      '200': {
        description: 'The JSON-RPC answer (or answers, to a batch).',
        headers: common,
        content: { 'application/json': { schema: { anyOf: [MESSAGE, { type: 'array', items: MESSAGE }] } } },
      },
      '202': { description: 'A notification or response taken; no body.', headers: common },
      '400': rpcError('Not a JSON-RPC message, or not JSON.'),
      '406': rpcError('Accept does not name both application/json and text/event-stream.'),
      '415': rpcError('Content-Type is not application/json.'),
      ...errors(404, 413),
    },
  }),
  'GET /__mock/mcp': op({
    operationId: 'getMcpStream',
    tags: ['mcp'],
    summary: 'No event stream: 405, as the protocol allows (messages are POSTed)',
    responses: {
      '405': {
        description: 'Method not allowed: MCP messages are POSTed.',
        headers: { ...common, Allow: { schema: { type: 'string', const: 'POST' } } },
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['error'],
              properties: { error: { type: 'string' }, message: { type: 'string' } },
            },
          },
        },
      },
      ...errors(404),
    },
  }),
}
