import { describe, expect, it } from 'vitest'
import { LIMITS } from '../../contract/limits.js'
import { bundledScenarios } from './bundled-scenarios.js'

/** The interface's numbers that live in bundled scenario files, checked against the limits table. */

const byName = (name: string) => bundledScenarios.find((entry) => entry.scenario.name === name)!.scenario

describe('bundled scenarios and the interface limits', () => {
  it('upstream-a-grace fails an unknown task exactly at the grace window, with a refund', () => {
    const [, unknownTask] = byName('upstream-a-grace').rules
    const failure = unknownTask!.timeline!.find((step) => step.set?.status === 2)!
    expect(failure.at).toBe(`${LIMITS.upstreamAGraceSeconds}s`)
    expect(failure.refund).toBe(true)
    expect(failure.set?.errorCode).toBe('UPSTREAM_TASK_NOT_FOUND')
  })

  it('expired and unknown relay tasks are never refunded; upstream failures always are', () => {
    for (const { scenario } of bundledScenarios) {
      for (const step of scenario.rules.flatMap((rule) => rule.timeline ?? [])) {
        const code = step.set?.errorCode
        if (code === 'RELAY_TASK_EXPIRED' || code === 'RELAY_TASK_UNKNOWN')
          expect(step.refund, `${scenario.name} ${code}`).toBe(false)
        if (code === 'UPSTREAM_FAILED' || code === 'UPSTREAM_TASK_NOT_FOUND')
          expect(step.refund, `${scenario.name} ${code}`).toBe(true)
      }
    }
  })
})
