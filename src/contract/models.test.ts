import { describe, expect, it } from 'vitest'
import { IMAGE_MODEL_IDS, IMAGE_MODELS, VIDEO_MODEL_IDS, VIDEO_MODELS, type VideoModel } from './models.js'
import { videoRequestSchemaFor } from './video-request.js'

/** Every model identifier the service interface names, copied from its tables. */
const INTERFACE_IMAGE_IDS = ['vendor-a/base-image', 'base-image-2', 'base-image-pro', 'general-image-2']
const INTERFACE_VIDEO_IDS = [
  'video-a/v2-1-standard',
  'video-a/v2-1-pro',
  'video-a/v2-1-master-text-to-video',
  'video-b-text-to-video',
  'video-b-pro-text-to-video',
  'video-b-image-to-video',
  'video-c/02-text-to-video-standard',
  'video-c/02-text-to-video-pro',
  'video-c/02-image-to-video-standard',
  'video-c/02-image-to-video-pro',
  'video-d_fast',
  'video-d',
  'video-d_lite',
  'video-e/2-6-text-to-video',
  'video-e/2-6-image-to-video',
  'video-f/1.5-pro',
]

const videoModels: VideoModel[] = Object.values(VIDEO_MODELS)
const sorted = (values: readonly string[]) => [...values].sort()

describe('the model catalogue against the interface', () => {
  it('has every model id the interface names', () => {
    for (const id of INTERFACE_IMAGE_IDS) expect(Object.keys(IMAGE_MODELS), id).toContain(id)
    for (const id of INTERFACE_VIDEO_IDS) expect(Object.keys(VIDEO_MODELS), id).toContain(id)
  })

  it('invents no model the interface does not name', () => {
    expect(sorted(Object.keys(IMAGE_MODELS))).toEqual(sorted(INTERFACE_IMAGE_IDS))
    expect(sorted(Object.keys(VIDEO_MODELS))).toEqual(sorted(INTERFACE_VIDEO_IDS))
    expect(sorted(IMAGE_MODEL_IDS)).toEqual(sorted(INTERFACE_IMAGE_IDS))
    expect(sorted(VIDEO_MODEL_IDS)).toEqual(sorted(INTERFACE_VIDEO_IDS))
  })

  it('keys each entry by its own id and type', () => {
    for (const [id, model] of Object.entries(IMAGE_MODELS)) {
      expect(model.id).toBe(id)
      expect(model.type).toBe('image')
    }
    for (const [id, model] of Object.entries(VIDEO_MODELS)) {
      expect(model.id).toBe(id)
      expect(model.type).toBe('video')
    }
  })
})

describe('video input mode rules (interface)', () => {
  it('a model id ending in -text-to-video allows only text_to_video', () => {
    const models = videoModels.filter((m) => m.id.endsWith('-text-to-video'))
    expect(models.length).toBeGreaterThanOrEqual(4)
    for (const model of models) expect([...model.modes], model.id).toEqual(['text_to_video'])
  })

  it('a model id ending in -image-to-video allows only image_to_video', () => {
    const models = videoModels.filter((m) => m.id.endsWith('-image-to-video'))
    expect(models.length).toBeGreaterThanOrEqual(2)
    for (const model of models) expect([...model.modes], model.id).toEqual(['image_to_video'])
  })

  it('a model id ending in -image-to-video needs at least one inputImageUrls entry', () => {
    for (const model of videoModels.filter((m) => m.id.endsWith('-image-to-video'))) {
      const body = { model: model.id, inputMode: 'image_to_video', prompt: 'p' }
      expect(videoRequestSchemaFor(body).safeParse(body).success, model.id).toBe(false)
      const withImage = { ...body, inputImageUrls: ['https://example.com/a.png'] }
      expect(videoRequestSchemaFor(withImage).safeParse(withImage).success, model.id).toBe(true)
      const wrongMode = { model: model.id, inputMode: 'text_to_video', prompt: 'p' }
      expect(videoRequestSchemaFor(wrongMode).safeParse(wrongMode).success, model.id).toBe(false)
    }
  })

  it('a model id ending in -text-to-video refuses image_to_video', () => {
    for (const model of videoModels.filter((m) => m.id.endsWith('-text-to-video'))) {
      const body = {
        model: model.id,
        inputMode: 'image_to_video',
        prompt: 'p',
        inputImageUrls: ['https://example.com/a.png'],
      }
      expect(videoRequestSchemaFor(body).safeParse(body).success, model.id).toBe(false)
    }
  })

  it('the video-d family supports both modes and only 8-second clips', () => {
    const family = videoModels.filter((m) => m.family === 'video-d')
    expect(sorted(family.map((m) => m.id))).toEqual(['video-d', 'video-d_fast', 'video-d_lite'])
    for (const model of family) {
      expect(sorted(model.modes), model.id).toEqual(['image_to_video', 'text_to_video'])
      expect([...model.durations], model.id).toEqual([8])
    }
  })

  it('video-a/v2-1-standard and video-a/v2-1-pro are image_to_video only', () => {
    expect([...VIDEO_MODELS['video-a/v2-1-standard'].modes]).toEqual(['image_to_video'])
    expect([...VIDEO_MODELS['video-a/v2-1-pro'].modes]).toEqual(['image_to_video'])
  })

  it('video-f/1.5-pro supports both modes', () => {
    expect(sorted(VIDEO_MODELS['video-f/1.5-pro'].modes)).toEqual(['image_to_video', 'text_to_video'])
  })

  it('video-c models follow the mode their id names', () => {
    for (const model of videoModels.filter((m) => m.family === 'video-c')) {
      const expected = model.id.includes('-text-to-video') ? ['text_to_video'] : ['image_to_video']
      expect([...model.modes], model.id).toEqual(expected)
    }
  })

  it('every video model has at least one duration and one mode; only video-d is fixed at 8', () => {
    for (const model of videoModels) {
      expect(model.modes.length, model.id).toBeGreaterThan(0)
      expect(model.durations.length, model.id).toBeGreaterThan(0)
      for (const d of model.durations) expect(d, model.id).toBeGreaterThan(0)
      if (model.family !== 'video-d') expect(model.durations, model.id).not.toEqual([8])
    }
  })
})

