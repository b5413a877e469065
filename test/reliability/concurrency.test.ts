import { expect, it } from 'vitest'
import { submissionResponseSchema } from '../../src/contract/responses.js'
import type { LedgerEntry } from '../../src/engine/accounts/ledger.js'
import { auth, IMAGE, post, RELAY, submitImage } from '../support/api.js'
import { eachDoor, type Door } from '../support/doors.js'

/**
 * Concurrency (reliability test 3 of issue 5), through both doors: many simultaneous submissions
 * with one Idempotency-Key make exactly one task and one debit, also while the first one waits
 * out a scenario's latency and when the scenario drops the connection after the commit; different
 * keys make independent tasks; an account that can pay for only some of a burst never goes negative.
 */

const N = 25
const IMAGE_PRICE = 4 // base-image-2 at 1K, one output (interface)
const RELAY_PRICE = 7 // relay base-image-2 at 2K (fixtures/pricing.json)
const IN_PROGRESS = { error: 'Request with this Idempotency-Key is in progress' }

interface Answer {
  /** The connection was dropped: fetch rejected. */
  dropped: boolean
  status: number
  replayed: boolean
  body: unknown
}

/** `n` requests at once; each answer, or `dropped` where the fetch rejected. */
async function burst(n: number, send: (i: number) => Promise<Response>): Promise<Answer[]> {
  const settled = await Promise.allSettled(Array.from({ length: n }, (_, i) => send(i)))
  return Promise.all(
    settled.map(async (result): Promise<Answer> => {
      if (result.status === 'rejected') return { dropped: true, status: 0, replayed: false, body: undefined }
      const res = result.value
      return {
        dropped: false,
        status: res.status,
        replayed: res.headers.get('idempotent-replayed') === 'true',
        body: await res.json(),
      }
    }),
  )
}

async function tasks(
  door: Door,
  account = 'acct_alice',
): Promise<{ total: number; tasks: { id: string; creditsUsed: number }[] }> {
  const res = await door.fetch(`/__mock/tasks?account=${account}&limit=1000`)
  expect(res.status).toBe(200)
  return (await res.json()) as { total: number; tasks: { id: string; creditsUsed: number }[] }
}

async function account(door: Door, id = 'acct_alice'): Promise<{ credits: number; ledger: LedgerEntry[] }> {
  const res = await door.fetch(`/__mock/accounts/${id}`)
  expect(res.status).toBe(200)
  return (await res.json()) as { credits: number; ledger: LedgerEntry[] }
}

const debits = (ledger: LedgerEntry[]) => ledger.filter((entry) => entry.kind === 'debit')

async function loadScenario(door: Door, scenario: unknown): Promise<void> {
  const res = await post(door, '/__mock/scenarios', scenario)
  expect(res.status, await res.clone().text()).toBe(201)
}

const SLOW = {
  name: 'slow-submit',
  description: 'Every submission answers after 100 ms; tasks then behave as in default.',
  rules: [{ submit: { latency: '100ms' }, use: 'default' }],
}
const SLOW_DROP = {
  name: 'slow-drop',
  description: 'Every submission waits 100 ms, is stored and debited, then the connection is dropped.',
  rules: [{ submit: { latency: '100ms', fault: 'drop-after-commit' }, use: 'default' }],
}

/**
 * One key, one body, `N` at once: exactly one task and one debit; every answer is the original,
 * its replay, 409 in progress, or (drop scenarios only) the dropped connection of the one that committed.
 */
async function expectOneTask(
  door: Door,
  answers: Answer[],
  { price, drops }: { price: number; drops: boolean },
): Promise<string> {
  const stored = await tasks(door)
  expect(stored.total, 'exactly one task').toBe(1)
  const taskId = stored.tasks[0]!.id
  const { credits, ledger } = await account(door)
  expect(debits(ledger), 'exactly one debit').toEqual([expect.objectContaining({ amount: -price, taskId })])
  expect(credits).toBe(1000 - price)

  for (const answer of answers) {
    if (answer.dropped) continue
    if (answer.status === 409) expect(answer.body).toEqual(IN_PROGRESS)
    else {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      expect(submissionResponseSchema.parse(answer.body).taskId, 'every success names the one task').toBe(taskId)
    }
  }
  const originals = answers.filter((a) => !a.dropped && a.status === 200 && !a.replayed)
  const dropped = answers.filter((a) => a.dropped)
  // The request that committed either answered (200, not a replay) or, under drop-after-commit,
  // had its connection dropped.
  if (drops) {
    expect(dropped, 'exactly the committing request is dropped; replays are answered').toHaveLength(1)
    expect(originals).toHaveLength(0)
  } else {
    expect(dropped).toHaveLength(0)
    expect(originals, 'exactly one original answer').toHaveLength(1)
  }
  return taskId
}

