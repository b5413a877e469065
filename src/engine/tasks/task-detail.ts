// A task as the control API details it: its record, past and coming changes, ledger and requests.
import type { JournalEntry } from '../journal/journal-entry.js'
import type { LedgerEntry } from '../accounts/ledger.js'
import type { ChangeCause, HistoryEntry } from './task-history.js'
import type { TaskRecord } from './task-record.js'
import { iso } from './task-snapshot.js'
import type { ScheduledStep } from './timeline.js'

/** A past change of a task as the control API shows it: `at` in ISO 8601; no `by` for its creation. */
export interface PastChange {
  at: string
  status: TaskRecord['status']
  relayStatus?: string
  errorCode?: string
  refunded?: true
  by?: ChangeCause
}

/** A step still to come: at a simulated time (`at`) or at the owner's Nth read (`poll`), with what it sets. */
export type ComingChange = ({ at: string } | { poll: number }) & {
  status?: TaskRecord['status']
  relayStatus?: string
  errorCode?: string
  /** It gives the pre-debited credits back (unless a change before it did). */
  refund?: true
}

/** Everything the dashboard shows of one task (GET /__mock/tasks/:id); `T` is the task's view. */
export interface TaskDetail<T> {
  task: T
  history: PastChange[]
  scheduled: ComingChange[]
  /** The owner's ledger entries that name the task, oldest first. */
  ledger: LedgerEntry[]
  /** Journal entries about the task, newest first, at most REQUESTS_SHOWN. */
  requests: JournalEntry[]
}

/** How many of a task's requests the detail lists. */
export const REQUESTS_SHOWN = 50

/**
 * A history entry as the control API shows it.
 * @example
 * pastChange({ at: 0, status: 1, by: 'timeline' }) // { at: '1970-01-01T00:00:00.000Z', status: 1, by: 'timeline' }
 */
export function pastChange({ at, ...rest }: HistoryEntry): PastChange {
  return { at: iso(at), ...rest }
}

/**
 * A scheduled step as the control API shows it: when, and the status, relayStatus, errorCode and refund it brings.
 * @example
 * comingChange({ kind: 'poll', n: 3, set: { status: 1 } }) // { poll: 3, status: 1 }
 */
export function comingChange(step: ScheduledStep): ComingChange {
  const { status, relayStatus, errorCode } = step.set ?? {}
  return {
    ...(step.kind === 'time' ? { at: iso(step.at) } : { poll: step.n }),
    ...(status !== undefined ? { status } : {}),
    ...(relayStatus !== undefined ? { relayStatus } : {}),
    ...(errorCode !== undefined ? { errorCode } : {}),
    ...(step.refund ? { refund: true as const } : {}),
  }
}
