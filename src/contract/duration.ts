/** Durations as scenario files write them: `500ms`, `15s`, `2m`, `1h`, `1m30s`; a bare number is seconds. */

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const
const PART = /(\d+(?:\.\d+)?)(ms|s|m|h)/y
/** Longest duration a scenario may state: a week, far beyond any task's life. */
export const MAX_DURATION_MS = 7 * 24 * 3_600_000

/**
 * Milliseconds in a duration, or undefined when the text is not one or it is longer than a week.
 * @example
 * parseDuration('1m30s') // 90000
 * parseDuration(2.5) // 2500
 */
export function parseDuration(value: string | number): number | undefined {
  const ms = typeof value === 'number' ? (value >= 0 ? Math.round(value * 1000) : undefined) : parseText(value)
  return ms !== undefined && ms <= MAX_DURATION_MS ? ms : undefined
}

function parseText(value: string): number | undefined {
  let total = 0
  PART.lastIndex = 0
  while (PART.lastIndex < value.length) {
    const start = PART.lastIndex
    const match = PART.exec(value)
    if (!match || match.index !== start) return undefined
    total += Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS]
  }
  return value.length > 0 ? Math.round(total) : undefined
}

/** A fixed duration or a range `lo..hi`, in milliseconds. */
export interface Span {
  min: number
  max: number
}

/**
 * A duration or a range of them, or undefined when the text is neither or the range is backwards.
 * @example
 * parseSpan('30s..120s') // { min: 30000, max: 120000 }
 * parseSpan('15s') // { min: 15000, max: 15000 }
 */
export function parseSpan(value: string | number): Span | undefined {
  const [lo, hi, extra] = typeof value === 'string' ? value.split('..') : [value]
  if (extra !== undefined) return undefined
  const min = parseDuration(lo!)
  const max = hi === undefined ? min : parseDuration(hi)
  if (min === undefined || max === undefined || max < min) return undefined
  return { min, max }
}
