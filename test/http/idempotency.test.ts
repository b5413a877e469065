import { expect, it } from 'vitest'
import {
  advance,
  auth,
  balance,
  getTask,
  IMAGE,
  issuePaths,
  KEYS,
  post,
  RELAY,
  submitImage,
  submitVideo,
  VIDEO_T2V,
} from '../support/api.js'
import { eachDoor, type Door } from '../support/doors.js'

/**
 * Idempotency-Key (interface: POST endpoints; README, Where the interface is silent): a retry with the same key and the
 * same body (canonical JSON), by the same account on the same endpoint, replays the original response with
 * `Idempotent-Replayed: true`: same taskId, no new debit, no new task. Keys are remembered 24 h of
 * simulated time; a request that fails (400, 402) does not consume its key.
 */

const REPLAYED = 'idempotent-replayed'
const MISMATCH = { error: 'Idempotency-Key reused with a different request' }
const DAY = 24 * 3600

const key = (k: string) => ({ 'idempotency-key': k })

async function taskCount(door: Door): Promise<number> {
  return ((await (await door.fetch('/__mock/tasks')).json()) as { total: number }).total
}

async function ledgerLength(door: Door, account = 'acct_alice'): Promise<number> {
  return ((await (await door.fetch(`/__mock/accounts/${account}`)).json()) as { ledger: unknown[] }).ledger.length
}

