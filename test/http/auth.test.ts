import { describe, expect, it } from 'vitest'
import { getTask, IMAGE, KEYS, submitImage, VIDEO_T2V } from '../support/api.js'
import { eachDoor, type Door } from '../support/doors.js'

/**
 * Authentication (interface "Authentication"; README, Accounts and keys): only `Authorization: Bearer <key>`, or the
 * dashboard's session cookie when no Authorization header is sent. Anything else is exactly
 * 401 `{ error: 'Unauthorized' }`, on every service endpoint, and never echoes the credential.
 */

type Headers = Record<string, string>

/** Every service endpoint, called with exactly the given headers (a valid body where one is needed). */
const ENDPOINTS: { name: string; call: (door: Door, headers: Headers) => Promise<Response> }[] = [
  {
    name: 'POST /api/ai/image/generate',
    call: (door, headers) =>
      door.fetch('/api/ai/image/generate', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(IMAGE),
      }),
  },
  {
    name: 'POST /api/ai/video/generate',
    call: (door, headers) =>
      door.fetch('/api/ai/video/generate', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(VIDEO_T2V),
      }),
  },
  {
    // An id that does not exist: an authenticated caller gets 404, an unauthenticated one 401.
    name: 'GET /api/ai/tasks/{id}',
    call: (door, headers) => door.fetch('/api/ai/tasks/tsk_doesnotexist0000000', { headers }),
  },
  { name: 'GET /api/ai/models', call: (door, headers) => door.fetch('/api/ai/models', { headers }) },
]

/** Credentials that must be refused, with the secret (if any) that must not show in the answer. */
const REFUSED: { name: string; headers: Headers; secret?: string }[] = [
  { name: 'no Authorization header', headers: {} },
  { name: 'Basic scheme', headers: { authorization: `Basic ${Buffer.from(`${KEYS.alice}:`).toString('base64')}` } },
  { name: 'Basic scheme carrying the raw key', headers: { authorization: `Basic ${KEYS.alice}` }, secret: KEYS.alice },
  { name: 'an empty Authorization header', headers: { authorization: '' } },
  { name: 'Bearer with no token', headers: { authorization: 'Bearer' } },
  { name: 'Bearer followed by blanks only', headers: { authorization: 'Bearer    ' } },
  { name: 'the key without a scheme', headers: { authorization: KEYS.alice }, secret: KEYS.alice },
  { name: 'two tokens', headers: { authorization: `Bearer ${KEYS.alice} ${KEYS.bob}` }, secret: KEYS.alice },
  {
    name: 'an unknown key',
    headers: { authorization: 'Bearer sk_test_nobody_has_this_key' },
    secret: 'sk_test_nobody_has_this_key',
  },
  {
    name: 'a key that differs only in case',
    headers: { authorization: `Bearer ${KEYS.alice.toUpperCase()}` },
    secret: KEYS.alice.toUpperCase(),
  },
  { name: 'a revoked key', headers: { authorization: `Bearer ${KEYS.revoked}` }, secret: KEYS.revoked },
  { name: 'an expired key', headers: { authorization: `Bearer ${KEYS.expired}` }, secret: KEYS.expired },
  {
    name: 'a key whose IP allowlist excludes the caller',
    headers: { authorization: `Bearer ${KEYS.iplocked}` },
    secret: KEYS.iplocked,
  },
  {
    name: 'an unknown session cookie',
    headers: { cookie: 'genmock_session=sess_test_nobody' },
    secret: 'sess_test_nobody',
  },
  {
    name: 'a session token sent as a bearer key',
    headers: { authorization: 'Bearer sess_test_alice' },
    secret: 'sess_test_alice',
  },
  {
    name: 'an invalid Authorization header next to a valid session cookie',
    headers: { authorization: 'Bearer sk_test_nobody_has_this_key', cookie: 'genmock_session=sess_test_alice' },
    secret: 'sk_test_nobody_has_this_key',
  },
]

async function taskCount(door: Door): Promise<number> {
  return ((await (await door.fetch('/__mock/tasks')).json()) as { total: number }).total
}

async function credits(door: Door, id: string): Promise<number> {
  return ((await (await door.fetch(`/__mock/accounts/${id}`)).json()) as { credits: number }).credits
}

