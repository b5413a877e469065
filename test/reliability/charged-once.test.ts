import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine/engine.js'
import { RECORDS_PER_ACCOUNT } from '../../src/engine/tasks/idempotency.js'
import { KEEP_FINISHED_PER_ACCOUNT } from '../../src/engine/tasks/task-store.js'
import { advance, auth, getTask, IMAGE, post, RELAY, submitImage } from '../support/api.js'
import { eachDoor, START, type Door } from '../support/doors.js'

/**
 * Nothing charged twice, nothing paid for lost (docs/limits-and-security.md): Idempotency-Key
 * records are kept per account, a retry under a key whose record was let go is reported (and
 * refused when strict), keys are counted in characters and sent once; each account's latest
 * finished tasks are kept for reading, and a read of an evicted one says why it is not found.
 */

const manual = () => new Engine({ seed: 7, clock: { mode: 'manual', start: START } })

describe('Idempotency-Key records: one account never evicts another’s', () => {
  it('after 10,001 keyed submissions of another account, a retry replays: one task, one debit', async () => {
    const engine = manual()
    const a = engine.createAccount({ credits: 100 })
    const b = engine.createAccount({ credits: 1_000_000 })
    const alice = engine.authenticate({ kind: 'key', key: a.apiKey })
    const bob = engine.authenticate({ kind: 'key', key: b.apiKey })
    const first = await engine.submit(alice, 'image', IMAGE, { idempotencyKey: 'alice-key-0001' })
    for (let i = 0; i <= 10_000; i++)
      await engine.submit(bob, 'image', { ...IMAGE, prompt: `bob ${i}` }, { idempotencyKey: `bob-key-${i}` })
    const retry = await engine.submit(alice, 'image', IMAGE, { idempotencyKey: 'alice-key-0001' })
    expect(retry.replayed).toBe(true)
    expect(retry.response.taskId).toBe(first.response.taskId)
    expect(engine.getAccount(a.id).credits).toBe(100 - first.response.creditsUsed)
  })
})

async function account(door: Door, body: object = {}): Promise<{ id: string; apiKey: string }> {
  const res = await post(door, '/__mock/accounts', { credits: 100_000, ...body })
  expect(res.status).toBe(201)
  return (await res.json()) as { id: string; apiKey: string }
}

/** `count` keyed submissions of `key`'s account, in the engine (fast), each key `prefix-i`. */
async function fill(door: () => Door, apiKey: string, count: number, prefix: string): Promise<void> {
  const who = door().engine.authenticate({ kind: 'key', key: apiKey })
  for (let i = 0; i < count; i++)
    await door().engine.submit(
      who,
      'image',
      { ...IMAGE, prompt: `${prefix} ${i}` },
      { idempotencyKey: `${prefix}-${i}` },
    )
}

