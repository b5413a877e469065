import { describe, expect, it } from 'vitest'
import { advance, IMAGE, RELAY, submitImage, submitVideo, VIDEO_T2V } from '../support/api.js'
import { defaultOptions, DOORS, eachDoor, type Door } from '../support/doors.js'
import { checkResponses } from '../support/openapi.js'

/**
 * Sparse answers through HTTP, in each door (docs/where-the-interface-is-silent.md, Sparse answers): the server option
 * (what
 * --sparse sets), `Prefer: sparse[=random|all|off]` beside `scenario=NAME`, and a scenario's
 * `sparse`. `all` leaves out exactly the documented fields; the ones a rule of the interface reads
 * stay; every answer is checked against /openapi.json by the doors; the same seed and session give
 * byte-identical answers.
 */

type Json = Record<string, unknown>
const keys = (body: Json) => Object.keys(body).sort()
const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})
const relayKey = (n: number) => ({ 'idempotency-key': `sparse-http-relay-${String(n).padStart(4, '0')}` })

async function ok(res: Promise<Response>): Promise<Json> {
  const response = await res
  const body = (await response.json()) as Json
  expect(response.status, JSON.stringify(body)).toBe(200)
  return body
}

const read = (door: Door, id: string, headers: Record<string, string> = {}) =>
  ok(
    door.fetch(`/api/ai/tasks/${encodeURIComponent(id)}`, {
      headers: { authorization: 'Bearer sk_test_alice', ...headers },
    }),
  )

/** The full answers have every field; `all` keeps exactly these (the oracle, written out). */
const KEPT = {
  submission: ['creditsUsed', 'status', 'taskId'],
  relaySubmission: ['creditsUsed', 'pollAfterSeconds', 'status', 'taskId'],
  pending: ['status', 'taskId'],
  relayPending: ['pollAfterSeconds', 'status', 'taskId'],
  image: ['outputImageUrls', 'status', 'taskId'],
  relayImage: ['outputImageUrls', 'pollAfterSeconds', 'status', 'taskId'],
  video: ['outputVideoUrl', 'status', 'taskId'],
  failed: ['creditRefunded', 'errorCode', 'errorMessage', 'status', 'taskId'],
  relayFailed: ['creditRefunded', 'errorCode', 'errorMessage', 'pollAfterSeconds', 'relayStatus', 'status', 'taskId'],
}
/** Fields of a full answer that `all` leaves out, whatever the task: the README's list. */
const ALWAYS_GONE = [
  'id',
  'type',
  'model',
  'prompt',
  'createdAt',
  'updatedAt',
  'providerTaskId',
  'requestId',
  'httpRequestId',
  'effectiveWatermark',
  'demo',
]

/**
 * Image, relay image, video, a failed image and a failed relay image: submitted, read pending,
 * read when done. `headers` go with every service request.
 */
async function tour(door: Door, headers: Record<string, string> = {}) {
  const failing = { 'x-mock-scenario': 'upstream-failure' }
  const submissions = {
    image: await ok(submitImage(door, { ...IMAGE, numOutputs: 2 }, headers)),
    relay: await ok(submitImage(door, RELAY, { ...relayKey(1), ...headers })),
    video: await ok(submitVideo(door, VIDEO_T2V, headers)),
    failed: await ok(submitImage(door, IMAGE, { ...failing, ...headers })),
    relayFailed: await ok(submitImage(door, RELAY, { ...relayKey(2), ...failing, ...headers })),
  }
  const id = (name: keyof typeof submissions) => submissions[name].taskId as string
  const pending = await read(door, id('image'), headers)
  await advance(door, 120)
  const done = {
    image: await read(door, id('image'), headers),
    relay: await read(door, id('relay'), headers),
    video: await read(door, id('video'), headers),
    failed: await read(door, id('failed'), headers),
    relayFailed: await read(door, id('relayFailed'), headers),
  }
  return { submissions, pending, done }
}

