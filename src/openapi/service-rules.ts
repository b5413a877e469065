/** What the service enforces that its request schemas cannot state: each operation's `x-genmock-rules`. */
import { LIMITS } from '../contract/limits.js'
import { IMAGE_MODEL_IDS, IMAGE_MODELS } from '../contract/models.js'
import { SPARSE_KEPT, SPARSE_MAY_VANISH } from '../contract/sparse.js'

/**
 * A rule the server enforces that the request schemas cannot state. `where` names what it looks
 * at: `body:/pointer` (`*` for every item) or `header:Name`; `answer` is the status it refuses with.
 */
export interface NonSchemaRule {
  id: string
  says: string
  where: string[]
  answer?: number
  /** Whose rule: the interface's, or a choice genmock made where the interface is silent. */
  source: 'interface' | 'genmock'
}

const price = (id: (typeof IMAGE_MODEL_IDS)[number]) => {
  const pricing = IMAGE_MODELS[id].pricing
  if (!pricing) return `${id}: per output, the simulator price GET /api/ai/models lists`
  if (pricing.kind === 'per-call') return `${id}: ${pricing.credits} per call`
  return `${id}: ${Object.entries(pricing.credits)
    .map(([tier, credits]) => `${credits} at ${tier}`)
    .join(', ')} per output`
}

const mayVanish = Object.entries(SPARSE_MAY_VANISH)
  .map(([field, why]) => (why === 'no rule reads it' ? field : `${field} (${why})`))
  .join('; ')
const kept = Object.entries(SPARSE_KEPT)
  .map(([field, why]) => `${field} (${why})`)
  .join('; ')

/** Sparse answers: which fields may vanish, which never do (contract/sparse.ts), and how to ask. */
export const SPARSE_RULE: NonSchemaRule = {
  id: 'sparse',
  says:
    "genmock only: with sparse answers on, as the request's `Prefer: sparse` (random), `sparse=random`, " +
    "`sparse=all` or `sparse=off` asks, else the task's scenario's `sparse`, else the server's --sparse, " +
    'the submission response and the task snapshot leave out the fields the interface does not say are ' +
    'always present: `random` on a coin drawn from the seed per field and answer, `all` every one. ' +
    `They may vanish: ${mayVanish}. Never left out when the full answer has them: ${kept}. ` +
    'Any other sparse value in Prefer is an issue of the request in the header Prefer. ' +
    'An Idempotency-Key replay answers as the original did.',
  where: ['header:Prefer'],
  answer: 400,
  source: 'genmock',
}

export const COMMON_RULES: NonSchemaRule[] = [
  {
    id: 'url-parsing',
    says:
      'An inputImageUrls item is read by the WHATWG URL parser after trimming surrounding ' +
      'whitespace: it must be absolute, with http or https written as `http://` or `https://`. ' +
      'The schema states this as `format: uri` with a pattern; they agree on URLs written ' +
      'as RFC 3986 says, and the parser alone judges the rest: it also takes surrounding ' +
      'spaces, tabs and line breaks inside, and unencoded non-ASCII; it refuses an IPv4 ' +
      'address with a part above 255 and a port above 65535, which `format: uri` lets through.',
    where: ['body:/inputImageUrls/*'],
    answer: 400,
    source: 'genmock',
  },
  {
    id: 'scenario-choice',
    says:
      'genmock only: a `[mock:NAME]` directive in the prompt, `X-Mock-Scenario: NAME` or ' +
      '`Prefer: scenario=NAME` must name a loaded scenario (GET /__mock/scenarios); an ' +
      'unknown name is an issue of the request. The scenario then decides the answer: a ' +
      'rejection or fault (any 4xx or 5xx, with the body the scenario file gives), a success ' +
      'status other than 200, a dropped connection.',
    where: ['body:/prompt', 'header:X-Mock-Scenario', 'header:Prefer'],
    answer: 400,
    source: 'genmock',
  },
  {
    id: 'idempotency',
    says:
      `With an Idempotency-Key, a retry with the same body (canonical JSON, key order ignored) ` +
      `by the same account replays the original answer with \`Idempotent-Replayed: true\`, ` +
      `for 24 hours of simulated time by default; the same key with another body is 422, ` +
      `and while the first request is still being answered 409. A refused request (400, ` +
      `402, a scenario rejection) does not use up its key.`,
    where: ['header:Idempotency-Key'],
    source: 'interface',
  },
  {
    id: 'body-limits',
    says:
      `The body is JSON (\`Content-Type: application/json\`, valid UTF-8) of at most ${LIMITS.maxBodyBytes} ` +
      `bytes (413 past it) and ${LIMITS.maxJsonDepth} levels of nesting (400 past it).`,
    where: ['body:'],
    answer: 400,
    source: 'genmock',
  },
  {
    id: 'strict-conformance',
    says:
      'genmock only: in strict mode (--strict, or strict on the account) a request that ' +
      "breaks a client conformance rule is refused with the rule's status and `{error: " +
      "'Conformance: …', rule}` (docs/conformance-and-coverage.md, Client conformance).",
    where: ['header:Authorization', 'header:Idempotency-Key', 'header:Origin'],
    source: 'genmock',
  },
  SPARSE_RULE,
]

