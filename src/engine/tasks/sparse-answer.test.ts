import { describe, expect, it } from 'vitest'
import { responseSchemas, type SubmissionResponse, type TaskSnapshot } from '../../contract/responses.js'
import { SPARSE_FIELDS, SPARSE_KEPT, SPARSE_MAY_VANISH } from '../../contract/sparse.js'
import type { Engine } from '../engine.js'
import { engineWith, ORIGIN, RELAY, VIDEO } from '../engine.fixtures.js'
import { IMAGE, keys, scenario } from './sparse-answer.fixtures.js'
import { mayVanish, sparseKey, sparsen } from './sparse-answer.js'

const { fullTaskSnapshotSchema, submissionResponseSchema, taskSnapshotSchema } = responseSchemas()

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
