/**
 * Many objects of one kind as JSON without their keys repeated: the keys once, in the order they
 * first appear, then one row of values per object. A saved task's keys are over half its JSON.
 */
export interface Table {
  columns: string[]
  /** Absent fields are null, so the objects must hold no null values of their own. */
  rows: unknown[][]
}

/**
 * @example
 * toTable([{ id: 'a', n: 1 }, { id: 'b', extra: true }])
 * // { columns: ['id', 'n', 'extra'], rows: [['a', 1], ['b', null, true]] }
 */
export function toTable(objects: readonly object[]): Table {
  const columns: string[] = []
  const index = new Map<string, number>()
  const rows = objects.map((object) => {
    const row: unknown[] = []
    for (const [key, value] of Object.entries(object)) {
      if (value === undefined) continue
      let i = index.get(key)
      if (i === undefined) index.set(key, (i = columns.push(key) - 1))
      while (row.length < i) row.push(null)
      row[i] = value
    }
    return row
  })
  return { columns, rows }
}

/**
 * The objects back, each with the fields its row has.
 * @example
 * fromTable({ columns: ['id', 'n'], rows: [['a', 1], ['b', null]] }) // [{ id: 'a', n: 1 }, { id: 'b' }]
 */
export function fromTable<T>({ columns, rows }: Table): T[] {
  return rows.map((row) => {
    const object: Record<string, unknown> = {}
    row.forEach((value, i) => {
      if (value !== null) object[columns[i]!] = value
    })
    return object as T
  })
}
