// A new task's record in a dense fixed shape: the small fields packed, the secondary ids in one string.
import type { ImageSize } from '../media/preview-image.js'
import { packIds, unpackId } from './packed-ids.js'
import { smallOffset, type Common, type RowPacking } from './row-packing.js'
import type { Steps } from './steps-to-come.js'
import { DUE, UPCOMING, type TaskFields, type TaskRecord } from './task-record.js'

const PROVIDERS: readonly TaskRecord['provider'][] = ['standard', 'upstream-a', 'relay']

// The bits of `#flags`: within a small integer, as a browser's V8 (31-bit) holds one unboxed.
const VIDEO = 1
const PROVIDER_SHIFT = 1 // two bits
const STATUS_SHIFT = 3 // two bits
const REFUNDED = 1 << 5
const UNCERTAIN = 1 << 6
const WATERMARK = 1 << 7
const DEMO = 1 << 8
/** `#created` is createdAt itself, not its offset from its packing's base. */
const CREATED_WHOLE = 1 << 9
/** `#updated` is updatedAt itself, not its offset from createdAt. */
const UPDATED_WHOLE = 1 << 10
/** `#ids` is the three ids packed (packed-ids.ts), not joined by spaces. */
const PACKED = 1 << 11
/** numOutputs (1–10) in the four bits from here. */
const OUTPUTS_SHIFT = 12
/** `#due` is the due time itself, not its offset from createdAt. */
const DUE_WHOLE = 1 << 16
/** polls in the bits from here on, up to POLLS_KEPT; from there on in the row's MANY_POLLS property. */
const POLLS_SHIFT = 17
const POLLS_KEPT = (1 << (30 - POLLS_SHIFT)) - 1
const MANY_POLLS = Symbol('polls')

/**
 * A TaskRecord as the task store keeps each new task (docs/performance.md, Memory per task): 10
 * slots where a literal took 22, the fields of its account, model, scenario and layout in an object
 * it shares with the tasks before it that have the same (its store's RowPacking), its three secondary
 * ids in one string of 64 bytes where they took 3 × 56 (packed-ids.ts), and its times as small
 * integers, boxed only when far apart (more than 12 days from each other or from its store's first task's).
 * Enumerable own fields are only some of a record's, so what saves a task takes
 * `plainRecord` (plain-record.ts), never the row.
 * @example
 * const row = new TaskRow(fields, new RowPacking())
 * row.status = 1 // packed, read back as any record's
 * plainRecord(row) // { id, seq, type, …, preview } in the order a saved state lists them
 */
export class TaskRow implements TaskRecord {
  id: string
  seq: number
  prompt: string
  /** accountId, model, scenario, creditsUsed and preview: an object many rows of one store share. */
  #common: Common
  /** createdAt − its packing's base, or createdAt itself (CREATED_WHOLE). */
  #created: number
  /** updatedAt − createdAt, or updatedAt itself (UPDATED_WHOLE). */
  #updated = 0
  /** providerTaskId, requestId and httpRequestId: packed (PACKED) in the prefixed style, else joined by spaces. */
  #ids: string
  #flags: number;
  /** Its steps to come while it is pending (task-life.ts), in a slot of its own. */
  [UPCOMING]: Steps | undefined
  /** With a OneStep, its due time − createdAt, or the time itself (DUE_WHOLE). */
  #due: number | undefined
  // Set after creation, on the tasks that have them (no slot on the others), in this order.
  declare upstreamHttpStatus?: number
  declare relayStatus?: string
  declare pollAfterSeconds?: number
  declare expiresAt?: number
  declare errorCode?: string
  declare errorMessage?: string

  constructor(fields: TaskFields, packing: RowPacking) {
    this.id = fields.id
    this.seq = fields.seq
    this.prompt = fields.prompt
    packing.firstRow(fields.createdAt)
    this.#common = packing.common(fields)
    const ids: [string, string, string] = [fields.providerTaskId, fields.requestId, fields.httpRequestId]
    const packed = packIds(ids)
    this.#ids = packed ?? ids.join(' ')
    this.#flags =
      (packed !== undefined ? PACKED : 0) |
      (fields.type === 'video' ? VIDEO : 0) |
      (PROVIDERS.indexOf(fields.provider) << PROVIDER_SHIFT) |
      (fields.effectiveWatermark ? WATERMARK : 0) |
      (fields.demo ? DEMO : 0) |
      (fields.numOutputs << OUTPUTS_SHIFT)
    const created = smallOffset(fields.createdAt, packing.base)
    this.#created = created ?? fields.createdAt
    if (created === undefined) this.#flags |= CREATED_WHOLE
  }

  get accountId(): string {
    return this.#common.accountId
  }

  set accountId(accountId: string) {
    this.#common = this.#common.packing.common({ ...this.#common, accountId })
  }

  get model(): string {
    return this.#common.model
  }

  set model(model: string) {
    this.#common = this.#common.packing.common({ ...this.#common, model })
  }

  get scenario(): string {
    return this.#common.scenario
  }

  set scenario(scenario: string) {
    this.#common = this.#common.packing.common({ ...this.#common, scenario })
  }

  get creditsUsed(): number {
    return this.#common.creditsUsed
  }

  set creditsUsed(creditsUsed: number) {
    this.#common = this.#common.packing.common({ ...this.#common, creditsUsed })
  }

  get preview(): ImageSize {
    return this.#common.preview
  }

  set preview(preview: ImageSize) {
    this.#common = this.#common.packing.common({ ...this.#common, preview })
  }

  get createdAt(): number {
    return this.#flags & CREATED_WHOLE ? this.#created : this.#common.packing.base + this.#created
  }

