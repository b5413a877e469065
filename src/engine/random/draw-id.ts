// Ids in the style asked for (`--id-style`): base62, UUID v4, numeric or long, drawn from the seeded source.
import type { IdStyle } from '../../contract/id-style.js'
import type { Random } from './random.js'

const HEX = '0123456789abcdef'
const DIGITS = '0123456789'
/** RFC 3986's unreserved characters: every character a URL path segment carries unencoded. */
export const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~'

/** Shortest and longest numeric ids; a 19-digit one starts with 1–8, so it stays below 2^63. */
export const NUMERIC_DIGITS = { min: 12, max: 19 } as const
export const LONG_LENGTH = 64

function draw(random: Random, alphabet: string, length: number, into: string[] = []): string[] {
  for (let i = 0; i < length; i++) into.push(alphabet[random.int(0, alphabet.length - 1)]!)
  return into
}

/**
 * A UUID v4: 122 random bits, version nibble 4, variant bits 10.
 * @example
 * uuidV4(new Random(7)) // 'xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx'
 */
export function uuidV4(random: Random): string {
  const hex = draw(random, HEX, 30)
  const variant = HEX[random.int(8, 11)]!
  const s = hex.join('')
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-4${s.slice(12, 15)}-${variant}${s.slice(15, 18)}-${s.slice(18, 30)}`
}

/**
 * A decimal string of 12 to 19 digits without a leading zero, at most 2^63 - 1.
 * @example
 * numericId(new Random(7)) // e.g. '4737109823412390611'
 */
export function numericId(random: Random): string {
  const length = random.int(NUMERIC_DIGITS.min, NUMERIC_DIGITS.max)
  const first = DIGITS[random.int(1, length === NUMERIC_DIGITS.max ? 8 : 9)]!
  return draw(random, DIGITS, length - 1, [first]).join('')
}

/**
 * 64 characters from the whole URL-safe alphabet, '.' and '~' among them.
 * @example
 * longId(new Random(7)).length // 64
 */
export function longId(random: Random): string {
  return draw(random, URL_SAFE, LONG_LENGTH).join('')
}

/**
 * An id of `style` from the seeded Random. `prefix` (tsk_, prv_, req_, http_) belongs to the
 * prefixed style only, which draws exactly what Random#id always drew.
 * @example
 * drawId(new Random(7), 'prefixed', 'tsk_') // 'tsk_4MrIYxv4guGNn4hUdsV1'
 * drawId(new Random(7), 'uuid', 'tsk_') // a UUID v4
 */
export function drawId(random: Random, style: IdStyle, prefix: string): string {
  switch (style) {
    case 'prefixed':
      return random.id(prefix)
    case 'uuid':
      return uuidV4(random)
    case 'numeric':
      return numericId(random)
    case 'long':
      return longId(random)
  }
}
