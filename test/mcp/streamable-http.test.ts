import { describe, expect, it } from 'vitest'
import { IMAGE, VIDEO_T2V } from '../support/api.js'
import { call, httpClient, serverPerTest, value } from './clients.js'

/**
 * The MCP endpoint at /__mock/mcp as an agent uses it (issue 48, docs/mcp.md): the SDK's own client over
 * Streamable HTTP, against the standalone server; a world made, driven and read through tools only.
 */

/** Generous, for a loaded machine: only a guard against hanging, never what a test asserts. */
const LIMIT_MS = 60_000
const START = Date.parse('2026-01-01T00:00:00.000Z')

const { open, kept, url } = serverPerTest({ clock: { mode: 'manual', start: START } })
const connect = async (token?: string) => kept(await httpClient(url(), token))

/** What an agent must be able to do with tools alone (issue 48, item 5). */
const ACTIONS = [
  'createAccount',
  'getAccount',
  'advanceClock',
  'advanceAccountClock',
  'listTasks',
  'getTaskDetail',
  'transitionTask',
  'listRequests',
  'listConformanceFindings',
  'getCoverage',
  'listScenarios',
  'chooseScenario',
  'loadScenario',
  'reset',
  'submitImageTask',
  'submitVideoTask',
  'getTask',
]

interface Task {
  taskId: string
  status: number
  creditsUsed: number
}