eachDoor('Idempotency-Key records per account', (door) => {
  it(`a key let go past the account's ${RECORDS_PER_ACCOUNT} records: its retry is a finding`, async () => {
    const { id, apiKey } = await account(door())
    const headers = { ...auth(apiKey), 'idempotency-key': 'first-key-0001' }
    const first = (await (await submitImage(door(), IMAGE, headers)).json()) as { taskId: string }
    await fill(door, apiKey, RECORDS_PER_ACCOUNT, 'later-key')
    const retry = await submitImage(door(), IMAGE, headers)
    expect(retry.status).toBe(200)
    expect(retry.headers.get('genmock-conformance')).toBe('retry-after-eviction')
    expect(((await retry.json()) as { taskId: string }).taskId).not.toBe(first.taskId)
    const { findings } = (await (await door().fetch(`/__mock/conformance?account=${id}`)).json()) as {
      findings: { rule: string; idempotencyKey?: string }[]
    }
    expect(findings).toEqual([
      expect.objectContaining({ rule: 'retry-after-eviction', idempotencyKey: 'first-key-0001' }),
    ])
  })

  it('under strict, that retry is refused (409) and charged nothing, and so is the next one', async () => {
    const { id, apiKey } = await account(door(), { strict: true })
    const headers = { ...auth(apiKey), 'idempotency-key': 'first-key-0001' }
    expect((await submitImage(door(), IMAGE, headers)).status).toBe(200)
    await fill(door, apiKey, RECORDS_PER_ACCOUNT, 'later-key')
    const credits = async () =>
      ((await (await door().fetch(`/__mock/accounts/${id}`)).json()) as { credits: number }).credits
    const before = await credits()
    for (let i = 0; i < 2; i++) {
      const retry = await submitImage(door(), IMAGE, headers)
      expect(retry.status).toBe(409)
      expect(((await retry.json()) as { rule: string }).rule).toBe('retry-after-eviction')
    }
    expect(await credits()).toBe(before)
  })

  it('the account’s own 1000 latest are kept: the 1000th key back still replays', async () => {
    const { apiKey } = await account(door())
    const headers = { ...auth(apiKey), 'idempotency-key': 'first-key-0001' }
    const first = (await (await submitImage(door(), IMAGE, headers)).json()) as { taskId: string }
    await fill(door, apiKey, RECORDS_PER_ACCOUNT - 1, 'later-key')
    const retry = await submitImage(door(), IMAGE, headers)
    expect(retry.headers.get('genmock-conformance')).toBeNull()
    expect(((await retry.json()) as { taskId: string }).taskId).toBe(first.taskId)
  })

  it('a record lives for its retention, 24 h simulated: a day later the key is new, and no finding', async () => {
    const headers = { 'idempotency-key': 'day-old-key-01' }
    const first = (await (await submitImage(door(), IMAGE, headers)).json()) as { taskId: string }
    await advance(door(), 24 * 3600 - 1)
    expect(((await (await submitImage(door(), IMAGE, headers)).json()) as { taskId: string }).taskId).toBe(first.taskId)
    await advance(door(), 1)
    const later = await submitImage(door(), IMAGE, headers)
    expect(((await later.json()) as { taskId: string }).taskId).not.toBe(first.taskId)
    expect(later.headers.get('genmock-conformance')).toBeNull()
  })
})

eachDoor('Idempotency-Key: 8 to 200 characters, sent once', (door) => {
  // Each ü is two bytes of UTF-8 (C3 BC), which HTTP hands over as two characters, one per byte.
  const utf8 = (text: string) => String.fromCharCode(...new TextEncoder().encode(text))

  it('200 characters of two bytes each are accepted; 201 are not; 8 are, 7 are not', async () => {
    for (const [length, status] of [
      [200, 200],
      [201, 400],
      [8, 200],
      [7, 400],
    ] as const) {
      const res = await submitImage(door(), IMAGE, { 'idempotency-key': utf8('ü'.repeat(length)) })
      expect([length, res.status]).toEqual([length, status])
    }
  })

  it('the journal shows the key as the characters sent', async () => {
    await submitImage(door(), IMAGE, { 'idempotency-key': utf8('schlüssel-1') })
    const { requests } = (await (await door().fetch('/__mock/requests?limit=1')).json()) as {
      requests: { idempotencyKey: string }[]
    }
    expect(requests[0]!.idempotencyKey).toBe('schlüssel-1')
  })

  it('two Idempotency-Key headers are Invalid request, not a new key "a, b"', async () => {
    const headers = new Headers({ ...auth(), 'content-type': 'application/json' })
    headers.append('idempotency-key', 'key-one-0001')
    headers.append('idempotency-key', 'key-two-0002')
    const res = await door().fetch('/api/ai/image/generate', { method: 'POST', headers, body: JSON.stringify(RELAY) })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { details: { issues: unknown[] } }).details.issues).toEqual([
      { in: 'header', path: 'Idempotency-Key', message: expect.stringContaining('sent once') },
    ])
  })
})

