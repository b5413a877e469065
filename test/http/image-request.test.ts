import { expect, it } from 'vitest'
import { IMAGE_MODEL_IDS, IMAGE_MODELS, type ImageModelId } from '../../src/contract/models.js'
import { advance, auth, getTask, IMAGE, REF, RELAY, submitImage } from '../support/api.js'
import { eachDoor } from '../support/doors.js'

/**
 * POST /api/ai/image/generate: what the body may and may not hold, in the standard shape and the
 * relay shape (service interface: "Image generation request body", Limits; README, Where the interface is silent).
 */

interface Issue {
  in: 'body' | 'header' | 'path'
  path: string
  message: string
}
type Body = Record<string, unknown>

const chars = (n: number) => 'x'.repeat(n)
const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://example.com/ref-${i}.png`)
const body = (model: ImageModelId, extra: Body = {}): Body => ({ model, prompt: 'a red fox in the snow', ...extra })

/** 400 Invalid request whose issues name exactly these fields (and no other). */
async function expectRefused(res: Response, ...paths: string[]): Promise<Issue[]> {
  const answer = (await res.json()) as { error: string; details: { issues: Issue[] } }
  expect(res.status, JSON.stringify(answer)).toBe(400)
  expect(answer.error).toBe('Invalid request')
  const issues = answer.details.issues
  expect(new Set(issues.map((issue) => issue.path))).toEqual(new Set(paths))
  for (const issue of issues) expect(issue.message.length).toBeGreaterThan(0)
  return issues
}

/** 200 and a pending task. */
async function expectAccepted(
  res: Response,
): Promise<{ taskId: string; creditsUsed: number; effectiveWatermark?: boolean }> {
  const answer = (await res.json()) as {
    taskId: string
    status: number
    creditsUsed: number
    effectiveWatermark?: boolean
  }
  expect(res.status, JSON.stringify(answer)).toBe(200)
  expect(typeof answer.taskId).toBe('string')
  expect(answer.status).toBe(0)
  return answer
}

type Case = { name: string; body: unknown; refused?: string[] }

const PROMPT_CAPS: Record<ImageModelId, number> = {
  'vendor-a/base-image': 5000,
  'base-image-pro': 10000,
  'base-image-2': 20000,
  'general-image-2': 20000,
}
const REFERENCE_CAPS: Record<ImageModelId, number> = {
  'vendor-a/base-image': 10,
  'base-image-2': 14,
  'base-image-pro': 8,
  'general-image-2': 4,
}
const NEGATIVE_PROMPT: Record<ImageModelId, boolean> = {
  'vendor-a/base-image': IMAGE_MODELS['vendor-a/base-image'].negativePrompt,
  'base-image-2': IMAGE_MODELS['base-image-2'].negativePrompt,
  'base-image-pro': IMAGE_MODELS['base-image-pro'].negativePrompt,
  'general-image-2': IMAGE_MODELS['general-image-2'].negativePrompt,
}

