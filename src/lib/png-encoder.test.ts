import { describe, it, expect } from 'vitest'
import * as zlib from 'node:zlib'
import { encodePng } from './png-encoder.js'

// Independent CRC so the test doesn't trust the encoder's own table.
// zlib.crc32 exists from Node 20.15; fall back to a bitwise loop otherwise.
const nodeCrc32 = (zlib as unknown as { crc32?: (d: Uint8Array) => number }).crc32
function crc32(data: Uint8Array): number {
  if (nodeCrc32) return nodeCrc32(data) >>> 0
  let c = 0xffffffff
  for (const byte of data) {
    c ^= byte
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  }
  return (c ^ 0xffffffff) >>> 0
}

interface Chunk {
  type: string
  data: Uint8Array
  crc: number
  crcInput: Uint8Array
}

function readChunks(png: Uint8Array): Chunk[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength)
  const chunks: Chunk[] = []
  let pos = 8
  while (pos < png.length) {
    const len = view.getUint32(pos)
    const type = String.fromCharCode(...png.subarray(pos + 4, pos + 8))
    chunks.push({
      type,
      data: png.subarray(pos + 8, pos + 8 + len),
      crc: view.getUint32(pos + 8 + len),
      crcInput: png.subarray(pos + 4, pos + 8 + len),
    })
    pos += 12 + len
  }
  expect(pos).toBe(png.length)
  return chunks
}

function idat(png: Uint8Array): Uint8Array {
  const parts = readChunks(png).filter((c) => c.type === 'IDAT')
  return Buffer.concat(parts.map((c) => c.data))
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** A picture of `width` × `height` with every byte different from its neighbours. */
const picture = (width: number, height: number) =>
  encodePng(
    width,
    height,
    Uint8Array.from({ length: width * height * 3 }, (_, i) => (i * 7) % 256),
  )

describe('encodePng', () => {
  const png = picture(37, 11)

  it('starts with the PNG signature', () => {
    expect([...png.subarray(0, 8)]).toEqual(SIGNATURE)
  })

  it('writes IHDR first with the width, height and 8-bit truecolour', () => {
    const chunks = readChunks(png)
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND'])
    const ihdr = new DataView(chunks[0]!.data.buffer, chunks[0]!.data.byteOffset, 13)
    expect(ihdr.getUint32(0)).toBe(37)
    expect(ihdr.getUint32(4)).toBe(11)
    expect([...chunks[0]!.data.subarray(8)]).toEqual([8, 2, 0, 0, 0])
  })

  it('has a valid CRC on every chunk', () => {
    for (const c of readChunks(png)) expect(c.crc, c.type).toBe(crc32(c.crcInput))
  })

  it('inflates to height * (1 + 3 * width) bytes with filter 0 rows', () => {
    const raw = zlib.inflateSync(idat(png))
    expect(raw.length).toBe(11 * (1 + 3 * 37))
    for (let y = 0; y < 11; y++) expect(raw[y * (1 + 3 * 37)]).toBe(0)
  })

  it('round-trips the exact pixels given', () => {
    const rgb = new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 255, 1, 2, 3])
    const raw = zlib.inflateSync(idat(encodePng(2, 2, rgb)))
    expect([...raw]).toEqual([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 1, 2, 3])
  })

  it('splits large images over several stored blocks', () => {
    // 300x300 is 270,300 raw bytes, i.e. five 65535-byte stored blocks.
    const big = picture(300, 300)
    for (const c of readChunks(big)) expect(c.crc, c.type).toBe(crc32(c.crcInput))
    const data = idat(big)
    expect(data.length).toBe(2 + 5 * 5 + 300 * 901 + 4)
    expect(zlib.inflateSync(data).length).toBe(300 * (1 + 3 * 300))
  })

  it('rejects a pixel buffer of the wrong length', () => {
    expect(() => encodePng(2, 2, new Uint8Array(11))).toThrow(RangeError)
    expect(() => encodePng(0, 2, new Uint8Array(0))).toThrow(RangeError)
  })
})
