/**
 * The sparse step: a full answer in, the same answer without the fields the interface does not say
 * are always present (contract/sparse.ts lists them, and when one is kept anyway). It runs only
 * when sparse answers are on, after the answer is built, so the usual path stays as it is.
 *
 * `random` draws its coins from a Mersenne Twister of its own, seeded per answer from the server's
 * seed, the task id and the answer's number (0 for the submission, N for the task's Nth read): the
 * main Random stream (ids, durations, chances) draws nothing more, and an answer's coins do not
 * depend on how other tasks' requests interleave with it.
 */
import type { SubmissionResponse, TaskSnapshot } from '../../contract/responses.js'
import { SPARSE_MAY_VANISH, type SparseMode } from '../../contract/sparse.js'
import { mersenne } from '../../lib/mersenne.js'

export type AnswerKind = 'submission' | 'snapshot'

const MAY_VANISH: ReadonlySet<string> = new Set(Object.keys(SPARSE_MAY_VANISH))

/**
 * Whether `field` of this answer may be left out: it is one of SPARSE_MAY_VANISH and not in the
 * case that keeps it (creditsUsed on a submission, relayStatus and creditRefunded at status 2,
 * submissionUncertain when true).
 * @example
 * mayVanish('creditsUsed', { taskId: 't', status: 0, creditsUsed: 4 }, 'submission') // false
 */
export function mayVanish(field: string, answer: SubmissionResponse | TaskSnapshot, kind: AnswerKind): boolean {
  if (!MAY_VANISH.has(field)) return false
  switch (field) {
    case 'creditsUsed':
      return kind === 'snapshot'
    case 'relayStatus':
    case 'creditRefunded':
      return answer.status !== 2
    case 'submissionUncertain':
      return answer.submissionUncertain !== true
    default:
      return true
  }
}

/** MurmurHash3's finaliser: every bit of the input moves every bit of the output. */
function mix(h: number): number {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/**
 * The 32-bit seed of one answer's coins: from the server's seed (all its bits), the task id and
 * the answer's number.
 * @example
 * sparseKey(7, 'tsk_4MrIYxv4guGNn4hUdsV1', 0) // the same number on every run
 */
export function sparseKey(seed: number, taskId: string, answer: number): number {
  let h = mix((seed >>> 0) ^ 0x5eed5a11)
  h = mix(h ^ (Math.floor(seed / 0x1_0000_0000) >>> 0))
  for (let i = 0; i < taskId.length; i++) h = Math.imul(h ^ taskId.charCodeAt(i), 0x01000193)
  return mix(h ^ mix(answer >>> 0))
}

/**
 * The answer without the fields sparseness leaves out, in the same order; a new object.
 * `all` leaves out every field that may vanish, `random` each one on a coin drawn from `key`.
 * @example
 * sparsen(toSubmission(task), 'submission', 'all', 0) // { taskId, status, creditsUsed } (+ pollAfterSeconds on relay)
 */
export function sparsen<T extends SubmissionResponse | TaskSnapshot>(
  answer: T,
  kind: AnswerKind,
  mode: SparseMode,
  key: number,
): T {
  const coin = mode === 'random' ? mersenne(key) : undefined
  const kept: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(answer)) {
    if (mayVanish(field, answer, kind) && (coin === undefined || coin() < 0.5)) continue
    kept[field] = value
  }
  return kept as T
}
