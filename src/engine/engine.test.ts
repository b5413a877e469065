import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SubmissionResponse, TaskSnapshot } from '../contract/responses.js'
import { Engine } from './engine.js'
import { ALICE, BOB, engineWith, IMAGE, ORIGIN, RELAY, START, UPSTREAM_A, VIDEO } from './engine.fixtures.js'
import { Problem } from './problem.js'
import { TaskStore } from './tasks/task-store.js'

function problemKind(error: unknown): string {
  expect(error).toBeInstanceOf(Problem)
  return (error as Problem).detail.kind
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('Engine: Idempotency-Key in progress', () => {
  // While the first is pending.
  it('a second submit with the same key and body rejects with idempotency-in-progress', async () => {
    const { engine, alice, credits } = engineWith()
    const key = 'job-0001-abcdef'
    // A refusal is thrown at once: an async call makes it a rejection beside the first's promise.
    const submit = async () => engine.submit(alice, 'image', IMAGE, { idempotencyKey: key })
    const [a, b] = await Promise.allSettled([submit(), submit()])
    expect(a.status).toBe('fulfilled')
    expect(b.status).toBe('rejected')
    expect(problemKind((b as PromiseRejectedResult).reason)).toBe('idempotency-in-progress')
    // only the first was charged
    expect(credits()).toBe(1000 - 3)
    // once the first has completed, the same key and body replay it
    const replay = await engine.submit(alice, 'image', IMAGE, { idempotencyKey: key })
    expect(replay.replayed).toBe(true)
    expect(replay.response).toEqual((a as PromiseFulfilledResult<{ response: SubmissionResponse }>).value.response)
    expect(credits()).toBe(1000 - 3)
    expect(engine.listTasks({ limit: 10 }, ORIGIN).total).toBe(1)
  })

  it('a different body with the same key is refused with idempotency-mismatch, and nothing is charged', async () => {
    const { engine, alice, credits } = engineWith()
    const key = 'job-0002-abcdef'
    await engine.submit(alice, 'image', IMAGE, { idempotencyKey: key })
    await expect(async () =>
      engine.submit(alice, 'image', { ...IMAGE, prompt: 'another' }, { idempotencyKey: key }),
    ).rejects.toSatisfy((e) => problemKind(e) === 'idempotency-mismatch')
    expect(credits()).toBe(1000 - 3)
  })
})

describe('Engine: determinism by seed', () => {
  async function script(seed: number) {
    const engine = new Engine({ seed, clock: { mode: 'manual', start: START } })
    const alice = engine.authenticate(ALICE)
    const bob = engine.authenticate(BOB)
    const responses: unknown[] = []
    const ids: string[] = []
    const submit = async (account: typeof alice, endpoint: 'image' | 'video', body: unknown, key: string | null) => {
      const { response, replayed } = await engine.submit(account, endpoint, body, { idempotencyKey: key })
      responses.push({ response, replayed })
      if (!ids.includes(response.taskId)) ids.push(response.taskId)
    }
    await submit(alice, 'image', IMAGE, null)
    await submit(alice, 'image', { ...IMAGE, numOutputs: 3, aspectRatio: '16:9' }, null)
    await submit(bob, 'image', UPSTREAM_A, null)
    engine.advanceClock(3)
    await submit(alice, 'image', RELAY, 'relay-det-0001')
    await submit(alice, 'image', RELAY, 'relay-det-0001') // replay
    await submit(bob, 'video', VIDEO, null)
    await submit(
      alice,
      'video',
      { model: 'video-f/1.5-pro', inputMode: 'text_to_video', prompt: 'p', duration: 10 },
      null,
    )
    const snapshots: TaskSnapshot[][] = []
    const read = () =>
      snapshots.push(
        ids.map(
          (id) =>
            engine.readTask(
              engine.listTasks({ limit: 100 }, ORIGIN).tasks.find((t) => t.taskId === id)!.accountId === alice.id
                ? alice
                : bob,
              id,
              ORIGIN,
            ).snapshot,
        ),
      )
    read()
    for (const seconds of [5, 7, 30, 60, 3600]) {
      engine.advanceClock(seconds)
      read()
    }
    return {
      ids,
      responses,
      snapshots,
      list: engine.listTasks({ limit: 100 }, ORIGIN),
      ledgers: [engine.getAccount(alice.id).ledger, engine.getAccount(bob.id).ledger],
      clock: engine.clockState(),
    }
  }

  it('the same seed, submissions and clock advances give deep-equal responses and snapshots', async () => {
    const a = await script(42)
    const b = await script(42)
    expect(a.ids.length).toBe(6)
    expect(b).toEqual(a)
    // A byte-level comparison as well: same JSON text.
    expect(JSON.stringify(b)).toBe(JSON.stringify(a))
  })

  it('the tasks do complete over the script (the comparison is not of pending tasks only)', async () => {
    const a = await script(42)
    expect(a.snapshots.at(-1)!.every((t) => t.status === 1)).toBe(true)
    expect(a.snapshots[0]!.every((t) => t.status === 0)).toBe(true)
  })

  it('a different seed gives different task ids', async () => {
    const a = await script(42)
    const c = await script(43)
    expect(c.ids).toHaveLength(a.ids.length)
    for (const id of c.ids) expect(a.ids).not.toContain(id)
  })
})

describe('Engine: advancing over many pending tasks', () => {
  it('an hour-long advance completes 10 000 pending tasks in one call', async () => {
    const { engine, alice } = engineWith()
    engine.patchAccount(alice.id, { credits: 10_000_000 })
    const ids: string[] = []
    for (let i = 0; i < 10_000; i++) {
      const body = i % 10 === 0 ? VIDEO : i % 10 === 1 ? RELAY : i % 10 === 2 ? UPSTREAM_A : IMAGE
      const key = i % 10 === 1 ? `relay-bulk-${i}` : null
      ids.push(
        (await engine.submit(alice, i % 10 === 0 ? 'video' : 'image', body, { idempotencyKey: key })).response.taskId,
      )
    }
    expect(new Set(ids).size).toBe(10_000)
    expect(engine.listTasks({ status: 0, limit: 1 }, ORIGIN).total).toBe(10_000)

    engine.advanceClock(3600)

    expect(engine.listTasks({ status: 0, limit: 1 }, ORIGIN).total).toBe(0)
    expect(engine.listTasks({ status: 1, limit: 1 }, ORIGIN).total).toBe(10_000)
    expect(engine.pendingEvents).toBe(0)
    for (const id of [ids[0]!, ids[1]!, ids[2]!, ids[9_999]!])
      expect(engine.readTask(alice, id, ORIGIN).snapshot.status).toBe(1)
  }, 60_000)
})

describe('Engine: reading a task', () => {
  it('readTask finds the task without scanning the store', async () => {
    const { engine, alice } = engineWith()
    const bob = engine.authenticate(BOB)
    const mine: string[] = []
    for (let i = 0; i < 20; i++) {
      mine.push((await engine.submit(alice, 'image', IMAGE)).response.taskId)
      await engine.submit(bob, 'image', IMAGE)
    }
    engine.clockOf(undefined).advance(20) // events now due are applied by the read itself
    const page = vi.spyOn(TaskStore.prototype, 'page')

    for (const id of mine) expect(engine.readTask(alice, id, ORIGIN).snapshot.status).toBe(1)
    expect(() => engine.readTask(bob, mine[0]!, ORIGIN).snapshot).toThrow(Problem)
    expect(() => engine.readTask(alice, 'tsk_doesnotexist0000000', ORIGIN).snapshot).toThrow(Problem)
    expect(page).not.toHaveBeenCalled()

    // The spy does see a listing (so the assertion above could fail).
    engine.listTasks({ limit: 5 }, ORIGIN)
    expect(page).toHaveBeenCalled()
  })

  it('another account’s task is task-not-found, never forbidden', async () => {
    const { engine, alice } = engineWith()
    const bob = engine.authenticate(BOB)
    const { response } = await engine.submit(alice, 'image', IMAGE)
    let error: unknown
    try {
      engine.readTask(bob, response.taskId, ORIGIN).snapshot
    } catch (e) {
      error = e
    }
    expect(problemKind(error)).toBe('task-not-found')
  })
})