const STANDARD_CASES: Case[] = [
  // prompt: 1..20000, then each model's own cap.
  { name: 'prompt of 1 character', body: body('base-image-2', { prompt: 'x' }) },
  { name: 'empty prompt', body: body('base-image-2', { prompt: '' }), refused: ['prompt'] },
  { name: 'no prompt', body: { model: 'base-image-2' }, refused: ['prompt'] },
  { name: 'prompt that is not a string', body: body('base-image-2', { prompt: 42 }), refused: ['prompt'] },
  ...IMAGE_MODEL_IDS.flatMap((model): Case[] => [
    {
      name: `${model}: prompt at its cap ${PROMPT_CAPS[model]}`,
      body: body(model, { prompt: chars(PROMPT_CAPS[model]) }),
    },
    {
      name: `${model}: prompt one over its cap`,
      body: body(model, { prompt: chars(PROMPT_CAPS[model] + 1) }),
      refused: ['prompt'],
    },
  ]),
  // model
  { name: 'no model', body: { prompt: 'a fox' }, refused: ['model'] },
  { name: 'unknown model', body: body('base-image-3' as ImageModelId), refused: ['model'] },
  { name: 'a video model', body: body('video-d' as ImageModelId), refused: ['model'] },
  // negativePrompt: at most 2000, and only on models that support it.
  ...IMAGE_MODEL_IDS.flatMap((model): Case[] =>
    NEGATIVE_PROMPT[model]
      ? [
          { name: `${model}: negativePrompt of 2000`, body: body(model, { negativePrompt: chars(2000) }) },
          {
            name: `${model}: negativePrompt of 2001`,
            body: body(model, { negativePrompt: chars(2001) }),
            refused: ['negativePrompt'],
          },
        ]
      : [
          {
            name: `${model}: any negativePrompt (unsupported)`,
            body: body(model, { negativePrompt: 'blurry' }),
            refused: ['negativePrompt'],
          },
        ],
  ),
  // width, height: integers 64..4096.
  ...(['width', 'height'] as const).flatMap((field): Case[] => [
    { name: `${field} 63`, body: body('base-image-2', { [field]: 63 }), refused: [field] },
    { name: `${field} 64`, body: body('base-image-2', { [field]: 64 }) },
    { name: `${field} 4096`, body: body('base-image-2', { [field]: 4096 }) },
    { name: `${field} 4097`, body: body('base-image-2', { [field]: 4097 }), refused: [field] },
    { name: `${field} 512.5 (not an integer)`, body: body('base-image-2', { [field]: 512.5 }), refused: [field] },
    { name: `${field} "512" (a string)`, body: body('base-image-2', { [field]: '512' }), refused: [field] },
  ]),
  // numOutputs: integer 1..10.
  { name: 'numOutputs 0', body: body('base-image-2', { numOutputs: 0 }), refused: ['numOutputs'] },
  { name: 'numOutputs 1', body: body('base-image-2', { numOutputs: 1 }) },
  { name: 'numOutputs 10', body: body('base-image-2', { numOutputs: 10 }) },
  { name: 'numOutputs 11', body: body('base-image-2', { numOutputs: 11 }), refused: ['numOutputs'] },
  { name: 'numOutputs 1.5', body: body('base-image-2', { numOutputs: 1.5 }), refused: ['numOutputs'] },
  // guidanceScale: a number 0..100.
  { name: 'guidanceScale -0.1', body: body('base-image-2', { guidanceScale: -0.1 }), refused: ['guidanceScale'] },
  { name: 'guidanceScale 0', body: body('base-image-2', { guidanceScale: 0 }) },
  { name: 'guidanceScale 7.5', body: body('base-image-2', { guidanceScale: 7.5 }) },
  { name: 'guidanceScale 100', body: body('base-image-2', { guidanceScale: 100 }) },
  { name: 'guidanceScale 100.1', body: body('base-image-2', { guidanceScale: 100.1 }), refused: ['guidanceScale'] },
  { name: 'guidanceScale "7"', body: body('base-image-2', { guidanceScale: '7' }), refused: ['guidanceScale'] },
  // numInferenceSteps: integer 1..150.
  { name: 'numInferenceSteps 0', body: body('base-image-2', { numInferenceSteps: 0 }), refused: ['numInferenceSteps'] },
  { name: 'numInferenceSteps 1', body: body('base-image-2', { numInferenceSteps: 1 }) },
  { name: 'numInferenceSteps 150', body: body('base-image-2', { numInferenceSteps: 150 }) },
  {
    name: 'numInferenceSteps 151',
    body: body('base-image-2', { numInferenceSteps: 151 }),
    refused: ['numInferenceSteps'],
  },
  {
    name: 'numInferenceSteps 2.5',
    body: body('base-image-2', { numInferenceSteps: 2.5 }),
    refused: ['numInferenceSteps'],
  },
  // inputImageUrls: each model's cap, the schema's 14, never empty, URLs only.
  ...IMAGE_MODEL_IDS.flatMap((model): Case[] => [
    { name: `${model}: 1 reference image`, body: body(model, { inputImageUrls: [REF] }) },
    {
      name: `${model}: ${REFERENCE_CAPS[model]} reference images (its cap)`,
      body: body(model, { inputImageUrls: urls(REFERENCE_CAPS[model]) }),
    },
    {
      name: `${model}: ${REFERENCE_CAPS[model] + 1} reference images`,
      body: body(model, { inputImageUrls: urls(REFERENCE_CAPS[model] + 1) }),
      refused: ['inputImageUrls'],
    },
    {
      name: `${model}: 15 reference images (over the schema's 14)`,
      body: body(model, { inputImageUrls: urls(15) }),
      refused: ['inputImageUrls'],
    },
  ]),
  {
    name: 'unknown model with 15 reference images: both reported',
    body: body('nope' as ImageModelId, { inputImageUrls: urls(15) }),
    refused: ['model', 'inputImageUrls'],
  },
  { name: 'empty inputImageUrls', body: body('base-image-2', { inputImageUrls: [] }), refused: ['inputImageUrls'] },
  {
    name: 'inputImageUrls that is not an array',
    body: body('base-image-2', { inputImageUrls: REF }),
    refused: ['inputImageUrls'],
  },
  {
    name: 'a reference that is not a URL',
    body: body('base-image-2', { inputImageUrls: [REF, 'not a url'] }),
    refused: ['inputImageUrls.1'],
  },
  {
    name: 'a reference that is not a string',
    body: body('base-image-2', { inputImageUrls: [42] }),
    refused: ['inputImageUrls.0'],
  },
  // seed: a string, so that large values fit.
  { name: 'seed as a string', body: body('base-image-2', { seed: '42' }) },
  { name: 'seed larger than 2^53 as a string', body: body('base-image-2', { seed: '18446744073709551615' }) },
  { name: 'seed as a number', body: body('base-image-2', { seed: 42 }), refused: ['seed'] },
  // provider: omitted or upstream-a in the standard shape.
  { name: 'provider upstream-a', body: body('base-image-2', { provider: 'upstream-a' }) },
  { name: 'provider upstream-b', body: body('base-image-2', { provider: 'upstream-b' }), refused: ['provider'] },
  { name: 'provider UPSTREAM-A', body: body('base-image-2', { provider: 'UPSTREAM-A' }), refused: ['provider'] },
  { name: 'provider ""', body: body('base-image-2', { provider: '' }), refused: ['provider'] },
  { name: 'provider null', body: body('base-image-2', { provider: null }), refused: ['provider'] },
  // providerInput: passed through, not schema-validated.
  {
    name: 'providerInput with any keys',
    body: body('general-image-2', { providerInput: { outputFormat: 'webp', quality: 90, nested: { a: [1] } } }),
  },
  // unknown fields, including the relay shape's own.
  { name: 'an unknown field', body: body('base-image-2', { style: 'anime' }), refused: ['style'] },
  {
    name: 'resolution (a relay field) in the standard shape',
    body: body('base-image-2', { resolution: '2K' }),
    refused: ['resolution'],
  },
  {
    name: 'watermark (a relay field) in the standard shape',
    body: body('base-image-2', { watermark: true }),
    refused: ['watermark'],
  },
  {
    name: 'two unknown fields',
    body: body('base-image-2', { style: 'anime', Prompt: 'x' }),
    refused: ['style', 'Prompt'],
  },
  // a body that is not an object
  { name: 'a JSON array', body: [IMAGE], refused: [''] },
  { name: 'a JSON string', body: JSON.stringify('a red fox'), refused: [''] },
  { name: 'JSON null', body: 'null', refused: [''] },
  { name: 'a JSON number', body: '42', refused: [''] },
]

