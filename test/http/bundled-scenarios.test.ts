import { expect, it } from 'vitest'
import { responseSchemas } from '../../src/contract/responses.js'
import {
  advance,
  balance,
  getTask,
  IMAGE,
  issuePaths,
  post,
  RELAY,
  submitImage,
  submitVideo,
  VIDEO_T2V,
} from '../support/api.js'
import { eachDoor, type Door } from '../support/doors.js'

const { fullTaskSnapshotSchema, submissionResponseSchema } = responseSchemas()

/**
 * The 11 bundled scenarios (scenarios/*.json, README, Scenarios), end to end through HTTP on both doors,
 * each picked per request with `X-Mock-Scenario`, on the manual clock. Each test asserts what the
 * scenario's description says a client sees: statuses just before and at each step (for ranges:
 * before the low end and after the high end), relayStatus, errorCode, submissionUncertain,
 * upstreamHttpStatus, creditRefunded, the balance, outputs only at status 1, and nothing stored
 * or debited for rejections.
 */

type Snapshot = ReturnType<typeof fullTaskSnapshotSchema.parse>
type Submission = ReturnType<typeof submissionResponseSchema.parse>
type Headers = Record<string, string>

const START_CREDITS = 1000
const REPLAYED = 'idempotent-replayed'

const scenario = (name: string, extra: Headers = {}): Headers => ({ 'x-mock-scenario': name, ...extra })
const withKey = (name: string, key: string): Headers => scenario(name, { 'idempotency-key': key })

async function accepted(res: Promise<Response> | Response): Promise<Submission> {
  const response = await res
  const body: unknown = await response.json()
  expect(response.status, JSON.stringify(body)).toBe(200)
  return submissionResponseSchema.parse(body)
}

async function read(door: Door, taskId: string): Promise<Snapshot> {
  const res = await getTask(door, taskId)
  expect(res.status).toBe(200)
  return fullTaskSnapshotSchema.parse(await res.json())
}

async function tasks(
  door: Door,
): Promise<{ total: number; tasks: { taskId: string; scenario: string; creditsUsed: number }[] }> {
  const res = await door.fetch('/__mock/tasks')
  expect(res.status).toBe(200)
  return (await res.json()) as { total: number; tasks: { taskId: string; scenario: string; creditsUsed: number }[] }
}

const taskCount = async (door: Door) => (await tasks(door)).total

/** Pending, with no outputs and no error. */
function expectPending(snapshot: Snapshot): void {
  expect(snapshot.status).toBe(0)
  expect(snapshot.outputImageUrls).toBeUndefined()
  expect(snapshot.outputVideoUrl).toBeUndefined()
  expect(snapshot.errorCode).toBeUndefined()
  expect(snapshot.creditRefunded).toBe(false)
}

/** Failed with `errorCode`, with no outputs. */
function expectFailed(snapshot: Snapshot, errorCode: string, refunded: boolean): void {
  expect(snapshot.status).toBe(2)
  expect(snapshot.errorCode).toBe(errorCode)
  expect(snapshot.errorMessage).toEqual(expect.any(String))
  expect(snapshot.outputImageUrls).toBeUndefined()
  expect(snapshot.outputVideoUrl).toBeUndefined()
  expect(snapshot.creditRefunded).toBe(refunded)
}

/**
 * Advances second by second up to `until` s after the start, reading the task each second, and
 * returns the first second at which `reached` holds (undefined if never).
 */
async function firstSecond(
  door: Door,
  taskId: string,
  until: number,
  reached: (s: Snapshot) => boolean,
  each?: (s: Snapshot, t: number) => void,
): Promise<number | undefined> {
  let found: number | undefined
  for (let t = 0; t <= until; t++) {
    if (t > 0) await advance(door, 1)
    const snapshot = await read(door, taskId)
    each?.(snapshot, t)
    if (found === undefined && reached(snapshot)) found = t
  }
  return found
}

