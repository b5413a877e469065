// The conformance rules as a table (docs/conformance-and-coverage.md, Client conformance): each one's
// severity and the line of the interface it enforces.
import type { RuleId } from '../../contract/conformance-rules.js'
import { RECORDS_PER_ACCOUNT } from '../tasks/idempotency.js'
import { KEEP_FINISHED_PER_ACCOUNT } from '../tasks/task-store.js'

export type Severity = 'error' | 'warning'

/**
 * Each rule: its severity and the line of the interface it enforces (strict mode's answers:
 * http/replies.ts).
 */
export const CONFORMANCE_RULES: Readonly<Record<RuleId, { severity: Severity; enforces: string }>> = {
  'poll-too-soon': {
    severity: 'error',
    enforces: 'the caller waits at least pollAfterSeconds between polls, and at least 5 seconds',
  },
  'poll-after-terminal': {
    severity: 'warning',
    enforces: 'statuses 1 and 2 are terminal: stop polling',
  },
  'relay-without-key': {
    severity: 'error',
    enforces: 'Idempotency-Key is required when provider is relay',
  },
  'key-reused-with-other-body': {
    severity: 'error',
    enforces: 'reuse the same key and the same body for retries',
  },
  'retry-with-new-key': {
    severity: 'error',
    enforces: 'persist the key before the first request; use a new key only for a new business job',
  },
  'key-in-browser': {
    severity: 'error',
    enforces: 'a key is used on the server side only and is never exposed in client-side code',
  },
  'relay-media-without-auth': {
    severity: 'error',
    enforces: 'relay media requires application authentication',
  },
  // The two below are the simulator's bounds showing (docs/limits-and-security.md), not the interface's.
  'retry-after-eviction': {
    severity: 'error',
    enforces:
      'reuse the same key and the same body for retries ' +
      `(genmock keeps each account's latest ${RECORDS_PER_ACCOUNT} keys: ` +
      'a retry under a key it let go could be charged twice)',
  },
  'read-of-evicted-task': {
    severity: 'warning',
    enforces:
      'a finished task is kept for reading ' +
      `(genmock keeps each account's latest ${KEEP_FINISHED_PER_ACCOUNT} finished tasks)`,
  },
}
