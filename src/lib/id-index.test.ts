import { describe, expect, it } from 'vitest'
import { hashOf, IdIndex } from './id-index.js'

type Row = { id: string; n: number }

describe('IdIndex', () => {
  it('finds, replaces, deletes and lists as a Map does, in the order records were added', () => {
    const index = new IdIndex<Row>()
    const model = new Map<string, Row>()
    let seed = 7
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32
    for (let step = 0; step < 60_000; step++) {
      // Few distinct ids, so that replacing, deleting and probing past deleted slots all happen.
      const id = `tsk_${Math.floor(next() * 5000)}`
      const roll = next()
      if (roll < 0.55) {
        const row = { id, n: step }
        index.set(row)
        model.set(id, row)
      } else if (roll < 0.9) expect(index.delete(id)).toBe(model.delete(id))
      else expect(index.get(id)).toBe(model.get(id))
      if (step % 5000 === 0) expect(index.list()).toEqual([...model.values()])
    }
    expect(index.size).toBe(model.size)
    for (const id of model.keys()) expect(index.has(id)).toBe(true)
    expect(index.list()).toEqual([...model.values()])
    expect(index.get('tsk_none')).toBeUndefined()
  })

  it('keeps a replaced record in its place in the order, and starts afresh when cleared', () => {
    const index = new IdIndex<Row>()
    for (const id of ['a', 'b', 'c']) index.set({ id, n: 0 })
    index.set({ id: 'a', n: 1 })
    expect(index.list().map(({ id, n }) => `${id}${n}`)).toEqual(['a1', 'b0', 'c0'])
    index.clear()
    expect([index.size, index.list(), index.get('a')]).toEqual([0, [], undefined])
  })

  it('tells apart ids whose hashes are equal', () => {
    // Two ids of one hash, found by a search over tsk_0, tsk_1, … (the first pair, at 1.8 million ids).
    const [a, b] = ['tsk_122876', 'tsk_1829400']
    expect(hashOf(a)).toBe(hashOf(b))
    const index = new IdIndex<Row>()
    index.set({ id: a, n: 1 })
    expect(index.get(b)).toBeUndefined()
    index.set({ id: b, n: 2 })
    expect([index.get(a)?.n, index.get(b)?.n, index.size]).toEqual([1, 2, 2])
    expect(index.delete(a)).toBe(true)
    expect([index.get(a), index.get(b)?.n]).toEqual([undefined, 2])
  })
})