describe('image model caps (interface tables)', () => {
  const expected = {
    'vendor-a/base-image': { promptMaxLength: 5000, maxReferenceImages: 10 },
    'base-image-2': { promptMaxLength: 20000, maxReferenceImages: 14 },
    'base-image-pro': { promptMaxLength: 10000, maxReferenceImages: 8 },
    'general-image-2': { promptMaxLength: 20000, maxReferenceImages: 4 },
  } as const

  for (const [id, caps] of Object.entries(expected)) {
    it(`${id}: prompt cap ${caps.promptMaxLength}, ${caps.maxReferenceImages} reference images, both modes`, () => {
      const model = IMAGE_MODELS[id as keyof typeof IMAGE_MODELS]
      expect(model.promptMaxLength).toBe(caps.promptMaxLength)
      expect(model.maxReferenceImages).toBe(caps.maxReferenceImages)
      expect(sorted(model.modes)).toEqual(['image-to-image', 'text-to-image'])
    })
  }

  it('vendor-a/base-image aspect ratios are exactly auto, 1:1, 16:9, 9:16, 4:3, 3:4', () => {
    expect(sorted(IMAGE_MODELS['vendor-a/base-image'].aspectRatios)).toEqual(
      sorted(['auto', '1:1', '16:9', '9:16', '4:3', '3:4']),
    )
    expect(new Set(IMAGE_MODELS['vendor-a/base-image'].aspectRatios).size).toBe(6)
  })

  it('states the interface credit rules exactly', () => {
    expect(IMAGE_MODELS['vendor-a/base-image'].pricing).toEqual({ kind: 'per-call', credits: 3 })
    expect(IMAGE_MODELS['base-image-2'].pricing).toEqual({
      kind: 'per-output-by-tier',
      credits: { '1K': 4, '2K': 6, '4K': 8 },
    })
    expect(IMAGE_MODELS['base-image-pro'].pricing).toEqual({
      kind: 'per-output-by-tier',
      credits: { '2K': 12, '4K': 20 },
    })
    // general-image-2: "as returned in creditsUsed" — a simulator value from the fixtures.
    expect(IMAGE_MODELS['general-image-2'].pricing).toBeUndefined()
  })

  it('base-image-pro has no 1K tier', () => {
    expect(IMAGE_MODELS['base-image-pro'].tiers?.allowed).not.toContain('1K')
    expect(IMAGE_MODELS['base-image-pro'].tiers?.default).toBe('2K')
    expect(IMAGE_MODELS['base-image-2'].tiers?.default).toBe('1K')
  })

  it('no per-model cap exceeds the interface-wide limits', () => {
    for (const model of Object.values(IMAGE_MODELS)) {
      expect(model.promptMaxLength).toBeLessThanOrEqual(20000)
      expect(model.maxReferenceImages).toBeLessThanOrEqual(14)
    }
  })
})
