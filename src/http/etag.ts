/**
 * Conditional GETs of the control API (RFC 9110 §8.8.3, §13.1.2): a strong ETag from the body
 * bytes, and whether an If-None-Match header names it. The dashboard polls with If-None-Match, so
 * a poll that finds nothing changed is a bodiless 304.
 */

/**
 * 64-bit FNV-1a of the UTF-8 bytes of `body`, in two 32-bit halves (no BigInt, no copy of the text):
 * the prime 2^40 + 0x1b3 multiplies as `× 0x1b3` plus the low half shifted into the high one.
 */
function fnv1a64(body: string | Uint8Array): string {
  let hi = 0xcbf29ce4
  let lo = 0x84222325
  const byte = (b: number) => {
    lo = (lo ^ b) >>> 0
    const low = lo * 0x1b3 // below 2^41: exact
    hi = (hi * 0x1b3 + Math.floor(low / 0x1_0000_0000) + ((lo << 8) >>> 0)) >>> 0
    lo = low >>> 0
  }
  if (typeof body !== 'string') for (const b of body) byte(b)
  else {
    for (let i = 0; i < body.length; i++) {
      let code = body.charCodeAt(i)
      if (code < 0x80) byte(code)
      else if (code < 0x800) {
        byte(0xc0 | (code >> 6))
        byte(0x80 | (code & 0x3f))
      } else {
        const next = body.charCodeAt(i + 1)
        if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00)
          i++
          byte(0xf0 | (code >> 18))
          byte(0x80 | ((code >> 12) & 0x3f))
        } else {
          if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd // a lone surrogate, as TextEncoder writes it
          byte(0xe0 | (code >> 12))
        }
        byte(0x80 | ((code >> 6) & 0x3f))
        byte(0x80 | (code & 0x3f))
      }
    }
  }
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0')
}

/**
 * A strong ETag for a body: its 64-bit FNV-1a, quoted.
 * @example
 * etagOf('{"ok":true}') // '"…16 hex digits…"'
 * etagOf('') // '"cbf29ce484222325"'
 */
export const etagOf = (body: string | Uint8Array) => `"${fnv1a64(body)}"`

/**
 * Whether an If-None-Match header names `etag`: `*`, or a list of entity tags compared weakly
 * (a `W/` prefix on either side is ignored, as RFC 9110 asks of If-None-Match).
 * @example
 * noneMatch('W/"abc", "def"', '"abc"') // true
 * noneMatch('"abc"', '"abd"') // false
 */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false
  if (header.trim() === '*') return true
  const opaque = etag.replace(/^W\//, '')
  for (const [, tag] of header.matchAll(/(?:W\/)?("[^"]*")/g)) if (tag === opaque) return true
  return false
}
