import { describe, expect, it } from 'vitest'
import { canonicalJson, IdempotencyRecords } from './idempotency.js'
import { Problem } from '../problem.js'

const DAY = 24 * 3600 * 1000

function problemKind(fn: () => unknown): string {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(Problem)
    return (error as Problem).detail.kind
  }
  throw new Error('expected a Problem')
}

describe('canonicalJson', () => {
  it('does not depend on key order', () => {
    expect(canonicalJson({ model: 'm', prompt: 'p', numOutputs: 2 })).toBe(
      canonicalJson({ numOutputs: 2, prompt: 'p', model: 'm' }),
    )
  })

  it('sorts keys at every level of nesting, inside arrays too', () => {
    const a = { b: 1, a: [{ d: 2, c: 3 }], n: { z: { y: 1, x: 2 }, w: null } }
    const b = { n: { w: null, z: { x: 2, y: 1 } }, a: [{ c: 3, d: 2 }], b: 1 }
    expect(canonicalJson(a)).toBe(canonicalJson(b))
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}')
  })

  it('keeps array order significant', () => {
    expect(canonicalJson({ inputImageUrls: ['a', 'b'] })).not.toBe(canonicalJson({ inputImageUrls: ['b', 'a'] }))
  })

  it('tells different values apart', () => {
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }))
    expect(canonicalJson({ a: { b: 1 } })).not.toBe(canonicalJson({ a: { b: 2 } }))
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: 1, b: 2 }))
    expect(canonicalJson({ a: null })).not.toBe(canonicalJson({}))
  })

  it('is valid JSON equal to the input', () => {
    const value = { z: [1, 'two', { y: true, x: null }], a: 'é"\n', m: 1.5 }
    expect(JSON.parse(canonicalJson(value))).toEqual(value)
  })

  it('encodes scalars as JSON does', () => {
    expect(canonicalJson('x')).toBe('"x"')
    expect(canonicalJson(3)).toBe('3')
    expect(canonicalJson(null)).toBe('null')
    expect(canonicalJson([])).toBe('[]')
    expect(canonicalJson({})).toBe('{}')
  })
})

