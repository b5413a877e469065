import { beforeEach, describe, expect, it } from 'vitest'
import { RowPacking } from './row-packing.js'
import { plainRecord } from './plain-record.js'
import { DUE, type TaskFields, type TaskRecord } from './task-record.js'
import { TaskRow } from './task-row.js'

const fields = (overrides: Partial<TaskFields> = {}): TaskFields => ({
  id: 'tsk_4MrIYxv4guGNn4hUdsV1',
  seq: 7,
  type: 'image',
  accountId: 'acct_a',
  model: 'base-image-2',
  prompt: 'a fox',
  provider: 'standard',
  scenario: 'default',
  creditsUsed: 4,
  createdAt: 1_767_225_600_000,
  providerTaskId: 'prv_s9RYvUlhHgqbAv8Hdkdd',
  requestId: 'req_hyRk6XXVpgKrCxn3IhqL',
  httpRequestId: 'http_YmpV0CdmWA1JbDO2Wy03',
  effectiveWatermark: false,
  demo: false,
  numOutputs: 1,
  preview: { width: 256, height: 256 },
  ...overrides,
})

/** The record a literal made, as tasks were stored before rows: what a saved state must still list. */
const literal = (f: TaskFields): TaskRecord => ({
  id: f.id,
  seq: f.seq,
  type: f.type,
  accountId: f.accountId,
  model: f.model,
  prompt: f.prompt,
  provider: f.provider,
  scenario: f.scenario,
  polls: 0,
  status: 0,
  creditsUsed: f.creditsUsed,
  creditRefunded: false,
  createdAt: f.createdAt,
  updatedAt: f.createdAt,
  providerTaskId: f.providerTaskId,
  requestId: f.requestId,
  httpRequestId: f.httpRequestId,
  submissionUncertain: false,
  effectiveWatermark: f.effectiveWatermark,
  demo: f.demo,
  numOutputs: f.numOutputs,
  preview: f.preview,
})

