// What a task's life (task-life.ts) shows outside itself: a pending task's steps read from its record,
// a life as saved, and a change as an advance of its clock reports it.
import type { TaskStatus } from '../../contract/task-status.js'
import { Upcoming } from './steps-to-come.js'
import { DUE, UPCOMING, type TaskRecord } from './task-record.js'
import type { PollStep, TimedStep } from './timeline.js'

/** A life as saved: what is still to come for its tasks. */
export interface SavedLife {
  /** The pending tasks' timed steps, in the order they run; each one's `at` is when. */
  events: { taskId: string; step: TimedStep }[]
  polls: [taskId: string, steps: PollStep[]][]
  pending: string[]
  /** Events of tasks that finished first: a save lists none (0), and a restore drops those an older save has. */
  stale: number
}

/** A change applied to a task, as a clock advance reports it. */
export interface TaskChange {
  taskId: string
  /** ISO 8601, the simulated time it took effect. */
  at: string
  status: TaskStatus
  relayStatus?: string
}

/** The `polls` of the tasks that have none (most): one array, never added to. */
export const NO_POLLS: PollStep[] = []

/**
 * A pending task's steps to come, whichever way its record keeps them (in whichever life);
 * undefined once it is terminal.
 * @example
 * stepsOf(task) // { timed: [{ kind: 'time', at: 1767225612000, set: { status: 1 } }], polls: [] }
 */
export function stepsOf(task: TaskRecord): { timed: readonly TimedStep[]; polls: readonly PollStep[] } | undefined {
  const steps = task[UPCOMING]
  if (!steps || steps instanceof Upcoming) return steps
  if (!steps.change) return { timed: [], polls: NO_POLLS }
  const { set, refund } = steps.change
  return { timed: [{ kind: 'time', at: task[DUE]!, set, refund }], polls: NO_POLLS }
}