eachDoor('bundled scenarios', (door) => {
  // Outputs appear only at status 1.
  it('default: images complete within 4–12 s and videos within 30–120 s, charged once, never refunded', async () => {
    const image = await accepted(submitImage(door(), { ...IMAGE, numOutputs: 2 }, scenario('default')))
    const video = await accepted(submitVideo(door(), VIDEO_T2V, scenario('default')))
    expect(image.status).toBe(0)
    expect(image.creditsUsed).toBe(8)
    expect(image.relayStatus).toBeUndefined()
    expect(image.upstreamHttpStatus).toBeUndefined()
    expect(await balance(door())).toBe(START_CREDITS - image.creditsUsed - video.creditsUsed)
    expect((await tasks(door())).tasks.map((t) => t.scenario)).toStrictEqual(['default', 'default'])

    await advance(door(), 3)
    expectPending(await read(door(), image.taskId))
    await advance(door(), 9) // 12 s
    const done = await read(door(), image.taskId)
    expect(done.status).toBe(1)
    expect(done.outputImageUrls).toHaveLength(2)
    expect(done.creditRefunded).toBe(false)
    expect(done.errorCode).toBeUndefined()

    await advance(door(), 17) // 29 s
    expectPending(await read(door(), video.taskId))
    await advance(door(), 91) // 120 s
    const videoDone = await read(door(), video.taskId)
    expect(videoDone.status).toBe(1)
    expect(videoDone.outputVideoUrl).toMatch(/^https?:\/\//)
    expect(videoDone.creditRefunded).toBe(false)
    expect(await balance(door())).toBe(START_CREDITS - image.creditsUsed - video.creditsUsed)
  })

  it('default: relay image tasks go queued → running (1–3 s) → succeeded (4–12 s)', async () => {
    const submissions: Submission[] = []
    for (let i = 0; i < 4; i++)
      submissions.push(await accepted(submitImage(door(), RELAY, withKey('default', `default-relay-${i}`))))
    for (const s of submissions) {
      expect(s.status).toBe(0)
      expect(s.relayStatus).toBe('queued')
      expect(s.submissionUncertain).toBe(false)
    }
    const charged = submissions.reduce((sum, s) => sum + s.creditsUsed, 0)
    expect(await balance(door())).toBe(START_CREDITS - charged)

    const seen = new Map<string, string[]>(submissions.map((s) => [s.taskId, []]))
    const runningAt = new Map<string, number>()
    const succeededAt = new Map<string, number>()
    for (let t = 0; t <= 13; t++) {
      if (t > 0) await advance(door(), 1)
      for (const { taskId } of submissions) {
        const snapshot = await read(door(), taskId)
        const history = seen.get(taskId)!
        if (history.at(-1) !== snapshot.relayStatus) history.push(snapshot.relayStatus!)
        if (snapshot.relayStatus === 'running' && !runningAt.has(taskId)) runningAt.set(taskId, t)
        if (snapshot.relayStatus === 'succeeded' && !succeededAt.has(taskId)) succeededAt.set(taskId, t)
        if (snapshot.status === 1) {
          expect(snapshot.relayStatus).toBe('succeeded')
          expect(snapshot.outputImageUrls).toHaveLength(1)
        } else {
          expectPending(snapshot)
          expect(snapshot.relayStatus).not.toBe('succeeded')
        }
      }
    }
    for (const { taskId } of submissions) {
      expect(seen.get(taskId), taskId).toStrictEqual(['queued', 'running', 'succeeded'])
      expect(runningAt.get(taskId)).toBeGreaterThanOrEqual(1)
      expect(runningAt.get(taskId)).toBeLessThanOrEqual(3)
      expect(succeededAt.get(taskId)).toBeGreaterThanOrEqual(4)
      expect(succeededAt.get(taskId)).toBeLessThanOrEqual(12)
      expect((await read(door(), taskId)).creditRefunded).toBe(false)
    }
    expect(await balance(door())).toBe(START_CREDITS - charged)
  })

  // Other requests behave as in default.
  it('relay-expiry: relay tasks go running within 5–15 s, never finish, expire at expiresAt unrefunded', async () => {
    const relay = await accepted(submitImage(door(), RELAY, withKey('relay-expiry', 'relay-expiry-0001')))
    const image = await accepted(submitImage(door(), IMAGE, scenario('relay-expiry')))
    expect(relay.relayStatus).toBe('queued')
    const charged = relay.creditsUsed + image.creditsUsed
    expect(await balance(door())).toBe(START_CREDITS - charged)
    const created = Date.parse((await read(door(), relay.taskId)).createdAt)
    expect(Date.parse(relay.expiresAt!)).toBe(created + 3600_000)

    const runningAt = await firstSecond(
      door(),
      relay.taskId,
      15,
      (s) => s.relayStatus === 'running',
      (s, t) => {
        expectPending(s)
        if (t < 5) expect(s.relayStatus).toBe('queued')
      },
    )
    expect(runningAt).toBeGreaterThanOrEqual(5)
    expect(runningAt).toBeLessThanOrEqual(15)
    // The other request behaves as in default: completed by 12 s.
    expect((await read(door(), image.taskId)).status).toBe(1)

    await advance(door(), 3599 - 15)
    const before = await read(door(), relay.taskId)
    expectPending(before)
    expect(before.relayStatus).toBe('running')
    await advance(door(), 1) // expiresAt
    const expired = await read(door(), relay.taskId)
    expectFailed(expired, 'RELAY_TASK_EXPIRED', false)
    expect(expired.relayStatus).toBe('expired')
    expect(expired.updatedAt).toBe(relay.expiresAt)
    expect(await balance(door())).toBe(START_CREDITS - charged)
  })

  // The task is charged once.
  it('submission-uncertain: submitting/uncertain, confirmed at 10 s, running at 15 s, succeeded at 30 s', async () => {
    const relay = await accepted(submitImage(door(), RELAY, withKey('submission-uncertain', 'uncertain-0001')))
    expect(relay.status).toBe(0)
    expect(relay.submissionUncertain).toBe(true)
    expect(relay.relayStatus).toBe('submitting')
    expect(await balance(door())).toBe(START_CREDITS - relay.creditsUsed)

    const expectAt = async (t: number, relayStatus: string, uncertain: boolean, status: 0 | 1) => {
      const s = await read(door(), relay.taskId)
      expect({
        t,
        status: s.status,
        relayStatus: s.relayStatus,
        submissionUncertain: s.submissionUncertain,
      }).toStrictEqual({ t, status, relayStatus, submissionUncertain: uncertain })
      return s
    }
    expectPending(await expectAt(0, 'submitting', true, 0))
    await advance(door(), 9)
    expectPending(await expectAt(9, 'submitting', true, 0))
    await advance(door(), 1)
    expectPending(await expectAt(10, 'queued', false, 0))
    await advance(door(), 4)
    await expectAt(14, 'queued', false, 0)
    await advance(door(), 1)
    expectPending(await expectAt(15, 'running', false, 0))
    await advance(door(), 14)
    expectPending(await expectAt(29, 'running', false, 0))
    await advance(door(), 1)
    const done = await expectAt(30, 'succeeded', false, 1)
    expect(done.outputImageUrls).toHaveLength(1)
    expect(done.creditRefunded).toBe(false)
    expect(await balance(door())).toBe(START_CREDITS - relay.creditsUsed)
    expect(await taskCount(door())).toBe(1)

    // Other requests behave as in default.
    const image = await accepted(submitImage(door(), IMAGE, scenario('submission-uncertain')))
    expect(image.submissionUncertain).toBe(false)
    await advance(door(), 12)
    expect((await read(door(), image.taskId)).status).toBe(1)
  })

  it('submission-lost: submitting/uncertain, then at 30 s unknown with RELAY_TASK_UNKNOWN and no refund', async () => {
    const relay = await accepted(submitImage(door(), RELAY, withKey('submission-lost', 'lost-0001')))
    const image = await accepted(submitImage(door(), IMAGE, scenario('submission-lost')))
    expect(relay.submissionUncertain).toBe(true)
    expect(relay.relayStatus).toBe('submitting')
    expect(image.submissionUncertain).toBe(false)
    const charged = relay.creditsUsed + image.creditsUsed
    expect(await balance(door())).toBe(START_CREDITS - charged)

    await advance(door(), 29)
    const before = await read(door(), relay.taskId)
    expectPending(before)
    expect(before.relayStatus).toBe('submitting')
    expect(before.submissionUncertain).toBe(true)
    // The other request behaves as in default: completed by 12 s.
    expect((await read(door(), image.taskId)).status).toBe(1)

    await advance(door(), 1)
    const lost = await read(door(), relay.taskId)
    expectFailed(lost, 'RELAY_TASK_UNKNOWN', false)
    expect(lost.relayStatus).toBe('unknown')
    expect(await balance(door())).toBe(START_CREDITS - charged)
  })

  // Invalid requests are 400 first.
  it('insufficient-credits: valid requests are 402, their price as required; nothing stored or debited', async () => {
    const refuse = async (res: Promise<Response>) => {
      const response = await res
      expect(response.status).toBe(402)
      const body = (await response.json()) as { error: string; required: number }
      expect(Object.keys(body).sort()).toStrictEqual(['error', 'required'])
      expect(body.error).toBe('Insufficient credits')
      return body.required
    }
    // base-image-2 at 1K costs 4 credits; at 1K × 3 outputs 12.
    expect(await refuse(submitImage(door(), IMAGE, scenario('insufficient-credits')))).toBe(4)
    expect(await refuse(submitImage(door(), { ...IMAGE, numOutputs: 3 }, scenario('insufficient-credits')))).toBe(12)
    const relayRequired = await refuse(submitImage(door(), RELAY, withKey('insufficient-credits', 'broke-relay-0001')))
    const videoRequired = await refuse(submitVideo(door(), VIDEO_T2V, scenario('insufficient-credits')))

    // Invalid requests still get 400 first: a missing prompt, a relay request without a key.
    const invalid = await submitImage(door(), { model: IMAGE.model }, scenario('insufficient-credits'))
    expect(invalid.status).toBe(400)
    expect(await issuePaths(invalid)).toStrictEqual(['prompt'])
    const keyless = await submitImage(door(), RELAY, scenario('insufficient-credits'))
    expect(keyless.status).toBe(400)
    expect(await issuePaths(keyless)).toStrictEqual(['Idempotency-Key'])

    expect(await taskCount(door())).toBe(0)
    expect(await balance(door())).toBe(START_CREDITS)

    // required is what the same request costs in default; the refused request did not consume its key.
    const relay = await submitImage(door(), RELAY, withKey('default', 'broke-relay-0001'))
    expect(relay.headers.get(REPLAYED)).toBeNull()
    expect((await accepted(relay)).creditsUsed).toBe(relayRequired)
    expect((await accepted(submitVideo(door(), VIDEO_T2V, scenario('default')))).creditsUsed).toBe(videoRequired)
    expect(await taskCount(door())).toBe(2)
    expect(await balance(door())).toBe(START_CREDITS - relayRequired - videoRequired)
  })

  // Relay tasks end failed.
  it('upstream-failure: accepted and debited, failed 5–15 s later with UPSTREAM_FAILED and 502, refunded', async () => {
    const image = await accepted(submitImage(door(), IMAGE, scenario('upstream-failure')))
    const video = await accepted(submitVideo(door(), VIDEO_T2V, scenario('upstream-failure')))
    const relay = await accepted(submitImage(door(), RELAY, withKey('upstream-failure', 'upstream-failure-0001')))
    const all = [image, video, relay]
    expect(all.map((s) => s.status)).toStrictEqual([0, 0, 0])
    const charged = all.reduce((sum, s) => sum + s.creditsUsed, 0)
    expect(await balance(door())).toBe(START_CREDITS - charged)

    await advance(door(), 4)
    for (const { taskId } of all) expectPending(await read(door(), taskId))
    expect((await read(door(), relay.taskId)).relayStatus).toBe('queued')
    expect(await balance(door())).toBe(START_CREDITS - charged)

    await advance(door(), 11) // 15 s
    for (const { taskId } of all) {
      const failed = await read(door(), taskId)
      expectFailed(failed, 'UPSTREAM_FAILED', true)
      expect(failed.upstreamHttpStatus).toBe(502)
    }
    expect((await read(door(), relay.taskId)).relayStatus).toBe('failed')
    expect((await read(door(), image.taskId)).relayStatus).toBeUndefined()
    expect(await balance(door())).toBe(START_CREDITS)
    await advance(door(), 300)
    expect(await balance(door())).toBe(START_CREDITS)
    expect((await read(door(), image.taskId)).status).toBe(2)
  })

  it('upstream-a-grace: upstream 404 while pending; "found-late" is found at 20 s and completes at 40 s', async () => {
    const task = await accepted(
      submitImage(
        door(),
        { ...IMAGE, provider: 'upstream-a', prompt: 'a fox, found-late' },
        scenario('upstream-a-grace'),
      ),
    )
    expect(task.upstreamHttpStatus).toBe(404)
    expect(await balance(door())).toBe(START_CREDITS - task.creditsUsed)

    await advance(door(), 19)
    let s = await read(door(), task.taskId)
    expectPending(s)
    expect(s.upstreamHttpStatus).toBe(404)
    await advance(door(), 1) // 20 s
    s = await read(door(), task.taskId)
    expectPending(s)
    expect(s.upstreamHttpStatus).toBe(200)
    await advance(door(), 19) // 39 s: past the 30 s window, still pending
    expectPending(await read(door(), task.taskId))
    await advance(door(), 1) // 40 s
    s = await read(door(), task.taskId)
    expect(s.status).toBe(1)
    expect(s.upstreamHttpStatus).toBe(200)
    expect(s.outputImageUrls).toHaveLength(1)
    expect(s.errorCode).toBeUndefined()
    expect(s.creditRefunded).toBe(false)
    expect(await balance(door())).toBe(START_CREDITS - task.creditsUsed)
  })

  // Other providers behave as in default.
  it('upstream-a-grace: pending with upstream 404 until 30 s, then UPSTREAM_TASK_NOT_FOUND and refunded', async () => {
    const task = await accepted(submitImage(door(), { ...IMAGE, provider: 'upstream-a' }, scenario('upstream-a-grace')))
    const standard = await accepted(submitImage(door(), IMAGE, scenario('upstream-a-grace')))
    expect(task.upstreamHttpStatus).toBe(404)
    expect(standard.upstreamHttpStatus).toBeUndefined()
    const charged = task.creditsUsed + standard.creditsUsed
    expect(await balance(door())).toBe(START_CREDITS - charged)

    await advance(door(), 12)
    const done = await read(door(), standard.taskId)
    expect(done.status).toBe(1)
    expect(done.upstreamHttpStatus).toBeUndefined()
    await advance(door(), 17) // 29 s
    const waiting = await read(door(), task.taskId)
    expectPending(waiting)
    expect(waiting.upstreamHttpStatus).toBe(404)
    await advance(door(), 1) // 30 s
    const failed = await read(door(), task.taskId)
    expectFailed(failed, 'UPSTREAM_TASK_NOT_FOUND', true)
    expect(failed.upstreamHttpStatus).toBe(404)
    expect(await balance(door())).toBe(START_CREDITS - standard.creditsUsed)
  })

  // Relay tasks end failed.
  it('content-policy: accepted and debited, refused 2–5 s later with CONTENT_POLICY_VIOLATION, refunded', async () => {
    const image = await accepted(submitImage(door(), IMAGE, scenario('content-policy')))
    const video = await accepted(submitVideo(door(), VIDEO_T2V, scenario('content-policy')))
    const relay = await accepted(submitImage(door(), RELAY, withKey('content-policy', 'content-policy-0001')))
    const all = [image, video, relay]
    const charged = all.reduce((sum, s) => sum + s.creditsUsed, 0)
    expect(await balance(door())).toBe(START_CREDITS - charged)

    await advance(door(), 1)
    for (const { taskId } of all) expectPending(await read(door(), taskId))
    expect(await balance(door())).toBe(START_CREDITS - charged)
    await advance(door(), 4) // 5 s
    for (const { taskId } of all) expectFailed(await read(door(), taskId), 'CONTENT_POLICY_VIOLATION', true)
    expect((await read(door(), relay.taskId)).relayStatus).toBe('failed')
    expect((await read(door(), image.taskId)).relayStatus).toBeUndefined()
    expect(await balance(door())).toBe(START_CREDITS)
  })

  it('slow-video: videos stay pending until 5 min and complete by 15 min; images as default', async () => {
    const video = await accepted(submitVideo(door(), VIDEO_T2V, scenario('slow-video')))
    const image = await accepted(submitImage(door(), IMAGE, scenario('slow-video')))
    const charged = video.creditsUsed + image.creditsUsed
    expect(await balance(door())).toBe(START_CREDITS - charged)

    await advance(door(), 3)
    expectPending(await read(door(), image.taskId))
    await advance(door(), 9) // 12 s
    expect((await read(door(), image.taskId)).status).toBe(1)
    await advance(door(), 120 - 12) // past default's 120 s
    expectPending(await read(door(), video.taskId))
    await advance(door(), 299 - 120) // 4 min 59 s
    expectPending(await read(door(), video.taskId))
    await advance(door(), 900 - 299) // 15 min
    const done = await read(door(), video.taskId)
    expect(done.status).toBe(1)
    expect(done.outputVideoUrl).toMatch(/^https?:\/\//)
    expect(done.creditRefunded).toBe(false)
    expect(await balance(door())).toBe(START_CREDITS - charged)
  })

  // A keyless retry charges a second task.
  it('drop-after-commit: network error after the commit; a keyed retry replays the same task uncharged', async () => {
    const headers = withKey('drop-after-commit', 'drop-after-commit-0001')
    await expect(submitImage(door(), IMAGE, headers)).rejects.toBeInstanceOf(TypeError)
    const stored = await tasks(door())
    expect(stored.total).toBe(1)
    const [task] = stored.tasks
    expect(task!.scenario).toBe('drop-after-commit')
    expect(task!.creditsUsed).toBe(4)
    expect(await balance(door())).toBe(START_CREDITS - 4)

    const retry = await submitImage(door(), IMAGE, headers)
    expect(retry.headers.get(REPLAYED)).toBe('true')
    const replayed = await accepted(retry)
    expect(replayed.taskId).toBe(task!.taskId)
    expect(replayed.creditsUsed).toBe(4)
    expect(await taskCount(door())).toBe(1)
    expect(await balance(door())).toBe(START_CREDITS - 4)

    // Then the task behaves as in default.
    await advance(door(), 3)
    expectPending(await read(door(), task!.taskId))
    await advance(door(), 9)
    expect((await read(door(), task!.taskId)).status).toBe(1)

    // Without a key, a retry is a new submission: dropped again, stored and charged again.
    await expect(submitImage(door(), IMAGE, scenario('drop-after-commit'))).rejects.toBeInstanceOf(TypeError)
    const after = await tasks(door())
    expect(after.total).toBe(2)
    expect(new Set(after.tasks.map((t) => t.taskId)).size).toBe(2)
    expect(await balance(door())).toBe(START_CREDITS - 8)
  })

  // The same outcomes again after reset {seed: 7}.
  it('flaky: 50–500 ms answers, some 500 Internal error storing nothing; a keyed retry goes through', async () => {
    const SUBMISSIONS = 8
    const keyOf = (i: number) => `flaky-seq-${String(i).padStart(3, '0')}`
    const run = async () => {
      const outcomes: string[] = []
      for (let i = 0; i < SUBMISSIONS; i++) {
        const started = performance.now()
        const res = await submitImage(door(), IMAGE, withKey('flaky', keyOf(i)))
        const body = (await res.json()) as { taskId?: string }
        expect(performance.now() - started, `answer ${i}`).toBeGreaterThanOrEqual(50)
        if (res.status === 500) {
          expect(body).toStrictEqual({ error: 'Internal error' })
          outcomes.push('500')
        } else {
          expect(res.status, JSON.stringify(body)).toBe(200)
          outcomes.push(submissionResponseSchema.parse(body).taskId)
        }
      }
      const successes = outcomes.filter((o) => o !== '500')
      expect(successes.length).toBeGreaterThan(0)
      expect(successes.length).toBeLessThan(SUBMISSIONS)
      expect(new Set(successes).size).toBe(successes.length)
      const stored = await tasks(door())
      expect(stored.tasks.map((t) => t.taskId).sort()).toStrictEqual([...successes].sort())
      expect(await balance(door())).toBe(START_CREDITS - 4 * successes.length)
      return outcomes
    }

    const first = await run()
    const reset = await post(door(), '/__mock/reset', { seed: 7 })
    expect(reset.status).toBe(200)
    expect(await taskCount(door())).toBe(0)
    expect(await balance(door())).toBe(START_CREDITS)
    expect(await run()).toStrictEqual(first)

    // A failed submission's key was released: retried with it, it eventually goes through once.
    const failedKey = keyOf(first.indexOf('500'))
    let retried: Response | undefined
    for (let attempt = 0; attempt < 10; attempt++) {
      retried = await submitImage(door(), IMAGE, withKey('flaky', failedKey))
      if (retried.status !== 500) break
      expect(await retried.json()).toStrictEqual({ error: 'Internal error' })
    }
    expect(retried!.headers.get(REPLAYED)).toBeNull()
    const through = await accepted(retried!)
    const again = await submitImage(door(), IMAGE, withKey('flaky', failedKey))
    expect(again.headers.get(REPLAYED)).toBe('true')
    expect((await accepted(again)).taskId).toBe(through.taskId)
    const successes = first.filter((o) => o !== '500').length + 1
    expect(await taskCount(door())).toBe(successes)
    expect(await balance(door())).toBe(START_CREDITS - 4 * successes)

    // Accepted tasks behave as in default.
    await advance(door(), 3)
    expectPending(await read(door(), through.taskId))
    await advance(door(), 9)
    expect((await read(door(), through.taskId)).status).toBe(1)
  })
})
