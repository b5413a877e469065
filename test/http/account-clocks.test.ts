import { expect, it } from 'vitest'
import { auth, getTask, IMAGE, issuePaths, KEYS, post, RELAY, submitImage } from '../support/api.js'
import { eachDoor, type Door } from '../support/doors.js'

/** A world per test (issue 14): accounts with clocks of their own, and advances until something happens. */

interface Advanced {
  mode: string
  speed: number
  now: string
  changes: { taskId: string; at: string; status: number; relayStatus?: string }[]
  idle: boolean
}

const iso = (ms: number) => new Date(ms).toISOString()
const HOUR = 3600_000

async function ownAccount(door: Door, body: object = {}): Promise<{ id: string; apiKey: string }> {
  const res = await post(door, '/__mock/accounts', { credits: 1000, clock: 'own', ...body })
  expect(res.status).toBe(201)
  return (await res.json()) as { id: string; apiKey: string }
}

async function submit(door: Door, key: string, body: object = IMAGE): Promise<string> {
  const res = await submitImage(door, body, {
    ...auth(key),
    ...('provider' in body ? { 'idempotency-key': `key-${Math.random().toString(36).slice(2, 12)}` } : {}),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { taskId: string }).taskId
}

async function advance(door: Door, path: string, body: object): Promise<Advanced> {
  const res = await post(door, path, body)
  expect(res.status).toBe(200)
  return (await res.json()) as Advanced
}

/** The server clock's now: tests share one server, whose clock keeps going across resets. */
const serverNow = async (door: Door) =>
  Date.parse(((await (await door.fetch('/__mock/clock')).json()) as { now: string }).now)

const status = async (door: Door, id: string, key: string) =>
  (
    (await (await getTask(door, id, key)).json()) as {
      status: number
      updatedAt: string
      createdAt: string
      expiresAt?: string
    }
  ).status

eachDoor('per-account clocks', (door) => {
  it("an account's own clock moves its tasks, and no one else's; the server clock no longer does", async () => {
    const START = await serverNow(door())
    const own = await ownAccount(door())
    const mine = await submit(door(), own.apiKey)
    const alices = await submit(door(), KEYS.alice)
    await advance(door(), '/__mock/clock/advance', { seconds: 3600 })
    expect(await status(door(), mine, own.apiKey)).toBe(0)
    expect(await status(door(), alices, KEYS.alice)).toBe(1)

    const bob = await submit(door(), KEYS.bob)
    const moved = await advance(door(), `/__mock/accounts/${own.id}/clock/advance`, { seconds: 60 })
    expect(moved.now).toBe(iso(START + 60_000))
    expect(moved.changes.map((c) => c.taskId)).toEqual([mine])
    expect(await status(door(), mine, own.apiKey)).toBe(1)
    expect(await status(door(), bob, KEYS.bob)).toBe(0)
  })

  it("its tasks' timestamps and expiresAt, its ledger and the Date header of its requests read its clock", async () => {
    const START = await serverNow(door())
    const own = await ownAccount(door())
    await advance(door(), '/__mock/clock/advance', { seconds: 5 * 86_400 })
    await advance(door(), `/__mock/accounts/${own.id}/clock/advance`, { seconds: 100 })
    const relay = await submit(door(), own.apiKey, RELAY)
    const res = await getTask(door(), relay, own.apiKey)
    expect(res.headers.get('date')).toBe(new Date(START + 100_000).toUTCString())
    const task = (await res.json()) as { createdAt: string; expiresAt: string }
    expect(task.createdAt).toBe(iso(START + 100_000))
    expect(task.expiresAt).toBe(iso(START + 100_000 + HOUR))
    const alice = await getTask(door(), await submit(door(), KEYS.alice), KEYS.alice)
    expect(alice.headers.get('date')).toBe(new Date(START + 5 * 86_400_000).toUTCString())

    const view = (await (await door().fetch(`/__mock/accounts/${own.id}`)).json()) as {
      clock: object
      ledger: { at: number; kind: string }[]
    }
    expect(view.clock).toEqual({ mode: 'manual', speed: 1, now: iso(START + 100_000), own: true })
    expect(view.ledger.map((e) => [e.kind, e.at])).toEqual([
      ['opening', START],
      ['debit', START + 100_000],
    ])
    const journal = (await (await door().fetch(`/__mock/requests?account=${own.id}`)).json()) as {
      requests: { at: string }[]
    }
    expect(journal.requests.map((r) => r.at)).toEqual([iso(START + 100_000), iso(START + 100_000)])
  })

  it('GET /__mock/accounts/:id/clock: its own, or the server clock with own false', async () => {
    const START = await serverNow(door())
    const own = await ownAccount(door())
    await advance(door(), '/__mock/clock/advance', { seconds: 30 })
    expect(await (await door().fetch(`/__mock/accounts/${own.id}/clock`)).json()).toEqual({
      mode: 'manual',
      speed: 1,
      now: iso(START),
      own: true,
    })
    expect(await (await door().fetch('/__mock/accounts/acct_alice/clock')).json()).toEqual({
      mode: 'manual',
      speed: 1,
      now: iso(START + 30_000),
      own: false,
    })
    expect((await door().fetch('/__mock/accounts/acct_nobody/clock')).status).toBe(404)
  })

  it('PATCH {clock: "own"} takes pending tasks along, steps included; {clock: "server"} hands them back', async () => {
    const START = await serverNow(door())
    const pending = await submit(door(), KEYS.alice)
    const patched = await door().fetch('/__mock/accounts/acct_alice', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clock: 'own' }),
    })
    expect(patched.status).toBe(200)
    expect(((await patched.json()) as { clock: { own: boolean } }).clock.own).toBe(true)
    await advance(door(), '/__mock/clock/advance', { seconds: 3600 })
    expect(await status(door(), pending, KEYS.alice)).toBe(0)

    const back = await door().fetch('/__mock/accounts/acct_alice', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clock: 'server' }),
    })
    expect(((await back.json()) as { clock: { own: boolean; now: string } }).clock).toMatchObject({
      own: false,
      now: iso(START + HOUR),
    })
    // Due by the server clock now: it completes at the next look.
    expect(await status(door(), pending, KEYS.alice)).toBe(1)
  })

  // "idle" runs the changes in time order.
  it('until "next-event" moves to the next scheduled change, reporting it; "idle" runs every change', async () => {
    const own = await ownAccount(door())
    const tasks = [await submit(door(), own.apiKey), await submit(door(), own.apiKey), await submit(door(), own.apiKey)]
    const path = `/__mock/accounts/${own.id}/clock/advance`
    const first = await advance(door(), path, { until: 'next-event' })
    // Every change due at that instant (tasks submitted together share their fixed steps).
    expect(first.changes.length).toBeGreaterThan(0)
    expect(new Set(first.changes.map((c) => c.at))).toEqual(new Set([first.now]))
    expect(first.idle).toBe(false)

    const rest = await advance(door(), path, { until: 'idle' })
    expect(rest.idle).toBe(true)
    const done = [...first.changes, ...rest.changes].filter((c) => c.status === 1)
    expect(done.map((c) => c.taskId).sort()).toEqual([...tasks].sort())
    const times = rest.changes.map((c) => Date.parse(c.at))
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(rest.now).toBe(rest.changes.at(-1)!.at)
    for (const id of tasks) expect(await status(door(), id, own.apiKey)).toBe(1)

    const nothing = await advance(door(), path, { until: 'next-event' })
    expect(nothing).toMatchObject({ now: rest.now, changes: [], idle: true })
  })

  it("the server clock takes until too, and an own-clock account's tasks neither hold it back nor move", async () => {
    const own = await ownAccount(door())
    const theirs = await submit(door(), own.apiKey)
    const alices = await submit(door(), KEYS.alice)
    const advanced = await advance(door(), '/__mock/clock/advance', { until: 'idle' })
    expect(advanced.idle).toBe(true)
    expect(advanced.changes.map((c) => c.taskId)).toEqual([alices])
    expect(await status(door(), theirs, own.apiKey)).toBe(0)
  })

  it('a task waiting for a poll keeps until "idle" from reaching idle: it stops at the last change', async () => {
    const START = await serverNow(door())
    const scenario = {
      name: 'third-poll',
      description: 'Completes at the third poll.',
      rules: [
        {
          match: { endpoint: 'image' },
          timeline: [
            { at: '2s', set: { relayStatus: 'running' } },
            { at: 'poll 3', set: { status: 1 } },
          ],
        },
      ],
    }
    expect((await post(door(), '/__mock/scenarios', scenario)).status).toBe(201)
    const own = await ownAccount(door(), { scenario: 'third-poll' })
    const id = await submit(door(), own.apiKey)
    const advanced = await advance(door(), `/__mock/accounts/${own.id}/clock/advance`, { until: 'idle' })
    expect(advanced).toMatchObject({
      now: iso(START + 2000),
      idle: false,
      changes: [{ taskId: id, at: iso(START + 2000), status: 0, relayStatus: 'running' }],
    })
  })

  // Refused: an unknown until, seconds with until, neither, negative seconds, an account on the server clock.
  it('refuses each bad advance, naming the field', async () => {
    const own = await ownAccount(door())
    const path = `/__mock/accounts/${own.id}/clock/advance`
    expect(await issuePaths(await post(door(), path, { until: 'tomorrow' }))).toEqual(['until'])
    expect(await issuePaths(await post(door(), path, { seconds: 5, until: 'idle' }))).toEqual(['until'])
    expect(await issuePaths(await post(door(), path, {}))).toEqual(['seconds'])
    expect(await issuePaths(await post(door(), path, { seconds: -1 }))).toEqual(['seconds'])
    expect(await issuePaths(await post(door(), '/__mock/clock/advance', { until: 'later' }))).toEqual(['until'])
    const serverClock = await post(door(), '/__mock/accounts/acct_alice/clock/advance', { seconds: 5 })
    expect(serverClock.status).toBe(400)
    expect(
      ((await serverClock.clone().json()) as { details: { issues: { message: string }[] } }).details.issues[0]!.message,
    ).toMatch(/reads the server clock/)
    expect(await issuePaths(serverClock)).toEqual(['clock'])
    expect((await post(door(), '/__mock/accounts/acct_nobody/clock/advance', { seconds: 5 })).status).toBe(404)
    expect(await issuePaths(await post(door(), '/__mock/accounts', { clock: 'mine' }))).toEqual(['clock'])
  })

  it('the same seed, requests and clock moves give identical answers', async () => {
    const run = async () => {
      door().engine.reset(7)
      const own = await ownAccount(door())
      await submit(door(), own.apiKey)
      await submit(door(), own.apiKey, RELAY)
      const a = await advance(door(), `/__mock/accounts/${own.id}/clock/advance`, { until: 'next-event' })
      const b = await advance(door(), `/__mock/accounts/${own.id}/clock/advance`, { until: 'idle' })
      return JSON.stringify([own, a, b])
    }
    expect(await run()).toBe(await run())
  })
})
