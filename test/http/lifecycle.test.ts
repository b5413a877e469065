import { expect, it } from 'vitest'
import { responseSchemas } from '../../src/contract/responses.js'
import { advance, getTask, IMAGE, RELAY, submitImage, submitVideo, VIDEO_T2V } from '../support/api.js'
import { eachDoor, type Door } from '../support/doors.js'

const { fullTaskSnapshotSchema, submissionResponseSchema } = responseSchemas()

/**
 * The default lifecycle on the manual clock (docs/where-the-interface-is-silent.md; docs/cli.md): images complete
 * within 4–12 s, videos within 30–120 s, relay tasks go queued → running → succeeded; terminal tasks never change;
 * every timestamp comes from the simulated clock; every body parses with the contract schemas.
 */

type Snapshot = ReturnType<typeof fullTaskSnapshotSchema.parse>
type Submission = ReturnType<typeof submissionResponseSchema.parse>

async function clockNow(door: Door): Promise<string> {
  const res = await door.fetch('/__mock/clock')
  expect(res.status).toBe(200)
  return ((await res.json()) as { now: string }).now
}

async function submit(res: Promise<Response>): Promise<Submission> {
  const response = await res
  expect(response.status).toBe(200)
  return submissionResponseSchema.parse(await response.json())
}

async function read(door: Door, taskId: string): Promise<Snapshot> {
  const res = await getTask(door, taskId)
  expect(res.status).toBe(200)
  return fullTaskSnapshotSchema.parse(await res.json())
}

const relayKey = (n: number) => ({ 'idempotency-key': `lifecycle-relay-${String(n).padStart(4, '0')}` })
const SECOND = 1000

