/** A page of the journal stops past this many bytes of bodies (docs/control-api.md, Pages): `nextCursor` goes on. */
export const PAGE_BODY_BUDGET = 8 * 1024 * 1024

/**
 * One page of entries already newest first (seq descending), as the control API's listings answer
 * (docs/control-api.md, Pages): `limit` entries after skipping `offset`, below the seq a `cursor` names; `total`
 * counts them all, `nextCursor` is present when more follow. With `weigh`, the page also stops
 * once its entries weigh more than `PAGE_BODY_BUDGET` (it always holds one), so that an answer
 * stays bounded in bytes as in entries. The query is read by the contract's schemas
 * (control-journal.ts); the task list pages in the store itself, without a copy.
 * @example
 * pageOf(engine.journal.find(filter), { limit: 100, cursor: '120' }) // { total, items, nextCursor? }
 */
export function pageOf<T extends { seq: number }>(
  entries: readonly T[],
  { limit, offset = 0, cursor }: { limit: number; offset?: number | undefined; cursor?: string | undefined },
  weigh?: (entry: T) => number,
): { total: number; items: T[]; nextCursor?: string } {
  const before = cursor === undefined ? undefined : Number(cursor)
  const from = before === undefined ? 0 : entries.findIndex((entry) => entry.seq < before)
  const start = (from < 0 ? entries.length : from) + offset
  let end = Math.min(entries.length, start + limit)
  if (weigh) {
    let weight = 0
    for (let i = start; i < end; i++) {
      weight += weigh(entries[i]!)
      if (weight > PAGE_BODY_BUDGET && i > start) end = i
    }
  }
  const items = entries.slice(start, end)
  const more = end < entries.length && items.length > 0
  return { total: entries.length, items, ...(more ? { nextCursor: String(items.at(-1)!.seq) } : {}) }
}
