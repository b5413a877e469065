import { describe, expect, it } from 'vitest'
import { Scheduler } from './scheduler.js'

function drain<T>(scheduler: Scheduler<T>, now: number): [number, T][] {
  const ran: [number, T][] = []
  scheduler.runDue(now, (at, item) => ran.push([at, item]))
  return ran
}

describe('Scheduler', () => {
  it('keeps its order when a drained heap is made to measure, and takes events after it', () => {
    const s = new Scheduler<number>()
    // Times in a scrambled order, each once: 4,000 events, then all but 500 run, then 100 more come.
    for (let i = 0; i < 4000; i++) s.schedule((i * 7919) % 4000, i)
    const first = drain(s, 3499).map(([at]) => at)
    expect(first).toEqual(Array.from({ length: 3500 }, (_, i) => i))
    for (let i = 0; i < 100; i++) s.schedule(3999.5 - i * 10, -i)
    const rest = drain(s, Infinity).map(([at]) => at)
    expect(rest).toHaveLength(600)
    expect(rest).toEqual([...rest].sort((a, b) => a - b))
    expect(s.size).toBe(0)
  })

  it('runs events in time order, whatever order they were scheduled in', () => {
    const s = new Scheduler<string>()
    s.schedule(300, 'c')
    s.schedule(100, 'a')
    s.schedule(200, 'b')
    s.schedule(50, 'first')
    expect(drain(s, 1000)).toEqual([
      [50, 'first'],
      [100, 'a'],
      [200, 'b'],
      [300, 'c'],
    ])
    expect(s.size).toBe(0)
  })

  it('runs events due at the same time in the order they were scheduled', () => {
    const s = new Scheduler<number>()
    for (let i = 0; i < 50; i++) s.schedule(i % 2 === 0 ? 500 : 100, i)
    const ran = drain(s, 500).map(([, item]) => item)
    const odd = Array.from({ length: 25 }, (_, k) => 2 * k + 1)
    const even = Array.from({ length: 25 }, (_, k) => 2 * k)
    expect(ran).toEqual([...odd, ...even])
  })

  it('runs only the events due at or before now, and keeps the rest', () => {
    const s = new Scheduler<string>()
    s.schedule(100, 'early')
    s.schedule(200, 'on time')
    s.schedule(201, 'late')
    s.schedule(10_000, 'much later')
    expect(drain(s, 200)).toEqual([
      [100, 'early'],
      [200, 'on time'],
    ])
    expect(s.size).toBe(2)
    expect(drain(s, 200)).toEqual([])
    expect(drain(s, 5000)).toEqual([[201, 'late']])
    expect(drain(s, 10_000)).toEqual([[10_000, 'much later']])
    expect(s.size).toBe(0)
  })

  it('runs nothing when nothing is due', () => {
    const s = new Scheduler<string>()
    expect(drain(s, 1e15)).toEqual([])
    s.schedule(1000, 'x')
    expect(drain(s, 999)).toEqual([])
    expect(s.size).toBe(1)
  })

  it('also runs events scheduled during runDue that are already due, in order', () => {
    const s = new Scheduler<string>()
    s.schedule(100, 'a')
    s.schedule(400, 'd')
    const ran: [number, string][] = []
    s.runDue(500, (at, item) => {
      ran.push([at, item])
      if (item === 'a') {
        s.schedule(300, 'c') // due, after b
        s.schedule(200, 'b') // due, before c and d
        s.schedule(400, 'e') // due, ties with d but scheduled later
        s.schedule(600, 'not yet')
      }
    })
    expect(ran).toEqual([
      [100, 'a'],
      [200, 'b'],
      [300, 'c'],
      [400, 'd'],
      [400, 'e'],
    ])
    expect(s.size).toBe(1)
    expect(drain(s, 600)).toEqual([[600, 'not yet']])
  })

  it('runs an event scheduled during runDue for a time already passed', () => {
    const s = new Scheduler<string>()
    s.schedule(300, 'trigger')
    const ran: string[] = []
    s.runDue(300, (_, item) => {
      ran.push(item)
      if (item === 'trigger') s.schedule(100, 'follow-up')
    })
    expect(ran).toEqual(['trigger', 'follow-up'])
  })

  it('clear drops every pending event', () => {
    const s = new Scheduler<string>()
    s.schedule(1, 'a')
    s.schedule(2, 'b')
    s.clear()
    expect(s.size).toBe(0)
    expect(drain(s, 100)).toEqual([])
  })

  it('drains 100 000 events in time order, ties in scheduling order', () => {
    const s = new Scheduler<number>()
    const n = 100_000
    // A deterministic scramble of times with many ties.
    let state = 12345
    const times: number[] = []
    for (let i = 0; i < n; i++) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0
      times.push(state % 5000)
      s.schedule(times[i]!, i)
    }
    expect(s.size).toBe(n)
    // First a partial drain, then the rest.
    const ran: [number, number][] = []
    s.runDue(2499, (at, item) => ran.push([at, item]))
    const early = ran.length
    expect(early).toBe(times.filter((t) => t <= 2499).length)
    s.runDue(5000, (at, item) => ran.push([at, item]))
    expect(ran.length).toBe(n)
    expect(s.size).toBe(0)
    const expected = times.map((at, i) => [at, i] as [number, number]).sort((x, y) => x[0] - y[0] || x[1] - y[1])
    let mismatch = -1
    for (let i = 0; i < n; i++) {
      if (ran[i]![0] !== expected[i]![0] || ran[i]![1] !== expected[i]![1]) {
        mismatch = i
        break
      }
    }
    expect(mismatch).toBe(-1)
  })
})

describe('Scheduler.retain', () => {
  it('keeps only the accepted events and still runs them in time order', () => {
    const s = new Scheduler<number>()
    for (const at of [50, 10, 40, 20, 30, 60, 5]) s.schedule(at, at)
    s.retain((item) => item % 20 !== 0)
    expect(s.size).toBe(4)
    const ran: number[] = []
    s.runDue(100, (_, item) => ran.push(item))
    expect(ran).toEqual([5, 10, 30, 50])
  })
})

describe('Scheduler.save and restore', () => {
  it('a scheduler restored from a save runs the same events in the same order, ties included', () => {
    const s = new Scheduler<string>()
    for (const [at, item] of [
      [300, 'c'],
      [100, 'a1'],
      [200, 'b'],
      [100, 'a2'],
      [50, 'first'],
      [100, 'a3'],
    ] as const)
      s.schedule(at, item)
    drain(s, 60)
    const other = new Scheduler<string>()
    other.restore(s.save())
    expect(other.size).toBe(5)
    expect(drain(other, 1000)).toEqual(drain(s, 1000))
  })
})