/** What `all` must give, checked against the full answer the same session gives without sparse. */
function expectAll(sparse: Awaited<ReturnType<typeof tour>>, full: Awaited<ReturnType<typeof tour>>) {
  expect(keys(sparse.submissions.image)).toEqual(KEPT.submission)
  expect(keys(sparse.submissions.video)).toEqual(KEPT.submission)
  expect(keys(sparse.submissions.failed)).toEqual(KEPT.submission)
  expect(keys(sparse.submissions.relay)).toEqual(KEPT.relaySubmission)
  expect(keys(sparse.pending)).toEqual(KEPT.pending)
  expect(keys(sparse.done.image)).toEqual(KEPT.image)
  expect(keys(sparse.done.relay)).toEqual(KEPT.relayImage)
  expect(keys(sparse.done.video)).toEqual(KEPT.video)
  expect(keys(sparse.done.failed)).toEqual(KEPT.failed)
  expect(keys(sparse.done.relayFailed)).toEqual(KEPT.relayFailed)
  // The values kept are the full answer's; what is gone is the documented list.
  const pairs: [Json, Json][] = [
    ...(Object.keys(full.submissions) as (keyof typeof full.submissions)[]).map(
      (k) => [sparse.submissions[k], full.submissions[k]] as [Json, Json],
    ),
    [sparse.pending, full.pending],
    ...(Object.keys(full.done) as (keyof typeof full.done)[]).map(
      (k) => [sparse.done[k], full.done[k]] as [Json, Json],
    ),
  ]
  for (const [thin, whole] of pairs) {
    expect(whole).toMatchObject(thin)
    const gone = keys(whole).filter((field) => !(field in thin))
    const conditional = [
      'creditsUsed',
      'relayStatus',
      'creditRefunded',
      'submissionUncertain',
      'expiresAt',
      'upstreamHttpStatus',
    ]
    expect(gone.filter((field) => !conditional.includes(field))).toEqual(
      ALWAYS_GONE.filter((field) => field in whole).sort(),
    )
  }
}

eachDoor(
  'sparse answers: the server option (--sparse=all)',
  (door) => {
    // The control API stays full.
    it('leaves out exactly the documented fields of image, relay, video, completed and failed answers', async () => {
      const sparse = await tour(door())
      door().engine.reset(7)
      const full = await tour(door(), { prefer: 'sparse=off' })
      expectAll(sparse, full)
      const res = await door().fetch('/__mock/tasks?limit=100')
      const { tasks } = (await res.json()) as { tasks: Json[] }
      expect(tasks.length).toBe(5)
      for (const task of tasks)
        expect(keys(task)).toEqual(
          expect.arrayContaining([
            'id',
            'type',
            'model',
            'prompt',
            'createdAt',
            'updatedAt',
            'creditsUsed',
            'providerTaskId',
          ]),
        )
    })
  },
  () => ({ ...defaultOptions(), sparse: 'all' }),
)

eachDoor(
  'sparse answers: the server option (--sparse, random)',
  (door) => {
    // Kept: taskId, status, creditsUsed on submissions, pollAfterSeconds on relay tasks,
    // the outputs and the failure fields.
    it('keeps the fields clients need and leaves out some of the rest', async () => {
      const gone = new Set<string>()
      const kept = new Set<string>()
      for (let round = 0; round < 3; round++) {
        door().engine.reset(7 + round)
        const sparse = await tour(door())
        for (const [name, body] of Object.entries(sparse.submissions)) {
          expect(body, name).toMatchObject({
            taskId: expect.any(String),
            status: expect.any(Number),
            creditsUsed: expect.any(Number),
          })
        }
        expect(sparse.submissions.relay.pollAfterSeconds).toBe(5)
        expect(sparse.done.relay.pollAfterSeconds).toBe(5)
        expect(sparse.done.image.outputImageUrls).toHaveLength(2)
        expect(sparse.done.video.outputVideoUrl).toBe(
          `${door().baseUrl}/media/videos/${sparse.submissions.video.taskId as string}.mp4`,
        )
        expect(sparse.done.failed).toMatchObject({
          status: 2,
          errorCode: 'UPSTREAM_FAILED',
          errorMessage: expect.any(String),
          creditRefunded: true,
        })
        expect(sparse.done.relayFailed).toMatchObject({
          status: 2,
          relayStatus: 'failed',
          creditRefunded: true,
          pollAfterSeconds: 5,
        })
        for (const body of [...Object.values(sparse.submissions), sparse.pending, ...Object.values(sparse.done)]) {
          for (const field of ALWAYS_GONE) (field in body ? kept : gone).add(field)
        }
      }
      // A coin per field: over 45 answers, every field that may vanish both vanished and stayed.
      expect([...gone].sort()).toEqual([...ALWAYS_GONE].sort())
      expect([...kept].sort()).toEqual([...ALWAYS_GONE].sort())
    })
  },
  () => ({ ...defaultOptions(), sparse: true }),
)