describe('MCP over Streamable HTTP at /__mock/mcp', () => {
  it(
    'initializes and lists described tools with JSON Schema inputs, for everything an agent does',
    async () => {
      await open()
      const client = await connect()
      expect(client.getServerVersion()?.name).toBe('genmock')
      expect(client.getInstructions()).toContain('createAccount')
      const { tools } = await client.listTools()
      expect(tools.length).toBeGreaterThanOrEqual(12)
      expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(ACTIONS))
      for (const tool of tools) {
        expect(tool.description, tool.name).toMatch(/\((GET|POST|PUT|PATCH|DELETE) \/\S+\)$/)
        expect(tool.inputSchema.type, tool.name).toBe('object')
        expect(JSON.stringify(tool.inputSchema), tool.name).not.toContain('$ref')
      }
      const advance = tools.find((tool) => tool.name === 'advanceAccountClock')!
      expect(advance.inputSchema.required).toEqual(['id'])
      expect(advance.inputSchema.properties).toMatchObject({ until: { enum: ['next-event', 'idle'] } })
    },
    LIMIT_MS,
  )

  it(
    'runs a whole flow through tools only: an account, a submission, until idle, completed, credits charged',
    async () => {
      await open()
      const client = await connect()
      const account = await value<{ id: string; apiKey: string }>(client, 'createAccount', {
        credits: 100,
        clock: 'own',
      })
      const image = await value<Task>(client, 'submitImageTask', { apiKey: account.apiKey, body: IMAGE })
      const video = await value<Task>(client, 'submitVideoTask', { apiKey: account.apiKey, body: VIDEO_T2V })
      expect([image.status, video.status]).toEqual([0, 0])
      const advanced = await value<{ idle: boolean }>(client, 'advanceAccountClock', { id: account.id, until: 'idle' })
      expect(advanced.idle).toBe(true)
      for (const task of [image, video]) {
        const read = await value<Task>(client, 'getTask', { apiKey: account.apiKey, id: task.taskId })
        expect(read.status).toBe(1)
      }
      const detail = await value<{ task: { status: number } }>(client, 'getTaskDetail', { id: video.taskId })
      expect(detail.task.status).toBe(1)
      const after = await value<{ credits: number }>(client, 'getAccount', { id: account.id })
      expect(image.creditsUsed + video.creditsUsed).toBeGreaterThan(0)
      expect(after.credits).toBe(100 - image.creditsUsed - video.creditsUsed)
      // The tools' service calls are the account's own traffic: journaled under it, as any client's.
      const journal = await value<{ total: number }>(client, 'listRequests', { account: account.id })
      expect(journal.total).toBe(4)
      const tasks = await value<{ total: number }>(client, 'listTasks', { account: account.id, status: 1 })
      expect(tasks.total).toBe(2)
    },
    LIMIT_MS,
  )

  it(
    'forces a failure with a refund, and reads the findings and the coverage it made',
    async () => {
      await open()
      const client = await connect()
      const { id, apiKey } = await value<{ id: string; apiKey: string }>(client, 'createAccount', { credits: 50 })
      const task = await value<Task>(client, 'submitImageTask', { apiKey, body: IMAGE })
      const failed = { id: task.taskId, status: 2, errorCode: 'UPSTREAM_FAILED', refund: true }
      await value(client, 'transitionTask', failed)
      expect((await value<Task>(client, 'getTask', { apiKey, id: task.taskId })).status).toBe(2)
      expect((await value<{ credits: number }>(client, 'getAccount', { id })).credits).toBe(50)
      // Read again once it is over: a rule the client broke, told with the answer and in the findings.
      const again = await call(client, 'getTask', { apiKey, id: task.taskId })
      expect(again.content[1]?.text).toMatch(/^HTTP 200\ngenmock-conformance: .*poll-after-terminal/)
      const findings = await value<{ findings: { rule: string }[] }>(client, 'listConformanceFindings', { account: id })
      expect(findings.findings.map((finding) => finding.rule)).toContain('poll-after-terminal')
      const coverage = await value<{ outcomes: { name: string; met: boolean }[] }>(client, 'getCoverage', {
        account: id,
      })
      expect(coverage.outcomes.filter((o) => o.met).map((o) => o.name)).toContain('failed-refunded')
    },
    LIMIT_MS,
  )

  it(
    'answers a bad argument with isError naming it, and keeps working',
    async () => {
      await open()
      const client = await connect()
      const text = async (name: string, args: Record<string, unknown>) => {
        const result = await call(client, name, args)
        expect(result.isError, `${name} ${JSON.stringify(args)}`).toBe(true)
        return result.content.map((part) => part.text).join('\n')
      }
      expect(await text('advanceClock', { seconds: -1 })).toMatch(/"path":"seconds"[\s\S]*HTTP 400/)
      expect(await text('createAccount', { credits: 'many' })).toContain('"path":"credits"')
      expect(await text('getAccount', {})).toBe('Invalid arguments: id: required')
      expect(await text('getAccount', { id: { nested: true } })).toBe(
        'Invalid arguments: id: expected a string, number or boolean',
      )
      expect(await text('getClock', { when: 'now' })).toMatch(/^Invalid arguments: when: unknown/)
      expect(await text('getAccount', { id: 'acct_nobody' })).toMatch(/HTTP 404$/)
      const { apiKey } = await value<{ apiKey: string }>(client, 'createAccount', {})
      expect(await text('submitImageTask', { apiKey, body: { model: 'no-such-model', prompt: 'x' } })).toContain(
        'model',
      )
      expect(await text('getTask', { apiKey: 'sk_test_not_a_key', id: 'tsk_1' })).toMatch(/Unauthorized[\s\S]*HTTP 401/)
      await expect(client.callTool({ name: 'noSuchTool', arguments: {} })).rejects.toThrow(/Unknown tool noSuchTool/)
      expect(await value(client, 'getClock')).toHaveProperty('mode')
    },
    LIMIT_MS,
  )

  it(
    'serves two sessions at once, each world with its own clock',
    async () => {
      await open()
      const [first, second] = await Promise.all([connect(), connect()])
      const [a, b] = await Promise.all(
        [first!, second!].map((client) =>
          value<{ id: string; apiKey: string }>(client, 'createAccount', { clock: 'own' }),
        ),
      )
      await Promise.all([
        value(first!, 'advanceAccountClock', { id: a!.id, seconds: 3600 }),
        value(second!, 'advanceAccountClock', { id: b!.id, seconds: 60 }),
        value(first!, 'submitImageTask', { apiKey: a!.apiKey, body: IMAGE }),
        value(second!, 'submitImageTask', { apiKey: b!.apiKey, body: IMAGE }),
      ])
      const clocks = await Promise.all([
        value<{ now: string }>(second!, 'getAccountClock', { id: a!.id }),
        value<{ now: string }>(first!, 'getAccountClock', { id: b!.id }),
      ])
      expect(clocks.map((clock) => Date.parse(clock.now) - START)).toEqual([3_600_000, 60_000])
      const lists = await Promise.all([
        value<{ total: number }>(first!, 'listTasks', { account: a!.id }),
        value<{ total: number }>(second!, 'listTasks', { account: b!.id }),
      ])
      expect(lists.map((list) => list.total)).toEqual([1, 1])
    },
    LIMIT_MS,
  )

  it(
    'with --admin-token: 401 without it, and its tools act with the token it was reached with',
    async () => {
      await open({ adminToken: 'mcp-admin-token' })
      const bare = await fetch(`${url()}/__mock/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      })
      expect(bare.status).toBe(401)
      expect(await bare.json()).toMatchObject({
        error: 'Unauthorized',
        message: expect.stringContaining('admin token'),
      })
      await expect(httpClient(url(), 'not-the-token')).rejects.toMatchObject({ code: 401 })
      const client = await connect('mcp-admin-token')
      const account = await value<{ apiKey: string }>(client, 'createAccount', { credits: 10 })
      expect(account.apiKey).toMatch(/^sk_/)
    },
    LIMIT_MS,
  )

  it(
    'answers GET with what it is, and 405 to a client asking for an event stream',
    async () => {
      await open()
      const described = await fetch(`${url()}/__mock/mcp`)
      expect(described.status).toBe(200)
      expect(await described.json()).toMatchObject({ protocol: 'Model Context Protocol', tools: 38 })
      const stream = await fetch(`${url()}/__mock/mcp`, { headers: { accept: 'text/event-stream' } })
      expect(stream.status).toBe(405)
      expect(stream.headers.get('allow')).toBe('POST')
    },
    LIMIT_MS,
  )
})
