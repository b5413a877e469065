/** What the control API enforces that its schemas cannot state: each operation's `x-genmock-rules`. */
import { LIMITS } from '../contract/limits.js'
import type { NonSchemaRule } from './service-rules.js'

export const COMMON_RULES: NonSchemaRule[] = [
  {
    id: 'body-limits',
    says:
      'An empty body is read as {}. Otherwise the body is JSON (`Content-Type: application/json`, valid UTF-8) ' +
      `of at most ${LIMITS.maxBodyBytes} bytes (413 past it) and ${LIMITS.maxJsonDepth} levels of nesting.`,
    where: ['body:'],
    answer: 400,
    source: 'genmock',
  },
]
export const scenarioName = (where: string): NonSchemaRule => ({
  id: 'scenario-exists',
  says: 'A scenario name must name a loaded scenario (GET /__mock/scenarios).',
  where: [where],
  answer: 400,
  source: 'genmock',
})

export const CLOCK_SET_RULES: NonSchemaRule[] = [
  {
    id: 'time-moves-forward',
    says: '`now` must not be before the current simulated time: time only moves forward.',
    where: ['body:/now'],
    answer: 400,
    source: 'genmock',
  },
  ...COMMON_RULES,
]
export const ACCOUNT_CREATE_RULES: NonSchemaRule[] = [
  scenarioName('body:/scenario'),
  {
    id: 'api-key-unused',
    says: 'A given apiKey must not be in use by another account: 409 otherwise.',
    where: ['body:/apiKey'],
    answer: 409,
    source: 'genmock',
  },
  ...COMMON_RULES,
]
export const ACCOUNT_PATCH_RULES: NonSchemaRule[] = [scenarioName('body:/scenario'), ...COMMON_RULES]
export const ADVANCE_RULES: NonSchemaRule[] = [
  {
    id: 'until',
    says:
      'until "next-event" moves the clock to the next scheduled change of one of its tasks ' +
      '(not at all when none is scheduled); "idle" moves it change by change until none ' +
      'of its tasks is pending, at most 7 days, and stops at the last change (idle false: ' +
      'a task still waits, for a poll or past 7 days). changes lists every change applied, in time order.',
    where: ['body:/until'],
    answer: 200,
    source: 'genmock',
  },
  ...COMMON_RULES,
]
export const ACCOUNT_ADVANCE_RULES: NonSchemaRule[] = [
  {
    id: 'own-clock',
    says:
      'Only an account with a clock of its own (clock "own") is advanced here: one on the ' +
      'server clock is 400, naming clock.',
    where: ['path:id'],
    answer: 400,
    source: 'genmock',
  },
  ...ADVANCE_RULES,
]
export const TRANSITION_RULES: NonSchemaRule[] = [
  {
    id: 'task-pending',
    says: 'Only a pending task (status 0) changes: a terminal one is 409, an unknown one 404.',
    where: ['path:id'],
    answer: 409,
    source: 'genmock',
  },
  ...COMMON_RULES,
]
export const SCENARIO_RULES: NonSchemaRule[] = [
  {
    id: 'duration-syntax',
    says:
      'A duration is a number of seconds or a text such as "500ms", "15s", "2m", "1m30s" ' +
      '(decimals allowed), at most a week; a range is "low..high" with low ≤ high. timeline[].at ' +
      'also takes "expiry" and "poll N" (N from 1). The schema says only number or string.',
    where: ['body:/rules/*/submit/latency', 'body:/rules/*/submit/expiresIn', 'body:/rules/*/timeline/*/at'],
    answer: 400,
    source: 'genmock',
  },
  {
    id: 'regex-compiles',
    says: 'match.prompt.regex must be a valid JavaScript regular expression with its flags.',
    where: ['body:/rules/*/match/prompt/regex'],
    answer: 400,
    source: 'genmock',
  },
  {
    id: 'rule-coherence',
    says:
      'Within a rule: reject and fault exclude each other; a rule whose reject or error-before-commit ' +
      'fault creates no task has no timeline and no use; use excludes timeline; submissionUncertain ' +
      'is given once (submit or submit.set); a timeline step at expiry needs match.provider relay.',
    where: [
      'body:/rules/*/submit/fault',
      'body:/rules/*/timeline',
      'body:/rules/*/use',
      'body:/rules/*/submit/set/submissionUncertain',
      'body:/rules/*/timeline/*/at',
    ],
    answer: 400,
    source: 'genmock',
  },
  {
    id: 'references-resolve',
    says:
      'Every use names a loaded scenario (or one of this file), with no cycle; every account ' +
      'scenario names a loaded scenario; the accounts named exist when the scenario becomes the default.',
    where: ['body:/rules/*/use', 'body:/accounts/*/scenario', 'body:/accounts/*'],
    answer: 400,
    source: 'genmock',
  },
  ...COMMON_RULES,
]
