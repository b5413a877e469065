import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ID_STYLES, type IdStyle } from '../../src/contract/id-style.js'
import { advance, getTask, IMAGE, issuePaths, post, submitImage, submitVideo, VIDEO_T2V } from '../support/api.js'
import { defaultOptions, DOORS, eachDoor, type Door } from '../support/doors.js'
import { checkResponses } from '../support/openapi.js'

/**
 * --id-style (issue 14, point 4): task, provider task and request ids in four shapes, drawn from
 * the seed. Every route that takes an id works with each: the task read, both media paths (a
 * `long` id carries '.' and '~'), the control API's transition and the journal's taskId filter.
 * Every answer is also checked against the OpenAPI documents (eachDoor and checkResponses).
 */

const FORMAT: Record<IdStyle, RegExp> = {
  prefixed: /^(tsk|prv|req|http)_[0-9A-Za-z]{20}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  numeric: /^[1-9][0-9]{11,18}$/,
  long: /^[A-Za-z0-9._~-]{64}$/,
}

const SAMPLE = new Uint8Array(readFileSync(new URL('../../fixtures/sample.mp4', import.meta.url)))

interface Task {
  taskId: string
  status: number
  providerTaskId?: string
  requestId?: string
  httpRequestId?: string
  outputImageUrls?: string[]
  outputVideoUrl?: string
}

const pathOf = (door: Door, url: string) => {
  expect(url.startsWith(door.baseUrl)).toBe(true)
  return url.slice(door.baseUrl.length)
}

async function submitted(res: Promise<Response>): Promise<Task> {
  const answer = await res
  expect(answer.status).toBe(200)
  return (await answer.json()) as Task
}

async function read(door: Door, id: string): Promise<Task> {
  const res = await getTask(door, id)
  expect(res.status).toBe(200)
  return (await res.json()) as Task
}

function expectStyle(style: IdStyle, task: Task): void {
  for (const id of [task.taskId, task.providerTaskId, task.requestId, task.httpRequestId])
    expect(id).toMatch(FORMAT[style])
}

for (const style of ID_STYLES) {
  eachDoor(
    `--id-style ${style}`,
    (door) => {
      it('image and video submissions answer ids of the style; the task route reads them back', async () => {
        const image = await submitted(submitImage(door(), IMAGE))
        const video = await submitted(submitVideo(door(), VIDEO_T2V))
        for (const task of [image, video]) {
          expect(task.taskId).toMatch(FORMAT[style])
          const got = await read(door(), task.taskId)
          expect(got.taskId).toBe(task.taskId)
          expectStyle(style, got)
        }
        expect(image.taskId).not.toBe(video.taskId)
      })

      it("completed tasks' media are served at their paths: the PNG, and the MP4 whole and by Range", async () => {
        const image = await submitted(submitImage(door(), { ...IMAGE, numOutputs: 2 }))
        const video = await submitted(submitVideo(door(), VIDEO_T2V))
        await advance(door(), 120)
        const imageDone = await read(door(), image.taskId)
        const videoDone = await read(door(), video.taskId)
        expect(imageDone.status).toBe(1)
        expect(videoDone.status).toBe(1)
        expect(imageDone.outputImageUrls).toEqual(
          [0, 1].map((n) => `${door().baseUrl}/media/images/${image.taskId}/${n}.png`),
        )
        expect(videoDone.outputVideoUrl).toBe(`${door().baseUrl}/media/videos/${video.taskId}.mp4`)
        for (const url of imageDone.outputImageUrls!) {
          const png = await door().fetch(pathOf(door(), url))
          expect(png.status).toBe(200)
          expect(png.headers.get('content-type')).toBe('image/png')
          expect([...new Uint8Array(await png.arrayBuffer()).subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47])
        }
        const whole = await door().fetch(pathOf(door(), videoDone.outputVideoUrl!))
        expect(whole.status).toBe(200)
        expect(new Uint8Array(await whole.arrayBuffer())).toEqual(SAMPLE)
        const part = await door().fetch(pathOf(door(), videoDone.outputVideoUrl!), {
          headers: { range: 'bytes=10-19' },
        })
        expect(part.status).toBe(206)
        expect(part.headers.get('content-range')).toBe(`bytes 10-19/${SAMPLE.byteLength}`)
        expect(new Uint8Array(await part.arrayBuffer())).toEqual(SAMPLE.subarray(10, 20))
        // The image task's id is no video, nor the other way round.
        expect((await door().fetch(`/media/videos/${image.taskId}.mp4`)).status).toBe(404)
        expect((await door().fetch(`/media/images/${video.taskId}/0.png`)).status).toBe(404)
      })

      it('the control API transitions a task by its id, and the journal files requests under it', async () => {
        const task = await submitted(submitImage(door(), IMAGE))
        const res = await post(door(), `/__mock/tasks/${encodeURIComponent(task.taskId)}/transition`, {
          status: 2,
          errorCode: 'FORCED',
          refund: true,
        })
        expect(res.status).toBe(200)
        expect(((await res.json()) as Task).taskId).toBe(task.taskId)
        expect((await read(door(), task.taskId)).status).toBe(2)
        const listed = (await (await door().fetch('/__mock/tasks')).json()) as { tasks: Task[] }
        expect(listed.tasks.map((t) => t.taskId)).toEqual([task.taskId])
        const journal = await door().fetch(`/__mock/requests?taskId=${encodeURIComponent(task.taskId)}`)
        expect(journal.status).toBe(200)
        const { requests } = (await journal.json()) as { requests: { method: string; path: string; taskId?: string }[] }
        expect(requests.map((e) => [e.method, e.path, e.taskId])).toEqual([
          ['GET', `/api/ai/tasks/${task.taskId}`, task.taskId],
          ['POST', '/api/ai/image/generate', task.taskId],
        ])
      })
    },
    () => ({ ...defaultOptions(), idStyle: style }),
  )
}

