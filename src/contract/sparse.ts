/**
 * Sparse answers (`--sparse`, `Prefer: sparse`, a scenario's `sparse`, the `sparse` option): the
 * service's answers leave out the fields the interface does not say are always present, so that a
 * client proves it copes without them. No zod here: the command line reads this before anything
 * else is loaded.
 *
 * - `random`: a coin drawn from the seed, per field and per answer, decides whether it is left out;
 * - `all`: every field that may vanish is left out.
 *
 * Control API answers (`/__mock/…`) are never sparse.
 */
export const SPARSE_MODES = ['random', 'all'] as const
export type SparseMode = (typeof SPARSE_MODES)[number]

/** What a request, a scenario or the server asks for: a mode, or `off` (full answers). */
export type SparseSetting = SparseMode | 'off'
export const SPARSE_SETTINGS: readonly SparseSetting[] = [...SPARSE_MODES, 'off']

/**
 * The setting an option or a scenario's `sparse` gives: `true` is `random`, `false` is `off`.
 * @example
 * sparseSetting(true) // 'random'
 */
export function sparseSetting(value: boolean | SparseSetting | undefined): SparseSetting | undefined {
  return value === true ? 'random' : value === false ? 'off' : value
}

/**
 * Fields a sparse answer may leave out, with the case in which one is kept anyway. Every field of
 * the submission response and the task snapshot is either here or in SPARSE_KEPT.
 */
export const SPARSE_MAY_VANISH = {
  id: 'the same opaque identifier as taskId, which is kept',
  type: 'the client knows what it submitted; a completed task keeps its outputImageUrls or outputVideoUrl',
  model: 'no rule reads it',
  prompt: 'no rule reads it',
  createdAt: 'no rule reads it',
  updatedAt: 'no rule reads it',
  creditsUsed:
    'kept on submissions: the caller reads the credits charged from the submission response, What the service does 4',
  relayStatus: 'kept at status 2, when the caller reads it: States and transitions',
  creditRefunded: 'kept at status 2, when the caller reads it: States and transitions, rule 5',
  submissionUncertain:
    'kept when true: the interface says it is set when a relay submission is uncertain, so its absence means certain',
  providerTaskId: 'no rule reads it',
  requestId: 'no rule reads it',
  httpRequestId: 'no rule reads it',
  upstreamHttpStatus: 'no rule reads it',
  effectiveWatermark: 'no rule reads it',
  demo: 'no rule reads it',
  expiresAt: 'no rule reads it',
} as const

/** Fields a sparse answer never leaves out when the full answer has them, and the interface's reason. */
export const SPARSE_KEPT = {
  taskId: 'GET /api/ai/tasks/{id} takes the taskId a generate endpoint returned',
  status: 'every next step of the caller depends on it: States and transitions',
  outputImageUrls: 'status 1 of an image task: read outputImageUrls',
  outputVideoUrl: 'status 1 of a video task: read outputVideoUrl',
  errorCode: 'status 2: read errorCode',
  errorMessage: 'status 2: read errorMessage',
  pollAfterSeconds: 'relay tasks: the response carries pollAfterSeconds, States and transitions rule 3',
} as const

export type SparseField = keyof typeof SPARSE_MAY_VANISH
export const SPARSE_FIELDS = Object.keys(SPARSE_MAY_VANISH) as SparseField[]
