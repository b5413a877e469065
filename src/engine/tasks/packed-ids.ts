// A task's three secondary ids of the prefixed style in 64 bytes: their 60 random characters, 6 bits each.

/** The prefixes of providerTaskId, requestId and httpRequestId in the prefixed id style. */
const PREFIXES = ['prv_', 'req_', 'http_'] as const
const PREFIX_CODES = PREFIXES.map((prefix) => Array.from(prefix, (c) => c.charCodeAt(0)))
/** The characters of a prefixed id after its prefix (random.ts draws these): each one's 6-bit value is its index. */
const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'
const CODES = Array.from(ALPHABET, (c) => c.charCodeAt(0))
const VALUE = new Int8Array(128).fill(-1)
for (let i = 0; i < CODES.length; i++) VALUE[CODES[i]!] = i
const LENGTH = 20
/** Bits per code unit of the packed string: 15, below the surrogates, and 24 of them hold 60 × 6 bits exactly. */
const UNIT = 15
const UNITS = (3 * LENGTH * 6) / UNIT
/** The code units of a packing, and the codes of one id unpacked, reused: each string is made in one piece. */
const units = new Array<number>(UNITS).fill(0)
const out: number[] = []
/** The ids packed last, and their packing: a new task's answer reads them back at once, unpacking nothing. */
let last: { packed: string; ids: readonly [string, string, string] } | undefined

/**
 * The three ids packed into a string of 24 UTF-16 code units (64 bytes of heap, where the three
 * joined took 96), when each is its prefix and 20 characters of ALPHABET; else undefined.
 * @example
 * unpackId(packIds(['prv_' + 'a'.repeat(20), 'req_' + 'b'.repeat(20), 'http_' + 'c'.repeat(20)])!, 1) // 'req_bbb…'
 */
export function packIds(ids: readonly [string, string, string]): string | undefined {
  let acc = 0
  let bits = 0
  let n = 0
  for (let i = 0; i < 3; i++) {
    const id = ids[i]!
    const prefix = PREFIXES[i]!
    if (id.length !== prefix.length + LENGTH || !id.startsWith(prefix)) return undefined
    for (let j = prefix.length; j < id.length; j++) {
      const code = id.charCodeAt(j)
      const value = code < 128 ? VALUE[code]! : -1
      if (value < 0) return undefined
      acc = (acc << 6) | value
      bits += 6
      if (bits >= UNIT) {
        bits -= UNIT
        units[n++] = (acc >>> bits) & 0x7fff
        acc &= (1 << bits) - 1
      }
    }
  }
  const packed = String.fromCharCode.apply(null, units)
  last = { packed, ids }
  return packed
}

/** The `index`th id (0 providerTaskId, 1 requestId, 2 httpRequestId) of a string packIds made. */
export function unpackId(packed: string, index: number): string {
  if (packed === last?.packed) return last.ids[index]!
  const prefix = PREFIX_CODES[index]!
  out.length = prefix.length + LENGTH
  for (let k = 0; k < prefix.length; k++) out[k] = prefix[k]!
  for (let j = 0; j < LENGTH; j++) {
    const bit = (index * LENGTH + j) * 6
    const unit = Math.floor(bit / UNIT)
    const offset = bit - unit * UNIT
    // The 6 bits start `offset` bits into this unit and may run into the next.
    const pair = (packed.charCodeAt(unit) << UNIT) | (unit + 1 < UNITS ? packed.charCodeAt(unit + 1) : 0)
    out[prefix.length + j] = CODES[(pair >>> (2 * UNIT - offset - 6)) & 63]!
  }
  return String.fromCharCode.apply(null, out)
}