eachDoor('task lifecycle', (door) => {
  it('an image task is pending until it completes within 4–12 s, with numOutputs image URLs', async () => {
    const { taskId, status } = await submit(submitImage(door(), { ...IMAGE, numOutputs: 3 }))
    expect(status).toBe(0)
    expect((await read(door(), taskId)).status).toBe(0)
    await advance(door(), 3)
    const early = await read(door(), taskId)
    expect(early.status).toBe(0)
    expect(early.outputImageUrls).toBeUndefined()
    await advance(door(), 9)
    const done = await read(door(), taskId)
    expect(done.status).toBe(1)
    expect(done.type).toBe('image')
    expect(done.outputImageUrls).toHaveLength(3)
    expect(new Set(done.outputImageUrls).size).toBe(3)
    expect(done.outputVideoUrl).toBeUndefined()
  })

  it('image completion times are drawn from 4–12 s, second by second', async () => {
    const ids: string[] = []
    for (let i = 0; i < 12; i++) ids.push((await submit(submitImage(door(), IMAGE))).taskId)
    const completedAt = new Map<string, number>()
    for (let t = 1; t <= 12; t++) {
      await advance(door(), 1)
      for (const id of ids) if (!completedAt.has(id) && (await read(door(), id)).status === 1) completedAt.set(id, t)
    }
    expect(completedAt.size).toBe(ids.length)
    for (const t of completedAt.values()) {
      expect(t).toBeGreaterThanOrEqual(4)
      expect(t).toBeLessThanOrEqual(12)
    }
    // Drawn per task, not one fixed duration.
    expect(new Set(completedAt.values()).size).toBeGreaterThan(1)
  })

  it('a video task is pending at 29 s and completed by 120 s, with an outputVideoUrl', async () => {
    const { taskId } = await submit(submitVideo(door(), VIDEO_T2V))
    await advance(door(), 29)
    const early = await read(door(), taskId)
    expect(early.status).toBe(0)
    expect(early.outputVideoUrl).toBeUndefined()
    await advance(door(), 91)
    const done = await read(door(), taskId)
    expect(done.status).toBe(1)
    expect(done.type).toBe('video')
    expect(done.outputVideoUrl).toMatch(/^https?:\/\//)
    expect(done.outputImageUrls).toBeUndefined()
  })

  it('a relay submission is queued, asks for polls at least 5 s apart and expires 1 h after creation', async () => {
    const before = await clockNow(door())
    const submission = await submit(submitImage(door(), RELAY, relayKey(1)))
    expect(submission.status).toBe(0)
    expect(submission.relayStatus).toBe('queued')
    expect(submission.pollAfterSeconds).toBeGreaterThanOrEqual(5)
    expect(submission.expiresAt).toBeDefined()
    expect(Date.parse(submission.expiresAt!)).toBe(Date.parse(before) + 3600 * SECOND)
    const snapshot = await read(door(), submission.taskId)
    expect(snapshot.createdAt).toBe(before)
    expect(Date.parse(snapshot.expiresAt!)).toBe(Date.parse(snapshot.createdAt) + 3600 * SECOND)
    expect(snapshot.relayStatus).toBe('queued')
    expect(snapshot.pollAfterSeconds).toBeGreaterThanOrEqual(5)
  })

  it("a relay task passes through 'running' and ends 'succeeded' with status 1", async () => {
    const { taskId } = await submit(submitImage(door(), RELAY, relayKey(2)))
    const seen: string[] = []
    let last: Snapshot | undefined
    for (let t = 0; t <= 15; t++) {
      last = await read(door(), taskId)
      if (seen.at(-1) !== last.relayStatus) seen.push(last.relayStatus!)
      if (last.relayStatus === 'running') expect(last.status).toBe(0)
      await advance(door(), 1)
    }
    expect(seen).toStrictEqual(['queued', 'running', 'succeeded'])
    expect(last!.status).toBe(1)
    expect(last!.outputImageUrls).toHaveLength(1)
    expect(last!.errorCode).toBeUndefined()
    expect(last!.creditRefunded).toBe(false)
  })

  it('a completed relay task stays succeeded past its expiresAt', async () => {
    const { taskId } = await submit(submitImage(door(), RELAY, relayKey(3)))
    await advance(door(), 15)
    const done = await read(door(), taskId)
    expect(done.relayStatus).toBe('succeeded')
    await advance(door(), 2 * 3600)
    expect(await read(door(), taskId)).toStrictEqual(done)
  })

  it("upstream-a tasks (provider 'upstream-a') complete normally, still completed past the grace window", async () => {
    const image = await submit(submitImage(door(), { ...IMAGE, provider: 'upstream-a' }))
    await advance(door(), 12)
    const done = await read(door(), image.taskId)
    expect(done.status).toBe(1)
    expect(done.outputImageUrls).toHaveLength(1)
    expect(done.errorCode).toBeUndefined()
    expect(done.creditRefunded).toBe(false)
    await advance(door(), 60)
    expect(await read(door(), image.taskId)).toStrictEqual(done)
  })

  it('terminal tasks do not change on later reads, nor after advancing days', async () => {
    const ids = [
      (await submit(submitImage(door(), IMAGE))).taskId,
      (await submit(submitVideo(door(), VIDEO_T2V))).taskId,
      (await submit(submitImage(door(), RELAY, relayKey(4)))).taskId,
      (await submit(submitImage(door(), { ...IMAGE, provider: 'upstream-a' }))).taskId,
    ]
    await advance(door(), 120)
    const terminal = new Map<string, string>()
    for (const id of ids) {
      const text = await (await getTask(door(), id)).text()
      expect((JSON.parse(text) as { status: number }).status, id).toBe(1)
      terminal.set(id, text)
    }
    for (let i = 0; i < 3; i++)
      for (const id of ids) expect(await (await getTask(door(), id)).text()).toBe(terminal.get(id))
    await advance(door(), 3 * 24 * 3600)
    for (const id of ids) expect(await (await getTask(door(), id)).text()).toBe(terminal.get(id))
  })

  it('createdAt is the simulated now at submission; updatedAt moves to the simulated time of completion', async () => {
    await advance(door(), 1234.5)
    const now = await clockNow(door())
    const { taskId } = await submit(submitImage(door(), IMAGE))
    const pending = await read(door(), taskId)
    expect(pending.createdAt).toBe(now)
    expect(pending.updatedAt).toBe(now)
    expect(new Date(pending.createdAt).toISOString()).toBe(pending.createdAt)
    await advance(door(), 60)
    const done = await read(door(), taskId)
    expect(done.createdAt).toBe(now)
    const completedAfter = Date.parse(done.updatedAt) - Date.parse(now)
    expect(completedAfter).toBeGreaterThanOrEqual(4 * SECOND)
    expect(completedAfter).toBeLessThanOrEqual(12 * SECOND)
    // Completion time, not the time of the read that observed it.
    expect(Date.parse(done.updatedAt)).toBeLessThan(Date.parse(await clockNow(door())))
  })

  it('timestamps are from the simulated clock, not the wall clock', async () => {
    await door().fetch('/__mock/clock', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: '2031-06-15T08:30:00.000Z' }),
    })
    const { taskId } = await submit(submitImage(door(), IMAGE))
    expect((await read(door(), taskId)).createdAt).toBe('2031-06-15T08:30:00.000Z')
  })

  it('the Date response header carries simulated time', async () => {
    await door().fetch('/__mock/clock', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: '2032-02-29T12:00:00.000Z' }),
    })
    const expected = new Date('2032-02-29T12:00:00.000Z').toUTCString()
    const submitted = await submitImage(door(), IMAGE)
    expect(submitted.headers.get('date')).toBe(expected)
    const { taskId } = (await submitted.json()) as { taskId: string }
    expect((await getTask(door(), taskId)).headers.get('date')).toBe(expected)
    expect(
      (await door().fetch('/api/ai/models', { headers: { authorization: 'Bearer sk_test_alice' } })).headers.get(
        'date',
      ),
    ).toBe(expected)
    expect((await getTask(door(), 'tsk_unknown')).headers.get('date')).toBe(expected)
    await advance(door(), 90)
    expect((await getTask(door(), taskId)).headers.get('date')).toBe(new Date('2032-02-29T12:01:30.000Z').toUTCString())
  })

  // Pending and terminal ones, for every kind of task.
  it('every submission and snapshot parses with the contract schemas', async () => {
    const submissions = [
      await submit(submitImage(door(), IMAGE)),
      await submit(submitImage(door(), { ...IMAGE, numOutputs: 4, aspectRatio: '16:9' })),
      await submit(submitImage(door(), { model: 'vendor-a/base-image', prompt: 'p', aspectRatio: '9:16' })),
      await submit(submitImage(door(), { ...IMAGE, provider: 'upstream-a' })),
      await submit(submitImage(door(), RELAY, relayKey(5))),
      await submit(submitImage(door(), { ...RELAY, watermark: true, numOutputs: 2 }, relayKey(6))),
      await submit(submitVideo(door(), VIDEO_T2V)),
      await submit(
        submitVideo(door(), {
          model: 'video-a/v2-1-standard',
          inputMode: 'image_to_video',
          inputImageUrls: ['https://example.com/ref.png'],
        }),
      ),
    ]
    for (let step = 0; step < 5; step++) {
      for (const { taskId } of submissions) {
        const res = await getTask(door(), taskId)
        const parsed = fullTaskSnapshotSchema.safeParse(await res.json())
        expect(parsed.success, `${taskId}: ${parsed.error?.message}`).toBe(true)
      }
      await advance(door(), 30)
    }
    for (const { taskId } of submissions) expect((await read(door(), taskId)).status).toBe(1)
  })

  it('a snapshot agrees with its submission response on the shared fields', async () => {
    const submission = await submit(submitImage(door(), RELAY, relayKey(7)))
    const snapshot = await read(door(), submission.taskId)
    expect(snapshot.taskId).toBe(submission.taskId)
    expect(snapshot.id).toBe(submission.taskId)
    expect(snapshot.creditsUsed).toBe(submission.creditsUsed)
    expect(snapshot.providerTaskId).toBe(submission.providerTaskId)
    expect(snapshot.requestId).toBe(submission.requestId)
    expect(snapshot.expiresAt).toBe(submission.expiresAt)
    expect(snapshot.model).toBe(RELAY.model)
    expect(snapshot.prompt).toBe(RELAY.prompt)
    expect(snapshot.type).toBe('image')
  })
})
