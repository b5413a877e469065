import { afterEach, describe, expect, it } from 'vitest'
import { parseCommand } from '../../src/node/cli/parse-args.js'
import { startServer } from '../../src/node/server/server.js'
import { run } from '../support/cli.js'
import { auth, IMAGE, post, submitImage } from '../support/api.js'
import { eachDoor } from '../support/doors.js'

/**
 * Names from outside never reach a plain object (docs/limits-and-security.md): models, statuses,
 * error codes, account ids, header names and scenario names may be `__proto__`, `constructor` or
 * `prototype` and stay names. Task views show a key pasted into a prompt redacted, as the journal
 * does. A server that answers every Host needs an admin token.
 */

const HOSTILE = ['__proto__', 'constructor', 'prototype'] as const
const pristine = () => {
  const probe = {} as Record<string, unknown>
  return [Object.getPrototypeOf(probe) === Object.prototype, probe.submitted, probe.outcomes, probe.x]
}
afterEach(() => expect(pristine()).toEqual([true, undefined, undefined, undefined]))

eachDoor('names from outside stay names', (door) => {
  it('a model __proto__, constructor or prototype is Invalid request naming model; the server goes on', async () => {
    for (const model of HOSTILE) {
      const res = await submitImage(door(), { ...IMAGE, model })
      expect(res.status).toBe(400)
      expect(((await res.json()) as { details: { issues: { path: string }[] } }).details.issues[0]!.path).toBe('model')
    }
    expect((await post(door(), '/__mock/accounts', { credits: 5 })).status).toBe(201)
    expect(
      (
        await door().fetch('/__mock/clock', {
          method: 'PUT',
          body: '{}',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(200)
  })

  it('scenarios named constructor and prototype load, list, answer and get chosen (__proto__ is no name)', async () => {
    const refused = await post(door(), '/__mock/scenarios', { name: '__proto__', rules: [] })
    expect(refused.status).toBe(400)
    expect((await submitImage(door(), IMAGE, { 'x-mock-scenario': '__proto__' })).status).toBe(400)
    for (const name of ['constructor', 'prototype']) {
      const scenario = {
        name,
        description: name,
        rules: [{ submit: { reject: { status: 418, body: { error: `from ${name}` } } } }],
      }
      expect((await post(door(), '/__mock/scenarios', scenario)).status).toBe(201)
      const res = await submitImage(door(), IMAGE, { 'x-mock-scenario': name })
      expect([res.status, await res.json()]).toEqual([418, { error: `from ${name}` }])
      expect((await door().fetch(`/__mock/scenarios/${name}`)).status).toBe(200)
    }
    const listed = (await (await door().fetch('/__mock/scenarios')).json()) as { scenarios: { name: string }[] }
    expect(listed.scenarios.map((s) => s.name)).toEqual(expect.arrayContaining(['constructor', 'prototype']))
  })

  it('an errorCode and headers with those names are kept as values and names', async () => {
    const { taskId } = (await (await submitImage(door(), IMAGE)).json()) as { taskId: string }
    const forced = await post(door(), `/__mock/tasks/${taskId}/transition`, {
      status: 2,
      errorCode: '__proto__',
      refund: true,
    })
    expect(forced.status).toBe(200)
    expect(await forced.json()).toMatchObject({ errorCode: '__proto__' })
    const read = await door().fetch(`/api/ai/tasks/${taskId}`, { headers: auth() })
    expect(await read.json()).toMatchObject({ status: 2, errorCode: '__proto__' })
    await door().fetch('/api/ai/models', { headers: { ...auth(), constructor: 'c', prototype: 'p' } })
    const { requests } = (await (await door().fetch('/__mock/requests?limit=1')).json()) as {
      requests: { headers: Record<string, string> }[]
    }
    expect(Object.hasOwn(requests[0]!.headers, 'constructor')).toBe(true)
    expect(requests[0]!.headers.prototype).toBe('p')
  })

  it('task views, listed or in detail, show a key pasted into a prompt redacted as the journal does', async () => {
    const prompt = 'a fox; my key is sk_test_bob and Bearer abcdefgh12345678'
    const { taskId } = (await (await submitImage(door(), { ...IMAGE, prompt })).json()) as { taskId: string }
    const listed = (await (await door().fetch('/__mock/tasks')).json()) as { tasks: { prompt: string }[] }
    const detail = (await (await door().fetch(`/__mock/tasks/${taskId}`)).json()) as { task: { prompt: string } }
    for (const shown of [listed.tasks[0]!.prompt, detail.task.prompt]) {
      expect(shown).not.toContain('sk_test_bob')
      expect(shown).not.toContain('abcdefgh12345678')
      expect(shown).toBe('a fox; my key is [redacted] and Bearer [redacted]')
    }
    // The owner's own answer is the service's: its prompt as sent.
    const own = await door().fetch(`/api/ai/tasks/${taskId}`, { headers: auth() })
    expect(((await own.json()) as { prompt: string }).prompt).toBe(prompt)
  })
})

describe("--allowed-hosts '*' needs an admin token", () => {
  it('genmock exits 2 with the reason and serves nothing', async () => {
    for (const [args, env] of [
      [['--allowed-hosts', '*'], {}],
      [['--allowed-hosts', 'genmock.internal,*'], {}],
      [[], { GENMOCK_ALLOWED_HOSTS: '*' }],
    ] as const) {
      const { code, stdout, stderr } = await run(['--port', '0', ...args], env)
      expect(code).toBe(2)
      expect(stdout).toBe('')
      expect(stderr).toContain("--allowed-hosts '*' answers every Host")
    }
    // With a token (here from the variable) it starts; --help is not refused either.
    expect(parseCommand(['--allowed-hosts', '*'], { GENMOCK_ADMIN_TOKEN: 'a-long-admin-token' })).toMatchObject({
      kind: 'serve',
      adminToken: 'a-long-admin-token',
    })
  })

  it('startServer refuses it too, and starts with a token', async () => {
    await expect(startServer({ port: 0, allowedHosts: ['*'] })).rejects.toThrow(/admin-token/)
    const server = await startServer({ port: 0, log: 'silent', allowedHosts: ['*'], adminToken: 'a-long-admin-token' })
    const res = await fetch(`${server.url}/__mock/clock`, { headers: { host: 'rebound.example' } })
    expect(res.status).toBe(401)
    await server.close()
  })
})
