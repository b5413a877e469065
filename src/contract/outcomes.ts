// Outcome names alone, without zod: the command line checks --require-coverage against them.

/**
 * Every outcome of the interface coverage counts, in report order. What meets each is in the
 * docs/conformance-and-coverage.md (Outcome coverage), whose table test/http/coverage.test.ts holds to this list.
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

/** Edits (insertions, deletions, substitutions) from `a` to `b`. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const next = [i]
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    row = next
  }
  return row[b.length]!
}

/**
 * The outcome a misspelled name most likely meant, if one is within a few edits.
 * @example
 * closestOutcome('image-complete') // 'image-completed'
 */
export function closestOutcome(name: string): OutcomeName | undefined {
  let best: { name: OutcomeName; edits: number } | undefined
  for (const outcome of OUTCOME_NAMES) {
    const edits = distance(name, outcome)
    if (edits <= 3 && (!best || edits < best.edits)) best = { name: outcome, edits }
  }
  return best?.name
}

/**
 * The names of `wanted` that are no outcome, each with the one it likely meant; undefined when all are.
 * @example
 * misspelledOutcomes(['image-complete']) // '"image-complete" (did you mean image-completed?)'
 */
export function misspelledOutcomes(wanted: readonly string[]): string | undefined {
  const unknown = unknownOutcomes(wanted).map((name) => {
    const meant = closestOutcome(name)
    return `"${name}"${meant ? ` (did you mean ${meant}?)` : ''}`
  })
  return unknown.length > 0 ? unknown.join(', ') : undefined
}
