// Outcome names alone, without zod: the command line checks --require-coverage against them.

/** Every outcome of the interface coverage counts, in report order, with what meets it (README, Outcome coverage). */
export const OUTCOMES = {
  'image-completed': 'the client read an image task at status 1 (completed)',
  'video-completed': 'the client read a video task at status 1 (completed)',
  'failed-refunded': 'the client read a failed task (status 2) whose credits were refunded',
  'relay-expired': 'the client read a relay task that expired (status 2, relayStatus expired), not refunded',
  'relay-unknown': 'the client read a relay task the upstream does not know (status 2, relayStatus unknown)',
  'submission-uncertain': 'a submission was answered submissionUncertain: true',
  'polled-after-wait': 'the client read a pending relay task after waiting pollAfterSeconds',
  'idempotent-replay': 'a retry with the same Idempotency-Key and body got the original answer back',
  'sparse-answer': 'an answer left out fields the interface does not say are always present',
  'invalid-request': 'a request was refused as Invalid request',
  unauthorized: 'a request was refused as Unauthorized (no key, an unknown or a revoked one)',
  'insufficient-credits': 'a submission was refused as Insufficient credits',
  'task-not-found': 'a task read was refused as Task not found (unknown, or another account’s)',
  'key-reused-with-other-body': 'an Idempotency-Key was sent again with another body, and refused',
  'request-in-progress': 'an Idempotency-Key was sent again while its first request was still running',
  'rate-limited': 'a submission was refused with 429 by a scenario',
  'server-error': 'a submission failed with a 5xx before anything was stored (a scenario’s fault or reject)',
  'connection-dropped': 'a submission was stored and charged, then its connection dropped',
} as const

export type OutcomeName = keyof typeof OUTCOMES

export const OUTCOME_NAMES = Object.keys(OUTCOMES) as [OutcomeName, ...OutcomeName[]]

/**
 * The names of `wanted` that are not outcomes ('all' stands for every one).
 * @example
 * unknownOutcomes(['image-completed', 'image-complete']) // ['image-complete']
 */
export const unknownOutcomes = (wanted: readonly string[]): string[] =>
  wanted.filter((name) => name !== 'all' && !Object.hasOwn(OUTCOMES, name))