describe('Idempotency-Key headers on the wire (server door, raw socket)', () => {
  it('two header lines, and a UTF-8 key of 200 characters, as a socket sends them', async () => {
    const { startServer } = await import('../../src/node/server/server.js')
    const server = await startServer({ port: 0, log: 'silent', seed: 7, clock: { mode: 'manual', start: START } })
    const send = (keyLines: string) =>
      new Promise<string>((resolve) => {
        const body = JSON.stringify(IMAGE)
        const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => {
          socket.write(
            `POST /api/ai/image/generate HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer sk_test_alice\r\n` +
              `Content-Type: application/json\r\n${keyLines}Content-Length: ${Buffer.byteLength(body)}\r\n` +
              `Connection: close\r\n\r\n${body}`,
            'latin1',
          )
        })
        let answer = ''
        socket.on('data', (chunk) => (answer += chunk.toString('latin1')))
        socket.on('close', () => resolve(answer.split(' ')[1]!))
      })
    try {
      expect(await send('Idempotency-Key: key-one-0001\r\nIdempotency-Key: key-two-0002\r\n')).toBe('400')
      expect(await send(`Idempotency-Key: ${Buffer.from('ü'.repeat(200)).toString('latin1')}\r\n`)).toBe('200')
    } finally {
      await server.close()
    }
  })
})

eachDoor(
  'finished tasks kept for reading',
  (door) => {
    it(`another account's flood never evicts an account's latest finished tasks`, async () => {
      const { apiKey } = await account(door())
      const mine = (await (await submitImage(door(), IMAGE, auth(apiKey))).json()) as { taskId: string }
      await advance(door(), 60)
      // Alice (the fixture account) floods: 30 tasks over a cap of 5, every one finished.
      for (let i = 0; i < 30; i++) await submitImage(door(), { ...IMAGE, prompt: `flood ${i}` })
      await advance(door(), 60)
      expect((await getTask(door(), mine.taskId, apiKey)).status).toBe(200)
    })

    it('a read of an evicted task: 404 Task not found, with a read-of-evicted-task observation', async () => {
      const first = (await (await submitImage(door(), IMAGE)).json()) as { taskId: string }
      await advance(door(), 60)
      for (let i = 0; i < 10; i++) await submitImage(door(), { ...IMAGE, prompt: `more ${i}` })
      await advance(door(), 60)
      const res = await getTask(door(), first.taskId)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ error: 'Task not found' })
      expect(res.headers.get('genmock-conformance')).toBe('read-of-evicted-task')
      // Another account asking for it learns nothing.
      const bob = await getTask(door(), first.taskId, 'sk_test_bob')
      expect([bob.status, bob.headers.get('genmock-conformance')]).toEqual([404, null])
    })
  },
  () => ({ seed: 7, clock: { mode: 'manual', start: START }, maxTasks: 5 }),
)

describe('TaskStore: each account keeps its latest finished tasks', () => {
  it(`keeps ${KEEP_FINISHED_PER_ACCOUNT} (or max-tasks) per account; only they pass the cap`, async () => {
    const engine = new Engine({ seed: 7, clock: { mode: 'manual', start: START }, maxTasks: 3 })
    const accounts = [0, 1, 2].map(() => engine.createAccount({ credits: 1000 }))
    const ids: string[][] = [[], [], []]
    for (let round = 0; round < 5; round++)
      for (const [i, created] of accounts.entries()) {
        const who = engine.authenticate({ kind: 'key', key: created.apiKey })
        ids[i]!.push((await engine.submit(who, 'image', { ...IMAGE, prompt: `r${round}` })).response.taskId)
        engine.advanceClock({ until: 'idle' })
      }
    // Each account keeps its latest 3 (the cap is smaller than 1000): 9 stored over a cap of 3.
    const stored = engine.listTasks({ limit: 100 }, 'http://x').tasks.map((task) => task.taskId)
    expect(stored.sort()).toEqual(ids.flatMap((list) => list.slice(-3)).sort())
  })
})
