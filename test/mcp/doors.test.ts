import { expect, it } from 'vitest'
import { NO_MCP } from '../../src/handlers/mcp-handlers.js'
import { eachDoor } from '../support/doors.js'

/**
 * /__mock/mcp through every door (issue 48, docs/mcp.md): the standalone server speaks MCP there; the msw
 * door (and the browser worker, which is msw's) answers 404 saying where MCP is served. Every answer is
 * checked against the control API's OpenAPI document, as in every door test.
 */

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'door-test', version: '1' } },
}
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }

eachDoor('/__mock/mcp', (door) => {
  it('POST: the server initializes a client; the msw door says MCP is the standalone server’s', async () => {
    const res = await door().fetch('/__mock/mcp', {
      method: 'POST',
      headers: MCP_HEADERS,
      body: JSON.stringify(INITIALIZE),
    })
    if (door().name === 'server') {
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'genmock' } } })
      expect(res.headers.get('mcp-session-id')).toBeNull()
    } else {
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ error: NO_MCP })
    }
  })

  it('GET: what the endpoint is on the server (405 for an event stream); 404 from the msw door', async () => {
    const [described, stream] = await Promise.all([
      door().fetch('/__mock/mcp'),
      door().fetch('/__mock/mcp', { headers: { accept: 'text/event-stream' } }),
    ])
    if (door().name === 'server') {
      expect([described.status, stream.status]).toEqual([200, 405])
      expect(await described.json()).toMatchObject({ protocol: 'Model Context Protocol', docs: 'docs/mcp.md' })
    } else {
      expect([described.status, stream.status]).toEqual([404, 404])
      expect(await stream.json()).toEqual({ error: NO_MCP })
    }
  })

  it('POST a message the protocol refuses: its own error, and the server keeps answering', async () => {
    const bad = await door().fetch('/__mock/mcp', { method: 'POST', headers: MCP_HEADERS, body: '{"not":"json-rpc"}' })
    const accept = await door().fetch('/__mock/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(INITIALIZE),
    })
    if (door().name === 'server') {
      expect([bad.status, accept.status]).toEqual([400, 406])
      expect(await bad.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } })
    } else expect([bad.status, accept.status]).toEqual([404, 404])
    expect((await door().fetch('/__mock/health')).status).toBe(200)
  })
})
