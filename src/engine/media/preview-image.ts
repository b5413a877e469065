/**
 * The preview picture a completed image task serves (docs/where-the-interface-is-silent.md): its size from the
 * request's aspect ratio or width and height, and a deterministic drawing per task, encoded as PNG.
 */
import { LIMITS } from '../../contract/limits.js'
import { encodePng } from '../../lib/png-encoder.js'
import { Random } from '../random/random.js'

/** Long side of every preview image, in pixels. */
const PREVIEW_LONG_SIDE = LIMITS.previewSide.max

/** FNV-1a 32-bit over the UTF-16 code units: cheap, stable, good spread. */
function fnv1a(key: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** HSL (all 0..1) to RGB 0..255; lets us pick hues while keeping colours soft. */
function hsl(h: number, s: number, l: number): [number, number, number] {
  const f = (n: number): number => {
    const k = (n + h * 12) % 12
    const a = s * Math.min(l, 1 - l)
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))))
  }
  return [f(0), f(8), f(4)]
}

/**
 * Renders a deterministic preview: a diagonal two-colour gradient with a few
 * soft, translucent circles. Colours and layout are drawn from the seeded random source, seeded
 * with an FNV-1a hash of `key`, so a given key always yields byte-identical PNG output.
 *
 * @example
 * const png = renderImage({ key: 'job_123', width: 256, height: 144 });
 * // same key again -> identical bytes; another key -> different colours
 */
export function renderImage(opts: { key: string; width: number; height: number }): Uint8Array {
  const { width, height } = opts
  const random = new Random(fnv1a(opts.key))
  const rand = () => random.fraction()

  // Two hues roughly a third of the wheel apart read as a pleasant pair.
  const hue = rand()
  const c0 = hsl(hue, 0.65, 0.55)
  const c1 = hsl((hue + 0.25 + rand() * 0.2) % 1, 0.7, 0.35)

  const minSide = Math.min(width, height)
  const circles = Array.from({ length: 3 }, () => ({
    x: rand() * width,
    y: rand() * height,
    r: minSide * (0.15 + rand() * 0.25),
    color: hsl((hue + 0.5 + rand() * 0.3) % 1, 0.6, 0.7),
    alpha: 0.35 + rand() * 0.3,
  }))

  const rgb = new Uint8Array(width * height * 3)
  const diag = Math.max(1, width - 1 + height - 1)
  let p = 0
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x + y) / diag
      let r = c0[0] + (c1[0] - c0[0]) * t
      let g = c0[1] + (c1[1] - c0[1]) * t
      let b = c0[2] + (c1[2] - c0[2]) * t
      for (const c of circles) {
        const dx = x - c.x
        const dy = y - c.y
        const d2 = dx * dx + dy * dy
        if (d2 >= c.r * c.r) continue // cheap reject avoids sqrt for most pixels
        // Quadratic falloff gives a soft edge without any blur pass.
        const k = c.alpha * (1 - d2 / (c.r * c.r))
        r += (c.color[0] - r) * k
        g += (c.color[1] - g) * k
        b += (c.color[2] - b) * k
      }
      rgb[p++] = r
      rgb[p++] = g
      rgb[p++] = b
    }
  }
  return encodePng(width, height, rgb)
}

/**
 * Pixel size of the preview image: the long side is 256 px and the short side
 * keeps the requested ratio (rounded, at least 1). Explicit width+height win;
 * a lone width or height gives a square; otherwise `aspectRatio` "W:H" is
 * used, and "auto", undefined or anything unparseable gives 256x256.
 *
 * The same size is the same frozen object, kept by every task that has it: a few hundred sizes
 * exist (the long side is always 256), and a task keeps its size as long as it is stored.
 *
 * @example
 * imageSize('16:9');              // { width: 256, height: 144 }
 * imageSize('9:16');              // { width: 144, height: 256 }
 * imageSize(undefined, 1024, 512); // { width: 256, height: 128 }
 */
export function imageSize(aspectRatio: string | undefined, width?: number, height?: number): ImageSize {
  if (width !== undefined && height !== undefined) return fitted(width, height)
  if (width !== undefined || height !== undefined) return sized(PREVIEW_LONG_SIDE, PREVIEW_LONG_SIDE)
  const m = /^\s*(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(aspectRatio ?? '')
  return m ? fitted(Number(m[1]), Number(m[2])) : sized(PREVIEW_LONG_SIDE, PREVIEW_LONG_SIDE)
}

export type ImageSize = Readonly<{ width: number; height: number }>

const sizes = new Map<number, ImageSize>()

/** The one object of a size. */
function sized(width: number, height: number): ImageSize {
  const key = width * (PREVIEW_LONG_SIDE + 1) + height
  let size = sizes.get(key)
  if (!size) sizes.set(key, (size = Object.freeze({ width, height })))
  return size
}

/** Scales a w:h ratio so the long side is 256; a square if the ratio is unusable. */
function fitted(w: number, h: number): ImageSize {
  if (!(w > 0 && h > 0 && Number.isFinite(w) && Number.isFinite(h))) return sized(PREVIEW_LONG_SIDE, PREVIEW_LONG_SIDE)
  const L = PREVIEW_LONG_SIDE
  return w >= h ? sized(L, Math.max(1, Math.round((L * h) / w))) : sized(Math.max(1, Math.round((L * w) / h)), L)
}
