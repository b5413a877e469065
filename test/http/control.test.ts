import { expect, it } from 'vitest'
import pkg from '../../package.json' with { type: 'json' }
import {
  advance,
  auth,
  balance,
  getTask,
  IMAGE,
  issuePaths,
  KEYS,
  post,
  RELAY,
  submitImage,
  submitVideo,
  VIDEO_T2V,
} from '../support/api.js'
import { eachDoor, type Door } from '../support/doors.js'

/** The control API under /__mock (docs/control-api.md). */

interface ClockState {
  mode: string
  speed: number
  now: string
}

interface AccountView {
  id: string
  name: string
  credits: number
  scenario?: string
  ledger: { at: number; kind: string; amount: number; balanceAfter: number; taskId?: string }[]
}

interface TaskList {
  total: number
  tasks: { taskId: string; status: number; accountId: string; type: string; model: string }[]
}

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

async function clock(door: Door): Promise<ClockState> {
  const res = await door.fetch('/__mock/clock')
  expect(res.status).toBe(200)
  return (await res.json()) as ClockState
}

async function account(door: Door, id: string): Promise<AccountView> {
  const res = await door.fetch(`/__mock/accounts/${id}`)
  expect(res.status).toBe(200)
  return (await res.json()) as AccountView
}

async function tasks(door: Door, query = ''): Promise<TaskList> {
  const res = await door.fetch(`/__mock/tasks${query}`)
  expect(res.status).toBe(200)
  return (await res.json()) as TaskList
}

async function taskIdOf(res: Promise<Response>): Promise<string> {
  const response = await res
  expect(response.status).toBe(200)
  return ((await response.json()) as { taskId: string }).taskId
}

async function expectInvalid(res: Response, path?: string): Promise<void> {
  expect(res.status).toBe(400)
  const paths = await issuePaths(res)
  expect(paths.length).toBeGreaterThan(0)
  if (path !== undefined) expect(paths).toContain(path)
}