eachDoor('concurrency', (door) => {
  // The other submissions get replays or 409.
  it(`${N} simultaneous relay submissions with one Idempotency-Key and body: one task, one debit`, async () => {
    const headers = { 'idempotency-key': 'burst-relay-0001' }
    const answers = await burst(N, () => submitImage(door(), RELAY, headers))
    const taskId = await expectOneTask(door(), answers, { price: RELAY_PRICE, drops: false })
    const retry = await submitImage(door(), RELAY, headers)
    expect(retry.status).toBe(200)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(((await retry.json()) as { taskId: string }).taskId).toBe(taskId)
    expect((await tasks(door())).total).toBe(1)
  })

  // The first of them waits out a 100 ms latency.
  it(`${N} simultaneous standard submissions with one key: one task, one debit, the others 409`, async () => {
    await loadScenario(door(), SLOW)
    const headers = { 'idempotency-key': 'burst-slow-0001', 'x-mock-scenario': 'slow-submit' }
    const answers = await burst(N, () => submitImage(door(), IMAGE, headers))
    await expectOneTask(door(), answers, { price: IMAGE_PRICE, drops: false })
    // The burst lands inside the 100 ms the first request is held: the key is in progress for the others.
    expect(
      answers.filter((a) => a.status === 409).length,
      'no request saw the key in progress: the burst was not concurrent',
    ).toBeGreaterThan(0)
    const retry = await submitImage(door(), IMAGE, headers)
    expect([retry.status, retry.headers.get('idempotent-replayed')]).toEqual([200, 'true'])
  })

  // Some fetches fail; a later retry replays.
  it(`${N} simultaneous submissions with one key under drop-after-commit: still one task and one debit`, async () => {
    const headers = { 'idempotency-key': 'burst-drop-0001', 'x-mock-scenario': 'drop-after-commit' }
    const answers = await burst(N, () => submitImage(door(), IMAGE, headers))
    const taskId = await expectOneTask(door(), answers, { price: IMAGE_PRICE, drops: true })
    const retry = await submitImage(door(), IMAGE, headers)
    expect([retry.status, retry.headers.get('idempotent-replayed')]).toEqual([200, 'true'])
    expect(((await retry.json()) as { taskId: string }).taskId).toBe(taskId)
    expect((await account(door())).credits).toBe(1000 - IMAGE_PRICE)
  })

  // Both at once; one connection is dropped.
  it(`${N} simultaneous submissions with one key, latency and drop-after-commit: one task, one debit`, async () => {
    await loadScenario(door(), SLOW_DROP)
    const headers = { 'idempotency-key': 'burst-slowdrop-01', 'x-mock-scenario': 'slow-drop' }
    const answers = await burst(N, () => submitImage(door(), IMAGE, headers))
    const taskId = await expectOneTask(door(), answers, { price: IMAGE_PRICE, drops: true })
    expect(answers.filter((a) => a.status === 409).length).toBeGreaterThan(0)
    const retry = await submitImage(door(), IMAGE, headers)
    expect(((await retry.json()) as { taskId: string }).taskId).toBe(taskId)
  })

  it(`${N} simultaneous submissions with different keys (and ${N} without): a task and a debit each`, async () => {
    const keyed = await burst(N, (i) =>
      submitImage(door(), IMAGE, { 'idempotency-key': `burst-distinct-${String(i).padStart(4, '0')}` }),
    )
    const keyless = await burst(N, () => submitImage(door(), IMAGE))
    const answers = [...keyed, ...keyless]
    expect(answers.map((a) => [a.status, a.replayed])).toEqual(answers.map(() => [200, false]))
    const ids = answers.map((a) => submissionResponseSchema.parse(a.body).taskId)
    expect(new Set(ids).size).toBe(2 * N)
    const stored = await tasks(door())
    expect(stored.total).toBe(2 * N)
    expect(new Set(stored.tasks.map((t) => t.id))).toEqual(new Set(ids))
    const { credits, ledger } = await account(door())
    expect(debits(ledger)).toHaveLength(2 * N)
    expect(new Set(debits(ledger).map((d) => d.taskId))).toEqual(new Set(ids))
    expect(credits).toBe(1000 - 2 * N * IMAGE_PRICE)
  })

  // The balance never goes negative.
  it.each([
    ['at once', {}],
    ['while each waits out a 100 ms latency', { 'x-mock-scenario': 'slow-submit' }],
  ])(
    `an account that can pay for only some of ${N} simultaneous submissions (%s): floor(balance / price) accepted`,
    async (_, extra: Record<string, string>) => {
      if (extra['x-mock-scenario']) await loadScenario(door(), SLOW)
      const opening = 23
      const price = 3 // vendor-a/base-image, per call (interface)
      const created = await post(door(), '/__mock/accounts', { credits: opening, name: 'burst' })
      expect(created.status).toBe(201)
      const { id, apiKey } = (await created.json()) as { id: string; apiKey: string }
      const body = { model: 'vendor-a/base-image', prompt: 'a fox' }
      const answers = await burst(N, (i) =>
        submitImage(door(), body, {
          ...auth(apiKey),
          ...extra,
          ...(i % 2 === 0 ? { 'idempotency-key': `burst-poor-${String(i).padStart(4, '0')}` } : {}),
        }),
      )
      const accepted = answers.filter((a) => a.status === 200)
      const refused = answers.filter((a) => a.status === 402)
      expect(accepted).toHaveLength(Math.floor(opening / price))
      expect(refused).toHaveLength(N - accepted.length)
      for (const answer of refused) expect(answer.body).toEqual({ error: 'Insufficient credits', required: price })
      for (const answer of accepted) expect(submissionResponseSchema.parse(answer.body).creditsUsed).toBe(price)
      const { credits, ledger } = await account(door(), id)
      expect(credits).toBe(opening % price)
      expect(
        ledger.every((entry) => entry.balanceAfter >= 0),
        JSON.stringify(ledger),
      ).toBe(true)
      expect(debits(ledger)).toHaveLength(accepted.length)
      expect((await tasks(door(), id)).total).toBe(accepted.length)
    },
  )
})
