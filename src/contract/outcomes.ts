// Outcome names alone, without zod: the command line checks --require-coverage against them.

/**
 * Every outcome of the interface coverage counts, in report order. What meets each is in the
 * README (Outcome coverage), whose table test/http/coverage.test.ts holds to this list.
 */
export const OUTCOME_NAMES = [
  'image-completed',
  'video-completed',
  'failed-refunded',
  'relay-expired',
  'relay-unknown',
  'submission-uncertain',
  'polled-after-wait',
  'idempotent-replay',
  'sparse-answer',
  'invalid-request',
  'unauthorized',
  'insufficient-credits',
  'task-not-found',
  'key-reused-with-other-body',
  'request-in-progress',
  'rate-limited',
  'server-error',
  'connection-dropped',
] as const

export type OutcomeName = (typeof OUTCOME_NAMES)[number]

/**
 * The names of `wanted` that are not outcomes ('all' stands for every one).
 * @example
 * unknownOutcomes(['image-completed', 'image-complete']) // ['image-complete']
 */
export const unknownOutcomes = (wanted: readonly string[]): string[] =>
  wanted.filter((name) => name !== 'all' && !(OUTCOME_NAMES as readonly string[]).includes(name))