const OTHER_RATIO_CANDIDATES = ['21:9', '16:10', '2:1', '5:3']

const RATIO_CASES: Case[] = [
  // The interface gives vendor-a/base-image's list exactly.
  ...['auto', '1:1', '16:9', '9:16', '4:3', '3:4'].map(
    (aspectRatio): Case => ({
      name: `vendor-a/base-image: ${aspectRatio}`,
      body: body('vendor-a/base-image', { aspectRatio }),
    }),
  ),
  ...['21:9', '2:3', '3:2', '1:2', 'AUTO', '16/9', '', '1:1 '].map(
    (aspectRatio): Case => ({
      name: `vendor-a/base-image: ${JSON.stringify(aspectRatio)}`,
      body: body('vendor-a/base-image', { aspectRatio }),
      refused: ['aspectRatio'],
    }),
  ),
  // The other models: the catalogue's lists (simulator choices).
  ...IMAGE_MODEL_IDS.filter((model) => model !== 'vendor-a/base-image').flatMap((model): Case[] => {
    const allowed = IMAGE_MODELS[model].aspectRatios
    const other = OTHER_RATIO_CANDIDATES.find((ratio) => !allowed.includes(ratio))!
    return [
      ...allowed.map((aspectRatio): Case => ({ name: `${model}: ${aspectRatio}`, body: body(model, { aspectRatio }) })),
      {
        name: `${model}: ${other} (not in its list)`,
        body: body(model, { aspectRatio: other }),
        refused: ['aspectRatio'],
      },
      { name: `${model}: 16:9 as a number`, body: body(model, { aspectRatio: 1.78 }), refused: ['aspectRatio'] },
    ]
  }),
]

