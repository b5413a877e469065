import { describe, expect, it } from 'vitest'
import { imageSize, renderImage } from './preview-image.js'

/** Milliseconds per 256×256 image: a guard against a render gone quadratic, not a benchmark. */
const RENDER_LIMIT_MS = 250

describe('renderImage', () => {
  it('is deterministic per key', () => {
    const a = renderImage({ key: 'job_1', width: 64, height: 36 })
    const b = renderImage({ key: 'job_1', width: 64, height: 36 })
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true)
  })

  it('gives different bytes for different keys', () => {
    const a = renderImage({ key: 'job_1', width: 64, height: 36 })
    const b = renderImage({ key: 'job_2', width: 64, height: 36 })
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false)
  })

  it('renders 256x256 quickly', () => {
    renderImage({ key: 'warmup', width: 256, height: 256 })
    const t0 = performance.now()
    for (let i = 0; i < 10; i++) renderImage({ key: `k${i}`, width: 256, height: 256 })
    // A generous bound, for a busy CI machine (two busy loops beside the suite): typical is a few ms each.
    expect((performance.now() - t0) / 10).toBeLessThan(RENDER_LIMIT_MS)
  })
})

describe('imageSize', () => {
  it.each([
    ['16:9', 256, 144],
    ['9:16', 144, 256],
    ['1:1', 256, 256],
    ['4:3', 256, 192],
    ['21:9', 256, 110],
    ['auto', 256, 256],
    [undefined, 256, 256],
    ['nonsense', 256, 256],
    ['0:5', 256, 256],
  ])('aspectRatio %s -> %ix%i', (ratio, width, height) => {
    expect(imageSize(ratio)).toEqual({ width, height })
  })

  it('uses the ratio of width and height when both are given', () => {
    expect(imageSize('16:9', 1024, 512)).toEqual({ width: 256, height: 128 })
    expect(imageSize(undefined, 720, 1280)).toEqual({ width: 144, height: 256 })
  })

  it('uses a square when only one dimension is given', () => {
    expect(imageSize('16:9', 1024)).toEqual({ width: 256, height: 256 })
    expect(imageSize('16:9', undefined, 1024)).toEqual({ width: 256, height: 256 })
  })

  it('keeps the short side at least 1 px', () => {
    expect(imageSize(undefined, 100000, 1)).toEqual({ width: 256, height: 1 })
  })
})
