import { describe, expect, it } from 'vitest'
import { CONTROL_API_ROUTES, SERVICE_ROUTES } from '../handlers/route-table.js'
import type { HttpRequest } from '../http/request-reply.js'
import { toolRequest, toolResult } from './tool-call.js'
import { headerArgument, type Tool, toolTable } from './tool-table.js'

/** The MCP request a tool call came in (docs/mcp.md): its caller's credential, its origin. */
const VIA: HttpRequest = {
  method: 'POST',
  path: '/__mock/mcp',
  query: '',
  headers: { authorization: 'Bearer admin-token' },
  body: new Uint8Array(),
  origin: 'http://127.0.0.1:4600',
  remoteAddress: '127.0.0.1',
}
const tool = (name: string): Tool => toolTable().find((t) => t.name === name)!
const text = (request: HttpRequest | string) =>
  typeof request === 'string' ? request : new TextDecoder().decode(request.body)

describe('the MCP tools', () => {
  it('are one per control row (the endpoint and the page aside) and one per service row, uniquely named', () => {
    const rows = [...CONTROL_API_ROUTES.filter((r) => r.access !== 'public' && r.name !== 'mcp'), ...SERVICE_ROUTES]
    expect(toolTable().map((t) => `${t.method} ${t.path}`)).toEqual(rows.map((r) => `${r.method} ${r.path}`))
    expect(new Set(toolTable().map((t) => t.name)).size).toBe(toolTable().length)
  })

  it('name a header argument in camel case, without X-', () => {
    expect(['Idempotency-Key', 'X-Mock-Scenario', 'Prefer'].map(headerArgument)).toEqual([
      'idempotencyKey',
      'mockScenario',
      'prefer',
    ])
  })

  it("put each argument in its route's path, query, headers or body", () => {
    const detail = toolRequest(tool('getTaskDetail'), { id: 'a/b' }, VIA)
    expect(detail).toMatchObject({ method: 'GET', path: '/__mock/tasks/a%2Fb', query: '' })
    expect(toolRequest(tool('getCoverage'), { account: ['acct_1', 'acct_2'] }, VIA)).toMatchObject({
      query: 'account=acct_1&account=acct_2',
    })
    const advance = toolRequest(tool('advanceAccountClock'), { id: 'acct_1', until: 'idle' }, VIA)
    expect(advance).toMatchObject({ path: '/__mock/accounts/acct_1/clock/advance', origin: VIA.origin })
    expect(text(advance)).toBe('{"until":"idle"}')
  })

  it("act with the MCP request's credential, and a service tool with the account's key alone", () => {
    expect(toolRequest(tool('listAccounts'), {}, VIA)).toMatchObject({
      headers: { authorization: 'Bearer admin-token' },
    })
    const submit = toolRequest(
      tool('submitImageTask'),
      { apiKey: 'sk_test_1', idempotencyKey: 'job-0001', body: { model: 'm', prompt: 'p' } },
      VIA,
    )
    expect(submit).toMatchObject({
      headers: { authorization: 'Bearer sk_test_1', 'idempotency-key': 'job-0001', 'content-type': 'application/json' },
    })
    expect(text(submit)).toBe('{"model":"m","prompt":"p"}')
  })

  it('refuse an argument they cannot place, naming it', () => {
    expect(toolRequest(tool('getAccount'), {}, VIA)).toBe('Invalid arguments: id: required')
    expect(toolRequest(tool('getClock'), { verbose: true }, VIA)).toBe(
      'Invalid arguments: verbose: unknown; getClock takes no arguments',
    )
    expect(toolRequest(tool('listTasks'), { limit: { most: 5 } }, VIA)).toBe(
      'Invalid arguments: limit: expected a string, number or boolean',
    )
  })

  it("make a route's reply the result: its body, then its status and the headers a client should see", () => {
    const json = { 'content-type': 'application/json' }
    expect(toolResult({ status: 200, headers: json, bytes: '{"ok":true}' })).toEqual({
      content: [{ type: 'text', text: '{"ok":true}' }],
    })
    expect(
      toolResult({ status: 402, headers: { ...json, 'retry-after': '5' }, bytes: '{"error":"Insufficient credits"}' }),
    ).toEqual({
      content: [
        { type: 'text', text: '{"error":"Insufficient credits"}' },
        { type: 'text', text: 'HTTP 402\nretry-after: 5' },
      ],
      isError: true,
    })
    expect(toolResult({ drop: true })).toMatchObject({ isError: true })
    const video = toolResult({ status: 200, headers: { 'content-type': 'video/mp4' }, bytes: new Uint8Array(3) })
    expect(video.content).toEqual([{ type: 'text', text: 'video/mp4, 3 bytes (read them over HTTP)' }])
  })
})
