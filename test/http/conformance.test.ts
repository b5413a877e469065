import { expect, it } from 'vitest'
import { type Finding, RULE_IDS } from '../../src/engine/journal/conformance.js'
import { advance, auth, balance, getTask, IMAGE, KEYS, post, RELAY, submitImage } from '../support/api.js'
import { defaultOptions, eachDoor, type Door } from '../support/doors.js'

/**
 * Client conformance (issue 13): each rule with a client that breaks it and one that keeps it,
 * and strict mode refusing the breaking request before anything is stored or charged.
 */

interface Report {
  total: number
  counts: Record<string, number>
  findings: Finding[]
}

const report = async (door: Door, query = ''): Promise<Report> =>
  (await door.fetch(`/__mock/conformance${query}`)).json() as Promise<Report>
const rules = async (door: Door) => (await report(door)).findings.map((f) => f.rule)
const key = (n: number) => ({ 'idempotency-key': `conformance-key-${String(n).padStart(4, '0')}` })
const taskIdOf = async (res: Promise<Response>) => ((await (await res).json()) as { taskId: string }).taskId
const BROWSER = { origin: 'http://localhost:5173' }
const taskCount = (door: Door) => door.engine.listTasks({ limit: 1 }, '').total

eachDoor('conformance rules', (door) => {
  it('poll-too-soon: a relay task read under 5 s after its submission or last read; waiting stays clean', async () => {
    const taskId = await taskIdOf(submitImage(door(), RELAY, key(1)))
    const early = await getTask(door(), taskId)
    expect(early.status).toBe(200)
    expect(early.headers.get('genmock-conformance')).toBe('poll-too-soon')
    await advance(door(), 5)
    const patient = await getTask(door(), taskId)
    expect(patient.headers.get('genmock-conformance')).toBeNull()
    const { findings } = await report(door())
    expect(findings).toMatchObject([{ rule: 'poll-too-soon', severity: 'error', accountId: 'acct_alice', taskId }])
    expect(findings[0]!.message).toMatch(/at least 5 s/)
  })

  it('poll-too-soon does not apply to standard tasks', async () => {
    const taskId = await taskIdOf(submitImage(door(), IMAGE))
    for (let i = 0; i < 3; i++) await getTask(door(), taskId)
    expect(await rules(door())).toEqual([])
  })

  it('poll-after-terminal: one warning per task, counting the extra reads; a client that stops is clean', async () => {
    const polled = await taskIdOf(submitImage(door(), IMAGE))
    const stopped = await taskIdOf(submitImage(door(), IMAGE))
    await advance(door(), 12)
    expect(((await (await getTask(door(), stopped)).json()) as { status: number }).status).toBe(1)
    for (let i = 0; i < 4; i++) await getTask(door(), polled)
    const { findings, counts } = await report(door())
    expect(findings).toMatchObject([
      {
        rule: 'poll-after-terminal',
        severity: 'warning',
        taskId: polled,
        message: 'task read 3 more times after it answered a terminal status',
      },
    ])
    expect(counts).toEqual({ 'poll-after-terminal': 1 })
  })

  it('relay-without-key: the 400 the interface asks for, and a finding; with a key it is clean', async () => {
    const res = await submitImage(door(), RELAY)
    expect(res.status).toBe(400)
    expect(res.headers.get('genmock-conformance')).toBe('relay-without-key')
    expect((await submitImage(door(), RELAY, key(2))).status).toBe(200)
    expect(await rules(door())).toEqual(['relay-without-key'])
  })

  it('key-reused-with-other-body: the 422 and a finding naming the key; the same body is a clean replay', async () => {
    await submitImage(door(), RELAY, key(3))
    expect((await submitImage(door(), RELAY, key(3))).headers.get('idempotent-replayed')).toBe('true')
    const other = await submitImage(door(), { ...RELAY, prompt: 'another job' }, key(3))
    expect(other.status).toBe(422)
    expect((await report(door())).findings).toMatchObject([
      { rule: 'key-reused-with-other-body', idempotencyKey: key(3)['idempotency-key'] },
    ])
  })

  // The same key replays.
  it('retry-with-new-key: the same body under a new key after a dropped submission is a double charge', async () => {
    const dropped = { ...key(4), 'x-mock-scenario': 'drop-after-commit' }
    await expect(submitImage(door(), IMAGE, dropped)).rejects.toThrow()
    expect((await submitImage(door(), IMAGE, key(4))).headers.get('idempotent-replayed')).toBe('true')
    expect(await rules(door())).toEqual([])
    const twice = await submitImage(door(), IMAGE, key(5))
    expect(twice.status).toBe(200)
    expect(twice.headers.get('genmock-conformance')).toBe('retry-with-new-key')
    expect((await report(door())).findings[0]).toMatchObject({
      rule: 'retry-with-new-key',
      idempotencyKey: key(5)['idempotency-key'],
    })
  })

  it('retry-with-new-key counts 5xx and submissionUncertain answers, for the same body within 60 s only', async () => {
    await post(door(), '/__mock/scenarios', {
      name: 'down',
      description: 'd',
      rules: [{ submit: { fault: { type: 'error-before-commit', status: 503 } } }],
    })
    expect((await submitImage(door(), IMAGE, { 'x-mock-scenario': 'down' })).status).toBe(503)
    expect(
      (await submitImage(door(), { ...IMAGE, prompt: 'another job' })).headers.get('genmock-conformance'),
    ).toBeNull()
    expect((await submitImage(door(), IMAGE)).headers.get('genmock-conformance')).toBe('retry-with-new-key')
    const uncertain = await submitImage(door(), RELAY, { ...key(6), 'x-mock-scenario': 'submission-uncertain' })
    expect(((await uncertain.json()) as { submissionUncertain?: boolean }).submissionUncertain).toBe(true)
    await advance(door(), 60)
    expect((await submitImage(door(), RELAY, key(7))).headers.get('genmock-conformance')).toBeNull()
  })

  it('key-in-browser: a key sent with an Origin header; the session cookie from a page is clean', async () => {
    const leaked = await door().fetch('/api/ai/models', { headers: { ...auth(), ...BROWSER } })
    expect(leaked.status).toBe(200)
    expect(leaked.headers.get('genmock-conformance')).toBe('key-in-browser')
    expect(
      (
        await door().fetch('/api/ai/models', { headers: { cookie: 'genmock_session=sess_test_alice', ...BROWSER } })
      ).headers.get('genmock-conformance'),
    ).toBeNull()
    expect(await rules(door())).toEqual(['key-in-browser'])
  })

  // Fetched with the key, it is clean.
  it("relay-media-without-auth: relay media fetched without the owner's key, reported against the owner", async () => {
    const taskId = await taskIdOf(submitImage(door(), RELAY, key(8)))
    await advance(door(), 60)
    const url = ((await (await getTask(door(), taskId)).json()) as { outputImageUrls: string[] }).outputImageUrls[0]!
    const path = new URL(url).pathname
    expect((await door().fetch(path, { headers: auth() })).status).toBe(200)
    expect(await rules(door())).toEqual([])
    for (const headers of [{}, auth(KEYS.bob)]) expect((await door().fetch(path, { headers })).status).toBe(401)
    expect((await report(door())).findings).toMatchObject([
      { rule: 'relay-media-without-auth', accountId: 'acct_alice', taskId },
      { rule: 'relay-media-without-auth', accountId: 'acct_alice', taskId },
    ])
  })
})