async function setCredits(door: Door, account: string, credits: number): Promise<void> {
  const res = await door.fetch(`/__mock/accounts/${account}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ credits }),
  })
  expect(res.status).toBe(200)
}

const taskIdOf = (text: string) => (JSON.parse(text) as { taskId: string }).taskId

eachDoor('Idempotency-Key', (door) => {
  // There is no new debit and no new task.
  it('a relay retry with the same key and body replays the original response byte for byte', async () => {
    const first = await submitImage(door(), RELAY, key('relay-retry-0001'))
    expect(first.status).toBe(200)
    expect(first.headers.get(REPLAYED)).toBeNull()
    const original = await first.text()
    const afterFirst = {
      credits: await balance(door()),
      tasks: await taskCount(door()),
      ledger: await ledgerLength(door()),
    }
    expect(afterFirst.credits).toBe(1000 - (JSON.parse(original) as { creditsUsed: number }).creditsUsed)

    for (let i = 0; i < 3; i++) {
      const retry = await submitImage(door(), RELAY, key('relay-retry-0001'))
      expect(retry.status).toBe(200)
      expect(retry.headers.get(REPLAYED)).toBe('true')
      expect(retry.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await retry.text()).toBe(original)
    }
    expect(await balance(door())).toBe(afterFirst.credits)
    expect(await taskCount(door())).toBe(afterFirst.tasks)
    expect(await ledgerLength(door())).toBe(afterFirst.ledger)
  })

  it('keys in a different order, or different whitespace, are the same body', async () => {
    const first = await submitImage(door(), RELAY, key('relay-order-0001'))
    const original = await first.text()
    const reordered = JSON.stringify({
      resolution: RELAY.resolution,
      prompt: RELAY.prompt,
      model: RELAY.model,
      provider: RELAY.provider,
    })
    const retry = await submitImage(door(), reordered, key('relay-order-0001'))
    expect(retry.status).toBe(200)
    expect(retry.headers.get(REPLAYED)).toBe('true')
    expect(await retry.text()).toBe(original)
    const spaced = JSON.stringify(RELAY, null, 2)
    const again = await submitImage(door(), spaced, key('relay-order-0001'))
    expect(again.headers.get(REPLAYED)).toBe('true')
    expect(await again.text()).toBe(original)
    expect(await taskCount(door())).toBe(1)
  })

  it('nested objects in a different key order are the same body too', async () => {
    const body = { ...IMAGE, providerInput: { resolution: '2K', style: { a: 1, b: [1, 2] } } }
    const first = await submitImage(door(), body, key('nested-order-0001'))
    expect(first.status).toBe(200)
    const original = await first.text()
    const reordered = {
      providerInput: { style: { b: [1, 2], a: 1 }, resolution: '2K' },
      prompt: IMAGE.prompt,
      model: IMAGE.model,
    }
    const retry = await submitImage(door(), reordered, key('nested-order-0001'))
    expect(retry.headers.get(REPLAYED)).toBe('true')
    expect(await retry.text()).toBe(original)
  })

  it('the replay is the original response even after the task has moved on or the balance has run out', async () => {
    const original = await (await submitImage(door(), RELAY, key('relay-later-0001'))).text()
    await advance(door(), 60)
    const snapshot = (await (await getTask(door(), taskIdOf(original))).json()) as { status: number }
    expect(snapshot.status).toBe(1)
    await setCredits(door(), 'acct_alice', 0)
    const retry = await submitImage(door(), RELAY, key('relay-later-0001'))
    expect(retry.status).toBe(200)
    expect(retry.headers.get(REPLAYED)).toBe('true')
    expect(await retry.text()).toBe(original)
    expect(await balance(door())).toBe(0)
  })

  it('the same key with a different body is 422 and changes nothing; the original still replays', async () => {
    const original = await (await submitImage(door(), RELAY, key('relay-mismatch-01'))).text()
    const credits = await balance(door())
    for (const other of [
      { ...RELAY, prompt: 'a different lighthouse' },
      { ...RELAY, resolution: '4K' },
      { ...RELAY, numOutputs: 2 },
      { ...RELAY, watermark: true },
    ]) {
      const res = await submitImage(door(), other, key('relay-mismatch-01'))
      expect(res.status, JSON.stringify(other)).toBe(422)
      expect(res.headers.get(REPLAYED)).toBeNull()
      expect(await res.json()).toStrictEqual(MISMATCH)
    }
    expect(await balance(door())).toBe(credits)
    expect(await taskCount(door())).toBe(1)
    const retry = await submitImage(door(), RELAY, key('relay-mismatch-01'))
    expect(retry.headers.get(REPLAYED)).toBe('true')
    expect(await retry.text()).toBe(original)
  })

  it('the same key used by another account is independent', async () => {
    const alices = await (await submitImage(door(), RELAY, key('relay-shared-0001'))).text()
    const bobRes = await submitImage(door(), RELAY, { ...key('relay-shared-0001'), ...auth(KEYS.bob) })
    expect(bobRes.status).toBe(200)
    expect(bobRes.headers.get(REPLAYED)).toBeNull()
    const bobs = await bobRes.text()
    expect(taskIdOf(bobs)).not.toBe(taskIdOf(alices))
    expect(await balance(door(), 'acct_bob')).toBe(1000 - (JSON.parse(bobs) as { creditsUsed: number }).creditsUsed)
    // Bob's task is his: Alice cannot read it, he can.
    expect((await getTask(door(), taskIdOf(bobs), KEYS.bob)).status).toBe(200)
    expect((await getTask(door(), taskIdOf(bobs), KEYS.alice)).status).toBe(404)
    // A different body from Bob with the same key is not a mismatch against Alice's record...
    const bobOther = await submitImage(
      door(),
      { ...RELAY, prompt: 'bob' },
      { ...key('relay-shared-0002'), ...auth(KEYS.bob) },
    )
    expect(bobOther.status).toBe(200)
    const aliceOther = await submitImage(door(), RELAY, key('relay-shared-0002'))
    expect(aliceOther.status).toBe(200)
    expect(aliceOther.headers.get(REPLAYED)).toBeNull()
    // ...and each account's own retries replay its own response.
    const aliceRetry = await submitImage(door(), RELAY, key('relay-shared-0001'))
    expect(await aliceRetry.text()).toBe(alices)
    const bobRetry = await submitImage(door(), RELAY, { ...key('relay-shared-0001'), ...auth(KEYS.bob) })
    expect(await bobRetry.text()).toBe(bobs)
  })

  it('the same key on the other endpoint is independent', async () => {
    const image = await submitImage(door(), RELAY, key('cross-endpoint-01'))
    expect(image.status).toBe(200)
    const imageText = await image.text()
    const video = await submitVideo(door(), VIDEO_T2V, key('cross-endpoint-01'))
    expect(video.status).toBe(200)
    expect(video.headers.get(REPLAYED)).toBeNull()
    const videoText = await video.text()
    expect(taskIdOf(videoText)).not.toBe(taskIdOf(imageText))
    expect(await taskCount(door())).toBe(2)
    expect((await submitImage(door(), RELAY, key('cross-endpoint-01'))).headers.get(REPLAYED)).toBe('true')
    const videoRetry = await submitVideo(door(), VIDEO_T2V, key('cross-endpoint-01'))
    expect(videoRetry.headers.get(REPLAYED)).toBe('true')
    expect(await videoRetry.text()).toBe(videoText)
  })

  it('a 402 does not consume the key: after a top-up the same key succeeds', async () => {
    const low = auth(KEYS.low)
    const refused = await submitImage(door(), RELAY, { ...key('relay-topup-0001'), ...low })
    expect(refused.status).toBe(402)
    const { required } = (await refused.json()) as { error: string; required: number }
    expect(required).toBeGreaterThan(2)
    // A retry before the top-up is refused the same way, not replayed and not "in progress".
    const again = await submitImage(door(), RELAY, { ...key('relay-topup-0001'), ...low })
    expect(again.status).toBe(402)
    expect(await taskCount(door())).toBe(0)

    await setCredits(door(), 'acct_low', 100)
    const accepted = await submitImage(door(), RELAY, { ...key('relay-topup-0001'), ...low })
    expect(accepted.status).toBe(200)
    expect(accepted.headers.get(REPLAYED)).toBeNull()
    const body = (await accepted.json()) as { creditsUsed: number }
    expect(body.creditsUsed).toBe(required)
    expect(await balance(door(), 'acct_low')).toBe(100 - required)
    expect(await taskCount(door())).toBe(1)
  })

  it('a 402 does not bind the key to its body: a different, affordable body may use it', async () => {
    const low = auth(KEYS.low)
    expect((await submitImage(door(), RELAY, { ...key('relay-topup-0002'), ...low })).status).toBe(402)
    await setCredits(door(), 'acct_low', 100)
    const res = await submitImage(door(), { ...RELAY, resolution: '1K' }, { ...key('relay-topup-0002'), ...low })
    expect(res.status).toBe(200)
  })

  it('a 400 does not consume the key: the corrected request succeeds with it', async () => {
    const invalid = await submitImage(door(), { ...RELAY, resolution: '16K' }, key('relay-fixed-00001'))
    expect(invalid.status).toBe(400)
    expect(await issuePaths(invalid)).toContain('resolution')
    const fixed = await submitImage(door(), RELAY, key('relay-fixed-00001'))
    expect(fixed.status).toBe(200)
    expect(fixed.headers.get(REPLAYED)).toBeNull()
    expect(await taskCount(door())).toBe(1)
  })

  it('a 401 does not consume the key either', async () => {
    const refused = await submitImage(door(), RELAY, {
      ...key('relay-unauth-0001'),
      authorization: 'Bearer sk_test_nobody',
    })
    expect(refused.status).toBe(401)
    const accepted = await submitImage(door(), RELAY, key('relay-unauth-0001'))
    expect(accepted.status).toBe(200)
    expect(accepted.headers.get(REPLAYED)).toBeNull()
  })

  it('keys are remembered 24 h of simulated time, then forgotten', async () => {
    const original = await (await submitImage(door(), RELAY, key('relay-retention-1'))).text()
    await advance(door(), DAY - 1)
    const within = await submitImage(door(), RELAY, key('relay-retention-1'))
    expect(within.headers.get(REPLAYED)).toBe('true')
    expect(await within.text()).toBe(original)
    const credits = await balance(door())

    await advance(door(), 2) // 24 h + 1 s after the first use
    const fresh = await submitImage(door(), RELAY, key('relay-retention-1'))
    expect(fresh.status).toBe(200)
    expect(fresh.headers.get(REPLAYED)).toBeNull()
    const body = (await fresh.json()) as { taskId: string; creditsUsed: number }
    expect(body.taskId).not.toBe(taskIdOf(original))
    expect(await balance(door())).toBe(credits - body.creditsUsed)
    expect(await taskCount(door())).toBe(2)
  })

  it('after 24 h + 1 s the forgotten key may carry a different body', async () => {
    await submitImage(door(), RELAY, key('relay-retention-2'))
    await advance(door(), DAY + 1)
    const res = await submitImage(door(), { ...RELAY, prompt: 'another job' }, key('relay-retention-2'))
    expect(res.status).toBe(200)
  })

  it('the new task made after expiry is itself remembered', async () => {
    await submitImage(door(), RELAY, key('relay-retention-3'))
    await advance(door(), DAY + 1)
    const second = await (await submitImage(door(), RELAY, key('relay-retention-3'))).text()
    const retry = await submitImage(door(), RELAY, key('relay-retention-3'))
    expect(retry.headers.get(REPLAYED)).toBe('true')
    expect(await retry.text()).toBe(second)
  })

  it('Idempotency-Key works on a standard image body', async () => {
    const first = await submitImage(door(), IMAGE, key('image-standard-01'))
    expect(first.status).toBe(200)
    const original = await first.text()
    const credits = await balance(door())
    const retry = await submitImage(door(), IMAGE, key('image-standard-01'))
    expect(retry.headers.get(REPLAYED)).toBe('true')
    expect(await retry.text()).toBe(original)
    expect(await balance(door())).toBe(credits)
    const mismatch = await submitImage(door(), { ...IMAGE, prompt: 'a blue fox' }, key('image-standard-01'))
    expect(mismatch.status).toBe(422)
    expect(await mismatch.json()).toStrictEqual(MISMATCH)
    expect(await taskCount(door())).toBe(1)
  })

  it('Idempotency-Key works on a video body', async () => {
    const first = await submitVideo(door(), VIDEO_T2V, key('video-standard-01'))
    expect(first.status).toBe(200)
    const original = await first.text()
    const credits = await balance(door())
    const retry = await submitVideo(
      door(),
      { prompt: VIDEO_T2V.prompt, inputMode: VIDEO_T2V.inputMode, model: VIDEO_T2V.model },
      key('video-standard-01'),
    )
    expect(retry.headers.get(REPLAYED)).toBe('true')
    expect(await retry.text()).toBe(original)
    expect(await balance(door())).toBe(credits)
    const mismatch = await submitVideo(
      door(),
      { ...VIDEO_T2V, duration: 8, aspectRatio: '9:16' },
      key('video-standard-01'),
    )
    expect(mismatch.status).toBe(422)
    expect(await mismatch.json()).toStrictEqual(MISMATCH)
    expect(await taskCount(door())).toBe(1)
  })

  it('without a key, the same standard body twice makes two tasks', async () => {
    const a = taskIdOf(await (await submitImage(door(), IMAGE)).text())
    const b = taskIdOf(await (await submitImage(door(), IMAGE)).text())
    expect(a).not.toBe(b)
    expect(await taskCount(door())).toBe(2)
  })

  it('a relay submission without a key, or with one outside 8–200 characters, is 400 naming the header', async () => {
    for (const headers of [{}, key('1234567'), key('k'.repeat(201))]) {
      const res = await submitImage(door(), RELAY, headers)
      expect(res.status).toBe(400)
      const body = (await res.json()) as { error: string; details: { issues: { in: string; path: string }[] } }
      expect(body.error).toBe('Invalid request')
      expect(body.details.issues).toContainEqual(expect.objectContaining({ in: 'header', path: 'Idempotency-Key' }))
    }
    expect(await taskCount(door())).toBe(0)
    for (const k of ['12345678', 'k'.repeat(200)]) expect((await submitImage(door(), RELAY, key(k))).status).toBe(200)
  })

  it('keys are case-sensitive: a key differing only in case is another key', async () => {
    await submitImage(door(), RELAY, key('Relay-Case-0001'))
    const other = await submitImage(door(), RELAY, key('relay-case-0001'))
    expect(other.status).toBe(200)
    expect(other.headers.get(REPLAYED)).toBeNull()
    expect(await taskCount(door())).toBe(2)
  })

  it('concurrent retries with one key make exactly one task and one debit', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => submitImage(door(), RELAY, key('relay-concurrent-1'))),
    )
    const accepted = responses.filter((r) => r.status === 200)
    // Each one either got the task or was told the first is still in progress; nothing else.
    for (const r of responses) expect([200, 409]).toContain(r.status)
    expect(accepted.length).toBeGreaterThan(0)
    const ids = new Set(await Promise.all(accepted.map(async (r) => taskIdOf(await r.text()))))
    expect(ids.size).toBe(1)
    expect(await taskCount(door())).toBe(1)
    const debits = (
      (await (await door().fetch('/__mock/accounts/acct_alice')).json()) as { ledger: { kind: string }[] }
    ).ledger.filter((e) => e.kind === 'debit')
    expect(debits).toHaveLength(1)
  })

  it('the key belongs to the account, not the credential: a retry over the session cookie replays', async () => {
    const original = await (await submitImage(door(), RELAY, key('relay-cookie-0001'))).text()
    const retry = await door().fetch('/api/ai/image/generate', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: 'genmock_session=sess_test_alice',
        ...key('relay-cookie-0001'),
      },
      body: JSON.stringify(RELAY),
    })
    expect(retry.status).toBe(200)
    expect(retry.headers.get(REPLAYED)).toBe('true')
    expect(await retry.text()).toBe(original)
  })

  it('a replayed response does not count as a new task in the account ledger', async () => {
    const { taskId } = (await (
      await post(door(), '/api/ai/image/generate', RELAY, key('relay-ledger-0001'))
    ).json()) as { taskId: string }
    await post(door(), '/api/ai/image/generate', RELAY, key('relay-ledger-0001'))
    const account = (await (await door().fetch('/__mock/accounts/acct_alice')).json()) as {
      ledger: { kind: string; taskId?: string }[]
    }
    expect(account.ledger.filter((e) => e.kind === 'debit')).toHaveLength(1)
    expect(account.ledger.filter((e) => e.kind === 'debit')[0]!.taskId).toBe(taskId)
  })
})
