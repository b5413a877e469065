/**
 * A minimal PNG encoder: truecolour pixels in, PNG bytes out.
 *
 * Pure TypeScript with no Node APIs so it runs unchanged in a browser
 * (service worker / MSW) as well as in Node. Compression is deliberately
 * skipped: "stored" deflate blocks keep the encoder tiny and fast, and the
 * pictures it is given are small, so the size cost is acceptable.
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
/** Deflate stored blocks carry a 16-bit length, so this is the hard cap. */
const MAX_STORED_BLOCK = 65535

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