const KEY = 'relay-key-0001'
const relay = (extra: Body = {}): Body => ({ ...RELAY, ...extra })

eachDoor('standard image request', (door) => {
  it.each(STANDARD_CASES)('$name', async ({ body, refused }) => {
    const res = await submitImage(door(), body)
    if (refused) await expectRefused(res, ...refused)
    else await expectAccepted(res)
  })

  it.each(RATIO_CASES)('aspectRatio $name', async ({ body, refused }) => {
    const res = await submitImage(door(), body)
    if (refused) await expectRefused(res, ...refused)
    else await expectAccepted(res)
  })

  it.each([
    { field: 'prompt', body: { model: 'base-image-2' } },
    { field: 'model', body: { prompt: 'a fox' } },
  ])('reports a missing $field as required', async ({ field, body }) => {
    const issues = await expectRefused(await submitImage(door(), body), field)
    expect(issues).toEqual([{ in: 'body', path: field, message: 'is required' }])
  })

  it('numOutputs defaults to 1: one output image, priced once', async () => {
    const one = await expectAccepted(await submitImage(door(), body('base-image-2')))
    const three = await expectAccepted(await submitImage(door(), body('base-image-2', { numOutputs: 3 })))
    expect(one.creditsUsed).toBe(4)
    expect(three.creditsUsed).toBe(12)
    await advance(door(), 12)
    const done = async (taskId: string) =>
      (await (await getTask(door(), taskId)).json()) as { status: number; outputImageUrls: string[] }
    expect(await done(one.taskId)).toMatchObject({ status: 1 })
    expect((await done(one.taskId)).outputImageUrls).toHaveLength(1)
    expect((await done(three.taskId)).outputImageUrls).toHaveLength(3)
  })

  it('reports every failing field of one body together, each in the body', async () => {
    const res = await submitImage(door(), {
      model: 'vendor-a/base-image',
      prompt: '',
      negativePrompt: 'blurry',
      width: 63,
      height: 4097,
      numOutputs: 11,
      guidanceScale: 101,
      numInferenceSteps: 0,
      inputImageUrls: urls(11),
      aspectRatio: '21:9',
      seed: 42,
      provider: 'upstream-b',
      colour: 'red',
    })
    const issues = await expectRefused(
      res,
      'prompt',
      'negativePrompt',
      'width',
      'height',
      'numOutputs',
      'guidanceScale',
      'numInferenceSteps',
      'inputImageUrls',
      'aspectRatio',
      'seed',
      'provider',
      'colour',
    )
    expect(issues.every((issue) => issue.in === 'body')).toBe(true)
  })

  it('an Idempotency-Key outside 8..200 characters is refused on the standard shape too', async () => {
    const issues = await expectRefused(
      await submitImage(door(), IMAGE, { 'idempotency-key': chars(7) }),
      'Idempotency-Key',
    )
    expect(issues[0]!.in).toBe('header')
    await expectAccepted(await submitImage(door(), IMAGE, { 'idempotency-key': chars(8) }))
    await expectAccepted(await submitImage(door(), IMAGE))
  })

  it('a refused body creates no task and debits nothing', async () => {
    await expectRefused(await submitImage(door(), body('base-image-2', { numOutputs: 11 })), 'numOutputs')
    const tasks = (await (await door().fetch('/__mock/tasks?account=acct_alice')).json()) as { total: number }
    expect(tasks.total).toBe(0)
    const account = (await (await door().fetch('/__mock/accounts/acct_alice')).json()) as { credits: number }
    expect(account.credits).toBe(1000)
  })
})

