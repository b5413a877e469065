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
  const rows = new TableRows()
  return { rows: objects.map((object) => rows.row(object)), columns: rows.columns }
}

/**
 * A table's rows made one object at a time, for a writer that serialises a slice of them per turn;
 * `columns` is whole once the last row is made.
 * @example
 * const table = new TableRows()
 * const rows = objects.map((object) => table.row(object)) // then table.columns
 */
export class TableRows {
  readonly columns: string[] = []
  readonly #index = new Map<string, number>()

  row(object: object): unknown[] {
    const row: unknown[] = []
    // Its keys, not Object.entries: no pair is made per field (a whole --state save makes a row per task).
    const keys = Object.keys(object)
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k]!
      const value = (object as Record<string, unknown>)[key]
      if (value === undefined) continue
      let i = this.#index.get(key)
      if (i === undefined) this.#index.set(key, (i = this.columns.push(key) - 1))
      while (row.length < i) row.push(null)
      row[i] = value
    }
    return row
  }
}

/**
 * The objects back, each with the fields its row has.
 * @example
 * fromTable({ columns: ['id', 'n'], rows: [['a', 1], ['b', null]] }) // [{ id: 'a', n: 1 }, { id: 'b' }]
 */
export function fromTable<T>({ columns, rows }: Table): T[] {
  // Plain loops: a restore reads 100 000 rows at start (docs/state.md, Crash safety and cost).
  const objects = new Array<T>(rows.length)
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!
    const object: Record<string, unknown> = {}
    for (let i = 0; i < row.length; i++) if (row[i] !== null) object[columns[i]!] = row[i]
    objects[r] = object as T
  }
  return objects
}
