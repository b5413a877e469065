import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { VIDEO_MODEL_IDS, VIDEO_MODELS, type VideoModelId } from '../../src/contract/models.js'
import { auth, balance, getTask, KEYS, post, REF, submitImage, submitVideo } from '../support/api.js'
import { eachDoor, type Door } from '../support/doors.js'

/**
 * Credits: the interface's exact rules (vendor-a/base-image 3 per call; base-image-2 4/6/8 for
 * 1K/2K/4K; base-image-pro 12/20 for 2K/4K), the simulator's amounts from fixtures/pricing.json,
 * pre-debit on acceptance, Insufficient credits, and the prices GET /api/ai/models shows.
 */

interface PricingFile {
  image: Record<string, { creditsPerOutput: number }>
  relay: Record<string, Record<string, number>>
  video: Record<string, Record<string, number>>
}
const PRICING = JSON.parse(readFileSync(new URL('../../fixtures/pricing.json', import.meta.url), 'utf8')) as PricingFile

type Body = Record<string, unknown>
const START_CREDITS = 1000

/**
 * Submits as Alice, expects acceptance, and checks that creditsUsed is what the balance dropped by
 * and what the task snapshot reports. Returns creditsUsed.
 */
async function charge(
  door: Door,
  endpoint: 'image' | 'video',
  body: Body,
  headers: Record<string, string> = {},
): Promise<number> {
  const before = await balance(door)
  const res = await (endpoint === 'image' ? submitImage : submitVideo)(door, body, headers)
  const answer = (await res.json()) as { taskId: string; creditsUsed: number }
  expect(res.status, JSON.stringify(answer)).toBe(200)
  expect(Number.isInteger(answer.creditsUsed)).toBe(true)
  expect(before - (await balance(door))).toBe(answer.creditsUsed)
  const snapshot = (await (await getTask(door, answer.taskId)).json()) as { creditsUsed: number }
  expect(snapshot.creditsUsed).toBe(answer.creditsUsed)
  return answer.creditsUsed
}

const image = (model: string, extra: Body = {}): Body => ({ model, prompt: 'a red fox in the snow', ...extra })

