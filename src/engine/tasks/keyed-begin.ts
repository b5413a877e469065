/**
 * An Idempotency-Key's request begun, with the conformance breaches that can come of it: the same key
 * with another body, or a retry under a key whose record its account let go for room (and, for task
 * reads, the observation of a task let go): the simulator's bounds said out loud
 * (docs/limits-and-security.md).
 */
import type { Account } from '../accounts/accounts.js'
import type { EngineState } from '../engine-state.js'
import type { Breach } from '../journal/conformance.js'
import { Problem } from '../problem.js'
import { RECORDS_PER_ACCOUNT } from './idempotency.js'
import { KEEP_FINISHED_PER_ACCOUNT } from './task-store.js'

/**
 * Begins a keyed request: `new` or a replay. In strict mode a breach refuses it, and the key is free again.
 * @example
 * const begun = begin(state, 'acct_a|image', 'key-12345', fingerprint, now, breaches, account)
 */
export function begin(
  state: EngineState,
  scope: string,
  key: string,
  fingerprint: string,
  now: number,
  breaches: Breach[],
  account: Account,
) {
  let begun: ReturnType<EngineState['idempotency']['begin']>
  try {
    begun = state.idempotency.begin(scope, key, fingerprint, now)
  } catch (error) {
    if (error instanceof Problem && error.detail.kind === 'idempotency-mismatch') {
      const message =
        'this Idempotency-Key was sent before with a different body: reuse a key only to retry the same request'
      state.breach(breaches, { rule: 'key-reused-with-other-body', idempotencyKey: key, message }, account)
    }
    throw error
  }
  if (begun.kind === 'new' && begun.evicted) {
    const message =
      `this Idempotency-Key's record was let go to keep the account's latest ${RECORDS_PER_ACCOUNT} keys: genmock ` +
      'cannot tell whether this retry was charged already, so it runs as a new request (docs/limits-and-security.md)'
    try {
      state.breach(breaches, { rule: 'retry-after-eviction', idempotencyKey: key, message }, account)
    } catch (error) {
      state.idempotency.release(scope, key)
      throw error
    }
  }
  return begun
}

/**
 * The observation a read of an evicted task of the caller's own makes.
 * @example
 * state.breach(breaches, evictedRead('tsk_1'), account)
 */
export const evictedRead = (taskId: string): Breach => ({
  rule: 'read-of-evicted-task',
  taskId,
  message:
    `task not found: it was evicted, finished and older than the account's latest ${KEEP_FINISHED_PER_ACCOUNT} ` +
    'finished, to keep memory bounded (--max-tasks; docs/limits-and-security.md)',
})
