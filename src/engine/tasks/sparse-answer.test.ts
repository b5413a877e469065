import { describe, expect, it } from 'vitest'
import { responseSchemas, type SubmissionResponse, type TaskSnapshot } from '../../contract/responses.js'
import { scenarioSchema, type ScenarioInput } from '../../contract/scenario.js'
import { SPARSE_FIELDS, SPARSE_KEPT, SPARSE_MAY_VANISH } from '../../contract/sparse.js'
import { Engine, type EngineOptions } from '../engine.js'
import { mayVanish, sparseKey, sparsen } from './sparse-answer.js'

const { fullTaskSnapshotSchema, submissionResponseSchema, taskSnapshotSchema } = responseSchemas()

const START = Date.parse('2026-01-01T00:00:00.000Z')
const ORIGIN = 'http://localhost:4600'
const ALICE = { kind: 'key', key: 'sk_test_alice' } as const
const IMAGE = { model: 'base-image-2', prompt: 'a red fox in the snow', numOutputs: 2 }
const RELAY = { provider: 'relay', model: 'base-image-2', prompt: 'a lighthouse', resolution: '1K' }
const VIDEO = { model: 'video-d', inputMode: 'text_to_video', prompt: 'waves at dusk' }

const scenario = (input: Omit<ScenarioInput, 'description'>) =>
  scenarioSchema.parse({ description: `test scenario ${input.name}`, ...input })

function engineWith(options: EngineOptions = {}) {
  const engine = new Engine({ seed: 7, clock: { mode: 'manual', start: START }, ...options })
  return { engine, alice: engine.authenticate(ALICE) }
}

const keys = (answer: object) => Object.keys(answer).sort()
const without = (answer: object, ...gone: string[]) => keys(answer).filter((key) => !gone.includes(key))

/** Full answers of every kind the service gives: image, relay, video; pending, completed, failed, uncertain. */
async function fullAnswers() {
  const { engine, alice } = engineWith({
    scenarios: [
      scenario({
        name: 'fails',
        rules: [
          {
            timeline: [
              {
                at: '5s',
                set: {
                  status: 2,
                  errorCode: 'UPSTREAM_FAILED',
                  errorMessage: 'failed',
                  upstreamHttpStatus: 502,
                  relayStatus: 'failed',
                },
                refund: true,
              },
            ],
          },
        ],
      }),
    ],
  })
  const submit = async (endpoint: 'image' | 'video', body: object, options: Parameters<Engine['submit']>[3] = {}) =>
    (await engine.submit(alice, endpoint, body, options)).response
  const image = await submit('image', IMAGE)
  const relay = await submit('image', RELAY, { idempotencyKey: 'sparse-relay-0001' })
  const video = await submit('video', VIDEO)
  const failed = await submit('image', RELAY, {
    idempotencyKey: 'sparse-relay-0002',
    scenario: { name: 'fails', header: 'X-Mock-Scenario' },
  })
  const uncertain = await submit('image', RELAY, {
    idempotencyKey: 'sparse-relay-0003',
    scenario: { name: 'submission-uncertain', header: 'X-Mock-Scenario' },
  })
  const pending = engine.readTask(alice, image.taskId, ORIGIN).snapshot
  engine.advanceClock(200)
  const read = (id: string) => engine.readTask(alice, id, ORIGIN).snapshot
  return {
    submissions: { image, relay, video, failed, uncertain },
    snapshots: {
      pending,
      image: read(image.taskId),
      relay: read(relay.taskId),
      video: read(video.taskId),
      failed: read(failed.taskId),
    },
  }
}

describe('the documented lists', () => {
  it('classify every field of the submission response and the task snapshot, once', () => {
    const vanish = Object.keys(SPARSE_MAY_VANISH)
    const kept = Object.keys(SPARSE_KEPT)
    expect(vanish.filter((field) => kept.includes(field))).toEqual([])
    expect([...vanish, ...kept].sort()).toEqual(Object.keys(taskSnapshotSchema.shape).sort())
    expect(
      Object.keys(submissionResponseSchema.shape).every((field) => vanish.includes(field) || kept.includes(field)),
    ).toBe(true)
    expect(SPARSE_FIELDS).toEqual(vanish)
  })

  it('the schemas require only what sparse answers keep: taskId and status, and creditsUsed on submissions', () => {
    const required = (shape: Record<string, { safeParse(v: unknown): { success: boolean } }>) =>
      Object.keys(shape).filter((key) => !shape[key]!.safeParse(undefined).success)
    expect(required(taskSnapshotSchema.shape).sort()).toEqual(['status', 'taskId'])
    expect(required(submissionResponseSchema.shape).sort()).toEqual(['creditsUsed', 'status', 'taskId'])
    // The control API's task views stay full.
    expect(required(fullTaskSnapshotSchema.shape)).toEqual(
      expect.arrayContaining(['id', 'type', 'model', 'prompt', 'createdAt', 'updatedAt', 'creditsUsed']),
    )
  })
})

