import { describe, expect, it } from 'vitest'
import { startServer } from '../../src/node/server/server.js'
import { IMAGE } from '../support/api.js'
import { run } from '../support/cli.js'
import { call, httpClient, serverPerTest, stdioClient, value } from './clients.js'

/**
 * `genmock mcp --url URL` (issue 48, docs/mcp.md): the built command as an MCP server on stdio, driven by the
 * SDK's stdio client, bridging to a running genmock: the same tools, the admin token passed on, and what
 * goes wrong said in words.
 */

/** Generous, for a loaded machine: only a guard against hanging, never what a test asserts. */
const LIMIT_MS = 60_000

const { open, kept, url } = serverPerTest()

describe('genmock mcp --url', () => {
  it(
    'lists the same tools as /__mock/mcp, and runs them against that server',
    async () => {
      await open()
      const [bridge, direct] = [kept(await stdioClient(url())), kept(await httpClient(url()))]
      expect(bridge.getServerVersion()?.name).toBe('genmock')
      expect(bridge.getInstructions()).toBe(direct.getInstructions())
      const [bridged, served] = await Promise.all([bridge.listTools(), direct.listTools()])
      expect(bridged.tools.length).toBeGreaterThanOrEqual(12)
      expect(bridged.tools).toEqual(served.tools)
      const { id, apiKey } = await value<{ id: string; apiKey: string }>(bridge, 'createAccount', { clock: 'own' })
      const task = await value<{ taskId: string }>(bridge, 'submitImageTask', { apiKey, body: IMAGE })
      await value(bridge, 'advanceAccountClock', { id, until: 'idle' })
      // Made through the bridge, seen by the server's own endpoint.
      expect(await value(direct, 'getTaskDetail', { id: task.taskId })).toMatchObject({ task: { status: 1 } })
      expect((await call(bridge, 'advanceClock', { seconds: -5 })).isError).toBe(true)
    },
    LIMIT_MS,
  )

  it(
    'passes its admin token on, and says what to do without it',
    async () => {
      await open({ adminToken: 'bridge-admin-token' })
      const stderr: string[] = []
      await expect(stdioClient(url(), [], stderr)).rejects.toThrow(
        /answered 401: it runs with --admin-token; give genmock mcp the same token/,
      )
      const bridge = kept(await stdioClient(url(), ['--admin-token', 'bridge-admin-token']))
      expect((await bridge.listTools()).tools.map((tool) => tool.name)).toContain('createAccount')
      expect(await value(bridge, 'createAccount', { credits: 5 })).toMatchObject({ credits: 5 })
    },
    LIMIT_MS,
  )

  it(
    'answers every request with an error naming the URL when nothing runs there',
    async () => {
      const server = await startServer({ port: 0, log: 'silent' })
      const url = server.url
      await server.close()
      await expect(stdioClient(url)).rejects.toThrow(`genmock is not reachable at ${url}/__mock/mcp`)
    },
    LIMIT_MS,
  )

  it(
    'refuses a command line it cannot run, with exit 2 and the reason',
    async () => {
      const cases: [string[], RegExp][] = [
        [['mcp'], /mcp takes --url URL and no files/],
        [['mcp', '--url', 'ftp://example.test'], /--url: must be genmock's http:\/\/ or https:\/\/ URL/],
        [['mcp', '--url', 'http://127.0.0.1:4600', '--port', '0'], /--port does not go with mcp/],
        [['--url', 'http://127.0.0.1:4600'], /--url goes with mcp/],
      ]
      for (const [args, message] of cases) {
        const { code, stderr } = await run(args)
        expect({ args, code }).toEqual({ args, code: 2 })
        expect(stderr).toMatch(message)
      }
    },
    LIMIT_MS,
  )
})
