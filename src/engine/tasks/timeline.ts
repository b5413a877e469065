// A scenario's timeline steps, planned for one task: when each runs and what it changes.
import { parseSpan, type Span } from '../../contract/duration.js'
import type { TaskChange, TimelineStepInput } from '../../contract/scenario.js'
import type { Random } from '../random/random.js'

/** A change to a task and its ledger effect: what a timeline step or a forced transition does. */
export interface Change {
  set?: TaskChange | undefined
  /** Give the pre-debited credits back (at most once per task). */
  refund?: boolean | undefined
}

/** When a step of a scenario's timeline happens, parsed from its `at`. */
export type StepTime = { kind: 'after'; span: Span } | { kind: 'expiry' } | { kind: 'poll'; n: number }

export interface PlannedStep extends Change {
  at: StepTime
}

/** A step placed on one task's life: at a simulated time, or at its Nth poll. */
export type ScheduledStep = ({ kind: 'time'; at: number } | { kind: 'poll'; n: number }) & Change
export type TimedStep = Extract<ScheduledStep, { kind: 'time' }>
export type PollStep = Extract<ScheduledStep, { kind: 'poll' }>

/** The interface's own rule, whatever the scenario: what an expired relay task says (as relay-expiry.json does). */
const RELAY_EXPIRED_MESSAGE = 'The relay task expired before it finished.'

/**
 * A step as a scenario file writes it, parsed once when the scenario is loaded.
 * @example
 * planStep({ at: '30s..120s', set: { status: 1 } })
 * // { at: { kind: 'after', span: { min: 30000, max: 120000 } }, set: { status: 1 } }
 */
export function planStep({ at, set, refund }: TimelineStepInput): PlannedStep {
  const poll = typeof at === 'string' ? /^poll (\d+)$/.exec(at) : null
  const time: StepTime =
    at === 'expiry'
      ? { kind: 'expiry' }
      : poll
        ? { kind: 'poll', n: Number(poll[1]) }
        : { kind: 'after', span: parseSpan(at)! }
  return { at: time, set, refund }
}

/**
 * Places a timeline on one task: ranges are drawn from the seed, in the order the steps are written,
 * and `expiry` is the task's expiresAt. The interface's own rule follows the scenario's steps: a
 * relay task still pending at expiresAt expires, without a refund, unless the scenario said otherwise first.
 * @example
 * scheduleSteps(plan.timeline, task, random) // [{ kind: 'time', at: 1767225607000, set: { status: 1 } }]
 */
export function scheduleSteps(
  steps: readonly PlannedStep[],
  task: { readonly createdAt: number; readonly expiresAt?: number | undefined },
  random: Random,
): ScheduledStep[] {
  const scheduled: ScheduledStep[] = []
  for (const { at, set, refund } of steps) {
    if (at.kind === 'poll') scheduled.push({ kind: 'poll', n: at.n, set, refund })
    else if (at.kind === 'after')
      scheduled.push({ kind: 'time', at: task.createdAt + random.within(at.span), set, refund })
    else if (task.expiresAt !== undefined) scheduled.push({ kind: 'time', at: task.expiresAt, set, refund })
  }
  if (task.expiresAt !== undefined) {
    scheduled.push({
      kind: 'time',
      at: task.expiresAt,
      set: { status: 2, relayStatus: 'expired', errorCode: 'RELAY_TASK_EXPIRED', errorMessage: RELAY_EXPIRED_MESSAGE },
      refund: false,
    })
  }
  return scheduled
}