describe('sparsen, all: leaves out exactly the fields that may vanish', () => {
  // An uncertain one keeps submissionUncertain.
  it('submissions keep taskId, status, creditsUsed; relay ones pollAfterSeconds', async () => {
    const { submissions } = await fullAnswers()
    const all = (answer: SubmissionResponse) => keys(sparsen(answer, 'submission', 'all', 1))
    expect(all(submissions.image)).toEqual(['creditsUsed', 'status', 'taskId'])
    expect(all(submissions.video)).toEqual(['creditsUsed', 'status', 'taskId'])
    expect(all(submissions.relay)).toEqual(['creditsUsed', 'pollAfterSeconds', 'status', 'taskId'])
    expect(submissions.uncertain.submissionUncertain).toBe(true)
    expect(all(submissions.uncertain)).toEqual([
      'creditsUsed',
      'pollAfterSeconds',
      'status',
      'submissionUncertain',
      'taskId',
    ])
    // What `all` leaves out is the documented list, as far as the full answer has it.
    for (const answer of Object.values(submissions)) {
      const gone = keys(answer).filter((field) => !all(answer).includes(field))
      expect(gone.every((field) => field in SPARSE_MAY_VANISH)).toBe(true)
      expect(gone).toEqual(keys(answer).filter((field) => mayVanish(field, answer, 'submission')))
    }
  })

  // And errorCode, errorMessage, creditRefunded and relayStatus at status 2.
  it('snapshots keep taskId and status; the outputs at status 1', async () => {
    const { snapshots } = await fullAnswers()
    const all = (answer: TaskSnapshot) => keys(sparsen(answer, 'snapshot', 'all', 1))
    expect(snapshots.pending.status).toBe(0)
    expect(all(snapshots.pending)).toEqual(['status', 'taskId'])
    expect(snapshots.image.status).toBe(1)
    expect(all(snapshots.image)).toEqual(['outputImageUrls', 'status', 'taskId'])
    expect(all(snapshots.video)).toEqual(['outputVideoUrl', 'status', 'taskId'])
    expect(snapshots.relay.status).toBe(1)
    expect(all(snapshots.relay)).toEqual(['outputImageUrls', 'pollAfterSeconds', 'status', 'taskId'])
    expect(snapshots.failed).toMatchObject({
      status: 2,
      errorCode: 'UPSTREAM_FAILED',
      relayStatus: 'failed',
      creditRefunded: true,
    })
    expect(all(snapshots.failed)).toEqual([
      'creditRefunded',
      'errorCode',
      'errorMessage',
      'pollAfterSeconds',
      'relayStatus',
      'status',
      'taskId',
    ])
    for (const answer of Object.values(snapshots)) {
      expect(all(answer)).toEqual(
        without(
          answer,
          ...keys(answer).filter((field) => field in SPARSE_MAY_VANISH && mayVanish(field, answer, 'snapshot')),
        ),
      )
      expect(taskSnapshotSchema.safeParse(sparsen(answer, 'snapshot', 'all', 1)).success).toBe(true)
    }
  })

  it('keeps the order of the fields, and leaves the full answer as it was', async () => {
    const { snapshots } = await fullAnswers()
    const before = JSON.stringify(snapshots.failed)
    const sparse = sparsen(snapshots.failed, 'snapshot', 'all', 1)
    expect(JSON.stringify(snapshots.failed)).toBe(before)
    expect(Object.keys(sparse)).toEqual(Object.keys(snapshots.failed).filter((field) => field in sparse))
  })
})

describe('sparsen, random', () => {
  // And every answer stays valid.
  it('never leaves out a kept field, leaves out each other field about half the time', async () => {
    const { submissions, snapshots } = await fullAnswers()
    const seen = new Map<string, number>()
    const cases: [SubmissionResponse | TaskSnapshot, 'submission' | 'snapshot'][] = [
      ...Object.values(submissions).map((answer) => [answer, 'submission'] as [SubmissionResponse, 'submission']),
      ...Object.values(snapshots).map((answer) => [answer, 'snapshot'] as [TaskSnapshot, 'snapshot']),
    ]
    const runs = 400
    for (let n = 0; n < runs; n++) {
      for (const [answer, kind] of cases) {
        const sparse = sparsen(answer, kind, 'random', sparseKey(7, answer.taskId, n))
        for (const field of Object.keys(answer)) {
          if (!mayVanish(field, answer, kind)) expect(sparse, field).toHaveProperty(field)
        }
        for (const field of Object.keys(answer)) if (!(field in sparse)) seen.set(field, (seen.get(field) ?? 0) + 1)
        expect((kind === 'submission' ? submissionResponseSchema : taskSnapshotSchema).safeParse(sparse).success).toBe(
          true,
        )
      }
    }
    // Each field that may vanish did, in 35–65 % of the answers that had it.
    const had = (field: string) =>
      cases.filter(([answer, kind]) => field in answer && mayVanish(field, answer, kind)).length * runs
    for (const field of SPARSE_FIELDS) {
      if (had(field) === 0) continue
      const share = (seen.get(field) ?? 0) / had(field)
      expect(share, field).toBeGreaterThan(0.35)
      expect(share, field).toBeLessThan(0.65)
    }
    expect([...seen.keys()].every((field) => field in SPARSE_MAY_VANISH)).toBe(true)
  })

  it('the same key gives the same answer; another key, another one', async () => {
    const { snapshots } = await fullAnswers()
    const answer = snapshots.relay
    const at = (key: number) => JSON.stringify(sparsen(answer, 'snapshot', 'random', key))
    expect(at(sparseKey(7, answer.taskId, 3))).toBe(at(sparseKey(7, answer.taskId, 3)))
    const shapes = new Set(Array.from({ length: 32 }, (_, n) => at(sparseKey(7, answer.taskId, n))))
    expect(shapes.size).toBeGreaterThan(16)
  })

  it('sparseKey depends on every bit of the seed, the task id and the answer number', () => {
    const base = sparseKey(7, 'tsk_a', 1)
    expect(sparseKey(7, 'tsk_a', 1)).toBe(base)
    expect(sparseKey(8, 'tsk_a', 1)).not.toBe(base)
    expect(sparseKey(7 + 2 ** 32, 'tsk_a', 1)).not.toBe(base)
    expect(sparseKey(7, 'tsk_b', 1)).not.toBe(base)
    expect(sparseKey(7, 'tsk_a', 2)).not.toBe(base)
    expect(Number.isInteger(base) && base >= 0 && base < 2 ** 32).toBe(true)
  })
})

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