eachDoor(
  "a scenario's idStyle",
  (door) => {
    it('gives the tasks it plans its style, over the server option; other tasks keep the server style', async () => {
      const created = await post(door(), '/__mock/scenarios', {
        name: 'long-ids',
        description: 'ids of 64 URL-safe characters',
        idStyle: 'long',
        rules: [{ use: 'default' }],
      })
      expect(created.status).toBe(201)
      const scenario = (await (await door().fetch('/__mock/scenarios/long-ids')).json()) as { idStyle?: string }
      expect(scenario.idStyle).toBe('long')
      const long = await submitted(submitVideo(door(), VIDEO_T2V, { 'x-mock-scenario': 'long-ids' }))
      const directive = await submitted(submitImage(door(), { ...IMAGE, prompt: 'a fox [mock:long-ids]' }))
      const plain = await submitted(submitImage(door(), IMAGE))
      expectStyle('long', await read(door(), long.taskId))
      expectStyle('long', await read(door(), directive.taskId))
      expectStyle('uuid', await read(door(), plain.taskId))
      await advance(door(), 120)
      const done = await read(door(), long.taskId)
      expect(
        (await door().fetch(pathOf(door(), done.outputVideoUrl!), { headers: { range: 'bytes=0-0' } })).status,
      ).toBe(206)
    })

    it('an unknown idStyle is a 400 naming the field', async () => {
      const res = await post(door(), '/__mock/scenarios', {
        name: 'bad-ids',
        description: 'd',
        idStyle: 'snowflake',
        rules: [],
      })
      expect(res.status).toBe(400)
      expect(await issuePaths(res)).toEqual(['idStyle'])
    })
  },
  () => ({ ...defaultOptions(), idStyle: 'uuid' }),
)

/** A session recorded as status, a few headers and the body (a hash for media), the origin blanked out. */
async function session(door: Door): Promise<string[]> {
  const log: string[] = []
  const record = async (label: string, res: Response): Promise<Task> => {
    const type = res.headers.get('content-type') ?? ''
    const bytes = new Uint8Array(await res.arrayBuffer())
    const body = type.includes('json')
      ? new TextDecoder().decode(bytes).replaceAll(door.baseUrl, 'ORIGIN')
      : createHash('sha256').update(bytes).digest('hex')
    log.push(`${label} ${res.status} ${res.headers.get('date')} ${res.headers.get('content-range')} ${body}`)
    return type.includes('json') ? (JSON.parse(body.replaceAll('ORIGIN', door.baseUrl)) as Task) : ({} as Task)
  }
  const image = await record('image', await submitImage(door, { ...IMAGE, numOutputs: 2 }))
  const video = await record('video', await submitVideo(door, VIDEO_T2V))
  const forced = await record('forced', await submitImage(door, IMAGE))
  await record(
    'transition',
    await post(door, `/__mock/tasks/${encodeURIComponent(forced.taskId)}/transition`, {
      status: 2,
      errorCode: 'FORCED',
      refund: true,
    }),
  )
  await record('pending', await getTask(door, image.taskId))
  await advance(door, 120)
  const imageDone = await record('image done', await getTask(door, image.taskId))
  const videoDone = await record('video done', await getTask(door, video.taskId))
  await record('png', await door.fetch(pathOf(door, imageDone.outputImageUrls![1]!)))
  await record(
    'mp4 range',
    await door.fetch(pathOf(door, videoDone.outputVideoUrl!), { headers: { range: 'bytes=100-199' } }),
  )
  await record('tasks', await door.fetch('/__mock/tasks'))
  const journal = (await (await door.fetch('/__mock/requests?limit=1000')).json()) as {
    requests: Record<string, unknown>[]
  }
  log.push(JSON.stringify(journal.requests.map((e) => [e.method, e.path, e.status, e.taskId])))
  return log
}

describe('id styles are deterministic: the same seed and requests give byte-identical answers', () => {
  for (const style of ID_STYLES) {
    it(`${style}: twice through each door, and the same through both`, async () => {
      const runs: string[][] = []
      for (const [, open] of DOORS) {
        for (let i = 0; i < 2; i++) {
          // A fresh door each time (msw/node patches the global fetch: one door open at once).
          const door = checkResponses(await open({ ...defaultOptions(), idStyle: style }))
          try {
            runs.push(await session(door))
          } finally {
            await door.close()
          }
        }
      }
      expect(runs[0]!.join('\n')).toMatch(new RegExp(`"taskId":"${FORMAT[style].source.slice(1, -1)}"`))
      for (const run of runs.slice(1)) expect(run).toEqual(runs[0])
    })
  }

  it('the styles draw different ids from the same seed', async () => {
    const ids = new Set<string>()
    for (const style of ID_STYLES) {
      const door = checkResponses(await DOORS[1][1]({ ...defaultOptions(), idStyle: style }))
      try {
        ids.add((await submitted(submitImage(door, IMAGE))).taskId)
      } finally {
        await door.close()
      }
    }
    expect(ids.size).toBe(ID_STYLES.length)
  })
})