describe('IdempotencyRecords', () => {
  const scope = 'acct_a|image'
  const key = 'key-12345'

  it('begin of a new key is new; after complete, the same key and body replay the response', () => {
    const records = new IdempotencyRecords<{ taskId: string }>(DAY)
    expect(records.begin(scope, key, 'fp', 0)).toEqual({ kind: 'new' })
    records.complete(scope, key, { taskId: 'tsk_1' })
    expect(records.begin(scope, key, 'fp', 1000)).toEqual({ kind: 'replay', response: { taskId: 'tsk_1' } })
    // and again: a replay does not consume the record
    expect(records.begin(scope, key, 'fp', 2000)).toEqual({ kind: 'replay', response: { taskId: 'tsk_1' } })
  })

  it('the same key with a different body throws idempotency-mismatch, in progress or completed', () => {
    const records = new IdempotencyRecords<string>(DAY)
    records.begin(scope, key, 'fp-1', 0)
    expect(problemKind(() => records.begin(scope, key, 'fp-2', 1))).toBe('idempotency-mismatch')
    records.complete(scope, key, 'response')
    expect(problemKind(() => records.begin(scope, key, 'fp-2', 2))).toBe('idempotency-mismatch')
    // the original still replays
    expect(records.begin(scope, key, 'fp-1', 3)).toEqual({ kind: 'replay', response: 'response' })
  })

  it('the same key and body while the first is still in progress throws idempotency-in-progress', () => {
    const records = new IdempotencyRecords<string>(DAY)
    records.begin(scope, key, 'fp', 0)
    expect(problemKind(() => records.begin(scope, key, 'fp', 1))).toBe('idempotency-in-progress')
    records.complete(scope, key, 'done')
    expect(records.begin(scope, key, 'fp', 2)).toEqual({ kind: 'replay', response: 'done' })
  })

  it('release frees the key so a corrected retry, even with another body, starts anew', () => {
    const records = new IdempotencyRecords<string>(DAY)
    records.begin(scope, key, 'fp-1', 0)
    records.release(scope, key)
    expect(records.begin(scope, key, 'fp-2', 1)).toEqual({ kind: 'new' })
    records.complete(scope, key, 'second')
    expect(records.begin(scope, key, 'fp-2', 2)).toEqual({ kind: 'replay', response: 'second' })
  })

  it('scopes keys: the same key in another account or endpoint is a different record', () => {
    const records = new IdempotencyRecords<string>(DAY)
    records.begin('acct_a|image', key, 'fp-a', 0)
    records.complete('acct_a|image', key, 'a')
    expect(records.begin('acct_b|image', key, 'fp-b', 1)).toEqual({ kind: 'new' })
    expect(records.begin('acct_a|video', key, 'fp-v', 2)).toEqual({ kind: 'new' })
    expect(records.begin('acct_a|image', key, 'fp-a', 3)).toEqual({ kind: 'replay', response: 'a' })
  })

  it('forgets a record once the retention has passed, and keeps it until then', () => {
    const records = new IdempotencyRecords<string>(DAY)
    records.begin(scope, key, 'fp', 1000)
    records.complete(scope, key, 'original')
    expect(records.begin(scope, key, 'fp', 1000 + DAY - 1)).toEqual({ kind: 'replay', response: 'original' })
    // After the retention: a new request, even with another body (no mismatch).
    expect(records.begin(scope, key, 'other', 1000 + DAY)).toEqual({ kind: 'new' })
  })

  it('expires records independently by their own age', () => {
    const records = new IdempotencyRecords<string>(10_000)
    records.begin(scope, 'key-old-0001', 'fp', 0)
    records.complete(scope, 'key-old-0001', 'old')
    records.begin(scope, 'key-new-0001', 'fp', 5_000)
    records.complete(scope, 'key-new-0001', 'new')
    // at 12 s the first (created at 0) is gone, the second (created at 5 s) is kept
    expect(records.begin(scope, 'key-new-0001', 'fp', 12_000)).toEqual({ kind: 'replay', response: 'new' })
    expect(records.begin(scope, 'key-old-0001', 'fp', 12_000)).toEqual({ kind: 'new' })
  })

  it('clear forgets everything', () => {
    const records = new IdempotencyRecords<string>(DAY)
    records.begin(scope, key, 'fp', 0)
    records.complete(scope, key, 'x')
    records.clear()
    expect(records.begin(scope, key, 'other', 1)).toEqual({ kind: 'new' })
  })
})

describe('IdempotencyRecords: per account', () => {
  it("forgets an account's oldest record beyond its cap, and reports a retry under that key", () => {
    const records = new IdempotencyRecords<string>(86_400_000, 2)
    for (const key of ['key-0001', 'key-0002', 'key-0003']) {
      records.begin('acct_a|image', key, 'body', 0)
      records.complete('acct_a|image', key, `answer ${key}`)
    }
    expect(records.begin('acct_a|image', 'key-0001', 'body', 1)).toEqual({ kind: 'new', evicted: true })
    expect(records.begin('acct_a|image', 'key-0003', 'body', 1)).toEqual({
      kind: 'replay',
      response: 'answer key-0003',
    })
  })

  it("one account's records never take another's room", () => {
    const records = new IdempotencyRecords<string>(86_400_000, 2)
    records.begin('acct_a|image', 'key-a-0001', 'body', 0)
    records.complete('acct_a|image', 'key-a-0001', 'a')
    for (let i = 0; i < 100; i++) records.begin('acct_b|image', `key-b-${i}`, 'body', 0)
    expect(records.begin('acct_a|image', 'key-a-0001', 'body', 1)).toEqual({ kind: 'replay', response: 'a' })
    expect(records.size).toBe(3)
  })

  it('an evicted key is no finding once its retention has passed', () => {
    const records = new IdempotencyRecords<string>(1000, 1)
    records.begin('acct_a|image', 'key-0001', 'body', 0)
    records.begin('acct_a|image', 'key-0002', 'body', 10)
    expect(records.begin('acct_a|image', 'key-0001', 'body', 1000)).toEqual({ kind: 'new' })
  })
})
