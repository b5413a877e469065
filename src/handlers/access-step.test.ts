import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { HttpRequest } from '../http/request-reply.js'
import { buildSimulator } from '../simulator.js'

/** Access is decided by the route table, in one place (access-step.ts), before any handler runs. */
const request = (method: string, path: string, headers: HttpRequest['headers'] = {}, body = ''): HttpRequest => ({
  method,
  path,
  query: '',
  headers: { 'content-type': 'application/json', ...headers },
  body: new TextEncoder().encode(body),
  origin: 'http://localhost',
})
const ALICE = { authorization: 'Bearer sk_test_alice' }
const IMAGE = JSON.stringify({ model: 'base-image-2', prompt: 'a red fox in the snow' })

describe('the access step', () => {
  it('refuses a service request without a key before its handler runs: no task is made', async () => {
    const { app, engine } = buildSimulator({ seed: 7 })
    const refused = await app(request('POST', '/api/ai/image/generate', {}, IMAGE))
    expect(refused && 'status' in refused && refused.status).toBe(401)
    expect(engine.storedTasks).toBe(0)
    const accepted = await app(request('POST', '/api/ai/image/generate', ALICE, IMAGE))
    expect(accepted && 'status' in accepted && accepted.status).toBe(200)
    expect(engine.storedTasks).toBe(1)
  })

  it('hands the handler the caller it authenticated: the journal names the account', async () => {
    const { app, engine } = buildSimulator({ seed: 7 })
    await app(request('GET', '/api/ai/models', ALICE))
    const [entry] = engine.journal.list(1)
    expect(entry?.accountId).toBe(engine.authenticate({ kind: 'key', key: 'sk_test_alice' }).id)
  })

  it('journals a refused read under the task it named', async () => {
    const { app, engine } = buildSimulator({ seed: 7 })
    await app(request('GET', '/api/ai/tasks/tsk_missing'))
    const [entry] = engine.journal.list(1)
    expect(entry).toMatchObject({ status: 401, taskId: 'tsk_missing' })
  })

  it('is the only place that authenticates: no handler reads a credential itself', () => {
    const dir = new URL('.', import.meta.url)
    const handlers = readdirSync(dir).filter((name) => name.endsWith('-handlers.ts'))
    expect(handlers.length).toBeGreaterThan(5)
    for (const name of handlers) {
      const source = readFileSync(new URL(name, dir), 'utf8')
      expect(source, name).not.toMatch(/\b(?:authenticate|credentialOf|bearerToken|parseCookies|caller)\(/)
    }
  })
})
