import { describe, expect, it } from 'vitest'
import type { PricingFixture } from '../contract/fixtures.js'
import { imageRequestSchemaFor, type ImageRequest, type StandardImageRequest } from '../contract/image-request.js'
import { IMAGE_MODELS, type ImageModelId } from '../contract/models.js'
import { videoRequestSchemaFor } from '../contract/video-request.js'
import { Catalogue, imageTier } from './catalogue.js'
import { defaultPricing } from './default-fixtures.js'

const pricing = (): PricingFixture => structuredClone(defaultPricing)

function refusal(fixture: PricingFixture): string {
  try {
    new Catalogue(fixture)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('expected the Catalogue to refuse the fixture')
}

/** A standard request as the validator would hand it to the catalogue. */
function standard(body: Record<string, unknown>): StandardImageRequest {
  return imageRequestSchemaFor(body).parse(body) as StandardImageRequest
}

const tier = (model: ImageModelId, body: Record<string, unknown>) =>
  imageTier(IMAGE_MODELS[model], standard({ model, prompt: 'p', ...body }))

describe('Catalogue: the pricing fixture', () => {
  it('accepts the bundled fixture', () => {
    expect(() => new Catalogue(pricing())).not.toThrow()
  })

  it('refuses a fixture missing a video model, and names it', () => {
    const fixture = pricing()
    delete fixture.video['video-d_lite']
    expect(refusal(fixture)).toMatch(/video-d_lite/)
  })

  it('refuses a fixture missing the image price of general-image-2, and names it', () => {
    const fixture = pricing()
    delete fixture.image['general-image-2']
    expect(refusal(fixture)).toMatch(/general-image-2/)
  })

  it('refuses a fixture missing a duration of a video model, naming model and duration', () => {
    const fixture = pricing()
    delete fixture.video['video-c/02-text-to-video-pro']!['15']
    const message = refusal(fixture)
    expect(message).toMatch(/video-c\/02-text-to-video-pro/)
    expect(message).toMatch(/\b15\b/)
  })

  it('refuses a fixture missing a relay resolution, naming model and resolution', () => {
    const fixture = pricing()
    delete fixture.relay['base-image-pro']!['4K']
    const message = refusal(fixture)
    expect(message).toMatch(/base-image-pro/)
    expect(message).toMatch(/4K/)
  })

  it('refuses a fixture missing a relay model entirely', () => {
    const fixture = pricing()
    delete fixture.relay['base-image-2']
    expect(refusal(fixture)).toMatch(/base-image-2/)
  })

  it('refuses a fixture naming an unknown model, and names it', () => {
    for (const section of ['image', 'relay', 'video'] as const) {
      const fixture = pricing()
      ;(fixture[section] as Record<string, unknown>)['made-up-model-9'] =
        section === 'image' ? { creditsPerOutput: 1 } : { '5': 1 }
      expect(refusal(fixture), section).toMatch(/made-up-model-9/)
    }
  })

  it('refuses a relay price for a model that has no application pricing', () => {
    const fixture = pricing()
    fixture.relay['vendor-a/base-image'] = { '1K': 3 }
    expect(refusal(fixture)).toMatch(/vendor-a\/base-image/)
  })

  it('lists every problem at once', () => {
    const fixture = pricing()
    delete fixture.video['video-d']
    delete fixture.relay['general-image-2']!['2K']
    const message = refusal(fixture)
    expect(message).toMatch(/video-d\b/)
    expect(message).toMatch(/general-image-2/)
  })
})

describe('imageTier', () => {
  it('providerInput.resolution wins over width and height', () => {
    expect(tier('base-image-2', { providerInput: { resolution: '4K' }, width: 512, height: 512 })).toBe('4K')
    expect(tier('base-image-2', { providerInput: { resolution: '1K' }, width: 4096, height: 4096 })).toBe('1K')
    expect(tier('base-image-pro', { providerInput: { resolution: '2K' }, width: 4000 })).toBe('2K')
  })

  it('from max(width, height): ≤1024 → 1K, ≤2048 → 2K, larger → 4K', () => {
    expect(tier('base-image-2', { width: 1024, height: 1024 })).toBe('1K')
    expect(tier('base-image-2', { width: 64 })).toBe('1K')
    expect(tier('base-image-2', { width: 1025, height: 64 })).toBe('2K')
    expect(tier('base-image-2', { width: 512, height: 2048 })).toBe('2K')
    expect(tier('base-image-2', { height: 2049 })).toBe('4K')
    expect(tier('base-image-2', { width: 4096, height: 100 })).toBe('4K')
  })

  it('defaults to 1K on base-image-2 and 2K on base-image-pro when nothing says', () => {
    expect(tier('base-image-2', {})).toBe('1K')
    expect(tier('base-image-pro', {})).toBe('2K')
  })

  it('is never 1K on base-image-pro', () => {
    expect(tier('base-image-pro', { width: 512, height: 512 })).toBe('2K')
    expect(tier('base-image-pro', { width: 1024 })).toBe('2K')
    expect(tier('base-image-pro', { width: 2048 })).toBe('2K')
    expect(tier('base-image-pro', { width: 2049 })).toBe('4K')
    // Even if a '1K' resolution slips past validation, pro does not price at 1K.
    const request = {
      model: 'base-image-pro',
      prompt: 'p',
      numOutputs: 1,
      providerInput: { resolution: '1K' },
    } as unknown as StandardImageRequest
    expect(imageTier(IMAGE_MODELS['base-image-pro'], request)).toBe('2K')
  })

  // It is then priced at its default.
  it('providerInput is not schema-validated: a 1K resolution for base-image-pro is accepted', () => {
    const body = { model: 'base-image-pro', prompt: 'p', providerInput: { resolution: '1K' } }
    const parsed = imageRequestSchemaFor(body).safeParse(body)
    expect(parsed.success).toBe(true)
    expect(imageTier(IMAGE_MODELS['base-image-pro'], parsed.data as StandardImageRequest)).toBe('2K')
  })
})

describe('Catalogue.price: the interface credit rules', () => {
  const catalogue = new Catalogue(pricing())
  const price = (body: Record<string, unknown>) =>
    catalogue.price(imageRequestSchemaFor(body).parse(body) as ImageRequest)

  it('vendor-a/base-image is a flat 3 credits per call, whatever numOutputs', () => {
    expect(price({ model: 'vendor-a/base-image', prompt: 'p' })).toBe(3)
    expect(price({ model: 'vendor-a/base-image', prompt: 'p', numOutputs: 4 })).toBe(3)
  })

  it('base-image-2 is 4 / 6 / 8 per output for 1K / 2K / 4K', () => {
    expect(price({ model: 'base-image-2', prompt: 'p' })).toBe(4)
    expect(price({ model: 'base-image-2', prompt: 'p', width: 2048 })).toBe(6)
    expect(price({ model: 'base-image-2', prompt: 'p', providerInput: { resolution: '4K' } })).toBe(8)
    expect(price({ model: 'base-image-2', prompt: 'p', width: 1500, numOutputs: 3 })).toBe(18)
  })

  it('base-image-pro is 12 / 20 per output for 2K / 4K', () => {
    expect(price({ model: 'base-image-pro', prompt: 'p' })).toBe(12)
    expect(price({ model: 'base-image-pro', prompt: 'p', width: 800 })).toBe(12)
    expect(price({ model: 'base-image-pro', prompt: 'p', height: 3000, numOutputs: 2 })).toBe(40)
  })

  it('video models are priced from the fixture by duration, default the first allowed', () => {
    const fixture = pricing()
    const body = { model: 'video-d', inputMode: 'text_to_video', prompt: 'p' }
    const request = videoRequestSchemaFor(body).parse(body)
    expect(catalogue.price(request)).toBe(fixture.video['video-d']!['8'])
  })
})
