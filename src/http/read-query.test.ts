import { describe, expect, it } from 'vitest'
import { findingQuerySchema, journalListQuerySchema, taskListQuerySchema } from '../contract/control-requests.js'
import { Problem } from '../engine/problem.js'
import { readQuery } from './read-query.js'

const issuesOf = (read: () => unknown) => {
  try {
    read()
  } catch (error) {
    if (error instanceof Problem && error.detail.kind === 'invalid-request') return error.detail.issues
    throw error
  }
  throw new Error('no problem thrown')
}
const query = (text: string) => new URLSearchParams(text)

describe('query parameters read with the contract schemas', () => {
  it('turns digits into numbers where the schema takes one, and keeps text as text', () => {
    expect(readQuery(taskListQuerySchema, query('status=2&account=123'))).toEqual({
      status: 2,
      account: '123',
      limit: 100,
    })
    expect(readQuery(journalListQuerySchema, query('taskId=42&path=/api/*&since=7&junk=1'))).toEqual({
      taskId: '42',
      path: '/api/*',
      since: 7,
      limit: 100,
    })
    expect(readQuery(findingQuerySchema, query('rule=poll-too-soon'))).toEqual({
      rule: 'poll-too-soon',
      format: 'json',
    })
  })

  it('takes a limit from 1 to 1000 and refuses one past either side', () => {
    expect(readQuery(taskListQuerySchema, query('limit=1')).limit).toBe(1)
    expect(readQuery(taskListQuerySchema, query('limit=1000')).limit).toBe(1000)
    for (const limit of ['0', '1001', '1.5', '-1', ''])
      expect(issuesOf(() => readQuery(taskListQuerySchema, query(`limit=${limit}`)))).toEqual([
        { in: 'path', path: 'limit', message: 'must be an integer from 1 to 1000' },
      ])
  })

  it('takes journal numbers up to fifteen digits', () => {
    expect(readQuery(journalListQuerySchema, query('status=999999999999999')).status).toBe(999_999_999_999_999)
    expect(issuesOf(() => readQuery(journalListQuerySchema, query('status=1000000000000000')))).toEqual([
      { in: 'path', path: 'status', message: 'must be a whole number' },
    ])
  })

  it('lists every failing parameter', () => {
    expect(issuesOf(() => readQuery(findingQuerySchema, query('rule=nope&format=xml')))).toEqual([
      { in: 'path', path: 'rule', message: expect.stringMatching(/^must be one of poll-too-soon, /) },
      { in: 'path', path: 'format', message: 'must be json or junit' },
    ])
    expect(issuesOf(() => readQuery(taskListQuerySchema, query('status=3&limit=0')))).toEqual([
      { in: 'path', path: 'status', message: 'must be 0 (pending), 1 (completed) or 2 (failed)' },
      { in: 'path', path: 'limit', message: 'must be an integer from 1 to 1000' },
    ])
  })
})