const IMAGE_CASES: { name: string; body: Body; credits: number }[] = [
  // vendor-a/base-image: flat 3 per call, whatever numOutputs, size or edit.
  { name: 'vendor-a/base-image, numOutputs omitted', body: image('vendor-a/base-image'), credits: 3 },
  { name: 'vendor-a/base-image, numOutputs 1', body: image('vendor-a/base-image', { numOutputs: 1 }), credits: 3 },
  { name: 'vendor-a/base-image, numOutputs 4', body: image('vendor-a/base-image', { numOutputs: 4 }), credits: 3 },
  { name: 'vendor-a/base-image, numOutputs 10', body: image('vendor-a/base-image', { numOutputs: 10 }), credits: 3 },
  {
    name: 'vendor-a/base-image, 4096×4096',
    body: image('vendor-a/base-image', { width: 4096, height: 4096 }),
    credits: 3,
  },
  {
    name: 'vendor-a/base-image, edit with 10 references',
    body: image('vendor-a/base-image', { numOutputs: 10, inputImageUrls: Array(10).fill(REF) }),
    credits: 3,
  },
  {
    name: 'vendor-a/base-image via upstream-a',
    body: image('vendor-a/base-image', { provider: 'upstream-a', numOutputs: 2 }),
    credits: 3,
  },
  // base-image-2: 4 / 6 / 8 per output for 1K / 2K / 4K.
  { name: 'base-image-2, no size (1K)', body: image('base-image-2'), credits: 4 },
  { name: 'base-image-2, aspectRatio only (1K)', body: image('base-image-2', { aspectRatio: '16:9' }), credits: 4 },
  { name: 'base-image-2, width 64 (1K)', body: image('base-image-2', { width: 64 }), credits: 4 },
  { name: 'base-image-2, width 1024 (1K)', body: image('base-image-2', { width: 1024 }), credits: 4 },
  { name: 'base-image-2, 1024×1024 (1K)', body: image('base-image-2', { width: 1024, height: 1024 }), credits: 4 },
  { name: 'base-image-2, width 1025 (2K)', body: image('base-image-2', { width: 1025 }), credits: 6 },
  { name: 'base-image-2, height 1025 (2K)', body: image('base-image-2', { height: 1025 }), credits: 6 },
  { name: 'base-image-2, width 2048 (2K)', body: image('base-image-2', { width: 2048 }), credits: 6 },
  { name: 'base-image-2, 2048×1024 (2K)', body: image('base-image-2', { width: 2048, height: 1024 }), credits: 6 },
  { name: 'base-image-2, width 2049 (4K)', body: image('base-image-2', { width: 2049 }), credits: 8 },
  {
    name: 'base-image-2, 64×2049: the larger side counts (4K)',
    body: image('base-image-2', { width: 64, height: 2049 }),
    credits: 8,
  },
  { name: 'base-image-2, 4096×4096 (4K)', body: image('base-image-2', { width: 4096, height: 4096 }), credits: 8 },
  {
    name: 'base-image-2, providerInput 1K',
    body: image('base-image-2', { providerInput: { resolution: '1K' } }),
    credits: 4,
  },
  {
    name: 'base-image-2, providerInput 2K',
    body: image('base-image-2', { providerInput: { resolution: '2K' } }),
    credits: 6,
  },
  {
    name: 'base-image-2, providerInput 4K',
    body: image('base-image-2', { providerInput: { resolution: '4K' } }),
    credits: 8,
  },
  {
    name: 'base-image-2, providerInput 1K wins over 4096 wide',
    body: image('base-image-2', { width: 4096, providerInput: { resolution: '1K' } }),
    credits: 4,
  },
  {
    name: 'base-image-2, providerInput 4K wins over 512 wide',
    body: image('base-image-2', { width: 512, providerInput: { resolution: '4K' } }),
    credits: 8,
  },
  { name: 'base-image-2, 1K × 3 outputs', body: image('base-image-2', { numOutputs: 3 }), credits: 12 },
  { name: 'base-image-2, 2K × 3 outputs', body: image('base-image-2', { width: 1500, numOutputs: 3 }), credits: 18 },
  { name: 'base-image-2, 4K × 10 outputs', body: image('base-image-2', { height: 4096, numOutputs: 10 }), credits: 80 },
  { name: 'base-image-2, edit at 2K', body: image('base-image-2', { width: 2048, inputImageUrls: [REF] }), credits: 6 },
  {
    name: 'base-image-2 via upstream-a, 2K × 2',
    body: image('base-image-2', { provider: 'upstream-a', width: 2000, numOutputs: 2 }),
    credits: 12,
  },
  // base-image-pro: 12 / 20 per output for 2K / 4K; no 1K tier, so a 1K-sized request is 2K.
  { name: 'base-image-pro, no size (2K)', body: image('base-image-pro'), credits: 12 },
  { name: 'base-image-pro, width 64 (1K-sized, priced 2K)', body: image('base-image-pro', { width: 64 }), credits: 12 },
  {
    name: 'base-image-pro, 1024×1024 (1K-sized, priced 2K)',
    body: image('base-image-pro', { width: 1024, height: 1024 }),
    credits: 12,
  },
  { name: 'base-image-pro, width 1025 (2K)', body: image('base-image-pro', { width: 1025 }), credits: 12 },
  { name: 'base-image-pro, height 2048 (2K)', body: image('base-image-pro', { height: 2048 }), credits: 12 },
  { name: 'base-image-pro, height 2049 (4K)', body: image('base-image-pro', { height: 2049 }), credits: 20 },
  { name: 'base-image-pro, 4096×4096 (4K)', body: image('base-image-pro', { width: 4096, height: 4096 }), credits: 20 },
  {
    name: 'base-image-pro, providerInput 2K wins over 4096 wide',
    body: image('base-image-pro', { width: 4096, providerInput: { resolution: '2K' } }),
    credits: 12,
  },
  {
    name: 'base-image-pro, providerInput 4K',
    body: image('base-image-pro', { providerInput: { resolution: '4K' } }),
    credits: 20,
  },
  // providerInput is not schema-validated (interface): a resolution the model lacks is accepted and ignored.
  {
    name: 'base-image-pro, providerInput 1K (it has none): priced by size, 4K',
    body: image('base-image-pro', { width: 3000, providerInput: { resolution: '1K' } }),
    credits: 20,
  },
  {
    name: 'base-image-pro, providerInput 1K and no size: the default 2K',
    body: image('base-image-pro', { providerInput: { resolution: '1K' } }),
    credits: 12,
  },
  {
    name: 'base-image-2, providerInput 8K (unknown): priced by size, 2K',
    body: image('base-image-2', { width: 1500, providerInput: { resolution: '8K' } }),
    credits: 6,
  },
  {
    name: 'base-image-2, providerInput resolution not a string: the default 1K',
    body: image('base-image-2', { providerInput: { resolution: 4 } }),
    credits: 4,
  },
  {
    name: 'base-image-pro, 1K-sized × 3 outputs',
    body: image('base-image-pro', { width: 800, numOutputs: 3 }),
    credits: 36,
  },
  {
    name: 'base-image-pro, 4K × 2 outputs',
    body: image('base-image-pro', { width: 3000, numOutputs: 2 }),
    credits: 40,
  },
  // general-image-2: the simulator's amount per output.
  ...[undefined, 1, 3, 10].map((numOutputs) => ({
    name: `general-image-2, numOutputs ${numOutputs ?? 'omitted'}`,
    body: image('general-image-2', numOutputs === undefined ? {} : { numOutputs }),
    credits: PRICING.image['general-image-2']!.creditsPerOutput * (numOutputs ?? 1),
  })),
  {
    name: 'general-image-2, size does not change its price',
    body: image('general-image-2', { width: 4096, height: 4096, numOutputs: 2 }),
    credits: PRICING.image['general-image-2']!.creditsPerOutput * 2,
  },
]