eachDoor('relay image request', (door) => {
  const RELAY_CASES: Case[] = [
    // model: 1..100 characters, and a model with application pricing.
    { name: 'no model', body: { provider: 'relay', prompt: 'x', resolution: '2K' }, refused: ['model'] },
    { name: 'empty model', body: relay({ model: '' }), refused: ['model'] },
    { name: 'model of 101 characters', body: relay({ model: chars(101) }), refused: ['model'] },
    { name: 'model of 100 characters that is no model', body: relay({ model: chars(100) }), refused: ['model'] },
    {
      name: 'a model without application pricing (vendor-a/base-image)',
      body: relay({ model: 'vendor-a/base-image' }),
      refused: ['model'],
    },
    { name: 'a video model', body: relay({ model: 'video-d' }), refused: ['model'] },
    // prompt: 1..8000.
    { name: 'prompt of 1 character', body: relay({ prompt: 'x' }) },
    { name: 'prompt of 8000 characters', body: relay({ prompt: chars(8000) }) },
    { name: 'prompt of 8001 characters', body: relay({ prompt: chars(8001) }), refused: ['prompt'] },
    { name: 'empty prompt', body: relay({ prompt: '' }), refused: ['prompt'] },
    { name: 'no prompt', body: { provider: 'relay', model: 'base-image-2', resolution: '2K' }, refused: ['prompt'] },
    // resolution: 1..30, and one of the model's.
    { name: 'no resolution', body: { provider: 'relay', model: 'base-image-2', prompt: 'x' }, refused: ['resolution'] },
    { name: 'empty resolution', body: relay({ resolution: '' }), refused: ['resolution'] },
    { name: 'resolution of 31 characters', body: relay({ resolution: chars(31) }), refused: ['resolution'] },
    {
      name: 'resolution of 30 characters on a model without application pricing: only the model fails',
      body: relay({ model: 'vendor-a/base-image', resolution: chars(30) }),
      refused: ['model'],
    },
    {
      name: 'resolution of 31 characters on a model without application pricing',
      body: relay({ model: 'vendor-a/base-image', resolution: chars(31) }),
      refused: ['model', 'resolution'],
    },
    { name: 'resolution 8K (not one of base-image-2)', body: relay({ resolution: '8K' }), refused: ['resolution'] },
    {
      name: 'resolution 1K on base-image-pro (it has none)',
      body: relay({ model: 'base-image-pro', resolution: '1K' }),
      refused: ['resolution'],
    },
    {
      name: 'resolution 4K on general-image-2',
      body: relay({ model: 'general-image-2', resolution: '4K' }),
      refused: ['resolution'],
    },
    { name: 'resolution 2k (case matters)', body: relay({ resolution: '2k' }), refused: ['resolution'] },
    // numOutputs
    { name: 'numOutputs 1', body: relay({ numOutputs: 1 }) },
    { name: 'numOutputs 10', body: relay({ numOutputs: 10 }) },
    { name: 'numOutputs 0', body: relay({ numOutputs: 0 }), refused: ['numOutputs'] },
    { name: 'numOutputs 11', body: relay({ numOutputs: 11 }), refused: ['numOutputs'] },
    { name: 'numOutputs 1.5', body: relay({ numOutputs: 1.5 }), refused: ['numOutputs'] },
    // watermark
    { name: 'watermark "yes"', body: relay({ watermark: 'yes' }), refused: ['watermark'] },
    // a separate shape: the standard fields are not part of it
    { name: 'width in the relay shape', body: relay({ width: 1024 }), refused: ['width'] },
    { name: 'aspectRatio in the relay shape', body: relay({ aspectRatio: '1:1' }), refused: ['aspectRatio'] },
    { name: 'inputImageUrls in the relay shape', body: relay({ inputImageUrls: [REF] }), refused: ['inputImageUrls'] },
  ]

  it.each(RELAY_CASES)('$name', async ({ body, refused }) => {
    const res = await submitImage(door(), body, { 'idempotency-key': KEY })
    if (refused) await expectRefused(res, ...refused)
    else await expectAccepted(res)
  })

  // Every other model is refused.
  it('accepts each model GET /api/ai/models lists with application pricing, at each of its resolutions', async () => {
    const list = (await (await door().fetch('/api/ai/models', { headers: auth() })).json()) as {
      models: { id: string; type: string; applicationPricing: boolean; resolutions: string[] }[]
    }
    const enabled = list.models.filter((model) => model.applicationPricing)
    expect(enabled.map((model) => model.id).sort()).toEqual(['base-image-2', 'base-image-pro', 'general-image-2'])
    let n = 0
    for (const model of list.models) {
      if (model.applicationPricing) {
        expect(model.resolutions.length).toBeGreaterThan(0)
        for (const resolution of model.resolutions) {
          const res = await submitImage(door(), relay({ model: model.id, resolution }), {
            'idempotency-key': `relay-key-${n++}`,
          })
          await expectAccepted(res)
        }
      } else {
        const res = await submitImage(door(), relay({ model: model.id }), { 'idempotency-key': `relay-key-${n++}` })
        await expectRefused(res, 'model')
      }
    }
  })

  it.each([
    { length: 7, ok: false },
    { length: 8, ok: true },
    { length: 200, ok: true },
    { length: 201, ok: false },
  ])('Idempotency-Key of $length characters', async ({ length, ok }) => {
    const res = await submitImage(door(), RELAY, { 'idempotency-key': chars(length) })
    if (ok) await expectAccepted(res)
    else {
      const issues = await expectRefused(res, 'Idempotency-Key')
      expect(issues[0]!.in).toBe('header')
    }
  })

  it('reports a missing resolution as required', async () => {
    const issues = await expectRefused(
      await submitImage(door(), { provider: 'relay', model: 'base-image-2', prompt: 'x' }, { 'idempotency-key': KEY }),
      'resolution',
    )
    expect(issues).toEqual([{ in: 'body', path: 'resolution', message: 'is required' }])
  })

  it('requires an Idempotency-Key, named as a header', async () => {
    const issues = await expectRefused(await submitImage(door(), RELAY), 'Idempotency-Key')
    expect(issues).toHaveLength(1)
    expect(issues[0]).toMatchObject({ in: 'header', path: 'Idempotency-Key' })
    const tasks = (await (await door().fetch('/__mock/tasks?account=acct_alice')).json()) as { total: number }
    expect(tasks.total).toBe(0)
  })

  it('reports the missing header together with the failing body fields', async () => {
    const issues = await expectRefused(
      await submitImage(door(), relay({ prompt: '', resolution: '8K', extra: 1 })),
      'Idempotency-Key',
      'prompt',
      'resolution',
      'extra',
    )
    expect(issues.find((issue) => issue.path === 'Idempotency-Key')!.in).toBe('header')
    expect(issues.filter((issue) => issue.path !== 'Idempotency-Key').every((issue) => issue.in === 'body')).toBe(true)
  })

  it.each([
    { watermark: undefined, effective: false },
    { watermark: false, effective: false },
    { watermark: true, effective: true },
  ])(
    'watermark $watermark gives effectiveWatermark $effective, in the response and the snapshot',
    async ({ watermark, effective }) => {
      const submitted = await expectAccepted(
        await submitImage(door(), relay(watermark === undefined ? {} : { watermark }), { 'idempotency-key': KEY }),
      )
      expect(submitted.effectiveWatermark).toBe(effective)
      const snapshot = (await (await getTask(door(), submitted.taskId)).json()) as { effectiveWatermark?: boolean }
      expect(snapshot.effectiveWatermark).toBe(effective)
    },
  )

  it('the standard shape has no watermark: effectiveWatermark is false', async () => {
    const submitted = await expectAccepted(await submitImage(door(), IMAGE))
    expect(submitted.effectiveWatermark).toBe(false)
  })
})
