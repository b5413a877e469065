// The ids of the client conformance rules (docs/conformance-and-coverage.md, Client conformance), as one zod enum.
import * as z from 'zod'

/**
 * The client conformance rules by id (docs/conformance-and-coverage.md, Client conformance), as findings, journal
 * entries and strict refusals name them. The engine keeps each rule's severity and what it enforces.
 */
export const RULE_IDS = [
  'poll-too-soon',
  'poll-after-terminal',
  'relay-without-key',
  'key-reused-with-other-body',
  'retry-with-new-key',
  'key-in-browser',
  'relay-media-without-auth',
  'retry-after-eviction',
  'read-of-evicted-task',
] as const
export const ruleIdSchema = z.enum(RULE_IDS, { error: `must be one of ${RULE_IDS.join(', ')}` })
export type RuleId = z.infer<typeof ruleIdSchema>