  /** A new createdAt; updatedAt and the due time stay what they were. */
  set createdAt(at: number) {
    const updated = this.updatedAt
    const due = this[DUE]
    const created = smallOffset(at, this.#common.packing.base)
    this.#created = created ?? at
    this.#flags = withBit(this.#flags, CREATED_WHOLE, created === undefined)
    this.updatedAt = updated
    this[DUE] = due
  }

  /** With a OneStep, when it comes (task-life.ts): kept as an offset from createdAt when it is a small one. */
  get [DUE](): number | undefined {
    const due = this.#due
    return due === undefined || this.#flags & DUE_WHOLE ? due : this.createdAt + due
  }

  set [DUE](at: number | undefined) {
    const due = at === undefined ? undefined : smallOffset(at, this.createdAt)
    this.#due = due ?? at
    this.#flags = withBit(this.#flags, DUE_WHOLE, at !== undefined && due === undefined)
  }

  get type(): TaskRecord['type'] {
    return this.#flags & VIDEO ? 'video' : 'image'
  }

  set type(type: TaskRecord['type']) {
    this.#flags = (this.#flags & ~VIDEO) | (type === 'video' ? VIDEO : 0)
  }

  get provider(): TaskRecord['provider'] {
    return PROVIDERS[(this.#flags >> PROVIDER_SHIFT) & 3]!
  }

  set provider(provider: TaskRecord['provider']) {
    this.#flags = (this.#flags & ~(3 << PROVIDER_SHIFT)) | (PROVIDERS.indexOf(provider) << PROVIDER_SHIFT)
  }

  get status(): TaskRecord['status'] {
    return ((this.#flags >> STATUS_SHIFT) & 3) as TaskRecord['status']
  }

  set status(status: TaskRecord['status']) {
    this.#flags = (this.#flags & ~(3 << STATUS_SHIFT)) | (status << STATUS_SHIFT)
  }

  get creditRefunded(): boolean {
    return (this.#flags & REFUNDED) !== 0
  }

  set creditRefunded(value: boolean) {
    this.#flags = withBit(this.#flags, REFUNDED, value)
  }

  get submissionUncertain(): boolean {
    return (this.#flags & UNCERTAIN) !== 0
  }

  set submissionUncertain(value: boolean) {
    this.#flags = withBit(this.#flags, UNCERTAIN, value)
  }

  get effectiveWatermark(): boolean {
    return (this.#flags & WATERMARK) !== 0
  }

  set effectiveWatermark(value: boolean) {
    this.#flags = withBit(this.#flags, WATERMARK, value)
  }

  get demo(): boolean {
    return (this.#flags & DEMO) !== 0
  }

  set demo(value: boolean) {
    this.#flags = withBit(this.#flags, DEMO, value)
  }

  get numOutputs(): number {
    return (this.#flags >>> OUTPUTS_SHIFT) & 15
  }

  set numOutputs(count: number) {
    this.#flags = (this.#flags & ~(15 << OUTPUTS_SHIFT)) | (count << OUTPUTS_SHIFT)
  }

  /** How many times the owner read it: in `#flags` up to POLLS_KEPT, beyond in a property only such rows have. */
  get polls(): number {
    const polls = this.#flags >>> POLLS_SHIFT
    return polls < POLLS_KEPT ? polls : (this as { [MANY_POLLS]?: number })[MANY_POLLS]!
  }

  set polls(polls: number) {
    const kept = Math.min(polls, POLLS_KEPT)
    this.#flags = (this.#flags & ((1 << POLLS_SHIFT) - 1)) | (kept << POLLS_SHIFT)
    if (kept === POLLS_KEPT) (this as { [MANY_POLLS]?: number })[MANY_POLLS] = polls
  }

  get updatedAt(): number {
    return this.#flags & UPDATED_WHOLE ? this.#updated : this.createdAt + this.#updated
  }

  set updatedAt(at: number) {
    const updated = smallOffset(at, this.createdAt)
    this.#updated = updated ?? at
    this.#flags = withBit(this.#flags, UPDATED_WHOLE, updated === undefined)
  }

  get providerTaskId(): string {
    return this.#flags & PACKED ? unpackId(this.#ids, 0) : idAt(this.#ids, 0)
  }

  set providerTaskId(id: string) {
    TaskRow.#setId(this, 0, id)
  }

  get requestId(): string {
    return this.#flags & PACKED ? unpackId(this.#ids, 1) : idAt(this.#ids, 1)
  }

  set requestId(id: string) {
    TaskRow.#setId(this, 1, id)
  }

  get httpRequestId(): string {
    return this.#flags & PACKED ? unpackId(this.#ids, 2) : idAt(this.#ids, 2)
  }

  set httpRequestId(id: string) {
    TaskRow.#setId(this, 2, id)
  }

  /** Sets one of `row`'s secondary ids (a static method: an instance one would cost every row a slot). */
  static #setId(row: TaskRow, index: number, id: string): void {
    const ids: [string, string, string] = [row.providerTaskId, row.requestId, row.httpRequestId]
    ids[index] = id
    const packed = packIds(ids)
    row.#ids = packed ?? ids.join(' ')
    row.#flags = withBit(row.#flags, PACKED, packed !== undefined)
  }
}

/** `flags` with `bit` set or cleared. */
function withBit(flags: number, bit: number, on: boolean): number {
  return on ? flags | bit : flags & ~bit
}

/** The `index`th of the ids joined by spaces. */
function idAt(ids: string, index: number): string {
  const first = ids.indexOf(' ')
  if (index === 0) return ids.slice(0, first)
  const second = ids.indexOf(' ', first + 1)
  return index === 1 ? ids.slice(first + 1, second) : ids.slice(second + 1)
}
