/**
 * One page of entries already newest first (seq descending), as the control API's listings answer
 * (README, Pages): `limit` entries after skipping `offset`, below the seq a `cursor` names; `total`
 * counts them all, `nextCursor` is present when more follow. The query is read by the contract's
 * schemas (control-journal.ts); the task list pages in the store itself, without a copy.
 * @example
 * pageOf(engine.journal.find(filter), { limit: 100, cursor: '120' }) // { total, items, nextCursor? }
 */
export function pageOf<T extends { seq: number }>(
  entries: readonly T[],
  { limit, offset = 0, cursor }: { limit: number; offset?: number | undefined; cursor?: string | undefined },
): { total: number; items: T[]; nextCursor?: string } {
  const before = cursor === undefined ? undefined : Number(cursor)
  const from = before === undefined ? 0 : entries.findIndex((entry) => entry.seq < before)
  const start = (from < 0 ? entries.length : from) + offset
  const items = entries.slice(start, start + limit)
  const more = start + limit < entries.length && items.length > 0
  return { total: entries.length, items, ...(more ? { nextCursor: String(items.at(-1)!.seq) } : {}) }
}
