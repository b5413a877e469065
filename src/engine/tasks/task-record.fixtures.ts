// A pending task record, as the store's, life's, history's and clocks' unit tests need one.
import type { TaskRecord } from './task-record.js'

/**
 * A pending standard image task of account acct_a, as the store's, life's, history's and world's
 * unit tests need one: `seq` orders it, `at` is when it was created.
 * @example
 * store.add(pendingRecord('t1', { seq: 1, at: 100 }))
 */
export const pendingRecord = (id: string, { seq = 0, at = 0 }: { seq?: number; at?: number } = {}): TaskRecord => ({
  id,
  seq,
  type: 'image',
  accountId: 'acct_a',
  model: 'base-image-2',
  prompt: 'p',
  provider: 'standard',
  scenario: 'default',
  polls: 0,
  status: 0,
  creditsUsed: 4,
  creditRefunded: false,
  createdAt: at,
  updatedAt: at,
  providerTaskId: 'prv',
  requestId: 'req',
  httpRequestId: 'http',
  submissionUncertain: false,
  effectiveWatermark: false,
  demo: false,
  numOutputs: 1,
  preview: { width: 256, height: 256 },
})