/**
 * The same seed, requests and clock moves, each on a door of its own, opened fresh (a reset keeps
 * the clock going, so timestamps would differ): byte-identical answers in each mode, the same in
 * both doors but for the origin of media URLs, and the same task ids as with sparse answers off.
 */
describe('sparse answers are deterministic', () => {
  const run = async (
    open: (typeof DOORS)[number][1],
    options: { sparse?: boolean | 'random' | 'all' },
    headers: Record<string, string> = {},
  ) => {
    const door = checkResponses(await open({ ...defaultOptions(), ...options }))
    try {
      const { submissions, pending, done } = await tour(door, headers)
      return {
        text: JSON.stringify({ submissions, pending, done }).replaceAll(door.baseUrl, 'BASE'),
        ids: Object.values(submissions).map((s) => s.taskId),
      }
    } finally {
      await door.close()
    }
  }

  it.each(['random', 'all'] as const)(
    '%s: the same seed twice gives byte-identical answers, in each door and across them',
    async (sparse) => {
      const texts: string[] = []
      for (const [name, open] of DOORS) {
        const first = await run(open, { sparse })
        const second = await run(open, { sparse })
        expect(second.text, name).toBe(first.text)
        expect((await run(open, {})).ids, name).toEqual(first.ids)
        const asked = await run(open, {}, { prefer: `sparse=${sparse}` })
        expect(asked.text, name).toBe(first.text)
        texts.push(first.text)
      }
      expect(texts[1]).toBe(texts[0])
    },
    30_000,
  )
})

eachDoor('sparse answers: the Prefer header', (door) => {
  it('Prefer: sparse=all on every request gives what the server option does; without it, full answers', async () => {
    const sparse = await tour(door(), { prefer: 'sparse=all' })
    door().engine.reset(7)
    const full = await tour(door())
    expectAll(sparse, full)
    expect(keys(full.pending)).toEqual(
      expect.arrayContaining(['id', 'type', 'model', 'prompt', 'createdAt', 'updatedAt', 'creditsUsed']),
    )
  })

  it('goes with scenario=NAME in one Prefer header, in either order, and as a parameter', async () => {
    for (const value of [
      'scenario=upstream-failure, sparse=all',
      'sparse=all,scenario=upstream-failure',
      'scenario=upstream-failure; sparse=all',
      'Sparse = "ALL" , scenario="upstream-failure"',
    ]) {
      const submission = await ok(submitImage(door(), IMAGE, { prefer: value }))
      expect(keys(submission), value).toEqual(KEPT.submission)
      await advance(door(), 15)
      const failed = await read(door(), submission.taskId as string, { prefer: value })
      expect(keys(failed), value).toEqual(KEPT.failed)
    }
  })

  it('Prefer: sparse alone is random: kept fields stay, and the same seed leaves out the same fields', async () => {
    const once = async () => {
      door().engine.reset(7)
      const submission = await ok(submitImage(door(), RELAY, { ...relayKey(3), prefer: 'sparse' }))
      await advance(door(), 30)
      return { submission, snapshot: await read(door(), submission.taskId as string, { prefer: 'sparse' }) }
    }
    const a = await once()
    expect(a.submission).toMatchObject({ status: 0, creditsUsed: expect.any(Number), pollAfterSeconds: 5 })
    expect(a.snapshot).toMatchObject({ status: 1, pollAfterSeconds: 5, outputImageUrls: [expect.any(String)] })
    // A reset keeps the clock going: the times differ, the coins do not.
    const b = await once()
    expect([keys(b.submission), keys(b.snapshot)]).toEqual([keys(a.submission), keys(a.snapshot)])
  })

  // The Idempotency-Key replay is the original answer.
  it('Prefer: sparse=off gets full answers from a sparse scenario', async () => {
    await door().fetch(
      '/__mock/scenarios',
      json('POST', { name: 'bare', description: 'all sparse', sparse: 'all', rules: [] }),
    )
    const headers = { 'x-mock-scenario': 'bare', ...relayKey(4) }
    const thin = await ok(submitImage(door(), RELAY, headers))
    expect(keys(thin)).toEqual(KEPT.relaySubmission)
    const replay = await submitImage(door(), RELAY, { ...headers, prefer: 'sparse=off' })
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(await replay.text()).toBe(JSON.stringify(thin))
    expect(keys(await read(door(), thin.taskId as string))).toEqual(KEPT.relayPending)
    expect(keys(await read(door(), thin.taskId as string, { prefer: 'sparse=off' }))).toEqual(
      expect.arrayContaining(['id', 'createdAt', 'relayStatus', 'expiresAt']),
    )
  })

  // The same on submissions and on reads.
  it('any other sparse value is 400 Invalid request naming the Prefer header, and creates nothing', async () => {
    const bad = await submitImage(door(), IMAGE, { prefer: 'scenario=default, sparse=some' })
    expect(bad.status).toBe(400)
    const body = (await bad.json()) as {
      error: string
      details: { issues: { in: string; path: string; message: string }[] }
    }
    expect(body.error).toBe('Invalid request')
    expect(body.details.issues).toEqual([
      { in: 'header', path: 'Prefer', message: expect.stringContaining('sparse=all') },
    ])
    expect(((await (await door().fetch('/__mock/tasks')).json()) as { total: number }).total).toBe(0)
    const { taskId } = await ok(submitImage(door(), IMAGE))
    const res = await door().fetch(`/api/ai/tasks/${taskId as string}`, {
      headers: { authorization: 'Bearer sk_test_alice', prefer: 'sparse=' },
    })
    expect(res.status).toBe(400)
    // Unauthorized comes first, and a preference that only starts with "sparse" is not this one.
    expect(
      (await door().fetch(`/api/ai/tasks/${taskId as string}`, { headers: { prefer: 'sparse=some' } })).status,
    ).toBe(401)
    expect(keys(await read(door(), taskId as string, { prefer: 'sparseness=all, return=minimal' }))).toContain(
      'createdAt',
    )
  })
})