eachDoor('authentication', (door) => {
  for (const endpoint of ENDPOINTS) {
    describe(endpoint.name, () => {
      for (const refused of REFUSED) {
        it(`answers 401 Unauthorized for ${refused.name}`, async () => {
          const res = await endpoint.call(door(), refused.headers)
          expect(res.status).toBe(401)
          expect(res.headers.get('content-type')).toMatch(/^application\/json/)
          const text = await res.text()
          expect(JSON.parse(text)).toStrictEqual({ error: 'Unauthorized' })
          if (refused.secret) expect(text).not.toContain(refused.secret)
          for (const [, value] of res.headers) if (refused.secret) expect(value).not.toContain(refused.secret)
        })
      }

      it('accepts a valid key', async () => {
        const res = await endpoint.call(door(), { authorization: `Bearer ${KEYS.alice}` })
        // The task read uses an id that does not exist: authenticated, so it is 404, not 401.
        expect(res.status).toBe(endpoint.name.startsWith('GET /api/ai/tasks') ? 404 : 200)
      })

      it('reads the scheme case-insensitively', async () => {
        for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
          const res = await endpoint.call(door(), { authorization: `${scheme} ${KEYS.alice}` })
          expect(res.status, scheme).not.toBe(401)
        }
      })

      it('accepts the session cookie when there is no Authorization header', async () => {
        const res = await endpoint.call(door(), { cookie: 'genmock_session=sess_test_alice' })
        expect(res.status).not.toBe(401)
      })
    })
  }

  it('a refused submission creates no task and debits nothing', async () => {
    const before = {
      tasks: await taskCount(door()),
      refused: await credits(door(), 'acct_refused'),
      alice: await credits(door(), 'acct_alice'),
    }
    for (const key of [KEYS.revoked, KEYS.expired, KEYS.iplocked, 'sk_test_nobody_has_this_key']) {
      expect((await submitImage(door(), IMAGE, { authorization: `Bearer ${key}` })).status).toBe(401)
      const video = await door().fetch('/api/ai/video/generate', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify(VIDEO_T2V),
      })
      expect(video.status).toBe(401)
    }
    expect(await taskCount(door())).toBe(before.tasks)
    expect(await credits(door(), 'acct_refused')).toBe(before.refused)
    expect(await credits(door(), 'acct_alice')).toBe(before.alice)
  })

  it('checks authentication before the body: an invalid body with a bad key is still 401', async () => {
    const res = await submitImage(
      door(),
      { model: 'no-such-model' },
      { authorization: 'Bearer sk_test_nobody_has_this_key' },
    )
    expect(res.status).toBe(401)
    expect(await res.json()).toStrictEqual({ error: 'Unauthorized' })
  })

  it('the session cookie authenticates as Alice: her task is hers, read by key and by cookie', async () => {
    const submitted = await door().fetch('/api/ai/image/generate', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'genmock_session=sess_test_alice' },
      body: JSON.stringify(IMAGE),
    })
    expect(submitted.status).toBe(200)
    const { taskId, creditsUsed } = (await submitted.json()) as { taskId: string; creditsUsed: number }
    expect(await credits(door(), 'acct_alice')).toBe(1000 - creditsUsed)
    expect((await getTask(door(), taskId, KEYS.alice)).status).toBe(200)
    expect((await getTask(door(), taskId, KEYS.bob)).status).toBe(404)
    const byCookie = await door().fetch(`/api/ai/tasks/${taskId}`, {
      headers: { cookie: 'genmock_session=sess_test_alice' },
    })
    expect(byCookie.status).toBe(200)
    const byBobsCookie = await door().fetch(`/api/ai/tasks/${taskId}`, {
      headers: { cookie: 'genmock_session=sess_test_bob' },
    })
    expect(byBobsCookie.status).toBe(404)
  })

  it('the session cookie is found among other cookies', async () => {
    const res = await door().fetch('/api/ai/models', {
      headers: { cookie: 'theme=dark; genmock_session=sess_test_alice; lang=en' },
    })
    expect(res.status).toBe(200)
  })

  it('a valid key authenticates the account that owns it, not another', async () => {
    const { taskId } = (await (await submitImage(door(), IMAGE, { authorization: `Bearer ${KEYS.bob}` })).json()) as {
      taskId: string
    }
    expect((await getTask(door(), taskId, KEYS.bob)).status).toBe(200)
    expect((await getTask(door(), taskId, KEYS.alice)).status).toBe(404)
  })

  it('an expired key stays refused at any simulated time; a key the control API creates works at once', async () => {
    const created = await door().fetch('/__mock/accounts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: 'sk_test_auth_fresh', credits: 10 }),
    })
    expect(created.status).toBe(201)
    expect(
      (await door().fetch('/api/ai/models', { headers: { authorization: 'Bearer sk_test_auth_fresh' } })).status,
    ).toBe(200)
    expect(
      (await door().fetch('/api/ai/models', { headers: { authorization: `Bearer ${KEYS.expired}` } })).status,
    ).toBe(401)
  })

  it('a client-sent remote-address header does not get an IP-locked key past its allowlist', async () => {
    // The allowlist is 203.0.113.0/24. The caller's address is the socket's (server) or loopback
    // (in-process), never a value the client chooses.
    for (const header of ['x-genmock-remote-address', 'x-forwarded-for', 'x-real-ip']) {
      const res = await door().fetch('/api/ai/models', {
        headers: { authorization: `Bearer ${KEYS.iplocked}`, [header]: '203.0.113.9' },
      })
      expect(res.status, header).toBe(401)
    }
  })
})
