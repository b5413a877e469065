import type { JournalEntry } from '../../src/engine/journal/journal.js'
import { expect, it } from 'vitest'
import {
  advance,
  auth,
  getTask,
  IMAGE,
  KEYS,
  post,
  RELAY,
  submitImage,
  submitVideo,
  VIDEO_T2V,
} from '../support/api.js'
import { defaultOptions, eachDoor, type Door } from '../support/doors.js'

/**
 * The request journal (docs/control-api.md; WireMock's request log): GET /__mock/requests lists client
 * traffic (everything outside /__mock), newest first, with credentials redacted.
 */

type Entry = JournalEntry

interface Journal {
  total: number
  requests: Entry[]
}

const ENTRY_KEYS = [
  'seq',
  'at',
  'method',
  'path',
  'query',
  'status',
  'durationMs',
  'headers',
  'accountId',
  'scenario',
  'taskId',
  'idempotencyKey',
  'replayed',
  'dropped',
  'conformance',
  'requestBody',
  'responseHeaders',
  'responseBody',
]

async function journal(door: Door, query = ''): Promise<Journal> {
  const res = await door.fetch(`/__mock/requests${query}`)
  expect(res.status).toBe(200)
  return (await res.json()) as Journal
}

async function journalText(door: Door): Promise<string> {
  const res = await door.fetch('/__mock/requests?limit=1000')
  expect(res.status).toBe(200)
  return res.text()
}

async function clockNow(door: Door): Promise<number> {
  const res = await door.fetch('/__mock/clock')
  expect(res.status).toBe(200)
  return Date.parse(((await res.json()) as { now: string }).now)
}

async function drain(res: Response | Promise<Response>): Promise<Response> {
  const response = await res
  await response.arrayBuffer()
  return response
}

async function taskIdOf(res: Promise<Response>): Promise<string> {
  const response = await res
  expect(response.status).toBe(200)
  return ((await response.json()) as { taskId: string }).taskId
}

const clearJournal = async (door: Door) => {
  const res = await door.fetch('/__mock/requests', { method: 'DELETE' })
  expect(res.status).toBe(200)
  expect(await res.json()).toStrictEqual({ ok: true })
}