function videoBody(model: VideoModelId, extra: Body = {}): Body {
  return VIDEO_MODELS[model].modes[0] === 'text_to_video'
    ? { model, inputMode: 'text_to_video', prompt: 'waves at dusk', ...extra }
    : { model, inputMode: 'image_to_video', prompt: 'the waves move', inputImageUrls: [REF], ...extra }
}

const VIDEO_CASES = VIDEO_MODEL_IDS.flatMap((model) =>
  Object.entries(PRICING.video[model] ?? {}).map(([duration, credits]) => ({
    model,
    duration: Number(duration),
    credits,
  })),
)

const RELAY_CASES = Object.entries(PRICING.relay).flatMap(([model, byResolution]) =>
  Object.entries(byResolution).flatMap(([resolution, perOutput]) =>
    [undefined, 1, 3].map((numOutputs) => ({ model, resolution, numOutputs, credits: perOutput * (numOutputs ?? 1) })),
  ),
)

eachDoor('credits', (door) => {
  it.each(IMAGE_CASES)('$name costs $credits', async ({ body, credits }) => {
    expect(await charge(door(), 'image', body)).toBe(credits)
  })

  it('prices every video model at each duration the pricing file lists', () => {
    for (const model of VIDEO_MODEL_IDS) {
      expect(
        Object.keys(PRICING.video[model] ?? {})
          .map(Number)
          .sort((a, b) => a - b),
      ).toEqual([...VIDEO_MODELS[model].durations].sort((a, b) => a - b))
    }
  })

  it.each(VIDEO_CASES)(
    '$model for $duration s costs $credits (fixtures/pricing.json)',
    async ({ model, duration, credits }) => {
      expect(await charge(door(), 'video', videoBody(model, { duration }))).toBe(credits)
    },
  )

  it.each(VIDEO_MODEL_IDS)('%s without a duration costs its default duration', async (model) => {
    const first = VIDEO_MODELS[model].durations[0]!
    expect(await charge(door(), 'video', videoBody(model))).toBe(PRICING.video[model]![String(first)])
  })

  it.each(RELAY_CASES)(
    'relay $model at $resolution, numOutputs $numOutputs, costs $credits (fixtures/pricing.json)',
    async ({ model, resolution, numOutputs, credits }) => {
      const body: Body = {
        provider: 'relay',
        model,
        prompt: 'a lighthouse',
        resolution,
        ...(numOutputs === undefined ? {} : { numOutputs }),
      }
      expect(
        await charge(door(), 'image', body, { 'idempotency-key': `credits-${model}-${resolution}-${numOutputs}` }),
      ).toBe(credits)
    },
  )

  it('debits each accepted task: the balance is the start minus the sum of creditsUsed', async () => {
    const spent = [
      await charge(door(), 'image', image('vendor-a/base-image', { numOutputs: 5 })),
      await charge(door(), 'image', image('base-image-2', { width: 2049, numOutputs: 2 })),
      await charge(door(), 'image', image('base-image-pro')),
      await charge(door(), 'video', videoBody('video-d')),
    ]
    expect(spent).toEqual([3, 16, 12, PRICING.video['video-d']!['8']])
    expect(await balance(door())).toBe(START_CREDITS - spent.reduce((a, b) => a + b, 0))
  })

  it('a refused request costs nothing', async () => {
    const res = await submitImage(door(), image('base-image-2', { width: 5000 }))
    expect(res.status).toBe(400)
    expect(await balance(door())).toBe(START_CREDITS)
  })

  // ---- Insufficient credits ----

  const lowTasks = async () =>
    ((await (await door().fetch('/__mock/tasks?account=acct_low')).json()) as { total: number }).total

  it('sk_test_low (2 credits) submits a 3-credit call: 402 with required 3, no task, balance unchanged', async () => {
    expect(await balance(door(), 'acct_low')).toBe(2)
    const res = await submitImage(door(), image('vendor-a/base-image'), auth(KEYS.low))
    expect(res.status).toBe(402)
    expect(await res.json()).toEqual({ error: 'Insufficient credits', required: 3 })
    expect(await lowTasks()).toBe(0)
    expect(await balance(door(), 'acct_low')).toBe(2)
  })

  it.each<{ name: string; endpoint: 'image' | 'video'; body: Body; headers: Record<string, string>; required: number }>(
    [
      {
        name: 'base-image-2 at 2K × 2',
        endpoint: 'image' as const,
        body: image('base-image-2', { width: 1500, numOutputs: 2 }),
        headers: {},
        required: 12,
      },
      {
        name: 'base-image-pro 1K-sized',
        endpoint: 'image' as const,
        body: image('base-image-pro', { width: 512 }),
        headers: {},
        required: 12,
      },
      {
        name: 'general-image-2 × 3',
        endpoint: 'image' as const,
        body: image('general-image-2', { numOutputs: 3 }),
        headers: {},
        required: PRICING.image['general-image-2']!.creditsPerOutput * 3,
      },
      {
        name: 'video-d',
        endpoint: 'video' as const,
        body: videoBody('video-d'),
        headers: {},
        required: PRICING.video['video-d']!['8']!,
      },
      {
        name: 'relay base-image-pro at 4K × 2',
        endpoint: 'image' as const,
        body: { provider: 'relay', model: 'base-image-pro', prompt: 'x', resolution: '4K', numOutputs: 2 },
        headers: { 'idempotency-key': 'low-relay-key-1' },
        required: PRICING.relay['base-image-pro']!['4K']! * 2,
      },
    ],
  )(
    'Insufficient credits for $name names the credits it needs ($required)',
    async ({ endpoint, body, headers, required }) => {
      const res = await (endpoint === 'image' ? submitImage : submitVideo)(door(), body, {
        ...auth(KEYS.low),
        ...headers,
      })
      expect(res.status).toBe(402)
      expect(await res.json()).toEqual({ error: 'Insufficient credits', required })
      expect(await lowTasks()).toBe(0)
      expect(await balance(door(), 'acct_low')).toBe(2)
    },
  )

  it('an invalid body from a low account is Invalid request, not Insufficient credits', async () => {
    const res = await submitImage(door(), image('vendor-a/base-image', { numOutputs: 11 }), auth(KEYS.low))
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error).toBe('Invalid request')
    expect(await balance(door(), 'acct_low')).toBe(2)
  })

  it('a request costing exactly the balance is accepted and leaves 0; the next one is refused', async () => {
    const created = await post(door(), '/__mock/accounts', { credits: 3 })
    expect(created.status).toBe(201)
    const account = (await created.json()) as { id: string; apiKey: string; credits: number }
    expect(account.credits).toBe(3)
    expect(typeof account.id).toBe('string')
    expect(typeof account.apiKey).toBe('string')

    const accepted = await submitImage(door(), image('vendor-a/base-image', { numOutputs: 10 }), auth(account.apiKey))
    expect(accepted.status).toBe(200)
    expect(((await accepted.json()) as { creditsUsed: number }).creditsUsed).toBe(3)
    expect(await balance(door(), account.id)).toBe(0)

    const refused = await submitImage(door(), image('vendor-a/base-image'), auth(account.apiKey))
    expect(refused.status).toBe(402)
    expect(await refused.json()).toEqual({ error: 'Insufficient credits', required: 3 })
    const tasks = (await (await door().fetch(`/__mock/tasks?account=${account.id}`)).json()) as { total: number }
    expect(tasks.total).toBe(1)
    expect(await balance(door(), account.id)).toBe(0)
  })

  it('one credit short of a tiered price is refused; exactly the price is accepted', async () => {
    const short = (await (await post(door(), '/__mock/accounts', { credits: 5 })).json()) as {
      id: string
      apiKey: string
    }
    const res = await submitImage(door(), image('base-image-2', { width: 2048 }), auth(short.apiKey))
    expect(res.status).toBe(402)
    expect(await res.json()).toEqual({ error: 'Insufficient credits', required: 6 })
    expect(await balance(door(), short.id)).toBe(5)

    const exact = (await (await post(door(), '/__mock/accounts', { credits: 6 })).json()) as {
      id: string
      apiKey: string
    }
    const ok = await submitImage(door(), image('base-image-2', { width: 2048 }), auth(exact.apiKey))
    expect(ok.status).toBe(200)
    expect(await balance(door(), exact.id)).toBe(0)
  })

  // ---- GET /api/ai/models ----

  interface Entry {
    id: string
    type: string
    pricing: { kind: string; credits: unknown; simulatorValue: boolean }
    applicationPricing: boolean
    resolutions: string[]
    relayPricing?: unknown
  }
  const models = async (): Promise<Entry[]> => {
    const res = await door().fetch('/api/ai/models', { headers: auth() })
    expect(res.status).toBe(200)
    return ((await res.json()) as { models: Entry[] }).models
  }
  const entry = (list: Entry[], id: string) => list.find((m) => m.id === id)!

  it('GET /api/ai/models lists every image and video model of the interface, each once', async () => {
    const list = await models()
    const ids = list.map((m) => m.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort()).toEqual(
      ['base-image-2', 'base-image-pro', 'general-image-2', 'vendor-a/base-image', ...VIDEO_MODEL_IDS].sort(),
    )
    for (const m of list) expect(m.type).toBe(VIDEO_MODEL_IDS.includes(m.id as VideoModelId) ? 'video' : 'image')
  })

  it('GET /api/ai/models shows the interface prices as interface values', async () => {
    const list = await models()
    expect(entry(list, 'vendor-a/base-image').pricing).toEqual({ kind: 'per-call', credits: 3, simulatorValue: false })
    expect(entry(list, 'base-image-2').pricing).toEqual({
      kind: 'per-output-by-tier',
      credits: { '1K': 4, '2K': 6, '4K': 8 },
      simulatorValue: false,
    })
    expect(entry(list, 'base-image-pro').pricing).toEqual({
      kind: 'per-output-by-tier',
      credits: { '2K': 12, '4K': 20 },
      simulatorValue: false,
    })
  })

  it('GET /api/ai/models shows the pricing file amounts as simulator values', async () => {
    const list = await models()
    expect(entry(list, 'general-image-2').pricing).toEqual({
      kind: 'per-output',
      credits: PRICING.image['general-image-2']!.creditsPerOutput,
      simulatorValue: true,
    })
    for (const id of VIDEO_MODEL_IDS) {
      expect(entry(list, id).pricing, id).toEqual({
        kind: 'by-duration',
        credits: PRICING.video[id],
        simulatorValue: true,
      })
    }
  })

  // The prices are the pricing file amounts.
  it('GET /api/ai/models shows application pricing for exactly the relay-priced models', async () => {
    const list = await models()
    const relayIds = Object.keys(PRICING.relay).sort()
    expect(
      list
        .filter((m) => m.applicationPricing)
        .map((m) => m.id)
        .sort(),
    ).toEqual(relayIds)
    for (const id of relayIds) {
      const m = entry(list, id)
      expect([...m.resolutions].sort(), id).toEqual(Object.keys(PRICING.relay[id]!).sort())
      expect(m.relayPricing, id).toEqual({
        kind: 'per-output-by-tier',
        credits: PRICING.relay[id],
        simulatorValue: true,
      })
    }
    for (const m of list.filter((m) => !m.applicationPricing)) expect(m.relayPricing, m.id).toBeUndefined()
  })

  it('GET /api/ai/models needs authentication', async () => {
    const res = await door().fetch('/api/ai/models')
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Unauthorized' })
  })
})