export const IMAGE_RULES: NonSchemaRule[] = [
  {
    id: 'relay-needs-idempotency-key',
    says:
      'The relay shape (provider relay) needs the Idempotency-Key header; OpenAPI cannot ' +
      'make a header required by a body field. Missing, it is an issue of the request in ' +
      'the header Idempotency-Key.',
    where: ['header:Idempotency-Key'],
    answer: 400,
    source: 'interface',
  },
  {
    id: 'credits',
    says:
      `The account must hold the credits the request costs, or it is 402 Insufficient credits ` +
      `with \`required\`. Standard shape: ${IMAGE_MODEL_IDS.map(price).join('; ')}. Relay ` +
      `shape: per output, the price of the resolution in the model's relayPricing (GET ` +
      `/api/ai/models; simulator values).`,
    where: [
      'body:/model',
      'body:/numOutputs',
      'body:/resolution',
      'body:/width',
      'body:/height',
      'body:/providerInput',
    ],
    answer: 402,
    source: 'interface',
  },
  {
    id: 'image-tier',
    says:
      'The tier base-image-2 and base-image-pro are priced at: providerInput.resolution ' +
      '(1K, 2K or 4K) when the model has it, else from max(width, height): up to 1024 is ' +
      "1K, up to 2048 2K, above that 4K; else the model's default (1K; base-image-pro, " +
      'which has no 1K, 2K). providerInput is otherwise not checked.',
    where: ['body:/providerInput', 'body:/width', 'body:/height'],
    source: 'genmock',
  },
  ...COMMON_RULES,
]

export const VIDEO_RULES: NonSchemaRule[] = [
  {
    id: 'credits',
    says:
      'The account must hold the credits the task costs, or it is 402 Insufficient credits ' +
      "with `required`: a price per model and duration, the model's pricing in GET /api/ai/models " +
      '(simulator values).',
    where: ['body:/model', 'body:/duration'],
    answer: 402,
    source: 'interface',
  },
  ...COMMON_RULES,
]

export const READ_RULES: NonSchemaRule[] = [
  {
    id: 'ownership',
    says: 'A task is visible only to the account that created it: another account reads 404 Task not found, never 403.',
    where: ['header:Authorization'],
    answer: 404,
    source: 'interface',
  },
  {
    id: 'strict-conformance',
    says:
      'genmock only: in strict mode a relay task read sooner than max(pollAfterSeconds, ' +
      '5) seconds after its submission or previous read is refused with 429 and Retry-After; ' +
      'a key sent from a page with 403.',
    where: ['header:Authorization'],
    source: 'genmock',
  },
  SPARSE_RULE,
]

export const describeRules = (intro: string, rules: NonSchemaRule[]) =>
  `${intro}\n\nRules the schemas cannot state (also in \`x-genmock-rules\`):\n\n` +
  rules.map((rule) => `- **${rule.id}** (${rule.source}): ${rule.says}`).join('\n')