eachDoor('the conformance report', (door) => {
  it('filters by account and rule, lists the rules on the journal entry; DELETE and reset clear it', async () => {
    await submitImage(door(), RELAY)
    await submitImage(door(), RELAY, auth(KEYS.bob))
    await door().fetch('/api/ai/models', { headers: { ...auth(KEYS.bob), ...BROWSER } })
    expect((await report(door())).total).toBe(3)
    expect((await report(door(), '?account=acct_bob')).findings.map((f) => f.rule)).toEqual([
      'key-in-browser',
      'relay-without-key',
    ])
    expect(await report(door(), '?rule=relay-without-key')).toMatchObject({
      total: 2,
      counts: { 'relay-without-key': 2 },
    })
    const { findings } = await report(door(), '?account=acct_bob&rule=key-in-browser')
    const entries = (await (await door().fetch(`/__mock/requests?since=${findings[0]!.requestSeq - 1}`)).json()) as {
      requests: { seq: number; conformance?: string[] }[]
    }
    expect(entries.requests.at(-1)).toMatchObject({ seq: findings[0]!.requestSeq, conformance: ['key-in-browser'] })
    expect(JSON.stringify(await report(door()))).not.toContain('sk_test_')
    expect((await door().fetch('/__mock/conformance', { method: 'DELETE' })).status).toBe(200)
    expect((await report(door())).total).toBe(0)
    await submitImage(door(), RELAY)
    await post(door(), '/__mock/reset', {})
    expect((await report(door())).total).toBe(0)
  })

  it('refuses an unknown rule or format with a 400 naming the parameter', async () => {
    for (const query of ['?rule=nope', '?format=yaml']) {
      const res = await door().fetch(`/__mock/conformance${query}`)
      expect(res.status).toBe(400)
      expect(JSON.stringify(await res.json())).toContain(query.slice(1, query.indexOf('=')))
    }
  })

  it('answers JUnit XML: one testcase per rule, a failure listing each finding of an error rule', async () => {
    await submitImage(door(), RELAY)
    await submitImage(door(), RELAY)
    const res = await door().fetch('/__mock/conformance?format=junit')
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    const xml = await res.text()
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/)
    expect(xml.match(/<testcase /g)).toHaveLength(RULE_IDS.length)
    expect(xml).toContain(`<testsuite name="genmock client conformance" tests="${RULE_IDS.length}" failures="1"`)
    const finding = '[^<]*relay submission without an Idempotency-Key'
    expect(xml).toMatch(
      new RegExp(
        '<testcase classname="genmock.conformance" name="relay-without-key">' +
          `<failure message="2 findings: [^"]+" type="relay-without-key">${finding}\n${finding}</failure>`,
      ),
    )
    expect(xml).toContain('<testcase classname="genmock.conformance" name="poll-too-soon"></testcase>')
  })
})