eachDoor('control API', (door) => {
  it('GET /__mock/health is { ok: true, version }', async () => {
    const res = await door().fetch('/__mock/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toStrictEqual({ ok: true, version: pkg.version })
  })

  // ---- clock ----

  it('GET /__mock/clock gives mode, speed and now', async () => {
    const state = await clock(door())
    expect(state.mode).toBe('manual')
    expect(state.speed).toBe(1)
    expect(new Date(state.now).toISOString()).toBe(state.now)
    // Manual: it does not move by itself.
    expect((await clock(door())).now).toBe(state.now)
  })

  it('POST /__mock/clock/advance moves now forward by exactly the seconds given; answers the new state', async () => {
    const before = await clock(door())
    const res = await post(door(), '/__mock/clock/advance', { seconds: 90.5 })
    expect(res.status).toBe(200)
    const answered = (await res.json()) as ClockState
    expect(Date.parse(answered.now) - Date.parse(before.now)).toBe(90_500)
    expect((await clock(door())).now).toBe(answered.now)
    const zero = await post(door(), '/__mock/clock/advance', { seconds: 0 })
    expect(zero.status).toBe(200)
    expect(((await zero.json()) as ClockState).now).toBe(answered.now)
  })

  it('advancing applies due events: a task completes on the advance, not only on the next read', async () => {
    const taskId = await taskIdOf(submitImage(door(), IMAGE))
    await advance(door(), 12)
    expect((await tasks(door(), '?status=1')).tasks.map((t) => t.taskId)).toContain(taskId)
  })

  it('advancing by negative, missing or non-numeric seconds is 400 and leaves the clock alone', async () => {
    const before = await clock(door())
    await expectInvalid(await post(door(), '/__mock/clock/advance', { seconds: -1 }), 'seconds')
    await expectInvalid(await post(door(), '/__mock/clock/advance', { seconds: '10' }), 'seconds')
    await expectInvalid(await post(door(), '/__mock/clock/advance', {}), 'seconds')
    await expectInvalid(await post(door(), '/__mock/clock/advance', { seconds: 1, extra: true }))
    expect((await clock(door())).now).toBe(before.now)
  })

  it('PUT /__mock/clock sets now forward, and refuses a now in the past with 400', async () => {
    const before = await clock(door())
    const future = new Date(Date.parse(before.now) + 7 * 24 * 3600 * 1000).toISOString()
    const res = await door().fetch('/__mock/clock', json('PUT', { now: future }))
    expect(res.status).toBe(200)
    expect(((await res.json()) as ClockState).now).toBe(future)
    expect((await clock(door())).now).toBe(future)

    const past = new Date(Date.parse(future) - 1000).toISOString()
    await expectInvalid(await door().fetch('/__mock/clock', json('PUT', { now: past })), 'now')
    expect((await clock(door())).now).toBe(future)
    await expectInvalid(await door().fetch('/__mock/clock', json('PUT', { now: 'tomorrow' })), 'now')
    // Setting now to now is not "in the past".
    expect((await door().fetch('/__mock/clock', json('PUT', { now: future }))).status).toBe(200)
  })

  it('PUT /__mock/clock changes mode and speed, and refuses bad values', async () => {
    try {
      const res = await door().fetch('/__mock/clock', json('PUT', { mode: 'real', speed: 10 }))
      expect(res.status).toBe(200)
      const state = (await res.json()) as ClockState
      expect(state.mode).toBe('real')
      expect(state.speed).toBe(10)
      expect((await clock(door())).mode).toBe('real')
      await expectInvalid(await door().fetch('/__mock/clock', json('PUT', { mode: 'fast' })), 'mode')
      await expectInvalid(await door().fetch('/__mock/clock', json('PUT', { speed: 0 })), 'speed')
      await expectInvalid(await door().fetch('/__mock/clock', json('PUT', { speed: -2 })), 'speed')
    } finally {
      const back = await door().fetch('/__mock/clock', json('PUT', { mode: 'manual', speed: 1 }))
      expect(back.status).toBe(200)
    }
    const state = await clock(door())
    expect(state).toMatchObject({ mode: 'manual', speed: 1 })
    expect((await clock(door())).now).toBe(state.now)
  })

  // ---- reset ----

  it('POST /__mock/reset restores fixture balances, clears tasks and idempotency keys, answers the seed', async () => {
    await submitImage(door(), RELAY, { 'idempotency-key': 'control-reset-0001' })
    await submitVideo(door(), VIDEO_T2V, auth(KEYS.bob))
    await door().fetch('/__mock/accounts/acct_low', json('PATCH', { credits: 500 }))
    const created = (await (await post(door(), '/__mock/accounts', { apiKey: 'sk_test_control_reset' })).json()) as {
      id: string
    }
    expect(await balance(door())).toBeLessThan(1000)
    expect((await tasks(door())).total).toBe(2)

    const res = await post(door(), '/__mock/reset', { seed: 42 })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ seed: 42 })

    expect(await balance(door(), 'acct_alice')).toBe(1000)
    expect(await balance(door(), 'acct_bob')).toBe(1000)
    expect(await balance(door(), 'acct_low')).toBe(2)
    expect((await tasks(door())).total).toBe(0)
    // Accounts made through the control API are gone, and so are their keys.
    expect((await door().fetch(`/__mock/accounts/${created.id}`)).status).toBe(404)
    expect((await door().fetch('/api/ai/models', { headers: auth('sk_test_control_reset') })).status).toBe(401)
    // The key is forgotten: a different body under it is a new task, not 422.
    const reused = await submitImage(
      door(),
      { ...RELAY, prompt: 'another' },
      { 'idempotency-key': 'control-reset-0001' },
    )
    expect(reused.status).toBe(200)
    expect(reused.headers.get('idempotent-replayed')).toBeNull()
  })

  it('reset with the same seed reproduces identifiers; with another seed they differ', async () => {
    const first = await taskIdOf(submitImage(door(), IMAGE))
    await post(door(), '/__mock/reset', { seed: 7 })
    expect(await taskIdOf(submitImage(door(), IMAGE))).toBe(first)
    await post(door(), '/__mock/reset', { seed: 8 })
    expect(await taskIdOf(submitImage(door(), IMAGE))).not.toBe(first)
  })

  it('reset without a body keeps the seed; an invalid seed is 400', async () => {
    const res = await door().fetch('/__mock/reset', { method: 'POST' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ seed: 7 })
    await expectInvalid(await post(door(), '/__mock/reset', { seed: -1 }), 'seed')
    await expectInvalid(await post(door(), '/__mock/reset', { seed: 1.5 }), 'seed')
    await expectInvalid(await post(door(), '/__mock/reset', { seed: 'x' }), 'seed')
  })

  // ---- accounts ----

  it('POST /__mock/accounts is 201 { id, apiKey, credits }, and the key works at once', async () => {
    const res = await post(door(), '/__mock/accounts', { credits: 50, name: 'Carol' })
    expect(res.status).toBe(201)
    const body = (await res.json()) as { id: string; apiKey: string; credits: number }
    expect(Object.keys(body).sort()).toStrictEqual(['apiKey', 'credits', 'id'])
    expect(body.credits).toBe(50)
    expect(typeof body.id).toBe('string')
    expect(typeof body.apiKey).toBe('string')
    const submitted = await submitImage(door(), IMAGE, auth(body.apiKey))
    expect(submitted.status).toBe(200)
    const view = await account(door(), body.id)
    expect(view.name).toBe('Carol')
    expect(view.credits).toBe(50 - ((await submitted.json()) as { creditsUsed: number }).creditsUsed)
  })

  it('POST /__mock/accounts with no body makes an account with the default credits', async () => {
    const res = await door().fetch('/__mock/accounts', { method: 'POST' })
    expect(res.status).toBe(201)
    const body = (await res.json()) as { id: string; apiKey: string; credits: number }
    expect(body.credits).toBe(1000)
    expect((await account(door(), body.id)).credits).toBe(1000)
  })

  it('two new accounts get different ids and keys, and do not see each other', async () => {
    const a = (await (await post(door(), '/__mock/accounts', {})).json()) as { id: string; apiKey: string }
    const b = (await (await post(door(), '/__mock/accounts', {})).json()) as { id: string; apiKey: string }
    expect(a.id).not.toBe(b.id)
    expect(a.apiKey).not.toBe(b.apiKey)
    const taskId = await taskIdOf(submitImage(door(), IMAGE, auth(a.apiKey)))
    expect((await getTask(door(), taskId, a.apiKey)).status).toBe(200)
    expect((await getTask(door(), taskId, b.apiKey)).status).toBe(404)
  })

  it('a given apiKey is used as is and works on every service endpoint', async () => {
    const res = await post(door(), '/__mock/accounts', { apiKey: 'sk_test_given_key_1', credits: 200 })
    expect(res.status).toBe(201)
    const body = (await res.json()) as { id: string; apiKey: string; credits: number }
    expect(body.apiKey).toBe('sk_test_given_key_1')
    const key = auth('sk_test_given_key_1')
    expect((await door().fetch('/api/ai/models', { headers: key })).status).toBe(200)
    const image = await taskIdOf(submitImage(door(), IMAGE, key))
    const video = await taskIdOf(submitVideo(door(), VIDEO_T2V, key))
    expect((await getTask(door(), image, 'sk_test_given_key_1')).status).toBe(200)
    expect((await getTask(door(), video, 'sk_test_given_key_1')).status).toBe(200)
    expect((await tasks(door(), `?account=${body.id}`)).total).toBe(2)
  })

  it('a duplicate apiKey is 409, whether it belongs to a fixture or a created account', async () => {
    expect((await post(door(), '/__mock/accounts', { apiKey: 'sk_test_given_dup' })).status).toBe(201)
    const accountsBefore = ((await (await door().fetch('/__mock/accounts')).json()) as { accounts: unknown[] }).accounts
      .length
    for (const apiKey of ['sk_test_given_dup', KEYS.alice, KEYS.revoked]) {
      const res = await post(door(), '/__mock/accounts', { apiKey })
      expect(res.status, apiKey).toBe(409)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      const body = (await res.json()) as { error: string }
      expect(typeof body.error).toBe('string')
      expect(body.error).not.toContain(apiKey)
    }
    expect(((await (await door().fetch('/__mock/accounts')).json()) as { accounts: unknown[] }).accounts.length).toBe(
      accountsBefore,
    )
    // The original owner of the key is unchanged.
    expect((await submitImage(door(), IMAGE)).status).toBe(200)
    expect((await account(door(), 'acct_alice')).credits).toBeLessThan(1000)
  })

  it('invalid account bodies are 400 Invalid request naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ credits: -1 }, 'credits'],
      [{ credits: 1.5 }, 'credits'],
      [{ credits: '100' }, 'credits'],
      [{ apiKey: 'short' }, 'apiKey'],
      [{ apiKey: 'has a space in it' }, 'apiKey'],
      [{ apiKey: 'k'.repeat(201) }, 'apiKey'],
      [{ name: '' }, 'name'],
      [{ unknownField: 1 }, 'unknownField'],
    ]
    for (const [body, path] of cases) {
      const res = await post(door(), '/__mock/accounts', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(await issuePaths(res)).toContain(path)
    }
    for (const body of ['[]', '"x"', 'null', '{']) {
      const res = await post(door(), '/__mock/accounts', body)
      expect(res.status, body).toBe(400)
      expect(((await res.json()) as { error: string }).error).toBe('Invalid request')
    }
  })

  it('GET /__mock/accounts/:id shows credits and the ledger, with a debit on acceptance', async () => {
    const opening = await account(door(), 'acct_alice')
    expect(opening.id).toBe('acct_alice')
    expect(opening.name).toBe('Alice')
    expect(opening.credits).toBe(1000)
    expect(opening.ledger.at(-1)).toMatchObject({ balanceAfter: 1000 })

    const res = await submitImage(door(), { ...IMAGE, providerInput: { resolution: '2K' }, numOutputs: 2 })
    const { taskId, creditsUsed } = (await res.json()) as { taskId: string; creditsUsed: number }
    expect(creditsUsed).toBe(12)
    const after = await account(door(), 'acct_alice')
    expect(after.credits).toBe(988)
    expect(after.ledger).toHaveLength(opening.ledger.length + 1)
    expect(after.ledger.at(-1)).toMatchObject({ kind: 'debit', amount: -12, balanceAfter: 988, taskId })
    // Debited on acceptance, not on completion: nothing more when it completes.
    await advance(door(), 12)
    expect((await account(door(), 'acct_alice')).credits).toBe(988)
  })

  it('a refused (402) submission leaves no debit in the ledger', async () => {
    const before = await account(door(), 'acct_low')
    const res = await submitImage(door(), IMAGE, auth(KEYS.low))
    expect(res.status).toBe(402)
    expect(await res.json()).toStrictEqual({ error: 'Insufficient credits', required: 4 })
    expect(await account(door(), 'acct_low')).toStrictEqual(before)
  })

  it('PATCH /__mock/accounts/:id sets credits, name and scenario', async () => {
    const res = await door().fetch(
      '/__mock/accounts/acct_low',
      json('PATCH', { credits: 10, name: 'Topped up', scenario: 'default' }),
    )
    expect(res.status).toBe(200)
    const view = (await res.json()) as AccountView
    expect(view).toMatchObject({ id: 'acct_low', credits: 10, name: 'Topped up', scenario: 'default' })
    expect(view.ledger.at(-1)).toMatchObject({ kind: 'adjust', amount: 8, balanceAfter: 10 })
    expect(await account(door(), 'acct_low')).toMatchObject({ credits: 10, name: 'Topped up', scenario: 'default' })
    // The new balance is what the service charges against.
    expect((await submitImage(door(), IMAGE, auth(KEYS.low))).status).toBe(200)
    expect(await balance(door(), 'acct_low')).toBe(6)
    // scenario: null clears it; other fields are left as they are.
    const cleared = (await (
      await door().fetch('/__mock/accounts/acct_low', json('PATCH', { scenario: null }))
    ).json()) as AccountView
    expect(cleared.scenario).toBeUndefined()
    expect(cleared).toMatchObject({ credits: 6, name: 'Topped up' })
  })

  it('PATCH with an invalid body is 400 and changes nothing', async () => {
    const before = await account(door(), 'acct_bob')
    for (const [body, path] of [
      [{ credits: -5 }, 'credits'],
      [{ credits: 'lots' }, 'credits'],
      [{ name: '' }, 'name'],
      [{ apiKey: 'sk_test_x_123' }, 'apiKey'],
    ] as const) {
      const res = await door().fetch('/__mock/accounts/acct_bob', json('PATCH', body))
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(await issuePaths(res)).toContain(path)
    }
    expect(await account(door(), 'acct_bob')).toStrictEqual(before)
  })

  it('an unknown account is 404 JSON for GET and PATCH', async () => {
    for (const res of [
      await door().fetch('/__mock/accounts/acct_nobody'),
      await door().fetch('/__mock/accounts/acct_nobody', json('PATCH', { credits: 5 })),
    ]) {
      expect(res.status).toBe(404)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      const body = (await res.json()) as { error: unknown }
      expect(typeof body.error).toBe('string')
    }
  })

  // ---- tasks ----

  it("GET /__mock/tasks lists every account's tasks, newest first", async () => {
    const ids = [
      await taskIdOf(submitImage(door(), IMAGE)),
      await taskIdOf(submitVideo(door(), VIDEO_T2V, auth(KEYS.bob))),
      await taskIdOf(submitImage(door(), RELAY, { 'idempotency-key': 'control-list-0001' })),
      await taskIdOf(submitImage(door(), IMAGE, auth(KEYS.bob))),
    ]
    const list = await tasks(door())
    expect(list.total).toBe(4)
    expect(list.tasks.map((t) => t.taskId)).toStrictEqual([...ids].reverse())
    expect(list.tasks.map((t) => t.accountId)).toStrictEqual(['acct_bob', 'acct_alice', 'acct_bob', 'acct_alice'])
  })

  it('newest first holds for tasks created at the same simulated instant and across time', async () => {
    const ids: string[] = []
    for (let i = 0; i < 5; i++) ids.push(await taskIdOf(submitImage(door(), IMAGE)))
    await advance(door(), 1)
    ids.push(await taskIdOf(submitImage(door(), IMAGE)))
    expect((await tasks(door())).tasks.map((t) => t.taskId)).toStrictEqual([...ids].reverse())
  })

  it('?account= filters by account', async () => {
    const alice = await taskIdOf(submitImage(door(), IMAGE))
    const bob = await taskIdOf(submitImage(door(), IMAGE, auth(KEYS.bob)))
    const bob2 = await taskIdOf(submitVideo(door(), VIDEO_T2V, auth(KEYS.bob)))
    const bobs = await tasks(door(), '?account=acct_bob')
    expect(bobs.total).toBe(2)
    expect(bobs.tasks.map((t) => t.taskId)).toStrictEqual([bob2, bob])
    expect((await tasks(door(), '?account=acct_alice')).tasks.map((t) => t.taskId)).toStrictEqual([alice])
    expect(await tasks(door(), '?account=acct_nobody')).toStrictEqual({ total: 0, tasks: [] })
  })

  it('?status= filters by status', async () => {
    const image = await taskIdOf(submitImage(door(), IMAGE))
    await advance(door(), 12)
    const video = await taskIdOf(submitVideo(door(), VIDEO_T2V))
    expect((await tasks(door(), '?status=1')).tasks.map((t) => t.taskId)).toStrictEqual([image])
    expect((await tasks(door(), '?status=0')).tasks.map((t) => t.taskId)).toStrictEqual([video])
    expect(await tasks(door(), '?status=2')).toStrictEqual({ total: 0, tasks: [] })
    expect((await tasks(door(), '?status=1&account=acct_bob')).total).toBe(0)
  })

  it('?limit= caps the list to the newest tasks; total still counts every match', async () => {
    const ids: string[] = []
    for (let i = 0; i < 5; i++) ids.push(await taskIdOf(submitImage(door(), IMAGE)))
    const limited = await tasks(door(), '?limit=2')
    expect(limited.tasks.map((t) => t.taskId)).toStrictEqual([ids[4], ids[3]])
    expect(limited.total).toBe(5)
    expect((await tasks(door(), '?limit=1&account=acct_alice')).tasks.map((t) => t.taskId)).toStrictEqual([ids[4]])
  })

  it('a bad status or limit is 400', async () => {
    for (const query of ['?status=3', '?status=abc', '?status=-1', '?status=', '?limit=0', '?limit=-1', '?limit=abc']) {
      const res = await door().fetch(`/__mock/tasks${query}`)
      expect(res.status, query).toBe(400)
      expect(((await res.json()) as { error: string }).error).toBe('Invalid request')
    }
  })

  it('listed tasks carry the snapshot fields and their owner', async () => {
    const taskId = await taskIdOf(submitImage(door(), IMAGE))
    const [listed] = (await tasks(door())).tasks
    const snapshot = (await (await getTask(door(), taskId)).json()) as Record<string, unknown>
    expect(listed).toMatchObject({ ...snapshot, accountId: 'acct_alice' })
  })
})

eachDoor('dashboard route', (door) => {
  it('GET /__mock/ is the dashboard page, and /__mock redirects to it; neither is journaled', async () => {
    const page = await door().fetch('/__mock/')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await page.text()).toMatch(/^<!doctype html>/i)
    const bare = await door().fetch('/__mock', { redirect: 'manual' })
    expect(bare.status).toBe(308)
    expect(bare.headers.get('location')).toBe('/__mock/')
    expect(((await (await door().fetch('/__mock/requests')).json()) as { total: number }).total).toBe(0)
  })
})
