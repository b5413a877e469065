import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { OrderedMap } from './ordered-map.js'

/** A full collection, from a test: the flag set at run time, `gc` taken from a fresh context. */
function collect(): void {
  setFlagsFromString('--expose-gc')
  ;(runInNewContext('gc') as () => void)()
}

describe('OrderedMap', () => {
  it('lets the value of an entry deleted go, while the entry waits in the queue', async () => {
    const map = new OrderedMap<string, object>()
    const refs = ['oldest', 'deleted', 'set again'].map((key) => {
      const value = { key }
      map.set(key, value)
      return new WeakRef(value)
    })
    map.delete('deleted')
    map.deleteOldest() // 'oldest'
    map.delete('set again')
    map.set('set again', { key: 'new' })
    map.set('kept', { key: 'kept' })
    await new Promise((resolve) => setImmediate(resolve)) // WeakRefs hold their targets for the turn
    collect()
    expect(refs.map((ref) => ref.deref())).toEqual([undefined, undefined, undefined])
    expect(map.queued).toBeGreaterThan(map.size) // the spent entries are still queued: only their values went
    expect(map.entries()).toEqual([
      ['set again', { key: 'new' }],
      ['kept', { key: 'kept' }],
    ])
  })

  it('orders entries by when they were last set, and finds the oldest past deleted and re-set ones', () => {
    const map = new OrderedMap<string, number>()
    for (const [key, value] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ] as const)
      map.set(key, value)
    map.set('a', 5)
    map.delete('b')
    expect(map.oldest()).toEqual(['c', 3])
    expect(map.entries()).toEqual([
      ['c', 3],
      ['d', 4],
      ['a', 5],
    ])
    map.deleteOldest()
    expect([map.size, map.has('c'), map.get('d'), map.oldest()]).toEqual([2, false, 4, ['d', 4]])
    expect([map.replace('d', 6), map.replace('c', 7)]).toEqual([true, false])
    expect(map.entries()).toEqual([
      ['d', 6],
      ['a', 5],
    ])
    map.clear()
    expect([map.size, map.oldest(), map.entries()]).toEqual([0, undefined, []])
  })

  it('stays in order over many more sets and deletions than it holds, as a bounded store uses it', () => {
    const map = new OrderedMap<number, number>()
    for (let i = 0; i < 100_000; i++) {
      map.set(i, i)
      if (i % 2 === 0) map.set(i - 1, -i) // an update moves it last
      if (i % 7 === 0) map.delete(i - 3)
      while (map.size > 100) map.deleteOldest()
    }
    expect(map.queued).toBeLessThanOrEqual(2 * map.size + 1024)
    const entries = map.entries()
    expect(entries).toHaveLength(100)
    expect(entries.at(-1)).toEqual([99_999, 99_999])
    // Oldest first: each entry was set no later than the next one.
    const setAt = (key: number, value: number) => (value < 0 ? -value : key)
    expect(entries.every(([key, value], i) => i === 0 || setAt(...entries[i - 1]!) <= setAt(key, value))).toBe(true)
  })
})
