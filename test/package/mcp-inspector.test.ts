import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cleanEnv, exec, INSTALL_MS, project, RUN_MS, registryNode } from './support.js'

/**
 * The MCP Inspector's CLI (issue 48, docs/mcp.md), a client nobody here wrote, against the installed
 * package: `genmock` from the tarball, with the MCP SDK as its dependency resolves it, listing the tools at
 * /__mock/mcp over Streamable HTTP and through `genmock mcp --url` over stdio, and calling one. The
 * Inspector needs Node 22.19 or later (its engines), so it runs on the registry's Node 22; it is installed
 * into the test's own project, not as a dev dependency, since `npm ci` on Node 20 would warn of its engines.
 */

const INSPECTOR = '2.12.0'
/** What the Inspector prints for tools/list: the tools, their descriptions and input schemas. */
type Listed = { tools: { name: string; description: string; inputSchema: { type: string } }[] }

let dir: string
let node22: string
let server: ChildProcess
let url: string

/** Runs `mcp-inspector --cli ...args` on Node 22 in the project; what it printed, as JSON. */
async function inspector<T>(args: string[]): Promise<T> {
  const bin = join(
    dir,
    'node_modules',
    '@modelcontextprotocol',
    'inspector',
    'clients',
    'launcher',
    'build',
    'index.js',
  )
  const { stdout } = await exec(node22, [bin, '--cli', ...args], { cwd: dir, timeout: RUN_MS })
  return JSON.parse(stdout) as T
}

beforeAll(async () => {
  ;[dir, node22] = await Promise.all([
    project('mcp-inspector', { '@modelcontextprotocol/inspector': INSPECTOR }),
    registryNode(22),
  ])
  server = spawn(process.execPath, ['node_modules/genmock/dist/cli.cjs', '--port', '0', '--log', 'json'], {
    cwd: dir,
    env: cleanEnv(),
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  url = await new Promise<string>((resolve, reject) => {
    let out = ''
    server.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
      const ready = /"event":"ready","url":"([^"]+)"/.exec(out)
      if (ready) resolve(ready[1]!)
    })
    server.on('exit', (code) => reject(new Error(`genmock exited (${code}) before it was ready: ${out}`)))
  })
}, INSTALL_MS)

afterAll(() => {
  server?.kill()
})

describe('the MCP Inspector CLI', () => {
  it(
    'lists the same described tools over Streamable HTTP and through genmock mcp on stdio',
    async () => {
      const [http, stdio] = await Promise.all([
        inspector<Listed>([`${url}/__mock/mcp`, '--transport', 'http', '--method', 'tools/list']),
        inspector<Listed>([
          '--method',
          'tools/list',
          '--',
          process.execPath,
          'node_modules/genmock/dist/cli.cjs',
          'mcp',
          '--url',
          url,
        ]),
      ])
      expect(http.tools.length).toBeGreaterThanOrEqual(12)
      for (const tool of http.tools) {
        expect(tool.description, tool.name).not.toBe('')
        expect(tool.inputSchema.type, tool.name).toBe('object')
      }
      expect(stdio.tools.map((tool) => tool.name)).toEqual(http.tools.map((tool) => tool.name))
      expect(http.tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining(['createAccount', 'advanceAccountClock', 'submitImageTask', 'getTask']),
      )
    },
    RUN_MS,
  )

  it(
    'calls a tool, with its arguments as the Inspector types them from the input schema',
    async () => {
      const result = await inspector<{ content: { text: string }[]; isError?: boolean }>([
        `${url}/__mock/mcp`,
        '--transport',
        'http',
        '--method',
        'tools/call',
        '--tool-name',
        'createAccount',
        '--tool-arg',
        'credits=5',
      ])
      expect(result.isError).toBeUndefined()
      expect(JSON.parse(result.content[0]!.text)).toMatchObject({ credits: 5, apiKey: expect.any(String) })
    },
    RUN_MS,
  )
})
