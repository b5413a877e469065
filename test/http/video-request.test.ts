import { expect, it } from 'vitest'
import {
  INPUT_MODES,
  VIDEO_MODEL_IDS,
  VIDEO_MODELS,
  type InputMode,
  type VideoModelId,
} from '../../src/contract/models.js'
import { REF, submitVideo, VIDEO_T2V } from '../support/api.js'
import { eachDoor } from '../support/doors.js'

/**
 * POST /api/ai/video/generate: required fields, the input mode rules, durations and aspect ratios
 * (service interface: "Video generation request body", "Video models", "Input mode rules";
 * README, Where the interface is silent).
 */

interface Issue {
  in: 'body' | 'header' | 'path'
  path: string
  message: string
}
type Body = Record<string, unknown>

async function expectRefused(res: Response, ...paths: string[]): Promise<Issue[]> {
  const answer = (await res.json()) as { error: string; details: { issues: Issue[] } }
  expect(res.status, JSON.stringify(answer)).toBe(400)
  expect(answer.error).toBe('Invalid request')
  expect(new Set(answer.details.issues.map((issue) => issue.path))).toEqual(new Set(paths))
  return answer.details.issues
}

async function expectAccepted(res: Response): Promise<{ taskId: string; status: number }> {
  const answer = (await res.json()) as { taskId: string; status: number }
  expect(res.status, JSON.stringify(answer)).toBe(200)
  expect(typeof answer.taskId).toBe('string')
  expect(answer.status).toBe(0)
  return answer
}

/**
 * The modes the interface gives each model: "-text-to-video" / "-image-to-video" in the identifier
 * (rules 1 and 2; video-c carries it before its tier suffix), family video-d both (rule 3),
 * video-a/v2-1-standard and -pro image-to-video only, video-f/1.5-pro both modes.
 */
function interfaceModes(id: VideoModelId): InputMode[] {
  if (id.endsWith('-text-to-video') || id.includes('-text-to-video-')) return ['text_to_video']
  if (id.endsWith('-image-to-video') || id.includes('-image-to-video-')) return ['image_to_video']
  if (VIDEO_MODELS[id].family === 'video-d') return ['text_to_video', 'image_to_video']
  if (id === 'video-a/v2-1-standard' || id === 'video-a/v2-1-pro') return ['image_to_video']
  if (id === 'video-f/1.5-pro') return ['text_to_video', 'image_to_video']
  throw new Error(`the interface does not say which modes ${id} supports`)
}

/** A valid body for this model and mode, at the model's first duration. */
function valid(model: VideoModelId, inputMode: InputMode, extra: Body = {}): Body {
  return inputMode === 'text_to_video'
    ? { model, inputMode, prompt: 'waves at dusk', ...extra }
    : { model, inputMode, prompt: 'the waves move', inputImageUrls: [REF], ...extra }
}

const MODE_CASES = VIDEO_MODEL_IDS.flatMap((model) =>
  INPUT_MODES.map((inputMode) => ({ model, inputMode, supported: interfaceModes(model).includes(inputMode) })),
)

