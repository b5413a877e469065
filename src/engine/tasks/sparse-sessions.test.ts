import { describe, expect, it } from 'vitest'
import type { EngineOptions } from '../engine.js'
import { engineWith, ORIGIN, RELAY, VIDEO } from '../engine.fixtures.js'
import { IMAGE, keys, scenario } from './sparse-answer.fixtures.js'

/** One scripted session: submissions of each kind, reads as the clock moves. Every answer, as JSON. */
async function session(options: EngineOptions, ask: { sparse?: 'random' | 'all' | 'off' } = {}) {
  const { engine, alice } = engineWith(options)
  const answers: string[] = []
  const ids: string[] = []
  const bodies: ['image' | 'video', object, string | null][] = [
    ['image', IMAGE, null],
    ['image', RELAY, 'sparse-session-0001'],
    ['video', VIDEO, null],
    ['image', { ...IMAGE, prompt: 'a fox [mock:upstream-failure]' }, null],
  ]
  for (const [endpoint, body, idempotencyKey] of bodies) {
    const { response } = await engine.submit(alice, endpoint, body, {
      idempotencyKey,
      ...(ask.sparse ? { sparse: ask.sparse } : {}),
    })
    answers.push(JSON.stringify(response))
    ids.push(response.taskId)
  }
  for (const seconds of [0, 5, 10, 30, 120]) {
    engine.advanceClock(seconds)
    for (const id of ids)
      answers.push(
        JSON.stringify(engine.readTask(alice, id, ORIGIN, ask.sparse ? { sparse: ask.sparse } : {}).snapshot),
      )
  }
  return { answers, ids, views: JSON.stringify(engine.listTasks({ limit: 100 }, ORIGIN)), engine }
}

describe('Engine with sparse answers', () => {
  it('is deterministic: the same seed and session give byte-identical answers, in both modes', async () => {
    for (const sparse of ['random', 'all'] as const) {
      const [a, b] = [await session({ sparse }), await session({ sparse })]
      expect(a.answers).toEqual(b.answers)
    }
    // and a random session differs from a full one
    expect((await session({ sparse: 'random' })).answers).not.toEqual((await session({})).answers)
  })

  // The same task ids, durations and control views with sparse answers on or off.
  it('draws nothing from the main stream', async () => {
    const off = await session({})
    for (const sparse of [true, 'random', 'all'] as const) {
      const on = await session({ sparse })
      expect(on.ids).toEqual(off.ids)
      // The control API's views are never sparse: they show the same tasks, in the same states, at the same times.
      expect(on.views).toBe(off.views)
    }
    const asked = await session({}, { sparse: 'all' })
    expect(asked.ids).toEqual(off.ids)
    expect(asked.views).toBe(off.views)
  })

  it('a random answer of a given task does not depend on the requests of other tasks around it', async () => {
    const { engine, alice } = engineWith({ sparse: 'random' })
    const first = await engine.submit(alice, 'image', IMAGE)
    const read = () => JSON.stringify(engine.readTask(alice, first.response.taskId, ORIGIN).snapshot)
    const alone = [read(), read()]
    const other = engineWith({ sparse: 'random' })
    const again = await other.engine.submit(other.alice, 'image', IMAGE)
    await other.engine.submit(other.alice, 'image', IMAGE)
    other.engine.readTask(other.alice, (await other.engine.submit(other.alice, 'image', IMAGE)).response.taskId, ORIGIN)
      .snapshot
    expect(JSON.stringify(again.response)).toBe(JSON.stringify(first.response))
    expect([
      JSON.stringify(other.engine.readTask(other.alice, again.response.taskId, ORIGIN).snapshot),
      JSON.stringify(other.engine.readTask(other.alice, again.response.taskId, ORIGIN).snapshot),
    ]).toEqual(alone)
  })

  it('an Idempotency-Key replay answers byte for byte what the original did', async () => {
    const { engine, alice } = engineWith({ sparse: 'random' })
    const original = await engine.submit(alice, 'image', RELAY, { idempotencyKey: 'sparse-replay-0001' })
    const replay = await engine.submit(alice, 'image', RELAY, { idempotencyKey: 'sparse-replay-0001', sparse: 'off' })
    expect(replay.replayed).toBe(true)
    expect(JSON.stringify(replay.response)).toBe(JSON.stringify(original.response))
  })

  it('the request wins over the scenario, the scenario over the server', async () => {
    const full = scenario({ name: 'full', sparse: false, rules: [] })
    const all = scenario({ name: 'bare', sparse: 'all', rules: [] })
    const { engine, alice } = engineWith({ sparse: 'random', scenarios: [full, all] })
    const submit = async (name: string | null, sparse?: 'random' | 'all' | 'off') =>
      (
        await engine.submit(alice, 'image', IMAGE, {
          scenario: name ? { name, header: 'X-Mock-Scenario' } : null,
          ...(sparse ? { sparse } : {}),
        })
      ).response
    const fullKeys = keys(await submit('full'))
    expect(fullKeys).toContain('providerTaskId')
    expect(fullKeys.length).toBeGreaterThan(5)
    expect(keys(await submit('bare'))).toEqual(['creditsUsed', 'status', 'taskId'])
    expect(keys(await submit('bare', 'off')).length).toBe(fullKeys.length)
    expect(keys(await submit('full', 'all'))).toEqual(['creditsUsed', 'status', 'taskId'])
    // Reads follow the task's scenario, unless the read asks otherwise.
    const task = await submit('bare')
    expect(keys(engine.readTask(alice, task.taskId, ORIGIN).snapshot)).toEqual(['status', 'taskId'])
    expect(keys(engine.readTask(alice, task.taskId, ORIGIN, { sparse: 'off' }).snapshot)).toContain('createdAt')
    // The control API's view of the task is full.
    expect(keys(engine.listTasks({ limit: 1 }, ORIGIN).tasks[0]!)).toEqual(
      expect.arrayContaining(['id', 'type', 'model', 'prompt', 'createdAt', 'updatedAt', 'creditsUsed']),
    )
  })

  it('is off by default, and sparse: true is random', async () => {
    const off = await session({})
    for (const answer of off.answers) expect(Object.keys(JSON.parse(answer) as object)).toContain('providerTaskId')
    expect((await session({ sparse: true })).answers).toEqual((await session({ sparse: 'random' })).answers)
  })
})
