import type { TaskRecord } from './task-record.js'
import type { Random } from './random.js'
import { LIMITS } from '../contract/limits.js'

/** One scheduled change in a task's life, `after` milliseconds after acceptance. */
export interface TimelineStep {
  after: number
  set?: Partial<Pick<TaskRecord, 'status' | 'relayStatus' | 'errorCode' | 'errorMessage' | 'upstreamHttpStatus' | 'submissionUncertain'>>
  /** Give the pre-debited credits back (at most once per task). */
  refund?: boolean
  /** upstream-a: from now on the upstream knows the task. */
  upstreamSeen?: boolean
  /** Applies only while the upstream does not know the task yet. */
  onlyIfUpstreamUnseen?: boolean
}

/** What decides a task's life: today the default lifecycle; scenarios plug in here. */
export type Lifecycle = (task: TaskRecord, random: Random) => TimelineStep[]

export const ERROR_MESSAGES = {
  RELAY_TASK_EXPIRED: 'The relay task expired before it finished.',
  UPSTREAM_TASK_NOT_FOUND: 'The upstream provider does not know this task.',
} as const

/**
 * The default life (PRODUCT §2): images finish in 4–12 s, videos in 30–120 s, drawn from the seed;
 * relay tasks go queued → running → succeeded; upstream-a tasks become known to the upstream
 * after 1–5 s, well inside the grace window.
 * @example
 * defaultLifecycle(task, random) // [{ after: 7000, set: { status: 1 } }]
 */
export const defaultLifecycle: Lifecycle = (task, random) => {
  const done = (task.type === 'image' ? random.int(4, 12) : random.int(30, 120)) * 1000
  const steps: TimelineStep[] = []
  if (task.provider === 'upstream-a') steps.push({ after: random.int(1, 5) * 1000, upstreamSeen: true })
  if (task.provider === 'relay') steps.push({ after: Math.floor(done / 3), set: { relayStatus: 'running' } })
  steps.push({ after: done, set: task.provider === 'relay' ? { status: 1, relayStatus: 'succeeded' } : { status: 1 } })
  return steps
}

/**
 * Steps the interface's rules add to every life, whatever decides it: a relay task still pending
 * at expiresAt expires without refund; an upstream-a task the upstream still does not know after
 * the grace window fails with a refund.
 * @example
 * ruleSteps(relayTask) // [{ after: 3600000, set: { status: 2, relayStatus: 'expired', … }, refund: false }]
 */
export function ruleSteps(task: TaskRecord): TimelineStep[] {
  const steps: TimelineStep[] = []
  if (task.provider === 'relay' && task.expiresAt !== undefined) {
    steps.push({
      after: task.expiresAt - task.createdAt,
      set: { status: 2, relayStatus: 'expired', errorCode: 'RELAY_TASK_EXPIRED', errorMessage: ERROR_MESSAGES.RELAY_TASK_EXPIRED },
      refund: false,
    })
  }
  if (task.provider === 'upstream-a') {
    steps.push({
      after: LIMITS.upstreamAGraceSeconds * 1000,
      onlyIfUpstreamUnseen: true,
      set: { status: 2, errorCode: 'UPSTREAM_TASK_NOT_FOUND', errorMessage: ERROR_MESSAGES.UPSTREAM_TASK_NOT_FOUND, upstreamHttpStatus: 404 },
      refund: true,
    })
  }
  return steps
}