eachDoor("sparse answers: a scenario's sparse", (door) => {
  it('sparse: "all" on a scenario thins the answers of the tasks it plans, and only those', async () => {
    const load = await door().fetch(
      '/__mock/scenarios',
      json('POST', { name: 'bare-video', description: 'videos, all sparse', sparse: 'all', rules: [] }),
    )
    expect(load.status).toBeLessThan(300)
    const thin = await ok(submitVideo(door(), VIDEO_T2V, { 'x-mock-scenario': 'bare-video' }))
    const whole = await ok(submitVideo(door(), VIDEO_T2V))
    expect(keys(thin)).toEqual(KEPT.submission)
    expect(keys(whole)).toEqual(expect.arrayContaining(['providerTaskId', 'requestId', 'effectiveWatermark']))
    await advance(door(), 120)
    // The read needs no header: the task keeps its scenario.
    expect(keys(await read(door(), thin.taskId as string))).toEqual(KEPT.video)
    expect(keys(await read(door(), whole.taskId as string))).toContain('createdAt')
  })

  it('sparse: true is random, and a scenario that is the default applies to every request', async () => {
    await door().fetch(
      '/__mock/scenarios',
      json('POST', { name: 'coin', description: 'random sparse', sparse: true, rules: [] }),
    )
    expect((await door().fetch('/__mock/scenario', json('PUT', { name: 'coin' }))).status).toBe(200)
    const answers: Json[] = []
    for (let i = 0; i < 6; i++) answers.push(await ok(submitImage(door(), IMAGE)))
    for (const answer of answers)
      expect(answer).toMatchObject({ taskId: expect.any(String), status: 0, creditsUsed: 4 })
    expect(new Set(answers.map((a) => keys(a).join())).size).toBeGreaterThan(1)
  })

  it('a scenario with a bad sparse value is refused naming sparse', async () => {
    const res = await door().fetch(
      '/__mock/scenarios',
      json('POST', { name: 'bad', description: 'bad', sparse: 'some', rules: [] }),
    )
    expect(res.status).toBe(400)
    expect(JSON.stringify(await res.json())).toContain('sparse')
  })
})

eachDoor(
  'sparse answers: a server option of false, and a scenario of false',
  (door) => {
    it('sparse: false on a scenario gives full answers on a sparse server', async () => {
      await door().fetch(
        '/__mock/scenarios',
        json('POST', { name: 'full', description: 'never sparse', sparse: false, rules: [] }),
      )
      const full = await ok(submitImage(door(), IMAGE, { 'x-mock-scenario': 'full' }))
      expect(keys(full)).toEqual(expect.arrayContaining(['providerTaskId', 'requestId', 'httpRequestId', 'demo']))
      expect(keys(await ok(submitImage(door(), IMAGE)))).toEqual(KEPT.submission)
    })
  },
  () => ({ ...defaultOptions(), sparse: 'all' }),
)
