import { describe, expect, it } from 'vitest'
import { Random } from '../random/random.js'
import { planStep, scheduleSteps } from './timeline.js'
import { pendingRecord } from './task-record.fixtures.js'

const steps = [
  planStep({ at: '5s', set: { status: 1 } }),
  planStep({ at: 'poll 2', set: { relayStatus: 'running' } }),
  planStep({ at: 'expiry', set: { status: 2 }, refund: false }),
]

describe('scheduleSteps', () => {
  it("places a relay task's steps in the order written, its expiry at expiresAt, then the interface's rule", () => {
    const task = { ...pendingRecord('t1', { at: 1000 }), provider: 'relay' as const, expiresAt: 9000 }
    const scheduled = scheduleSteps(steps, task, new Random(1))
    expect(scheduled).toEqual([
      { kind: 'time', at: 6000, set: { status: 1 }, refund: undefined },
      { kind: 'poll', n: 2, set: { relayStatus: 'running' }, refund: undefined },
      { kind: 'time', at: 9000, set: { status: 2 }, refund: false },
      expect.objectContaining({ kind: 'time', at: 9000, set: expect.objectContaining({ relayStatus: 'expired' }) }),
    ])
    expect(Object.keys(scheduled)).toHaveLength(4) // no holes
  })

  it('leaves out an expiry step of a task that never expires, with no hole where it was', () => {
    const scheduled = scheduleSteps(steps, pendingRecord('t1', { at: 1000 }), new Random(1))
    expect(scheduled.map((step) => step.kind)).toEqual(['time', 'poll'])
    expect(Object.keys(scheduled)).toHaveLength(2)
  })
})
