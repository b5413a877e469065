import type { ValidationIssue } from '../contract/errors.js'

/**
 * Paging of the control API's listings (README, Control API: pages): `limit` (1–1000, default
 * 100), then either `offset` (matches to skip) or `cursor` (the `nextCursor` of the page before),
 * or both. Answers stay bounded: a page is at most 1000 entries.
 */
export const MAX_PAGE = 1000
const DEFAULT_PAGE = 100

export interface Paging {
  limit: number
  offset: number
  /** The seq the page starts below: what a `cursor` says. */
  before?: number | undefined
}

/**
 * The paging a query asks for, with an issue per bad parameter (for a 400 naming them all).
 * @example
 * pagingOf(new URLSearchParams('limit=50&cursor=120'), issues) // { limit: 50, offset: 0, before: 120 }
 */
export function pagingOf(query: URLSearchParams, issues: ValidationIssue[], defaultLimit = DEFAULT_PAGE): Paging {
  const whole = (name: string, fallback: number | undefined, min: number, max: number, message: string) => {
    const text = query.get(name)
    if (text === null) return fallback
    if (/^\d{1,15}$/.test(text) && Number(text) >= min && Number(text) <= max) return Number(text)
    issues.push({ in: 'path', path: name, message })
    return fallback
  }
  const limit = whole('limit', defaultLimit, 1, MAX_PAGE, `must be an integer from 1 to ${MAX_PAGE}`)!
  const offset = whole('offset', 0, 0, Number.MAX_SAFE_INTEGER, 'must be a whole number')!
  const before = whole('cursor', undefined, 0, Number.MAX_SAFE_INTEGER, 'must be a nextCursor this API gave')
  return { limit, offset, before }
}

/**
 * One page of entries already newest first (seq descending): `total` counts them all.
 * @example
 * pageOf(entries, { limit: 100, offset: 0 }) // { total, items, nextCursor? }
 */
export function pageOf<T extends { seq: number }>(
  entries: readonly T[],
  { limit, offset, before }: Paging,
): { total: number; items: T[]; nextCursor?: string } {
  const from = before === undefined ? 0 : entries.findIndex((entry) => entry.seq < before)
  const start = (from < 0 ? entries.length : from) + offset
  const items = entries.slice(start, start + limit)
  const more = start + limit < entries.length && items.length > 0
  return { total: entries.length, items, ...(more ? { nextCursor: String(items.at(-1)!.seq) } : {}) }
}
