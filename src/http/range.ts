/**
 * HTTP byte-range parsing (RFC 9110 §14) for serving media previews.
 *
 * Only a single range is supported: browsers' <video> elements ask for one
 * range at a time, and multipart/byteranges responses are not worth the
 * complexity for a simulator. Anything we don't understand returns null so
 * the caller falls back to a plain 200 with the whole body, which the RFC
 * explicitly allows (a server MAY ignore the Range header).
 */

const RANGE_RE = /^bytes=(\d*)-(\d*)$/i

/**
 * Parses a `Range` header against a representation of `size` bytes.
 *
 * - `{ start, end }` (inclusive, `end` clamped to size-1): answer 206.
 * - `'unsatisfiable'`: answer 416 with the unsatisfied-range form of
 *   Content-Range ("bytes ", an asterisk, then "/" + size).
 * - `null`: no header, not a single bytes range, or malformed: answer 200.
 *
 * @example
 * parseRange('bytes=0-99', 1000);   // { start: 0, end: 99 }
 * parseRange('bytes=-100', 1000);   // { start: 900, end: 999 }
 * parseRange('bytes=1000-', 1000);  // 'unsatisfiable'
 * parseRange('bytes=0-1,5-6', 1000); // null (multi-range: serve whole file)
 */
export function parseRange(
  header: string | null,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (header === null) return null
  // A comma means several ranges (or junk); serving 200 is always valid.
  if (header.includes(',')) return null
  const m = RANGE_RE.exec(header.trim())
  if (!m) return null
  const [, first = '', last = ''] = m

  if (first === '') {
    if (last === '') return null // "bytes=-" names no range at all
    // Suffix form: the final N bytes. N=0, or an empty body, selects nothing.
    const suffix = Number(last)
    if (suffix === 0 || size <= 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }

  const start = Number(first)
  const end = last === '' ? Infinity : Number(last)
  // last < first is syntactically invalid, so the header is ignored, not 416.
  if (end < start) return null
  if (start >= size) return 'unsatisfiable'
  return { start, end: Math.min(end, size - 1) }
}
