/**
 * A tool call as the route it is (docs/mcp.md): its arguments put in the route's path, query, headers and
 * body, the request answered by the route core (the same Answer the doors use), and the reply made the
 * tool's result. A control tool carries the MCP request's own credential, so it acts with the caller's
 * rights; a service tool the account's key it was given. A bad argument is an error result naming it.
 */
import type { Answer } from '../handlers/app.js'
import type { HttpRequest, Sent } from '../http/request-reply.js'
import type { Tool } from './tool-table.js'

/** What a tool call answers: MCP's CallToolResult, text and images. */
export interface ToolResult {
  [key: string]: unknown
  content: ({ type: 'text'; text: string } | { type: 'image'; data: string; mimeType: string })[]
  isError?: boolean
}

/** Headers an answer carries that a client should see: the rules broken, a wait asked, a replay, a next page. */
const TOLD_HEADERS = ['genmock-conformance', 'retry-after', 'idempotent-replayed', 'genmock-next-cursor']

const failed = (text: string): ToolResult => ({ content: [{ type: 'text', text }], isError: true })

/** An argument's value as the text of a path segment, query value or header; undefined when it has none. */
const asText = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined

/**
 * The route's request for a tool's arguments, or the message naming the first bad argument.
 * @example
 * toolRequest(getAccount, { id: 'acct_1' }, mcpRequest) // { method: 'GET', path: '/__mock/accounts/acct_1', … }
 * toolRequest(getAccount, {}, mcpRequest) // 'Invalid arguments: id: required'
 */
export function toolRequest(tool: Tool, args: Record<string, unknown>, via: HttpRequest): HttpRequest | string {
  const bad = (name: string, why: string) => `Invalid arguments: ${name}: ${why}`
  for (const name of (tool.inputSchema.required ?? []) as string[])
    if (args[name] === undefined) return bad(name, 'required')
  const headers: Record<string, string> = { 'user-agent': 'genmock-mcp' }
  // A control tool acts as the MCP request's caller; a service tool as the account whose key it names.
  if (tool.access === 'control' && via.headers.authorization !== undefined)
    headers.authorization = via.headers.authorization
  const query = new URLSearchParams()
  const fields: Record<string, unknown> = {}
  let path = tool.path
  let body: unknown
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined) continue
    const place = tool.places[name]
    if (!place) {
      if (tool.openBody) fields[name] = value
      else return bad(name, `unknown; ${tool.name} takes ${Object.keys(tool.places).join(', ') || 'no arguments'}`)
      continue
    }
    if (place.in === 'body') {
      if (tool.wholeBody) body = value
      else fields[name] = value
      continue
    }
    const values = place.in === 'query' && Array.isArray(value) ? value : [value]
    const texts = values.map(asText)
    if (texts.some((text) => text === undefined)) return bad(name, 'expected a string, number or boolean')
    if (place.in === 'path') path = path.replace(`:${place.name}`, encodeURIComponent(texts[0]!))
    else if (place.in === 'query') for (const text of texts) query.append(place.name, text!)
    else headers[place.name.toLowerCase()] = name === 'apiKey' ? `Bearer ${texts[0]}` : texts[0]!
  }
  if (!tool.wholeBody && Object.keys(fields).length > 0) body = fields
  if (body !== undefined) headers['content-type'] = 'application/json'
  return {
    method: tool.method,
    path,
    query: query.toString(),
    headers,
    body: body === undefined ? new Uint8Array() : new TextEncoder().encode(JSON.stringify(body)),
    origin: via.origin,
    remoteAddress: via.remoteAddress,
  }
}

/** Base64 of bytes, without Node's Buffer (the module stays free of node:). */
function base64(bytes: Uint8Array): string {
  let text = ''
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(text)
}

/**
 * A route's reply as a tool's result: JSON and text as text, an image as an image, other bytes by their type
 * and size; then, when the status is not 2xx or a header says something a client should see, a second text
 * with both. A status of 400 or more is an error result.
 * @example
 * toolResult({ status: 200, headers: { 'content-type': 'application/json' }, bytes: '{"ok":true}' })
 * // { content: [{ type: 'text', text: '{"ok":true}' }] }
 */
export function toolResult(sent: Sent | undefined): ToolResult {
  if (sent === undefined || 'drop' in sent)
    return failed('The connection was dropped (a scenario fault): a client sees a network error, no answer.')
  const type = sent.headers['content-type'] ?? ''
  const told = TOLD_HEADERS.flatMap((name) => (sent.headers[name] ? [`${name}: ${sent.headers[name]}`] : []))
  const head: ToolResult['content'] =
    sent.status >= 300 || told.length > 0 ? [{ type: 'text', text: [`HTTP ${sent.status}`, ...told].join('\n') }] : []
  const isError = sent.status >= 400 ? { isError: true } : {}
  if (type.startsWith('image/') && typeof sent.bytes !== 'string')
    return { content: [{ type: 'image', data: base64(sent.bytes), mimeType: type }, ...head], ...isError }
  const textual = typeof sent.bytes === 'string' || /json|text|xml/.test(type)
  const body = textual
    ? typeof sent.bytes === 'string'
      ? sent.bytes
      : new TextDecoder().decode(sent.bytes)
    : `${type || 'bytes'}, ${sent.bytes.length} bytes (read them over HTTP)`
  return { content: [{ type: 'text', text: body }, ...head], ...isError }
}

/**
 * Runs a tool: its request through the route core, its reply as the result.
 * @example
 * await callTool(answer, advanceClock, { until: 'idle' }, mcpRequest) // { content: [{ type: 'text', … }] }
 */
export async function callTool(
  answer: Answer,
  tool: Tool,
  args: Record<string, unknown>,
  via: HttpRequest,
): Promise<ToolResult> {
  const request = toolRequest(tool, args, via)
  if (typeof request === 'string') return failed(request)
  return toolResult(await answer(request))
}
