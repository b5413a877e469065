import { describe, expect, it } from 'vitest'
import { fromTable, toTable } from './keyed-table.js'

describe('table', () => {
  it('gives back objects with the same fields, absent ones absent', () => {
    const objects = [{ id: 'a', n: 1 }, { id: 'b', extra: { deep: [1, 2] } }, { n: 0, id: 'c', flag: false }, {}]
    const table = toTable(objects)
    expect(table).toEqual({
      columns: ['id', 'n', 'extra', 'flag'],
      rows: [['a', 1], ['b', null, { deep: [1, 2] }], ['c', 0, null, false], []],
    })
    expect(fromTable(JSON.parse(JSON.stringify(table)))).toEqual(objects)
  })

  it('leaves out fields that are undefined', () => {
    expect(fromTable(toTable([{ a: 1, b: undefined }]))).toStrictEqual([{ a: 1 }])
  })
})
