// The MCP tests' clients (docs/mcp.md): the official SDK's Client over Streamable HTTP to a server's
// /__mock/mcp, or over stdio to `genmock mcp --url` (the built command), a tool call read back, and the
// standalone server each test opens, closed with its clients after it.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterEach } from 'vitest'
import { type RunningServer, type ServerOptions, startServer } from '../../src/node/server/server.js'
import { BIN, ROOT } from '../support/cli.js'

export type ToolResult = {
  content: { type: string; text?: string; data?: string; mimeType?: string }[]
  isError?: boolean
}

/** A client of the SDK connected to the genmock at `url` over Streamable HTTP, with `token` as its bearer. */
export async function httpClient(url: string, token?: string): Promise<Client> {
  const headers = token === undefined ? undefined : { authorization: `Bearer ${token}` }
  const transport = new StreamableHTTPClientTransport(
    new URL('/__mock/mcp', url),
    headers ? { requestInit: { headers } } : undefined,
  )
  const client = new Client({ name: 'genmock-test', version: '1' })
  await client.connect(transport)
  return client
}

/** A client of the SDK that starts `genmock mcp --url URL ...args` and talks to it over stdio. */
export async function stdioClient(url: string, args: string[] = [], stderr: string[] = []): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--url', url, ...args],
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '' },
    stderr: 'pipe',
  })
  transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()))
  const client = new Client({ name: 'genmock-test', version: '1' })
  await client.connect(transport)
  return client
}

/** Calls a tool; its result as the SDK hands it. */
export const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as ToolResult

/** Calls a tool that must succeed; its answer's JSON. */
export async function value<T = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<T> {
  const result = await call(client, name, args)
  if (result.isError) throw new Error(`${name} failed: ${result.content[0]?.text}`)
  return JSON.parse(result.content[0]!.text!) as T
}

/**
 * A standalone server per test (port 0, silent, seed 7, a manual clock, then `defaults`) and the clients
 * kept beside it, all closed after each test of the file that calls this.
 * @example
 * const { open, kept, url } = serverPerTest()
 * await open({ adminToken: 't' }); const client = kept(await httpClient(url(), 't'))
 */
export function serverPerTest(defaults: ServerOptions = {}) {
  let server: RunningServer | undefined
  const clients: Client[] = []
  afterEach(async () => {
    // Closing a stdio client ends the bridge's stdin: the bridge exits, or the SDK kills it.
    await Promise.all(clients.splice(0).map((client) => client.close()))
    await server?.close()
    server = undefined
  })
  return {
    open: async (options: ServerOptions = {}) =>
      (server = await startServer({
        port: 0,
        log: 'silent',
        seed: 7,
        clock: { mode: 'manual' },
        ...defaults,
        ...options,
      })),
    kept: (client: Client) => {
      clients.push(client)
      return client
    },
    /** The open server's URL. */
    url: () => server!.url,
  }
}
