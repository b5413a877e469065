import { expect, it } from 'vitest'
import { advance, auth, getTask, IMAGE, KEYS, RELAY, submitImage, submitVideo, VIDEO_T2V } from '../support/api.js'
import { eachDoor, type Door } from '../support/doors.js'

/**
 * Ownership and polling (interface rules 7 and 8, Authentication 8; README, Accounts and keys): a task is visible
 * only to its owner, another account's task is 404 Task not found (never 403, and indistinguishable
 * from an unknown id), and reading a task never creates one.
 */

const NOT_FOUND = { error: 'Task not found' }

async function submitted(res: Promise<Response>): Promise<string> {
  const response = await res
  expect(response.status).toBe(200)
  return ((await response.json()) as { taskId: string }).taskId
}

async function taskCount(door: Door): Promise<number> {
  const res = await door.fetch('/__mock/tasks')
  expect(res.status).toBe(200)
  return ((await res.json()) as { total: number }).total
}

/** A raw path, so that ids are sent exactly as given (getTask encodes them as a client would). */
const readRaw = (door: Door, rawId: string, key: string = KEYS.alice) =>
  door.fetch(`/api/ai/tasks/${rawId}`, { headers: auth(key) })

eachDoor('task ownership', (door) => {
  it("Bob reading Alice's task gets 404 Task not found, though the id exists", async () => {
    const taskId = await submitted(submitImage(door(), IMAGE))
    expect((await getTask(door(), taskId, KEYS.alice)).status).toBe(200)
    const res = await getTask(door(), taskId, KEYS.bob)
    expect(res.status).toBe(404)
    expect(await res.json()).toStrictEqual(NOT_FOUND)
  })

  it("another owner's task is 404 for every kind of task, pending and completed", async () => {
    const ids = [
      await submitted(submitImage(door(), IMAGE)),
      await submitted(submitVideo(door(), VIDEO_T2V)),
      await submitted(submitImage(door(), RELAY, { 'idempotency-key': 'ownership-relay-0001' })),
      await submitted(submitImage(door(), { ...IMAGE, provider: 'upstream-a' })),
    ]
    for (const id of ids) {
      const res = await getTask(door(), id, KEYS.bob)
      expect(res.status, id).toBe(404)
      expect(await res.json()).toStrictEqual(NOT_FOUND)
    }
    await advance(door(), 130)
    for (const id of ids) {
      expect(((await (await getTask(door(), id)).json()) as { status: number }).status, id).toBe(1)
      const res = await getTask(door(), id, KEYS.bob)
      expect(res.status, id).toBe(404)
      expect(await res.json()).toStrictEqual(NOT_FOUND)
    }
  })

  it("another owner's task gets the answer byte for byte of an unknown id (no existence leak)", async () => {
    const taskId = await submitted(submitImage(door(), IMAGE))
    const theirs = await getTask(door(), taskId, KEYS.bob)
    const unknown = await getTask(door(), 'tsk_AAAAAAAAAAAAAAAAAAAA', KEYS.bob)
    expect(theirs.status).toBe(unknown.status)
    expect(theirs.headers.get('content-type')).toBe(unknown.headers.get('content-type'))
    expect(await theirs.text()).toBe(await unknown.text())
  })

  it("Bob's session cookie does not reach Alice's task either", async () => {
    const taskId = await submitted(submitImage(door(), IMAGE))
    const res = await door().fetch(`/api/ai/tasks/${taskId}`, { headers: { cookie: 'genmock_session=sess_test_bob' } })
    expect(res.status).toBe(404)
    expect(await res.json()).toStrictEqual(NOT_FOUND)
  })

  it("a task belongs to the account, so a new account cannot read a fixture account's task", async () => {
    const created = await door().fetch('/__mock/accounts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: 'sk_test_ownership_carol' }),
    })
    expect(created.status).toBe(201)
    const alices = await submitted(submitImage(door(), IMAGE))
    const carols = await submitted(submitImage(door(), IMAGE, auth('sk_test_ownership_carol')))
    expect((await getTask(door(), alices, 'sk_test_ownership_carol')).status).toBe(404)
    expect((await getTask(door(), carols, KEYS.alice)).status).toBe(404)
    expect((await getTask(door(), carols, 'sk_test_ownership_carol')).status).toBe(200)
  })

  it("a failed read by Bob does not change Alice's task", async () => {
    const taskId = await submitted(submitImage(door(), IMAGE))
    const before = await (await getTask(door(), taskId)).text()
    for (let i = 0; i < 5; i++) await getTask(door(), taskId, KEYS.bob)
    expect(await (await getTask(door(), taskId)).text()).toBe(before)
  })

  const MALFORMED: [string, string][] = [
    ['an unknown id of the usual shape', 'tsk_AAAAAAAAAAAAAAAAAAAA'],
    ['a path traversal', '../x'],
    ['a deeper traversal', '../../__mock/tasks'],
    ['a very long id', `tsk_${'a'.repeat(4000)}`],
    ['a unicode id', 'タスク_🦊_ñ'],
    ['a single character', 'x'],
    ['blanks', '   '],
    ['a NUL byte', 'tsk_\u0000'],
    ['quotes and angle brackets', '"<script>alert(1)</script>\''],
    ['a percent sign', '100%'],
    ['a query-looking id', '?id=1'],
    ['a JSON-looking id', '{"$ne":null}'],
  ]
  for (const [name, id] of MALFORMED) {
    it(`answers 404 Task not found for ${name}`, async () => {
      const res = await getTask(door(), id)
      expect(res.status).toBe(404)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await res.json()).toStrictEqual(NOT_FOUND)
    })
  }

  it('an id that differs from an existing one only in case, or by a suffix or a prefix, is not that task', async () => {
    const taskId = await submitted(submitImage(door(), IMAGE))
    const variants = [
      taskId.toUpperCase(),
      taskId.toLowerCase(),
      `${taskId} `,
      `${taskId}x`,
      taskId.slice(0, -1),
      ` ${taskId}`,
      `${taskId}/`,
    ].filter((v) => v !== taskId)
    for (const variant of variants) {
      const res = await getTask(door(), variant)
      expect(res.status, JSON.stringify(variant)).toBe(404)
      expect(await res.json()).toStrictEqual(NOT_FOUND)
    }
  })

  it('an encoded slash in the id is not a path into another route', async () => {
    const taskId = await submitted(submitImage(door(), IMAGE))
    for (const raw of [`${taskId}%2F..`, `..%2F${taskId}`, `%2E%2E%2F${taskId}`]) {
      const res = await readRaw(door(), raw)
      expect(res.status, raw).toBe(404)
      expect(await res.json()).toStrictEqual(NOT_FOUND)
    }
  })

  it('polling never creates a task: many reads of own, foreign, unknown, malformed ids keep the count', async () => {
    const own = await submitted(submitImage(door(), IMAGE))
    const bobs = await submitted(submitImage(door(), IMAGE, auth(KEYS.bob)))
    const before = await taskCount(door())
    expect(before).toBe(2)
    for (let i = 0; i < 20; i++) {
      await getTask(door(), own)
      await getTask(door(), bobs)
      await getTask(door(), `tsk_unknown${i}`)
      await getTask(door(), '../x')
      if (i % 5 === 0) await advance(door(), 1)
    }
    // Past completion, and long after it: still the same two tasks, nothing replaced.
    await advance(door(), 3600)
    for (let i = 0; i < 10; i++) {
      expect(((await (await getTask(door(), own)).json()) as { taskId: string }).taskId).toBe(own)
    }
    expect(await taskCount(door())).toBe(before)
    const listed = (await (await door().fetch('/__mock/tasks')).json()) as { tasks: { taskId: string }[] }
    expect(listed.tasks.map((t) => t.taskId).sort()).toStrictEqual([own, bobs].sort())
  })

  it('polling a relay task long past its expiry time does not resubmit it', async () => {
    const relay = await submitted(submitImage(door(), RELAY, { 'idempotency-key': 'ownership-relay-0002' }))
    const before = await taskCount(door())
    await advance(door(), 2 * 3600)
    for (let i = 0; i < 10; i++) {
      const res = await getTask(door(), relay)
      expect(res.status).toBe(200)
      expect(((await res.json()) as { taskId: string }).taskId).toBe(relay)
    }
    expect(await taskCount(door())).toBe(before)
  })
})