eachDoor(
  'strict mode',
  (door) => {
    const body = async (res: Response) => (await res.json()) as { error: string; rule: string }

    it('poll-too-soon answers 429 with Retry-After, and the read does not count as a poll', async () => {
      const taskId = await taskIdOf(submitImage(door(), RELAY, key(20)))
      await advance(door(), 2)
      const res = await getTask(door(), taskId)
      expect(res.status).toBe(429)
      expect(res.headers.get('retry-after')).toBe('3')
      expect(res.headers.get('genmock-conformance')).toBe('poll-too-soon')
      expect(await body(res)).toMatchObject({ rule: 'poll-too-soon', error: expect.stringMatching(/^Conformance: /) })
      expect(door().engine.listTasks({ limit: 1 }, '').tasks[0]!.polls).toBe(0)
      await advance(door(), 3)
      expect((await getTask(door(), taskId)).status).toBe(200)
    })

    it('retry-with-new-key answers 409: no second task, no second charge', async () => {
      await expect(submitImage(door(), IMAGE, { ...key(21), 'x-mock-scenario': 'drop-after-commit' })).rejects.toThrow()
      const [tasks, credits] = [taskCount(door()), await balance(door())]
      const res = await submitImage(door(), IMAGE, key(22))
      expect(res.status).toBe(409)
      expect(await body(res)).toMatchObject({ rule: 'retry-with-new-key' })
      expect([taskCount(door()), await balance(door())]).toEqual([tasks, credits])
    })

    it("key-in-browser answers 403 and stores nothing; the other rules answer the interface's own status", async () => {
      const leaked = await submitImage(door(), IMAGE, BROWSER)
      expect(leaked.status).toBe(403)
      expect(await body(leaked)).toMatchObject({ rule: 'key-in-browser' })
      expect(taskCount(door())).toBe(0)
      expect(await body(await submitImage(door(), RELAY))).toMatchObject({ rule: 'relay-without-key' })
      await submitImage(door(), RELAY, key(23))
      const reused = await submitImage(door(), { ...RELAY, prompt: 'other' }, key(23))
      expect([reused.status, (await body(reused)).rule]).toEqual([422, 'key-reused-with-other-body'])
    })

    it('a warning rule never refuses: poll-after-terminal still answers the task', async () => {
      const taskId = await taskIdOf(submitImage(door(), IMAGE))
      await advance(door(), 12)
      for (let i = 0; i < 3; i++) expect((await getTask(door(), taskId)).status).toBe(200)
    })
  },
  () => ({ ...defaultOptions(), strict: true }),
)

eachDoor('strict per account', (door) => {
  it("POST /__mock/accounts {strict: true} refuses only that account's breaking requests; PATCH ends it", async () => {
    const created = (await (
      await post(door(), '/__mock/accounts', { strict: true, apiKey: 'sk_test_strict_account' })
    ).json()) as { id: string }
    expect((await submitImage(door(), RELAY, auth('sk_test_strict_account'))).status).toBe(400)
    expect((await submitImage(door(), IMAGE, { ...auth('sk_test_strict_account'), ...BROWSER })).status).toBe(403)
    expect((await submitImage(door(), IMAGE, BROWSER)).status).toBe(200)
    const patch = await door().fetch(`/__mock/accounts/${created.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{"strict":false}',
    })
    expect(((await patch.json()) as { strict?: boolean }).strict).toBe(false)
    expect((await submitImage(door(), IMAGE, { ...auth('sk_test_strict_account'), ...BROWSER })).status).toBe(200)
  })
})
