import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import {
  advance,
  auth,
  getTask,
  IMAGE,
  KEYS,
  post,
  RELAY,
  submitImage,
  submitVideo,
  VIDEO_T2V,
} from '../support/api.js'
import { eachDoor, type Door } from '../support/doors.js'

/**
 * Output media (docs/control-api.md): outputImageUrls serve a PNG of the requested aspect ratio, deterministic
 * from the seed; outputVideoUrl serves the fixture MP4 with Range support; media of relay tasks need
 * the owner's bearer token (interface: "relay media requires application authentication").
 */

const SAMPLE = new Uint8Array(readFileSync(new URL('../../fixtures/sample.mp4', import.meta.url)))
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** Width and height from the IHDR chunk, which a valid PNG has first. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toStrictEqual(PNG_SIGNATURE)
  expect(new TextDecoder().decode(bytes.subarray(12, 16))).toBe('IHDR')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return { width: view.getUint32(16), height: view.getUint32(20) }
}

/** The path part of an absolute media URL the door handed out. */
function pathOf(door: Door, url: string): string {
  expect(url.startsWith(door.baseUrl)).toBe(true)
  return url.slice(door.baseUrl.length)
}

async function completed(
  door: Door,
  res: Promise<Response>,
  key: string = KEYS.alice,
): Promise<{ taskId: string; outputImageUrls?: string[]; outputVideoUrl?: string }> {
  const submitted = await res
  expect(submitted.status).toBe(200)
  const { taskId } = (await submitted.json()) as { taskId: string }
  await advance(door, 120)
  const task = (await (await getTask(door, taskId, key)).json()) as {
    taskId: string
    status: number
    outputImageUrls?: string[]
    outputVideoUrl?: string
  }
  expect(task.status).toBe(1)
  return task
}

async function bytesOf(res: Response): Promise<Uint8Array> {
  return new Uint8Array(await res.arrayBuffer())
}

async function fetchPng(door: Door, url: string, headers: Record<string, string> = {}): Promise<Uint8Array> {
  const res = await door.fetch(pathOf(door, url), { headers })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('image/png')
  return bytesOf(res)
}

async function expectJson404(res: Response): Promise<void> {
  expect(res.status).toBe(404)
  expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  const body = (await res.json()) as { error: unknown }
  expect(typeof body.error).toBe('string')
  expect((body.error as string).length).toBeGreaterThan(0)
}

