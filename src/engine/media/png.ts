/**
 * Minimal PNG writer and deterministic preview renderer.
 *
 * Pure TypeScript with no Node APIs so it runs unchanged in a browser
 * (service worker / MSW) as well as in Node. Compression is deliberately
 * skipped: "stored" deflate blocks keep the encoder tiny and fast, and the
 * previews are small (long side 256 px) so the size cost is acceptable.
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
/** Deflate stored blocks carry a 16-bit length, so this is the hard cap. */
const MAX_STORED_BLOCK = 65535
/** Long side of every preview image, in pixels. */
const PREVIEW_LONG_SIDE = 256

let crcTable: Uint32Array | undefined

/** CRC-32 (IEEE, reflected 0xEDB88320) as required by the PNG chunk trailer. */
function crc32(bytes: Uint8Array, start: number, end: number): number {
  if (!crcTable) {
    // Built lazily so importing the module costs nothing until first use.
    crcTable = new Uint32Array(256)
    for (let n = 0; n < 256; n++) {
      let c = n
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
      crcTable[n] = c >>> 0
    }
  }
  let c = 0xffffffff
  for (let i = start; i < end; i++) c = crcTable[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

/** Adler-32 checksum that terminates a zlib stream (RFC 1950). */
function adler32(bytes: Uint8Array): number {
  let a = 1
  let b = 0
  // 5552 is the largest run before b can overflow 2^32 without a modulo.
  for (let i = 0; i < bytes.length; ) {
    const stop = Math.min(i + 5552, bytes.length)
    for (; i < stop; i++) {
      a += bytes[i]!
      b += a
    }
    a %= 65521
    b %= 65521
  }
  return ((b << 16) | a) >>> 0
}

function writeU32(out: Uint8Array, pos: number, value: number): void {
  out[pos] = (value >>> 24) & 0xff
  out[pos + 1] = (value >>> 16) & 0xff
  out[pos + 2] = (value >>> 8) & 0xff
  out[pos + 3] = value & 0xff
}

/** Wraps raw bytes in a zlib stream made only of stored (uncompressed) blocks. */
function zlibStored(raw: Uint8Array): Uint8Array {
  const blocks = Math.max(1, Math.ceil(raw.length / MAX_STORED_BLOCK))
  const out = new Uint8Array(2 + blocks * 5 + raw.length + 4)
  // CMF 0x78 = deflate with 32K window; FLG 0x01 makes (CMF*256+FLG) % 31 == 0.
  out[0] = 0x78
  out[1] = 0x01
  let pos = 2
  for (let b = 0; b < blocks; b++) {
    const from = b * MAX_STORED_BLOCK
    const len = Math.min(MAX_STORED_BLOCK, raw.length - from)
    out[pos++] = b === blocks - 1 ? 1 : 0 // BFINAL on the last block, BTYPE=00
    out[pos++] = len & 0xff // LEN and NLEN are little-endian, unlike PNG
    out[pos++] = len >>> 8
    out[pos++] = ~len & 0xff
    out[pos++] = (~len >>> 8) & 0xff
    out.set(raw.subarray(from, from + len), pos)
    pos += len
  }
  writeU32(out, pos, adler32(raw))
  return out
}

/** Lays out one chunk: length, type, data, CRC over type+data. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length)
  writeU32(out, 0, data.length)
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i)
  out.set(data, 8)
  writeU32(out, 8 + data.length, crc32(out, 4, 8 + data.length))
  return out
}

/**
 * Encodes packed RGB pixels (row-major, 3 bytes per pixel) as a PNG:
 * 8-bit truecolour, no interlace, filter 0 on every scanline.
 *
 * @example
 * const red = new Uint8Array([255, 0, 0]);
 * const png = encodePng(1, 1, red); // Uint8Array starting 0x89 'P' 'N' 'G'
 */
export function encodePng(width: number, height: number, rgb: Uint8Array): Uint8Array {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`encodePng: invalid size ${width}x${height}`)
  }
  const stride = width * 3
  if (rgb.length !== stride * height) {
    throw new RangeError(`encodePng: expected ${stride * height} bytes of RGB, got ${rgb.length}`)
  }

  const ihdr = new Uint8Array(13)
  writeU32(ihdr, 0, width)
  writeU32(ihdr, 4, height)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // colour type: truecolour
  // compression, filter method and interlace stay 0

  // Each scanline is prefixed by its filter type; 0 (None) needs no maths.
  const raw = new Uint8Array(height * (1 + stride))
  for (let y = 0; y < height; y++) {
    raw.set(rgb.subarray(y * stride, (y + 1) * stride), y * (1 + stride) + 1)
  }

  const parts = [
    Uint8Array.from(PNG_SIGNATURE),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlibStored(raw)),
    chunk('IEND', new Uint8Array(0)),
  ]
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let pos = 0
  for (const p of parts) {
    out.set(p, pos)
    pos += p.length
  }
  return out
}

/** FNV-1a 32-bit over the UTF-16 code units: cheap, stable, good spread. */
function fnv1a(key: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** xorshift32 stream seeded from the hash, returning floats in [0, 1). */
function rng(seed: number): () => number {
  let s = seed || 0x9e3779b9 // xorshift must never be seeded with 0
  return () => {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    return (s >>> 0) / 4294967296
  }
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
 * soft, translucent circles. Colours and layout come from an FNV-1a hash of
 * `key`, so a given key always yields byte-identical PNG output.
 *
 * @example
 * const png = renderImage({ key: 'job_123', width: 256, height: 144 });
 * // same key again -> identical bytes; another key -> different colours
 */
export function renderImage(opts: { key: string; width: number; height: number }): Uint8Array {
  const { width, height } = opts
  const rand = rng(fnv1a(opts.key))

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
