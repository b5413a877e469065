import { describe, expect, it } from 'vitest'
import { Journal, type JournalEntry } from './journal.js'

/** A request as the handlers record it; `n` tells entries apart. */
const request = (n: number): Omit<JournalEntry, 'seq'> => ({
  at: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
  method: 'GET',
  path: `/api/ai/tasks/tsk_${n}`,
  query: '',
  status: 200,
  durationMs: n,
  headers: { authorization: 'Bearer [redacted]' },
})

const fill = (journal: Journal, from: number, to: number) => {
  for (let n = from; n <= to; n++) journal.record(request(n))
}
const paths = (entries: JournalEntry[]) => entries.map((entry) => entry.path)
const seqs = (entries: JournalEntry[]) => entries.map((entry) => entry.seq)

describe('Journal', () => {
  it('keeps 1000 requests unless told otherwise', () => {
    const journal = new Journal()
    expect(journal.capacity).toBe(1000)
    fill(journal, 1, 1000)
    expect(journal.size).toBe(1000)
    expect(journal.list()).toHaveLength(1000)
    journal.record(request(1001))
    expect(journal.size).toBe(1000)
    expect(journal.list().at(-1)?.path).toBe('/api/ai/tasks/tsk_2')
  })

  it('records an entry as given, with a sequence number', () => {
    const journal = new Journal()
    journal.record({
      ...request(1),
      accountId: 'acct_alice',
      scenario: 'flaky',
      taskId: 'tsk_1',
      idempotencyKey: 'key-00000001',
      replayed: true,
      dropped: false,
    })
    expect(journal.list()).toEqual([
      {
        seq: 1,
        ...request(1),
        accountId: 'acct_alice',
        scenario: 'flaky',
        taskId: 'tsk_1',
        idempotencyKey: 'key-00000001',
        replayed: true,
        dropped: false,
      },
    ])
  })

  it('lists newest first', () => {
    const journal = new Journal(10)
    fill(journal, 1, 3)
    expect(paths(journal.list())).toEqual(['/api/ai/tasks/tsk_3', '/api/ai/tasks/tsk_2', '/api/ai/tasks/tsk_1'])
    expect(seqs(journal.list())).toEqual([3, 2, 1])
  })

  it('is empty at first', () => {
    const journal = new Journal(3)
    expect(journal.size).toBe(0)
    expect(journal.list()).toEqual([])
    expect(journal.list(5)).toEqual([])
  })

  it('holds up to its capacity, then drops the oldest first', () => {
    const journal = new Journal(3)
    fill(journal, 1, 3)
    expect(journal.size).toBe(3)
    expect(seqs(journal.list())).toEqual([3, 2, 1])
    journal.record(request(4))
    expect(journal.size).toBe(3)
    expect(seqs(journal.list())).toEqual([4, 3, 2])
    fill(journal, 5, 9)
    expect(journal.size).toBe(3)
    expect(paths(journal.list())).toEqual(['/api/ai/tasks/tsk_9', '/api/ai/tasks/tsk_8', '/api/ai/tasks/tsk_7'])
  })

  it('with capacity 1 keeps only the newest', () => {
    const journal = new Journal(1)
    fill(journal, 1, 2)
    expect(seqs(journal.list())).toEqual([2])
  })

  it('limits the list to the newest N', () => {
    const journal = new Journal(10)
    fill(journal, 1, 5)
    expect(seqs(journal.list(1))).toEqual([5])
    expect(seqs(journal.list(2))).toEqual([5, 4])
    expect(seqs(journal.list(4))).toEqual([5, 4, 3, 2])
    expect(seqs(journal.list(5))).toEqual([5, 4, 3, 2, 1])
    expect(seqs(journal.list(6))).toEqual([5, 4, 3, 2, 1])
    expect(seqs(journal.list(99_999))).toEqual([5, 4, 3, 2, 1])
  })

  it('listing does not change the journal', () => {
    const journal = new Journal(10)
    fill(journal, 1, 3)
    journal.list(2)
    journal.list()
    expect(seqs(journal.list())).toEqual([3, 2, 1])
    expect(journal.size).toBe(3)
  })

  it('numbers on past evictions: seq counts every request since the last clear', () => {
    const journal = new Journal(2)
    fill(journal, 1, 5)
    expect(seqs(journal.list())).toEqual([5, 4])
    journal.record(request(6))
    expect(seqs(journal.list())).toEqual([6, 5])
  })

  it('clear empties it and restarts seq at 1', () => {
    const journal = new Journal(2)
    fill(journal, 1, 5)
    journal.clear()
    expect(journal.size).toBe(0)
    expect(journal.list()).toEqual([])
    journal.record(request(10))
    journal.record(request(11))
    expect(seqs(journal.list())).toEqual([2, 1])
    expect(paths(journal.list())).toEqual(['/api/ai/tasks/tsk_11', '/api/ai/tasks/tsk_10'])
    // capacity still holds after a clear
    journal.record(request(12))
    expect(seqs(journal.list())).toEqual([3, 2])
  })

  it('keeps order through many wraps: limits, filters, lazily built entries, save and restore', () => {
    const journal = new Journal(4)
    let built = 0
    for (let n = 1; n <= 10; n++)
      journal.record({
        build: () => {
          built++
          return request(n)
        },
      })
    expect(seqs(journal.list(3))).toEqual([10, 9, 8])
    expect(built).toBe(3) // only the entries read are built
    expect(paths(journal.find({ path: '/api/ai/tasks/tsk_7' }))).toEqual(['/api/ai/tasks/tsk_7'])
    expect(journal.find({ path: '/api/ai/tasks/tsk_6' })).toEqual([])
    const other = new Journal(4)
    other.restore(journal.save())
    other.record(request(11))
    expect(seqs(other.list())).toEqual([11, 10, 9, 8])
    expect(seqs(journal.list())).toEqual([10, 9, 8, 7])
  })

  it('with capacity 0 keeps nothing but still numbers requests', () => {
    const journal = new Journal(0)
    fill(journal, 1, 3)
    expect(journal.size).toBe(0)
    expect(journal.record(request(4))).toBe(4)
  })
})
