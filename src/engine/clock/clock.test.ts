import { describe, expect, it } from 'vitest'
import { Clock } from './clock.js'
import { Problem } from '../problem.js'

const START = Date.parse('2026-01-01T00:00:00.000Z')

/** A wall clock the test moves by hand. */
function fakeWall(at = 1_000_000) {
  const wall = { at, now: () => wall.at }
  return wall
}

function thrown(fn: () => unknown): unknown {
  try {
    fn()
  } catch (error) {
    return error
  }
  throw new Error('expected a throw')
}

describe('Clock', () => {
  it('starts at the given simulated start', () => {
    const wall = fakeWall()
    expect(new Clock({ mode: 'manual', start: START, wallNow: wall.now }).now()).toBe(START)
    expect(new Clock({ mode: 'real', start: START, wallNow: wall.now }).now()).toBe(START)
  })

  it('defaults its start to the wall time at creation', () => {
    const wall = fakeWall(START + 123)
    expect(new Clock({ wallNow: wall.now }).now()).toBe(START + 123)
  })

  it('in real mode follows wall time × speed', () => {
    const wall = fakeWall()
    const clock = new Clock({ mode: 'real', speed: 10, start: START, wallNow: wall.now })
    wall.at += 1500
    expect(clock.now()).toBe(START + 15_000)
    wall.at += 500
    expect(clock.now()).toBe(START + 20_000)
    expect(clock.state).toEqual({ mode: 'real', speed: 10, now: new Date(START + 20_000).toISOString() })
  })

  it('in real mode at speed 1 moves exactly with the wall clock', () => {
    const wall = fakeWall()
    const clock = new Clock({ mode: 'real', start: START, wallNow: wall.now })
    wall.at += 42_000
    expect(clock.now()).toBe(START + 42_000)
  })

  it('in manual mode does not move with the wall clock, only on advance', () => {
    const wall = fakeWall()
    const clock = new Clock({ mode: 'manual', start: START, wallNow: wall.now })
    wall.at += 3_600_000
    expect(clock.now()).toBe(START)
    clock.advance(30)
    expect(clock.now()).toBe(START + 30_000)
    wall.at += 3_600_000
    expect(clock.now()).toBe(START + 30_000)
    clock.advance(0.5)
    expect(clock.now()).toBe(START + 30_500)
  })

  it('advance also works in real mode, on top of wall time', () => {
    const wall = fakeWall()
    const clock = new Clock({ mode: 'real', speed: 2, start: START, wallNow: wall.now })
    wall.at += 1000
    clock.advance(60)
    expect(clock.now()).toBe(START + 2000 + 60_000)
    wall.at += 1000
    expect(clock.now()).toBe(START + 4000 + 60_000)
  })

  it('set({ now }) moves time forward to exactly that instant', () => {
    const wall = fakeWall()
    const clock = new Clock({ mode: 'manual', start: START, wallNow: wall.now })
    clock.set({ now: START + 86_400_000 })
    expect(clock.now()).toBe(START + 86_400_000)
    expect(clock.state.now).toBe('2026-01-02T00:00:00.000Z')
  })

  it('set({ now }) in the past throws an invalid-request Problem and leaves the clock alone', () => {
    const wall = fakeWall()
    const clock = new Clock({ mode: 'manual', start: START, wallNow: wall.now })
    clock.advance(10)
    const error = thrown(() => clock.set({ now: START + 9_999 }))
    expect(error).toBeInstanceOf(Problem)
    const detail = (error as Problem).detail
    expect(detail.kind).toBe('invalid-request')
    if (detail.kind === 'invalid-request') expect(detail.issues.map((i) => i.path)).toContain('now')
    expect(clock.now()).toBe(START + 10_000)
  })

  it('a refused set({ now, mode, speed }) changes nothing', () => {
    const wall = fakeWall()
    const clock = new Clock({ mode: 'manual', start: START, wallNow: wall.now })
    clock.advance(10)
    expect(() => clock.set({ now: START, mode: 'real', speed: 50 })).toThrow(Problem)
    expect(clock.state.mode).toBe('manual')
    expect(clock.state.speed).toBe(1)
  })

  it('set({ now }) equal to the current time is allowed', () => {
    const clock = new Clock({ mode: 'manual', start: START, wallNow: fakeWall().now })
    expect(() => clock.set({ now: START })).not.toThrow()
    expect(clock.now()).toBe(START)
  })

  it('never goes backwards when the wall clock steps back', () => {
    const wall = fakeWall()
    const clock = new Clock({ mode: 'real', start: START, wallNow: wall.now })
    wall.at += 10_000
    expect(clock.now()).toBe(START + 10_000)
    wall.at -= 60_000 // e.g. NTP correction
    expect(clock.now()).toBeGreaterThanOrEqual(START + 10_000)
    wall.at += 5_000
    expect(clock.now()).toBeGreaterThanOrEqual(START + 10_000)
    // advance after a step back still moves forward from the time already observed
    clock.advance(1)
    expect(clock.now()).toBeGreaterThanOrEqual(START + 11_000)
  })

  it('readings are monotonic over an erratic wall clock', () => {
    const wall = fakeWall()
    const clock = new Clock({ mode: 'real', speed: 3, start: START, wallNow: wall.now })
    let last = clock.now()
    const jumps = [500, -2000, 100, 7000, -7000, -1, 1, 3000, -100_000, 250]
    for (const jump of jumps) {
      wall.at += jump
      const now = clock.now()
      expect(now).toBeGreaterThanOrEqual(last)
      last = now
    }
  })

  it('changing speed keeps the current time continuous', () => {
    const wall = fakeWall()
    const clock = new Clock({ mode: 'real', speed: 1, start: START, wallNow: wall.now })
    wall.at += 10_000
    expect(clock.now()).toBe(START + 10_000)
    clock.set({ speed: 100 })
    expect(clock.now()).toBe(START + 10_000) // no jump at the change
    wall.at += 1_000
    expect(clock.now()).toBe(START + 10_000 + 100_000) // only later wall time runs at the new speed
    clock.set({ speed: 0.5 })
    expect(clock.now()).toBe(START + 110_000)
    wall.at += 2_000
    expect(clock.now()).toBe(START + 111_000)
    expect(clock.state.speed).toBe(0.5)
  })

  it('switching mode keeps the current time continuous', () => {
    const wall = fakeWall()
    const clock = new Clock({ mode: 'real', start: START, wallNow: wall.now })
    wall.at += 5_000
    clock.set({ mode: 'manual' })
    expect(clock.now()).toBe(START + 5_000)
    wall.at += 60_000
    expect(clock.now()).toBe(START + 5_000)
    clock.set({ mode: 'real' })
    expect(clock.now()).toBe(START + 5_000) // the wall time spent in manual mode is not replayed
    wall.at += 1_000
    expect(clock.now()).toBe(START + 6_000)
  })

  it('a negative advance never moves time backwards', () => {
    const clock = new Clock({ mode: 'manual', start: START, wallNow: fakeWall().now })
    clock.advance(60)
    clock.advance(-30)
    expect(clock.now()).toBeGreaterThanOrEqual(START + 60_000)
  })

  it('reports whole milliseconds so ISO strings are exact', () => {
    const wall = fakeWall()
    const clock = new Clock({ mode: 'real', speed: 1.5, start: START, wallNow: wall.now })
    wall.at += 1
    expect(Number.isInteger(clock.now())).toBe(true)
  })
})

describe('Clock.save and restore', () => {
  it('a manual clock keeps its saved time, however long the wall clock ran meanwhile', () => {
    const wall = fakeWall()
    const clock = new Clock({ mode: 'manual', start: START, wallNow: wall.now })
    clock.advance(90)
    const saved = clock.save()
    wall.at += 3_600_000
    const restored = new Clock({ mode: 'real', wallNow: wall.now })
    restored.restore(saved)
    expect(restored.state).toEqual({ mode: 'manual', speed: 1, now: new Date(START + 90_000).toISOString() })
  })

  it('a real clock goes on by the wall time since it was saved, at its speed', () => {
    const wall = fakeWall()
    const clock = new Clock({ mode: 'real', speed: 10, start: START, wallNow: wall.now })
    wall.at += 100
    const saved = clock.save()
    wall.at += 2_000
    const restored = new Clock({ mode: 'manual', wallNow: wall.now })
    restored.restore(saved)
    expect(restored.now()).toBe(START + 21_000)
    expect(restored.now()).toBe(clock.now())
    wall.at += 500
    expect(restored.now()).toBe(START + 26_000)
  })
})
