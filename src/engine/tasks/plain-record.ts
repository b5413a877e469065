// A stored task as a plain record, its fields in a task literal's order: what a saved state is made of.
import type { TaskRecord } from './task-record.js'
import { TaskRow } from './task-row.js'

/** The fields every row has as public slots (its others are private or accessors), named. */
const ROW_FIELDS: ReadonlySet<string> = new Set(['id', 'seq', 'prompt'] satisfies (keyof TaskRow)[])
/** The fields a row has as own properties only once they are set (declared on TaskRow, not made by it). */
type OptionalField =
  | 'upstreamHttpStatus'
  | 'relayStatus'
  | 'pollAfterSeconds'
  | 'expiresAt'
  | 'errorCode'
  | 'errorMessage'

/** A row as a plain object, its fields in the order a task's literal had them (a saved state's columns). */
function rowRecord(row: TaskRow): TaskRecord {
  const record: TaskRecord = {
    id: row.id,
    seq: row.seq,
    type: row.type,
    accountId: row.accountId,
    model: row.model,
    prompt: row.prompt,
    provider: row.provider,
    scenario: row.scenario,
    polls: row.polls,
    status: row.status,
    creditsUsed: row.creditsUsed,
    creditRefunded: row.creditRefunded,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    providerTaskId: row.providerTaskId,
    requestId: row.requestId,
    httpRequestId: row.httpRequestId,
    submissionUncertain: row.submissionUncertain,
    effectiveWatermark: row.effectiveWatermark,
    demo: row.demo,
    numOutputs: row.numOutputs,
    preview: row.preview,
  }
  // The optional fields, in the order they were set: the row's enumerable own fields but its public slots.
  for (const key of Object.keys(row)) {
    if (ROW_FIELDS.has(key)) continue
    ;(record as unknown as Record<string, unknown>)[key] = row[key as OptionalField]
  }
  return record
}

/**
 * A stored task as a plain record, whatever the store holds it as: what a saved state is made of.
 * @example
 * toTable(records.map(plainRecord))
 */
export function plainRecord(task: TaskRecord): TaskRecord {
  return task instanceof TaskRow ? rowRecord(task) : task
}