eachDoor('output media', (door) => {
  const ratios: [string, Record<string, unknown>, (s: { width: number; height: number }) => void][] = [
    [
      '16:9 is wider than tall, at 16:9',
      { aspectRatio: '16:9' },
      ({ width, height }) => {
        expect(width).toBeGreaterThan(height)
        expect(width / height).toBeCloseTo(16 / 9, 1)
      },
    ],
    [
      '9:16 is taller than wide, at 9:16',
      { aspectRatio: '9:16' },
      ({ width, height }) => {
        expect(height).toBeGreaterThan(width)
        expect(width / height).toBeCloseTo(9 / 16, 1)
      },
    ],
    ['1:1 is square', { aspectRatio: '1:1' }, ({ width, height }) => expect(width).toBe(height)],
    ['4:3 is at 4:3', { aspectRatio: '4:3' }, ({ width, height }) => expect(width / height).toBeCloseTo(4 / 3, 1)],
    [
      'width 1024 × height 512 is at 2:1',
      { width: 1024, height: 512 },
      ({ width, height }) => expect(width / height).toBeCloseTo(2, 1),
    ],
    [
      'width 600 × height 1800 is at 1:3',
      { width: 600, height: 1800 },
      ({ width, height }) => expect(width / height).toBeCloseTo(1 / 3, 1),
    ],
  ]
  for (const [name, layout, check] of ratios) {
    it(`the PNG of ${name}`, async () => {
      const task = await completed(door(), submitImage(door(), { ...IMAGE, ...layout }))
      const size = pngSize(await fetchPng(door(), task.outputImageUrls![0]!))
      expect(size.width).toBeGreaterThan(0)
      expect(size.height).toBeGreaterThan(0)
      check(size)
    })
  }

  it('every output of a task is a PNG of the same size, and the outputs differ', async () => {
    const task = await completed(door(), submitImage(door(), { ...IMAGE, numOutputs: 3, aspectRatio: '16:9' }))
    const images = await Promise.all(task.outputImageUrls!.map((url) => fetchPng(door(), url)))
    const sizes = images.map(pngSize)
    expect(sizes[1]).toStrictEqual(sizes[0])
    expect(sizes[2]).toStrictEqual(sizes[0])
    expect(Buffer.from(images[0]!).equals(Buffer.from(images[1]!))).toBe(false)
    expect(Buffer.from(images[1]!).equals(Buffer.from(images[2]!))).toBe(false)
    expect(Buffer.from(images[0]!).equals(Buffer.from(images[2]!))).toBe(false)
  })

  it('the bytes are the same for the same seed and request across a reset, and the same on every fetch', async () => {
    const body = { ...IMAGE, numOutputs: 2, aspectRatio: '9:16' }
    const first = await completed(door(), submitImage(door(), body))
    const before = await Promise.all(first.outputImageUrls!.map((url) => fetchPng(door(), url)))
    expect(Buffer.from(await fetchPng(door(), first.outputImageUrls![0]!)).equals(Buffer.from(before[0]!))).toBe(true)

    const reset = await post(door(), '/__mock/reset', { seed: 7 })
    expect(reset.status).toBe(200)
    const second = await completed(door(), submitImage(door(), body))
    expect(second.taskId).toBe(first.taskId)
    const after = await Promise.all(second.outputImageUrls!.map((url) => fetchPng(door(), url)))
    for (let i = 0; i < before.length; i++)
      expect(Buffer.from(after[i]!).equals(Buffer.from(before[i]!)), `output ${i}`).toBe(true)
  })

  it('a different seed gives different images', async () => {
    const a = await completed(door(), submitImage(door(), IMAGE))
    const bytesA = await fetchPng(door(), a.outputImageUrls![0]!)
    await post(door(), '/__mock/reset', { seed: 8 })
    const b = await completed(door(), submitImage(door(), IMAGE))
    const bytesB = await fetchPng(door(), b.outputImageUrls![0]!)
    expect(Buffer.from(bytesA).equals(Buffer.from(bytesB))).toBe(false)
  })

  it('the video URL serves video/mp4 equal to fixtures/sample.mp4', async () => {
    const task = await completed(door(), submitVideo(door(), VIDEO_T2V))
    const res = await door().fetch(pathOf(door(), task.outputVideoUrl!))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('video/mp4')
    expect(res.headers.get('accept-ranges')).toBe('bytes')
    expect(Buffer.from(await bytesOf(res)).equals(Buffer.from(SAMPLE))).toBe(true)
  })

  it('Range: bytes=0-99 is 206 with Content-Range and exactly those 100 bytes', async () => {
    const task = await completed(door(), submitVideo(door(), VIDEO_T2V))
    const res = await door().fetch(pathOf(door(), task.outputVideoUrl!), { headers: { range: 'bytes=0-99' } })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-type')).toBe('video/mp4')
    expect(res.headers.get('content-range')).toBe(`bytes 0-99/${SAMPLE.byteLength}`)
    const bytes = await bytesOf(res)
    expect(bytes.byteLength).toBe(100)
    expect(Buffer.from(bytes).equals(Buffer.from(SAMPLE.subarray(0, 100)))).toBe(true)
  })

  it('a middle range and an open-ended range are served exactly', async () => {
    const task = await completed(door(), submitVideo(door(), VIDEO_T2V))
    const path = pathOf(door(), task.outputVideoUrl!)
    const middle = await door().fetch(path, { headers: { range: 'bytes=1000-1999' } })
    expect(middle.status).toBe(206)
    expect(middle.headers.get('content-range')).toBe(`bytes 1000-1999/${SAMPLE.byteLength}`)
    expect(Buffer.from(await bytesOf(middle)).equals(Buffer.from(SAMPLE.subarray(1000, 2000)))).toBe(true)
    const start = SAMPLE.byteLength - 10
    const open = await door().fetch(path, { headers: { range: `bytes=${start}-` } })
    expect(open.status).toBe(206)
    expect(open.headers.get('content-range')).toBe(`bytes ${start}-${SAMPLE.byteLength - 1}/${SAMPLE.byteLength}`)
    expect(Buffer.from(await bytesOf(open)).equals(Buffer.from(SAMPLE.subarray(start)))).toBe(true)
  })

  it('a suffix range serves the last bytes', async () => {
    const task = await completed(door(), submitVideo(door(), VIDEO_T2V))
    const res = await door().fetch(pathOf(door(), task.outputVideoUrl!), { headers: { range: 'bytes=-500' } })
    expect(res.status).toBe(206)
    const size = SAMPLE.byteLength
    expect(res.headers.get('content-range')).toBe(`bytes ${size - 500}-${size - 1}/${size}`)
    const bytes = await bytesOf(res)
    expect(bytes.byteLength).toBe(500)
    expect(Buffer.from(bytes).equals(Buffer.from(SAMPLE.subarray(size - 500)))).toBe(true)
  })

  it('an unsatisfiable range is 416 with Content-Range bytes */size', async () => {
    const task = await completed(door(), submitVideo(door(), VIDEO_T2V))
    for (const range of [
      `bytes=${SAMPLE.byteLength}-`,
      `bytes=${SAMPLE.byteLength + 100}-${SAMPLE.byteLength + 200}`,
    ]) {
      const res = await door().fetch(pathOf(door(), task.outputVideoUrl!), { headers: { range } })
      expect(res.status, range).toBe(416)
      expect(res.headers.get('content-range')).toBe(`bytes */${SAMPLE.byteLength}`)
    }
  })

  it('media of a pending task are 404 JSON, then served once it completes', async () => {
    const image = (await (await submitImage(door(), IMAGE)).json()) as { taskId: string }
    const video = (await (await submitVideo(door(), VIDEO_T2V)).json()) as { taskId: string }
    await expectJson404(await door().fetch(`/media/images/${image.taskId}/0.png`))
    await expectJson404(await door().fetch(`/media/videos/${video.taskId}.mp4`))
    await advance(door(), 120)
    const task = (await (await getTask(door(), image.taskId)).json()) as { outputImageUrls: string[] }
    expect(pathOf(door(), task.outputImageUrls[0]!)).toBe(`/media/images/${image.taskId}/0.png`)
    expect((await door().fetch(`/media/images/${image.taskId}/0.png`)).status).toBe(200)
    expect((await door().fetch(`/media/videos/${video.taskId}.mp4`)).status).toBe(200)
  })

  it('media of an unknown task are 404 JSON', async () => {
    await expectJson404(await door().fetch('/media/images/tsk_AAAAAAAAAAAAAAAAAAAA/0.png'))
    await expectJson404(await door().fetch('/media/videos/tsk_AAAAAAAAAAAAAAAAAAAA.mp4'))
  })

  it('an index at or beyond numOutputs, or not an index, is 404 JSON', async () => {
    const task = await completed(door(), submitImage(door(), { ...IMAGE, numOutputs: 2 }))
    const base = `/media/images/${task.taskId}`
    expect((await door().fetch(`${base}/1.png`)).status).toBe(200)
    for (const file of ['2.png', '10.png', '999.png', '-1.png', 'x.png', '0.jpg', '0']) {
      await expectJson404(await door().fetch(`${base}/${file}`))
    }
  })

  it('an image task has no video and a video task no images', async () => {
    const image = await completed(door(), submitImage(door(), IMAGE))
    const video = await completed(door(), submitVideo(door(), VIDEO_T2V))
    await expectJson404(await door().fetch(`/media/videos/${image.taskId}.mp4`))
    await expectJson404(await door().fetch(`/media/images/${video.taskId}/0.png`))
  })

  it("relay media need the owner's bearer token: none or Bob's is 401, Alice's is 200", async () => {
    const task = await completed(door(), submitImage(door(), RELAY, { 'idempotency-key': 'media-relay-00001' }))
    const path = pathOf(door(), task.outputImageUrls![0]!)
    const none = await door().fetch(path)
    expect(none.status).toBe(401)
    expect(await none.json()).toStrictEqual({ error: 'Unauthorized' })
    const bobs = await door().fetch(path, { headers: auth(KEYS.bob) })
    expect(bobs.status).toBe(401)
    expect(await bobs.json()).toStrictEqual({ error: 'Unauthorized' })
    for (const key of [KEYS.revoked, KEYS.expired, KEYS.iplocked, 'sk_test_nobody']) {
      expect((await door().fetch(path, { headers: auth(key) })).status, key).toBe(401)
    }
    const alices = await door().fetch(path, { headers: auth(KEYS.alice) })
    expect(alices.status).toBe(200)
    expect(alices.headers.get('content-type')).toBe('image/png')
    pngSize(await bytesOf(alices))
  })

  it('non-relay media need no token', async () => {
    const image = await completed(door(), submitImage(door(), IMAGE))
    const video = await completed(door(), submitVideo(door(), VIDEO_T2V))
    const upstream = await completed(door(), submitImage(door(), { ...IMAGE, provider: 'upstream-a' }))
    expect((await door().fetch(pathOf(door(), image.outputImageUrls![0]!))).status).toBe(200)
    expect((await door().fetch(pathOf(door(), video.outputVideoUrl!))).status).toBe(200)
    expect((await door().fetch(pathOf(door(), upstream.outputImageUrls![0]!))).status).toBe(200)
  })
})