describe('TaskRow', () => {
  // Each test's rows are one store's.
  let packing: RowPacking
  beforeEach(() => {
    packing = new RowPacking()
  })

  it('reads back every field it was made with, and lists them as the literal did, in its order', () => {
    const f = fields()
    const row = new TaskRow(f, packing)
    const record = plainRecord(row)
    expect(record).not.toBeInstanceOf(TaskRow)
    expect(JSON.stringify(record)).toBe(JSON.stringify(literal(f)))
    for (const [key, value] of Object.entries(literal(f))) expect(row[key as keyof TaskRecord]).toEqual(value)
  })

  it('keeps each packed field apart from the others, at both ends of its range', () => {
    for (const f of [
      fields({ type: 'video', provider: 'relay', effectiveWatermark: true, demo: true, numOutputs: 10 }),
      fields({ provider: 'upstream-a', numOutputs: 1 }),
    ]) {
      const row = new TaskRow(f, packing)
      row.status = 2
      row.creditRefunded = true
      row.submissionUncertain = true
      const expected = { ...literal(f), status: 2, creditRefunded: true, submissionUncertain: true }
      expect(JSON.stringify(plainRecord(row))).toBe(JSON.stringify(expected))
      row.status = 1
      row.creditRefunded = false
      row.submissionUncertain = false
      row.numOutputs = 3
      expect(plainRecord(row)).toEqual({ ...literal(f), status: 1, numOutputs: 3 })
    }
  })

  it('counts polls beside the packed fields, past the count its flags hold too', () => {
    const f = fields({ numOutputs: 10, type: 'video' })
    const row = new TaskRow(f, packing)
    row.status = 2
    for (const polls of [1, 8190, 8191, 8192, 5_000_000, 7]) {
      row.polls = polls
      expect([row.polls, row.numOutputs, row.status, row.type]).toEqual([polls, 10, 2, 'video'])
    }
    row.numOutputs = 1
    expect(plainRecord(row)).toEqual({ ...literal(f), status: 2, numOutputs: 1, polls: 7 })
    expect(Object.keys(plainRecord(row))).toEqual(Object.keys(literal(f)))
  })

  it('keeps updatedAt exact, whether it fits a small integer past createdAt or not', () => {
    const row = new TaskRow(fields(), packing)
    const created = row.createdAt
    for (const at of [created, created + 6000, created - 1, created + 2 ** 30 - 1, created + 2 ** 30, created + 0.5]) {
      row.updatedAt = at
      expect(row.updatedAt).toBe(at)
    }
    row.updatedAt = 86_400_000 * 365 * 80
    expect(row.updatedAt).toBe(86_400_000 * 365 * 80)
  })

  it("keeps createdAt exact, near the first task's and far from it, and updatedAt with it", () => {
    const first = new TaskRow(fields(), packing)
    for (const at of [first.createdAt + 5, first.createdAt - 2 ** 31, 0, 1.25, first.createdAt + 2 ** 40]) {
      const row = new TaskRow(fields({ createdAt: at }), packing)
      expect([row.createdAt, row.updatedAt]).toEqual([at, at])
      row.updatedAt = at + 6000
      row.createdAt = first.createdAt
      expect([row.createdAt, row.updatedAt]).toEqual([first.createdAt, at + 6000])
    }
  })

  it('gives back the three ids of every id style, and one set alone', () => {
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e'
    const long = 'Ab-._~'.repeat(10).concat('Zz09')
    const row = new TaskRow(
      fields({ providerTaskId: uuid, requestId: '4737109823412390611', httpRequestId: long }),
      packing,
    )
    expect([row.providerTaskId, row.requestId, row.httpRequestId]).toEqual([uuid, '4737109823412390611', long])
    row.requestId = 'req_other'
    expect([row.providerTaskId, row.requestId, row.httpRequestId]).toEqual([uuid, 'req_other', long])
  })

  it('gives back prefixed ids, kept packed, and any id set later, packed or not', () => {
    const f = fields()
    const row = new TaskRow(f, packing)
    expect([row.providerTaskId, row.requestId, row.httpRequestId]).toEqual([
      f.providerTaskId,
      f.requestId,
      f.httpRequestId,
    ])
    row.requestId = 'req_other'
    expect([row.providerTaskId, row.requestId, row.httpRequestId]).toEqual([
      f.providerTaskId,
      'req_other',
      f.httpRequestId,
    ])
    row.requestId = 'req_0123456789abcdefABCD'
    expect(plainRecord(row)).toEqual({ ...literal(f), requestId: 'req_0123456789abcdefABCD' })
  })

  it("shares its account's, model's, scenario's and layout's fields with like rows, and changes only its own", () => {
    const a = new TaskRow(fields(), packing)
    const b = new TaskRow(fields({ id: 'tsk_b', seq: 8 }), packing)
    const c = new TaskRow(fields({ id: 'tsk_c', seq: 9, model: 'base-image-3', creditsUsed: 6 }), packing)
    b.accountId = 'acct_b'
    b.preview = { width: 128, height: 256 }
    expect([a.accountId, a.preview]).toEqual(['acct_a', { width: 256, height: 256 }])
    expect([b.accountId, b.model, b.scenario, b.creditsUsed, b.preview]).toEqual([
      'acct_b',
      'base-image-2',
      'default',
      4,
      { width: 128, height: 256 },
    ])
    expect([c.model, c.creditsUsed, c.accountId]).toEqual(['base-image-3', 6, 'acct_a'])
    expect(plainRecord(c)).toEqual({ ...literal(fields()), id: 'tsk_c', seq: 9, model: 'base-image-3', creditsUsed: 6 })
  })

  it('lists the optional fields after the others, in the order they were set, as Object.assign sets them', () => {
    const row = new TaskRow(fields({ provider: 'relay' }), packing)
    row.upstreamHttpStatus = 200
    row.relayStatus = 'queued'
    Object.assign(row, { status: 2, errorCode: 'UPSTREAM_FAILED', submissionUncertain: true })
    const record = plainRecord(row)
    expect(Object.keys(record).slice(-3)).toEqual(['upstreamHttpStatus', 'relayStatus', 'errorCode'])
    expect([record.status, record.submissionUncertain, record.errorCode]).toEqual([2, true, 'UPSTREAM_FAILED'])
  })

  it('keeps the due time of a OneStep exact, near createdAt or far from it, and through a new createdAt', () => {
    const row = new TaskRow(fields(), packing)
    expect(row[DUE]).toBeUndefined()
    for (const at of [row.createdAt + 6000, row.createdAt, row.createdAt + 2 ** 30 - 1, row.createdAt + 2 ** 30, 0.5]) {
      row[DUE] = at
      expect(row[DUE]).toBe(at)
    }
    row[DUE] = row.createdAt + 5000
    const due = row[DUE]
    row.createdAt += 2 ** 31
    expect(row[DUE]).toBe(due)
    row[DUE] = undefined
    expect(row[DUE]).toBeUndefined()
    expect(Object.keys(plainRecord(row))).toEqual(Object.keys(literal(fields())))
  })

  it("shares nothing with another store's rows: each packing has its own base and its own common fields", () => {
    const other = new RowPacking()
    const far = fields({ createdAt: 5 })
    const a = new TaskRow(fields(), packing)
    const b = new TaskRow(far, other)
    // b's store began at 5: 5 is its base, not a time 56 years from a's first task.
    expect([packing.base, other.base]).toEqual([fields().createdAt, 5])
    expect([a.createdAt, b.createdAt]).toEqual([fields().createdAt, 5])
    b.accountId = 'acct_b'
    const f = fields()
    expect(packing.common(f)).toBe(packing.common({ ...f }))
    expect(other.common(f)).not.toBe(packing.common(f))
    expect([a.accountId, b.accountId]).toEqual(['acct_a', 'acct_b'])
  })

  it('leaves a plain record as it is', () => {
    const record = literal(fields())
    expect(plainRecord(record)).toBe(record)
  })
})