eachDoor('video request', (door) => {
  it.each(MODE_CASES)('$model with $inputMode: supported $supported', async ({ model, inputMode, supported }) => {
    const res = await submitVideo(door(), valid(model, inputMode))
    if (supported) await expectAccepted(res)
    else await expectRefused(res, 'inputMode')
  })

  const imageModes = MODE_CASES.filter((c) => c.supported && c.inputMode === 'image_to_video')
  const textModes = MODE_CASES.filter((c) => c.supported && c.inputMode === 'text_to_video')

  it.each(imageModes)('$model image_to_video without inputImageUrls is refused', async ({ model }) => {
    await expectRefused(
      await submitVideo(door(), { model, inputMode: 'image_to_video', prompt: 'x' }),
      'inputImageUrls',
    )
  })

  it.each(imageModes)('$model image_to_video with an empty inputImageUrls is refused', async ({ model }) => {
    await expectRefused(
      await submitVideo(door(), valid(model, 'image_to_video', { inputImageUrls: [] })),
      'inputImageUrls',
    )
  })

  it.each(imageModes)(
    '$model image_to_video without a prompt is accepted (prompt is required for text_to_video only)',
    async ({ model }) => {
      await expectAccepted(await submitVideo(door(), { model, inputMode: 'image_to_video', inputImageUrls: [REF] }))
    },
  )

  it.each(textModes)('$model text_to_video without a prompt is refused as required', async ({ model }) => {
    const issues = await expectRefused(await submitVideo(door(), { model, inputMode: 'text_to_video' }), 'prompt')
    expect(issues[0]).toEqual({ in: 'body', path: 'prompt', message: 'is required' })
  })

  it.each(textModes)('$model text_to_video with an empty prompt is refused', async ({ model }) => {
    await expectRefused(await submitVideo(door(), valid(model, 'text_to_video', { prompt: '' })), 'prompt')
  })

  it.each(textModes)('$model text_to_video refuses inputImageUrls', async ({ model }) => {
    await expectRefused(
      await submitVideo(door(), valid(model, 'text_to_video', { inputImageUrls: [REF] })),
      'inputImageUrls',
    )
  })

  it('image_to_video accepts several reference images (only the first is used)', async () => {
    await expectAccepted(
      await submitVideo(
        door(),
        valid('video-d', 'image_to_video', { inputImageUrls: [REF, 'https://example.com/2.png'] }),
      ),
    )
  })

  it('a reference that is not a URL is refused at its index', async () => {
    await expectRefused(
      await submitVideo(door(), valid('video-d', 'image_to_video', { inputImageUrls: [REF, 'not a url'] })),
      'inputImageUrls.1',
    )
  })

  it.each([
    { name: 'an empty body', body: {}, refused: ['model', 'inputMode'] },
    { name: 'no model', body: { inputMode: 'text_to_video', prompt: 'x' }, refused: ['model'] },
    { name: 'no inputMode', body: { model: 'video-d', prompt: 'x' }, refused: ['inputMode'] },
    { name: 'an unknown model', body: { ...VIDEO_T2V, model: 'video-z' }, refused: ['model'] },
    { name: 'an image model', body: { ...VIDEO_T2V, model: 'base-image-2' }, refused: ['model'] },
    { name: 'an unknown inputMode', body: { ...VIDEO_T2V, inputMode: 'text-to-video' }, refused: ['inputMode'] },
    { name: 'an unknown field', body: { ...VIDEO_T2V, fps: 24 }, refused: ['fps'] },
    { name: 'an image-only field', body: { ...VIDEO_T2V, numOutputs: 2 }, refused: ['numOutputs'] },
    { name: 'a JSON array', body: [VIDEO_T2V], refused: [''] },
    { name: 'JSON null', body: 'null', refused: [''] },
    {
      name: 'several failures together',
      body: {
        model: 'video-d',
        inputMode: 'text_to_video',
        duration: 5,
        aspectRatio: '1:1',
        inputImageUrls: [REF],
        colour: 'red',
      },
      refused: ['prompt', 'duration', 'aspectRatio', 'inputImageUrls', 'colour'],
    },
  ])('refuses $name', async ({ body, refused }) => {
    await expectRefused(await submitVideo(door(), body), ...refused)
  })

  it('missing model and inputMode are reported as required', async () => {
    const issues = await expectRefused(await submitVideo(door(), { prompt: 'x' }), 'model', 'inputMode')
    for (const issue of issues) expect(issue).toMatchObject({ in: 'body', message: 'is required' })
  })

  it.each([
    { duration: 8, ok: true },
    { duration: 5, ok: false },
    { duration: 10, ok: false },
    { duration: 8.5, ok: false },
    { duration: '8', ok: false },
  ])('video-d with duration $duration: accepted $ok', async ({ duration, ok }) => {
    const res = await submitVideo(door(), { ...VIDEO_T2V, duration })
    if (ok) await expectAccepted(res)
    else await expectRefused(res, 'duration')
  })

  const DURATION_CASES = VIDEO_MODEL_IDS.flatMap((model) => {
    const inputMode = VIDEO_MODELS[model].modes[0]!
    const allowed = VIDEO_MODELS[model].durations
    const refused = [3, 7, 8, 12, 30].filter((d) => !allowed.includes(d)).slice(0, 2)
    return [
      ...allowed.map((duration) => ({ model, inputMode, duration, ok: true })),
      ...refused.map((duration) => ({ model, inputMode, duration, ok: false })),
    ]
  })

  it.each(DURATION_CASES)(
    '$model with duration $duration: accepted $ok',
    async ({ model, inputMode, duration, ok }) => {
      const res = await submitVideo(door(), valid(model, inputMode, { duration }))
      if (ok) await expectAccepted(res)
      else await expectRefused(res, 'duration')
    },
  )

  const RATIO_CASES = VIDEO_MODEL_IDS.flatMap((model) => {
    const inputMode = VIDEO_MODELS[model].modes[0]!
    const allowed = VIDEO_MODELS[model].aspectRatios
    const other = ['1:1', '4:3', '21:9'].find((ratio) => !allowed.includes(ratio))!
    return [
      ...allowed.map((aspectRatio) => ({ model, inputMode, aspectRatio, ok: true })),
      { model, inputMode, aspectRatio: other, ok: false },
      { model, inputMode, aspectRatio: 'auto-ish', ok: false },
    ]
  })

  it.each(RATIO_CASES)(
    '$model with aspectRatio $aspectRatio: accepted $ok',
    async ({ model, inputMode, aspectRatio, ok }) => {
      const res = await submitVideo(door(), valid(model, inputMode, { aspectRatio }))
      if (ok) await expectAccepted(res)
      else await expectRefused(res, 'aspectRatio')
    },
  )

  it('video-d family refuses 1:1 (16:9 and 9:16 only)', async () => {
    await expectRefused(await submitVideo(door(), { ...VIDEO_T2V, aspectRatio: '1:1' }), 'aspectRatio')
    await expectAccepted(await submitVideo(door(), { ...VIDEO_T2V, aspectRatio: '9:16' }))
  })

  it('a refused video body creates no task and debits nothing', async () => {
    await expectRefused(await submitVideo(door(), { ...VIDEO_T2V, duration: 5 }), 'duration')
    const tasks = (await (await door().fetch('/__mock/tasks?account=acct_alice')).json()) as { total: number }
    expect(tasks.total).toBe(0)
    const account = (await (await door().fetch('/__mock/accounts/acct_alice')).json()) as { credits: number }
    expect(account.credits).toBe(1000)
  })
})