eachDoor('request journal', (door) => {
  it('starts empty after a reset', async () => {
    expect(await journal(door())).toStrictEqual({ total: 0, requests: [] })
  })

  it('records client traffic (submissions, task reads, models, media, unknown /api routes), newest first', async () => {
    const taskId = await taskIdOf(submitImage(door(), IMAGE))
    await drain(door().fetch('/api/ai/models?verbose=1', { headers: auth() }))
    await advance(door(), 12)
    const task = (await (await getTask(door(), taskId)).json()) as { outputImageUrls: string[] }
    const mediaPath = new URL(task.outputImageUrls[0]!).pathname
    const media = await drain(door().fetch(mediaPath))
    expect(media.status).toBe(200)
    const unknown = await drain(door().fetch('/api/ai/nothing-here', { headers: auth() }))
    expect(unknown.status).toBe(404)
    const video = await taskIdOf(submitVideo(door(), VIDEO_T2V, auth(KEYS.bob)))

    const { total, requests } = await journal(door())
    expect(total).toBe(6)
    expect(requests.map((e) => [e.method, e.path, e.status])).toStrictEqual([
      ['POST', '/api/ai/video/generate', 200],
      ['GET', '/api/ai/nothing-here', 404],
      ['GET', mediaPath, 200],
      ['GET', `/api/ai/tasks/${taskId}`, 200],
      ['GET', '/api/ai/models', 200],
      ['POST', '/api/ai/image/generate', 200],
    ])
    expect(requests.map((e) => e.seq)).toStrictEqual([6, 5, 4, 3, 2, 1])
    expect(requests[4]!.query).toBe('?verbose=1')
    expect(requests.filter((e) => e !== requests[4]).every((e) => e.query === '')).toBe(true)
    for (const entry of requests) {
      for (const key of Object.keys(entry)) expect(ENTRY_KEYS, key).toContain(key)
      expect(entry.durationMs).toBeGreaterThanOrEqual(0)
      expect(Number.isFinite(entry.durationMs)).toBe(true)
      expect(new Date(entry.at).toISOString()).toBe(entry.at)
      expect(typeof entry.headers).toBe('object')
    }
    expect(requests[0]).toMatchObject({ accountId: 'acct_bob', scenario: 'default', taskId: video })
    expect(requests[3]).toMatchObject({ accountId: 'acct_alice', taskId })
    expect(requests[3]!.scenario).toBeUndefined()
    expect(requests[4]).toMatchObject({ accountId: 'acct_alice' })
    expect(requests[5]).toMatchObject({ accountId: 'acct_alice', scenario: 'default', taskId })
    expect(requests[5]!.idempotencyKey).toBeUndefined()
    expect(requests[5]!.replayed).toBeUndefined()
    expect(requests[5]!.dropped).toBeUndefined()
    expect(requests[5]!.headers['content-type']).toBe('application/json')
  })

  it('journals a request that sends Set-Cookie, twice (Node reads it as a list), as one value', async () => {
    const headers = new Headers(auth())
    headers.append('set-cookie', 'a=1')
    headers.append('set-cookie', 'b=2')
    await drain(door().fetch('/api/ai/models', { headers }))
    const { requests } = await journal(door())
    expect(requests[0]!.headers['set-cookie']).toBe('a=1, b=2')
  })

  it('does not record /__mock control calls, even unknown ones, nor the journal reads themselves', async () => {
    await drain(door().fetch('/__mock/health'))
    await drain(door().fetch('/__mock/clock'))
    await advance(door(), 1)
    await drain(post(door(), '/__mock/accounts', { credits: 10 }))
    await drain(door().fetch('/__mock/tasks'))
    await drain(door().fetch('/__mock/scenarios'))
    const unknownControl = await drain(door().fetch('/__mock/no-such-control-route'))
    expect(unknownControl.status).toBe(404)
    await journal(door())
    expect(await journal(door())).toStrictEqual({ total: 0, requests: [] })

    await drain(door().fetch('/api/ai/models', { headers: auth() }))
    await drain(door().fetch('/__mock/health'))
    const after = await journal(door())
    expect(after.total).toBe(1)
    expect(after.requests.map((e) => e.path)).toStrictEqual(['/api/ai/models'])
  })

  it('at is the simulated arrival time: it follows the clock, not the wall', async () => {
    const start = await clockNow(door())
    await drain(door().fetch('/api/ai/models', { headers: auth() }))
    await advance(door(), 90)
    await drain(submitImage(door(), IMAGE))
    await advance(door(), 3600)
    await drain(door().fetch('/api/ai/models', { headers: auth() }))
    const { requests } = await journal(door())
    expect(requests.map((e) => e.at)).toStrictEqual([
      new Date(start + 3690_000).toISOString(),
      new Date(start + 90_000).toISOString(),
      new Date(start).toISOString(),
    ])
  })

  it('durationMs is wall time spent answering, scenario latency included', async () => {
    const loaded = await post(door(), '/__mock/scenarios', {
      name: 'slow-answer',
      description: 'Answers after 250 ms.',
      rules: [{ submit: { latency: '250ms' }, use: 'default' }],
    })
    expect(loaded.status).toBe(201)
    await drain(loaded)
    const before = await clockNow(door())
    const res = await drain(submitImage(door(), IMAGE, { 'x-mock-scenario': 'slow-answer' }))
    expect(res.status).toBe(200)
    const [entry] = (await journal(door())).requests
    expect(entry).toMatchObject({ scenario: 'slow-answer', status: 200, at: new Date(before).toISOString() })
    expect(entry!.durationMs).toBeGreaterThanOrEqual(240)
    expect(entry!.durationMs).toBeLessThan(5000)
  })

  it('an Idempotency-Key and its replay are journaled: idempotencyKey on both, replayed on the retry', async () => {
    const first = await taskIdOf(submitImage(door(), RELAY, { 'idempotency-key': 'journal-replay-0001' }))
    const retry = await submitImage(door(), RELAY, { 'idempotency-key': 'journal-replay-0001' })
    expect(retry.status).toBe(200)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    await retry.arrayBuffer()
    const [replay, original] = (await journal(door())).requests
    expect(original).toMatchObject({
      status: 200,
      accountId: 'acct_alice',
      scenario: 'default',
      taskId: first,
      idempotencyKey: 'journal-replay-0001',
    })
    expect(original!.replayed).toBeUndefined()
    expect(replay).toMatchObject({
      status: 200,
      accountId: 'acct_alice',
      taskId: first,
      idempotencyKey: 'journal-replay-0001',
      replayed: true,
    })
    expect(replay!.headers['idempotency-key']).toBe('journal-replay-0001')
  })

  it('redacts the Authorization credential and every cookie value; the raw secrets appear nowhere', async () => {
    const secrets = [
      'sk_test_alice',
      'sess_test_bob',
      'sk_test_nobody_secret_42',
      'dXNlcjpwYXNzd29yZA',
      'raw_token_without_scheme',
      'dark-theme-value',
    ]
    await drain(door().fetch('/api/ai/models', { headers: auth(KEYS.alice) }))
    await drain(
      door().fetch('/api/ai/models', { headers: { cookie: 'genmock_session=sess_test_bob; theme=dark-theme-value' } }),
    )
    const refused = await drain(door().fetch('/api/ai/models', { headers: auth('sk_test_nobody_secret_42') }))
    expect(refused.status).toBe(401)
    await drain(door().fetch('/api/ai/models', { headers: { authorization: 'Basic dXNlcjpwYXNzd29yZA==' } }))
    await drain(door().fetch('/api/ai/models', { headers: { authorization: 'raw_token_without_scheme' } }))

    const text = await journalText(door())
    for (const secret of secrets) expect(text, secret).not.toContain(secret)
    const { requests } = JSON.parse(text) as Journal
    expect(requests.map((e) => e.headers.authorization)).toStrictEqual([
      '[redacted]',
      'Basic [redacted]',
      'Bearer [redacted]',
      undefined,
      'Bearer [redacted]',
    ])
    expect(requests[3]!.headers.cookie).toBe('genmock_session=[redacted]; theme=[redacted]')
    expect(requests[3]).toMatchObject({ status: 200, accountId: 'acct_bob' })
    expect(requests[4]).toMatchObject({ status: 200, accountId: 'acct_alice' })
  })

  it("a submission's secrets are redacted too, and its other headers are kept", async () => {
    await drain(submitImage(door(), IMAGE, { cookie: 'genmock_session=sess_test_alice', 'x-trace-id': 'trace-123' }))
    const text = await journalText(door())
    expect(text).not.toContain('sk_test_alice')
    expect(text).not.toContain('sess_test_alice')
    const [entry] = (JSON.parse(text) as Journal).requests
    expect(entry!.headers).toMatchObject({
      authorization: 'Bearer [redacted]',
      cookie: 'genmock_session=[redacted]',
      'x-trace-id': 'trace-123',
    })
  })

  // Among them: 401 without accountId, 400 with it, 402 with the scenario, 404 for another's task.
  it('failing requests are journaled', async () => {
    const unauthorized = await drain(post(door(), '/api/ai/image/generate', IMAGE, { authorization: '' }))
    expect(unauthorized.status).toBe(401)
    const invalid = await drain(submitImage(door(), { model: 'base-image-2' }))
    expect(invalid.status).toBe(400)
    const short = await drain(submitImage(door(), IMAGE, auth(KEYS.low)))
    expect(short.status).toBe(402)
    const refused = await drain(submitImage(door(), IMAGE, { 'x-mock-scenario': 'insufficient-credits' }))
    expect(refused.status).toBe(402)
    const bobs = await taskIdOf(submitImage(door(), IMAGE, auth(KEYS.bob)))
    const hidden = await drain(getTask(door(), bobs, KEYS.alice))
    expect(hidden.status).toBe(404)

    const { total, requests } = await journal(door())
    expect(total).toBe(6)
    const [notFound, , scenario402, low402, bad, noAuth] = requests
    expect(noAuth).toMatchObject({ method: 'POST', path: '/api/ai/image/generate', status: 401 })
    expect(noAuth!.accountId).toBeUndefined()
    expect(noAuth!.taskId).toBeUndefined()
    expect(bad).toMatchObject({ status: 400, accountId: 'acct_alice' })
    expect(bad!.taskId).toBeUndefined()
    expect(low402).toMatchObject({ status: 402, accountId: 'acct_low', scenario: 'default' })
    expect(low402!.taskId).toBeUndefined()
    expect(scenario402).toMatchObject({ status: 402, accountId: 'acct_alice', scenario: 'insufficient-credits' })
    expect(scenario402!.taskId).toBeUndefined()
    expect(notFound).toMatchObject({ method: 'GET', status: 404, accountId: 'acct_alice', taskId: bobs })
  })

  it('a dropped connection is journaled with status 0 and dropped: true, and its task', async () => {
    await expect(
      submitImage(door(), IMAGE, { 'x-mock-scenario': 'drop-after-commit', 'idempotency-key': 'journal-drop-00001' }),
    ).rejects.toThrow()
    const tasks = (await (await door().fetch('/__mock/tasks')).json()) as { tasks: { taskId: string }[] }
    expect(tasks.tasks).toHaveLength(1)
    const taskId = tasks.tasks[0]!.taskId

    const [entry] = (await journal(door())).requests
    expect(entry).toMatchObject({
      seq: 1,
      method: 'POST',
      path: '/api/ai/image/generate',
      status: 0,
      dropped: true,
      accountId: 'acct_alice',
      scenario: 'drop-after-commit',
      taskId,
      idempotencyKey: 'journal-drop-00001',
    })
    expect(entry!.durationMs).toBeGreaterThanOrEqual(0)

    // The retry gets the stored task back: journaled as a replay, not dropped.
    const retry = await submitImage(door(), IMAGE, {
      'x-mock-scenario': 'drop-after-commit',
      'idempotency-key': 'journal-drop-00001',
    })
    expect(retry.status).toBe(200)
    await retry.arrayBuffer()
    const [replay] = (await journal(door())).requests
    expect(replay).toMatchObject({ seq: 2, status: 200, replayed: true, taskId })
    expect(replay!.dropped).toBeUndefined()
  })

  it('?limit=N returns the newest N; total counts them all', async () => {
    for (let i = 0; i < 5; i++) await drain(door().fetch(`/api/ai/models?n=${i}`, { headers: auth() }))
    const limited = await journal(door(), '?limit=2')
    expect(limited.total).toBe(5)
    expect(limited.requests.map((e) => [e.seq, e.query])).toStrictEqual([
      [5, '?n=4'],
      [4, '?n=3'],
    ])
    expect((await journal(door(), '?limit=1')).requests.map((e) => e.seq)).toStrictEqual([5])
    expect((await journal(door(), '?limit=1000')).requests).toHaveLength(5)
  })

  it('without a limit it returns the newest 100', async () => {
    for (let i = 0; i < 103; i++) await drain(door().fetch('/api/ai/models', { headers: auth() }))
    const { total, requests } = await journal(door())
    expect(total).toBe(103)
    expect(requests).toHaveLength(100)
    expect(requests[0]!.seq).toBe(103)
    expect(requests.at(-1)!.seq).toBe(4)
  })

  it('a bad limit is 400 Invalid request naming limit', async () => {
    for (const limit of ['0', '-1', 'x', '100000', '1.5', '']) {
      const res = await door().fetch(`/__mock/requests?limit=${limit}`)
      expect(res.status, limit).toBe(400)
      const body = (await res.json()) as { error: string; details: { issues: { path: string }[] } }
      expect(body.error).toBe('Invalid request')
      expect(body.details.issues.map((i) => i.path)).toContain('limit')
    }
  })

  it('DELETE /__mock/requests empties it, and numbering starts again', async () => {
    await drain(door().fetch('/api/ai/models', { headers: auth() }))
    await drain(submitImage(door(), IMAGE))
    expect((await journal(door())).total).toBe(2)
    await clearJournal(door())
    expect(await journal(door())).toStrictEqual({ total: 0, requests: [] })
    await drain(door().fetch('/api/ai/models', { headers: auth() }))
    expect((await journal(door())).requests.map((e) => e.seq)).toStrictEqual([1])
    // Tasks are not touched.
    expect(((await (await door().fetch('/__mock/tasks')).json()) as { total: number }).total).toBe(1)
  })

  it('POST /__mock/reset empties it too', async () => {
    await drain(door().fetch('/api/ai/models', { headers: auth() }))
    await drain(submitImage(door(), IMAGE))
    expect((await journal(door())).total).toBe(2)
    const res = await drain(post(door(), '/__mock/reset', {}))
    expect(res.status).toBe(200)
    expect(await journal(door())).toStrictEqual({ total: 0, requests: [] })
  })
})

eachDoor(
  'request journal capacity',
  (door) => {
    it('keeps the last journalLimit requests, oldest dropped first', async () => {
      for (let i = 0; i < 5; i++) await drain(door().fetch(`/api/ai/models?n=${i}`, { headers: auth() }))
      const { total, requests } = await journal(door(), '?limit=1000')
      expect(total).toBe(3)
      expect(requests.map((e) => [e.seq, e.query])).toStrictEqual([
        [5, '?n=4'],
        [4, '?n=3'],
        [3, '?n=2'],
      ])
    })
  },
  () => ({ ...defaultOptions(), journalLimit: 3 }),
)
