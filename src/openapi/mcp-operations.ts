// The control document's operations of the Model Context Protocol endpoint (handlers/mcp-handlers.ts,
// docs/mcp.md): Streamable HTTP without sessions, each JSON-RPC message POSTed and answered in JSON.
import { LIMITS } from '../contract/limits.js'
import { common, errors, op } from './operation-parts.js'
import type { NonSchemaRule } from './service-rules.js'

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

const MCP_RULES: NonSchemaRule[] = [
  {
    id: 'mcp-message',
    says:
      `One JSON-RPC message or a batch, as JSON of at most ${LIMITS.maxBodyBytes} bytes (413 past it), with ` +
      'Content-Type: application/json (415 otherwise) and an Accept naming application/json and ' +
      'text/event-stream (406 otherwise).',
    where: ['body:', 'header:Accept'],
    answer: 400,
    source: 'genmock',
  },
  {
    id: 'mcp-tool-arguments',
    says:
      "A tool's arguments are its route's path parameters, query and body fields (a service tool's body is " +
      '`body`): a bad one is a tools/call result with isError true naming it, as the route answers it.',
    where: ['body:/params/arguments'],
    source: 'genmock',
  },
]

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
    'x-genmock-rules': MCP_RULES,
  }),
  'GET /__mock/mcp': op({
    operationId: 'getMcpEndpoint',
    tags: ['mcp'],
    summary: 'What the MCP endpoint is; no event stream (405 when Accept asks for one)',
    description:
      'MCP clients ask GET for a stream of server messages: there is none (every message is POSTed and ' +
      'answered in full), so Accept: text/event-stream gets 405, as the protocol allows. Any other Accept ' +
      'gets what the endpoint is and how many tools it has. 404 from the msw and browser doors.',
    responses: {
      '200': {
        description: 'The endpoint.',
        headers: common,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['protocol', 'transport', 'version', 'tools', 'docs'],
              properties: {
                protocol: { type: 'string', const: 'Model Context Protocol' },
                transport: { type: 'string' },
                version: { type: 'string' },
                tools: { type: 'integer', minimum: 12 },
                docs: { type: 'string' },
              },
              additionalProperties: false,
            },
          },
        },
      },
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
