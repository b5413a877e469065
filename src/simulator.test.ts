// The composition root's wall-time wait for a scenario's submit latency (docs/scenarios.md, Writing one).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { wallSleep } from './simulator.js'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('wallSleep', () => {
  it('does not resolve before the latency has passed by performance.now, even when a timer fires early', async () => {
    let now = 1000
    vi.spyOn(performance, 'now').mockImplementation(() => now)
    const delays: number[] = []
    // A timer that fires at once and moves the clock only 0.6 of what it was asked for (as an early timer does).
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((wake: () => void, ms: number) => {
      delays.push(ms)
      now += ms * 0.6
      queueMicrotask(wake)
      return 0 as unknown as NodeJS.Timeout
    }) as typeof setTimeout)
    await wallSleep(200)
    expect(now).toBeGreaterThanOrEqual(1200)
    expect(delays[0]).toBe(200)
    expect(delays.length).toBeGreaterThan(1)
  })

  it('waits out the latency with real timers', async () => {
    const started = performance.now()
    await wallSleep(20)
    expect(performance.now() - started).toBeGreaterThanOrEqual(20)
  })
})
