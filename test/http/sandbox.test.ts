import { expect, it } from 'vitest'
import { IMAGE, KEYS } from '../support/api.js'
import { ADMIN_TOKEN, makeWorld } from '../support/access-matrix.js'
import { defaultOptions, eachDoor, type Door } from '../support/doors.js'

/**
 * A shared sandbox (docs/sandbox.md; issue 47): health open, an account's key reads its own listings only,
 * whoami, refusals that say what they need, and keys that a reset revokes and never hands out again.
 */

const ADMIN = { authorization: `Bearer ${ADMIN_TOKEN}` }
const bearer = (key: string) => ({ authorization: `Bearer ${key}` })

async function read(door: Door, path: string, headers: Record<string, string>) {
  const res = await door.fetch(path, { headers })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

async function submit(door: Door, key: string) {
  const res = await door.fetch('/api/ai/image/generate', {
    method: 'POST',
    headers: { ...bearer(key), 'content-type': 'application/json' },
    body: JSON.stringify(IMAGE),
  })
  return res.status
}

eachDoor(
  'a shared sandbox',
  (door) => {
    it('answers health to anyone, with its version and nothing secret', async () => {
      const { status, body } = await read(door(), '/__mock/health', {})
      expect(status).toBe(200)
      expect(Object.keys(body).sort()).toEqual(['ok', 'version'])
    })

    it("refuses with a Problem that says what the route needs, never the bare 'Unauthorized'", async () => {
      expect(await read(door(), '/__mock/reset', {})).toMatchObject({
        status: 401,
        body: { error: 'Unauthorized', message: expect.stringMatching(/^needs the admin token/) },
      })
      expect(await read(door(), '/__mock/tasks', {})).toMatchObject({
        status: 401,
        body: { message: expect.stringMatching(/^needs an account's key/) },
      })
      expect(await read(door(), '/__mock/state', bearer(KEYS.alice))).toMatchObject({
        status: 403,
        body: { error: 'Forbidden', message: expect.stringMatching(/^needs the admin token/) },
      })
      expect(await read(door(), '/__mock/accounts/acct_bob', bearer(KEYS.alice))).toMatchObject({
        status: 403,
        body: { error: 'Forbidden', message: 'an account key may only read its own account' },
      })
    })

    it('tells each caller who it is', async () => {
      expect((await read(door(), '/__mock/whoami', ADMIN)).body).toEqual({ caller: 'admin' })
      expect((await read(door(), '/__mock/whoami', bearer(KEYS.alice))).body).toEqual({
        caller: 'account',
        accountId: 'acct_alice',
        name: 'Alice',
      })
      expect((await read(door(), '/__mock/whoami', {})).status).toBe(401)
    })

    it("cuts every listing to the caller's own account; the admin's stay whole", async () => {
      const world = await makeWorld(door())
      expect(await submit(door(), world.other.apiKey)).toBe(200)
      const own = bearer(world.own.apiKey)
      const tasks = await read(door(), '/__mock/tasks', own)
      expect((tasks.body.tasks as { accountId: string }[]).map((t) => t.accountId)).toEqual([world.own.id])
      expect((await read(door(), '/__mock/tasks', ADMIN)).body.total).toBe(2)
      const journal = await read(door(), '/__mock/requests', own)
      expect(new Set((journal.body.requests as { accountId: string }[]).map((r) => r.accountId))).toEqual(
        new Set([world.own.id]),
      )
      expect((await read(door(), '/__mock/requests/count', own)).body.count).toBe(1)
      expect((await read(door(), '/__mock/requests/count', ADMIN)).body.count).toBe(2)
      const accounts = await read(door(), '/__mock/accounts', own)
      expect((accounts.body.accounts as { id: string }[]).map((a) => a.id)).toEqual([world.own.id])
      expect((await read(door(), `/__mock/coverage?account=${world.other.id}`, own)).status).toBe(403)
      expect((await read(door(), `/__mock/conformance?account=${world.own.id},${world.other.id}`, own)).status).toBe(
        403,
      )
      // Another's task is as unknown as a task that never was.
      const [theirs] = (await read(door(), `/__mock/tasks?account=${world.other.id}`, ADMIN)).body.tasks as {
        taskId: string
      }[]
      expect(await read(door(), `/__mock/tasks/${theirs!.taskId}`, own)).toMatchObject({
        status: 404,
        body: { error: 'Task not found' },
      })
    })

    it("advances an account's own clock with its key, never another's nor the server's", async () => {
      const world = await makeWorld(door())
      const advance = (id: string, key: string) =>
        door().fetch(`/__mock/accounts/${id}/clock/advance`, {
          method: 'POST',
          headers: { ...bearer(key), 'content-type': 'application/json' },
          body: '{"until":"idle"}',
        })
      expect((await advance(world.own.id, world.own.apiKey)).status).toBe(200)
      expect(
        (await read(door(), `/__mock/tasks/${world.own.taskId}`, bearer(world.own.apiKey))).body.task,
      ).toMatchObject({ status: 1 })
      expect((await advance(world.own.id, world.other.apiKey)).status).toBe(403)
      const server = await door().fetch('/__mock/clock/advance', {
        method: 'POST',
        headers: { ...bearer(world.own.apiKey), 'content-type': 'application/json' },
        body: '{"seconds":60}',
      })
      expect(server.status).toBe(403)
    })

    it("revokes a reset sandbox's keys, says which, and never hands one out again", async () => {
      const world = await makeWorld(door())
      const reset = await door().fetch('/__mock/reset', {
        method: 'POST',
        headers: { ...ADMIN, 'content-type': 'application/json' },
        body: '{}',
      })
      const { revokedKeys } = (await reset.json()) as { revokedKeys: { accountId: string; key: string }[] }
      expect(revokedKeys).toEqual([
        { accountId: world.own.id, name: 'team one', key: `…${world.own.apiKey.slice(-4)}` },
        { accountId: world.other.id, name: 'team two', key: `…${world.other.apiKey.slice(-4)}` },
      ])
      expect(await submit(door(), world.own.apiKey)).toBe(401)
      expect((await read(door(), `/__mock/accounts/${world.own.id}`, bearer(world.own.apiKey))).status).toBe(401)
      // The same seed draws the same account ids, never the same keys.
      const again = await makeWorld(door())
      expect(again.own.id).toBe(world.own.id)
      expect(again.own.apiKey).not.toBe(world.own.apiKey)
      expect(again.own.apiKey).toMatch(/^sk_test_[A-Za-z0-9]{24}$/)
    })
  },
  () => ({ ...defaultOptions(), adminToken: ADMIN_TOKEN }),
)

eachDoor('a local genmock without an admin token', (door) => {
  it('stays open to anyone, as the admin, with keys drawn from the seed', async () => {
    expect((await read(door(), '/__mock/whoami', {})).body).toEqual({ caller: 'admin' })
    expect((await read(door(), '/__mock/state', {})).status).toBe(200)
    const made = async () =>
      (await (
        await door().fetch('/__mock/accounts', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).json()) as { apiKey: string }
    const first = await made()
    door().engine.reset(7)
    expect((await made()).apiKey).toBe(first.apiKey)
  })
})
