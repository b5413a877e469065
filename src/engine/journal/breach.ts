// A breach of a conformance rule as the request that made it reports it: what a Problem and the findings both carry.
import type { RuleId } from '../../contract/conformance-rules.js'

/** A breach as the request that made it reports it (docs/conformance-and-coverage.md, Client conformance). */
export interface Breach {
  rule: RuleId
  message: string
  taskId?: string
  idempotencyKey?: string
  /** Another extra read of a task whose poll-after-terminal finding is kept already (its count was updated). */
  repeat?: boolean
  /** Whose rule it was, when the request itself authenticated as nobody (relay media without a key). */
  accountId?: string
}
