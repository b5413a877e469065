import { readFileSync } from 'node:fs'
import type { TaskView } from '../../src/engine/engine.js'
import { expect, it } from 'vitest'
import type { Scenario, ScenarioInput } from '../../src/contract/scenario.js'
import { advance, auth, balance, getTask, IMAGE, issuePaths, KEYS, post, RELAY, submitImage } from '../support/api.js'
import { defaultOptions, eachDoor, type Door } from '../support/doors.js'

/**
 * Scenarios and forced transitions through the control API (docs/scenarios.md; docs/control-api.md): list, read, load
 * and choose scenarios, a default scenario's `accounts`, reset, and POST /__mock/tasks/:id/transition.
 */

interface ScenarioList {
  default: string
  scenarios: { name: string; description: string; origin: string; rules: number }[]
}

interface Issue {
  in: string
  path: string
  message: string
}

interface AccountView {
  id: string
  credits: number
  demo?: boolean
  scenario?: string
  ledger: { kind: string; amount: number; balanceAfter: number; taskId?: string }[]
}

/** The bundled scenarios and how many rules each file has. */
const BUNDLED: Record<string, number> = {
  'content-policy': 2,
  default: 3,
  'drop-after-commit': 1,
  flaky: 2,
  'insufficient-credits': 1,
  'relay-expiry': 1,
  'slow-video': 1,
  'submission-lost': 1,
  'submission-uncertain': 1,
  'upstream-a-grace': 2,
  'upstream-failure': 2,
}
const BUNDLED_NAMES = Object.keys(BUNDLED).sort()

/** A bundled scenario as its file has it, but its `$schema` (a path for editors, which genmock leaves out). */
const scenarioFile = (name: string) => {
  const { $schema: _, ...scenario } = JSON.parse(
    readFileSync(new URL(`../../scenarios/${name}.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>
  return scenario
}

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: typeof body === 'string' ? body : JSON.stringify(body),
})

async function list(door: Door): Promise<ScenarioList> {
  const res = await door.fetch('/__mock/scenarios')
  expect(res.status).toBe(200)
  return (await res.json()) as ScenarioList
}

const names = async (door: Door) => (await list(door)).scenarios.map((s) => s.name)

const load = (door: Door, scenario: ScenarioInput | Record<string, unknown> | string) =>
  door.fetch('/__mock/scenarios', json('POST', scenario))
const choose = (door: Door, body: unknown) => door.fetch('/__mock/scenario', json('PUT', body))
const transition = (door: Door, taskId: string, body?: unknown) =>
  door.fetch(
    `/__mock/tasks/${encodeURIComponent(taskId)}/transition`,
    body === undefined ? { method: 'POST' } : json('POST', body),
  )

async function issues(res: Response): Promise<Issue[]> {
  expect(res.status).toBe(400)
  const body = (await res.json()) as { error: string; details: { issues: Issue[] } }
  expect(body.error).toBe('Invalid request')
  expect(body.details.issues.length).toBeGreaterThan(0)
  return body.details.issues
}

async function account(door: Door, id: string): Promise<AccountView> {
  const res = await door.fetch(`/__mock/accounts/${id}`)
  expect(res.status).toBe(200)
  return (await res.json()) as AccountView
}

async function taskIdOf(res: Promise<Response>): Promise<string> {
  const response = await res
  expect(response.status).toBe(200)
  return ((await response.json()) as { taskId: string }).taskId
}

async function read(door: Door, taskId: string, key: string = KEYS.alice): Promise<TaskView> {
  const res = await getTask(door, taskId, key)
  expect(res.status).toBe(200)
  return (await res.json()) as TaskView
}

async function forced(res: Promise<Response>): Promise<TaskView> {
  const response = await res
  expect(response.status).toBe(200)
  return (await response.json()) as TaskView
}

const scenario = (name: string, rest: Partial<ScenarioInput> = {}): ScenarioInput => ({
  name,
  description: `${name}: a test scenario.`,
  rules: [],
  ...rest,
})

eachDoor('control API: scenarios', (door) => {
  // ---- listing and reading ----

  // Each with description, origin and rule count.
  it('GET /__mock/scenarios lists the 11 bundled scenarios, sorted, and the default', async () => {
    const answer = await list(door())
    expect(answer.default).toBe('default')
    expect(answer.scenarios.map((s) => s.name)).toStrictEqual(BUNDLED_NAMES)
    for (const entry of answer.scenarios) {
      expect(Object.keys(entry).sort(), entry.name).toStrictEqual(['description', 'name', 'origin', 'rules'])
      expect(entry.origin, entry.name).toBe('bundled')
      expect(entry.rules, entry.name).toBe(BUNDLED[entry.name])
      expect(entry.description.trim().length, entry.name).toBeGreaterThan(20)
      expect(entry.description, entry.name).toBe(scenarioFile(entry.name).description)
    }
  })

  it('GET /__mock/scenarios/:name answers the scenario as its file has it (but $schema), and origin', async () => {
    for (const name of BUNDLED_NAMES) {
      const res = await door().fetch(`/__mock/scenarios/${name}`)
      expect(res.status, name).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await res.json(), name).toStrictEqual({ ...scenarioFile(name), origin: 'bundled' })
    }
  })

  it('GET /__mock/scenarios/:name for an unknown name is 404 naming the known scenarios', async () => {
    const res = await door().fetch('/__mock/scenarios/no-such-scenario')
    expect(res.status).toBe(404)
    const body = (await res.json()) as { error: string }
    expect(Object.keys(body)).toStrictEqual(['error'])
    expect(body.error).toMatch(/^Scenario not found; known: /)
    for (const name of BUNDLED_NAMES) expect(body.error).toContain(name)
  })

  // ---- loading ----

  // It is listed with origin "control API".
  it('POST /__mock/scenarios loads a new scenario: 201 { name, rules }, usable at once', async () => {
    const mine = scenario('poll-once', {
      rules: [{ match: { endpoint: 'image' }, timeline: [{ at: 'poll 1', set: { status: 1 } }] }],
    })
    const res = await load(door(), mine)
    expect(res.status).toBe(201)
    expect(await res.json()).toStrictEqual({ name: 'poll-once', rules: 1 })

    const answer = await list(door())
    expect(answer.scenarios.map((s) => s.name)).toStrictEqual([...BUNDLED_NAMES, 'poll-once'].sort())
    expect(answer.scenarios.find((s) => s.name === 'poll-once')).toStrictEqual({
      name: 'poll-once',
      description: mine.description,
      origin: 'control API',
      rules: 1,
    })
    expect(answer.default).toBe('default')
    const read1 = await door().fetch('/__mock/scenarios/poll-once')
    expect(read1.status).toBe(200)
    expect(await read1.json()).toStrictEqual({ ...mine, origin: 'control API' })

    // A request naming it gets its rules: complete on the first poll, without moving the clock.
    const taskId = await taskIdOf(submitImage(door(), IMAGE, { 'x-mock-scenario': 'poll-once' }))
    expect((await read(door(), taskId)).status).toBe(1)
  })

  it('POST /__mock/scenarios with an existing name replaces it: 200, and the new rules apply', async () => {
    expect(
      (await load(door(), scenario('poll-n', { rules: [{ timeline: [{ at: 'poll 1', set: { status: 1 } }] }] })))
        .status,
    ).toBe(201)
    const replacement = scenario('poll-n', {
      description: 'Completes on the third poll.',
      rules: [{ timeline: [{ at: 'poll 3', set: { status: 1 } }] }, { match: { endpoint: 'video' } }],
    })
    const res = await load(door(), replacement)
    expect(res.status).toBe(200)
    expect(await res.json()).toStrictEqual({ name: 'poll-n', rules: 2 })
    const answer = await list(door())
    expect(answer.scenarios.filter((s) => s.name === 'poll-n')).toStrictEqual([
      { name: 'poll-n', description: 'Completes on the third poll.', origin: 'control API', rules: 2 },
    ])

    const taskId = await taskIdOf(submitImage(door(), IMAGE, { 'x-mock-scenario': 'poll-n' }))
    expect((await read(door(), taskId)).status).toBe(0)
    expect((await read(door(), taskId)).status).toBe(0)
    expect((await read(door(), taskId)).status).toBe(1)
  })

  it('replacing a bundled scenario changes what requests naming it get, and shows origin "control API"', async () => {
    const before = await submitImage(door(), IMAGE, { 'x-mock-scenario': 'insufficient-credits' })
    expect(before.status).toBe(402)
    await before.text()

    const res = await load(
      door(),
      scenario('insufficient-credits', {
        rules: [{ submit: { reject: { status: 429, body: { error: 'Slow down' }, headers: { 'Retry-After': '7' } } } }],
      }),
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toStrictEqual({ name: 'insufficient-credits', rules: 1 })
    expect((await list(door())).scenarios.find((s) => s.name === 'insufficient-credits')).toMatchObject({
      origin: 'control API',
      rules: 1,
    })
    expect((await list(door())).scenarios).toHaveLength(11)

    const after = await submitImage(door(), IMAGE, { 'x-mock-scenario': 'insufficient-credits' })
    expect(after.status).toBe(429)
    expect(after.headers.get('retry-after')).toBe('7')
    expect(await after.json()).toStrictEqual({ error: 'Slow down' })
    expect(await balance(door())).toBe(1000)
  })

  it('a bad scenario is 400 Invalid request with dotted paths, and nothing is loaded', async () => {
    const cases: [string, unknown, string][] = [
      ['missing description', { name: 'bad-description', rules: [] }, 'description'],
      [
        'bad at',
        {
          ...scenario('bad-at'),
          rules: [
            {
              timeline: [
                { at: '1s', set: { relayStatus: 'running' } },
                { at: 'soon', set: { status: 1 } },
              ],
            },
          ],
        },
        'rules.0.timeline.1.at',
      ],
      [
        'status 2 without refund',
        { ...scenario('bad-refund'), rules: [{}, { timeline: [{ at: '5s', set: { status: 2, errorCode: 'X' } }] }] },
        'rules.1.timeline.0.refund',
      ],
      ['unknown use target', { ...scenario('bad-use'), rules: [{ use: 'no-such-scenario' }] }, 'rules.0.use'],
      ['use cycle', { ...scenario('bad-cycle'), rules: [{ use: 'bad-cycle' }] }, 'rules'],
      ['bad name', { ...scenario('bad name with spaces') }, 'name'],
      [
        'bad latency',
        { ...scenario('bad-latency'), rules: [{ submit: { latency: 'fast' } }] },
        'rules.0.submit.latency',
      ],
      ['bad match', { ...scenario('bad-match'), rules: [{ match: { provider: 'other' } }] }, 'rules.0.match.provider'],
      ['not an object', '[]', ''],
    ]
    for (const [what, body, path] of cases) {
      const found = await issues(await load(door(), body as Record<string, unknown>))
      expect(
        found.map((i) => i.path),
        what,
      ).toContain(path)
    }
    expect(await names(door())).toStrictEqual(BUNDLED_NAMES)
    for (const name of [
      'bad-description',
      'bad-at',
      'bad-refund',
      'bad-use',
      'bad-cycle',
      'bad-latency',
      'bad-match',
    ]) {
      const res = await door().fetch(`/__mock/scenarios/${name}`)
      expect(res.status, name).toBe(404)
      await res.text()
    }
  })

  // For a missing description, an unknown key (listing the allowed ones), an unknown use target.
  it('the 400 messages say what is wrong', async () => {
    const missing = await issues(await load(door(), { name: 'x-missing', rules: [] }))
    expect(missing.find((i) => i.path === 'description')).toMatchObject({
      in: 'body',
      message: expect.stringMatching(/required/),
    })

    const unknownKey = await issues(await load(door(), { ...scenario('x-unknown'), colour: 'red' }))
    const colour = unknownKey.find((i) => i.path === 'colour')
    expect(colour).toBeDefined()
    for (const field of ['name', 'description', 'accounts', 'rules']) expect(colour!.message).toContain(field)

    const nested = await issues(
      await load(door(), { ...scenario('x-nested'), rules: [{ match: { endpoint: 'image', colour: 'red' } }] }),
    )
    const nestedColour = nested.find((i) => i.path === 'rules.0.match.colour')
    expect(nestedColour).toBeDefined()
    for (const field of ['endpoint', 'model', 'provider', 'prompt', 'chance'])
      expect(nestedColour!.message).toContain(field)

    const target = await issues(await load(door(), { ...scenario('x-target'), rules: [{ use: 'nowhere' }] }))
    const use = target.find((i) => i.path === 'rules.0.use')
    expect(use?.message).toContain('"nowhere"')
    expect(use?.message).toContain('default')

    const refund = await issues(
      await load(door(), { ...scenario('x-refund'), rules: [{ timeline: [{ at: '5s', set: { status: 2 } }] }] }),
    )
    expect(refund.find((i) => i.path === 'rules.0.timeline.0.refund')?.message).toMatch(/required/)

    expect(await names(door())).toStrictEqual(BUNDLED_NAMES)
  })

  it('a use cycle through two scenarios is refused; the scenario it would have replaced stays as it was', async () => {
    const a = scenario('loop-a', { rules: [{ use: 'default' }] })
    expect((await load(door(), a)).status).toBe(201)
    expect((await load(door(), scenario('loop-b', { rules: [{ use: 'loop-a' }] }))).status).toBe(201)

    const found = await issues(await load(door(), scenario('loop-a', { rules: [{ use: 'loop-b' }] })))
    expect(found.some((i) => /loop-a/.test(i.message) && /loop-b/.test(i.message))).toBe(true)

    const res = await door().fetch('/__mock/scenarios/loop-a')
    expect(res.status).toBe(200)
    expect(await res.json()).toStrictEqual({ ...a, origin: 'control API' })
    // Still usable: loop-b → loop-a → default.
    expect((await submitImage(door(), IMAGE, { 'x-mock-scenario': 'loop-b' })).status).toBe(200)
  })

  // ---- choosing the default ----

  it('PUT /__mock/scenario { name } makes it the default for requests naming none; a header still wins', async () => {
    const res = await choose(door(), { name: 'insufficient-credits' })
    expect(res.status).toBe(200)
    expect(await res.json()).toStrictEqual({ default: 'insufficient-credits' })
    expect((await list(door())).default).toBe('insufficient-credits')

    const refused = await submitImage(door(), IMAGE)
    expect(refused.status).toBe(402)
    expect(await refused.json()).toStrictEqual({ error: 'Insufficient credits', required: 4 })
    expect(await balance(door())).toBe(1000)

    expect((await submitImage(door(), IMAGE, { 'x-mock-scenario': 'default' })).status).toBe(200)
    expect(await balance(door())).toBe(996)

    const back = await choose(door(), { name: 'default' })
    expect(back.status).toBe(200)
    expect(await back.json()).toStrictEqual({ default: 'default' })
    expect((await submitImage(door(), IMAGE)).status).toBe(200)
  })

  it('PUT /__mock/scenario with an unknown name is 400 listing the known ones, and the default stays', async () => {
    await choose(door(), { name: 'upstream-failure' })
    const found = await issues(await choose(door(), { name: 'no-such-scenario' }))
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({ in: 'body', path: 'name' })
    expect(found[0]!.message).toContain('"no-such-scenario"')
    for (const name of BUNDLED_NAMES) expect(found[0]!.message).toContain(name)
    expect((await list(door())).default).toBe('upstream-failure')

    expect((await issues(await choose(door(), {}))).map((i) => i.path)).toContain('name')
    expect((await issues(await choose(door(), { name: 5 }))).map((i) => i.path)).toContain('name')
    expect(await issuePaths(await choose(door(), { name: 'default', extra: true }))).toContain('extra')
    expect((await list(door())).default).toBe('upstream-failure')
  })

  it("a scenario's account balances and flags apply when it becomes the default, not when it is loaded", async () => {
    const withAccounts = scenario('tight-budget', {
      accounts: { acct_alice: { credits: 5 }, acct_bob: { demo: true, scenario: 'insufficient-credits' } },
      rules: [{ use: 'default' }],
    })
    expect((await load(door(), withAccounts)).status).toBe(201)
    expect(await balance(door(), 'acct_alice')).toBe(1000)

    expect((await choose(door(), { name: 'tight-budget' })).status).toBe(200)
    expect(await balance(door(), 'acct_alice')).toBe(5)
    expect((await account(door(), 'acct_alice')).ledger.at(-1)).toMatchObject({
      kind: 'adjust',
      amount: -995,
      balanceAfter: 5,
    })
    expect(await account(door(), 'acct_bob')).toMatchObject({ demo: true, scenario: 'insufficient-credits' })
    // The service charges against the new balance; Bob's own scenario refuses him.
    expect((await submitImage(door(), IMAGE)).status).toBe(200)
    expect(await balance(door(), 'acct_alice')).toBe(1)
    expect((await submitImage(door(), IMAGE)).status).toBe(402)
    expect((await submitImage(door(), IMAGE, auth(KEYS.bob))).status).toBe(402)
  })

  it('a scenario naming an unknown account is loaded, but PUT as default is 400 and changes nothing', async () => {
    expect(
      (await load(door(), scenario('ghosts', { accounts: { acct_alice: { credits: 7 }, acct_ghost: { credits: 1 } } })))
        .status,
    ).toBe(201)
    const found = await issues(await choose(door(), { name: 'ghosts' }))
    const ghost = found.find((i) => i.path === 'accounts.acct_ghost')
    expect(ghost).toBeDefined()
    expect(ghost!.message).toContain('acct_ghost')
    expect(ghost!.message).toContain('acct_alice')
    expect(found.some((i) => i.path === 'accounts.acct_alice')).toBe(false)
    expect((await list(door())).default).toBe('default')
    expect(await balance(door(), 'acct_alice')).toBe(1000)
    expect((await account(door(), 'acct_alice')).ledger).toHaveLength(1)
  })

  // ---- reset ----

  // Run-time scenarios disappear, replaced bundled ones come back.
  it('POST /__mock/reset restores the startup scenarios and default', async () => {
    expect((await load(door(), scenario('run-time-only', { accounts: { acct_alice: { credits: 5 } } }))).status).toBe(
      201,
    )
    expect(
      (
        await load(
          door(),
          scenario('insufficient-credits', {
            rules: [{ submit: { reject: { status: 418, body: { error: 'Teapot' } } } }],
          }),
        )
      ).status,
    ).toBe(200)
    expect((await choose(door(), { name: 'run-time-only' })).status).toBe(200)
    expect(await balance(door(), 'acct_alice')).toBe(5)

    const res = await post(door(), '/__mock/reset', {})
    expect(res.status).toBe(200)

    const answer = await list(door())
    expect(answer.default).toBe('default')
    expect(answer.scenarios.map((s) => s.name)).toStrictEqual(BUNDLED_NAMES)
    expect(answer.scenarios.every((s) => s.origin === 'bundled')).toBe(true)
    const gone = await door().fetch('/__mock/scenarios/run-time-only')
    expect(gone.status).toBe(404)
    await gone.text()
    expect(await balance(door(), 'acct_alice')).toBe(1000)

    const named = await submitImage(door(), IMAGE, { 'x-mock-scenario': 'run-time-only' })
    expect(named.status).toBe(400)
    expect(await issuePaths(named)).toContain('X-Mock-Scenario')
    const restored = await submitImage(door(), IMAGE, { 'x-mock-scenario': 'insufficient-credits' })
    expect(restored.status).toBe(402)
    await restored.text()
  })
})

eachDoor('control API: forced transitions', (door) => {
  it('forces a pending task to status 1: outputs appear, and the owner sees it', async () => {
    const submitted = await submitImage(door(), { ...IMAGE, numOutputs: 2 })
    expect(submitted.status).toBe(200)
    const { taskId, creditsUsed } = (await submitted.json()) as { taskId: string; creditsUsed: number }
    const view = await forced(transition(door(), taskId, { status: 1 }))
    expect(view).toMatchObject({
      taskId,
      id: taskId,
      status: 1,
      accountId: 'acct_alice',
      provider: 'standard',
      scenario: 'default',
      polls: 0,
    })
    expect(view.outputImageUrls).toHaveLength(2)
    for (const url of view.outputImageUrls!) expect(url.startsWith(`${door().baseUrl}/media/images/`)).toBe(true)

    const seen = await read(door(), taskId)
    expect(seen.status).toBe(1)
    expect(seen.outputImageUrls).toStrictEqual(view.outputImageUrls)
    const media = await door().fetch(seen.outputImageUrls![0]!.slice(door().baseUrl.length))
    expect(media.status).toBe(200)
    expect(media.headers.get('content-type')).toBe('image/png')
    await media.arrayBuffer()
    expect(await balance(door())).toBe(1000 - creditsUsed)
  })

  it("the answer is the task view: the owner's snapshot plus accountId, provider, scenario and polls", async () => {
    const taskId = await taskIdOf(
      submitImage(door(), RELAY, {
        ...auth(KEYS.bob),
        'idempotency-key': 'transition-view-01',
        'x-mock-scenario': 'relay-expiry',
      }),
    )
    await read(door(), taskId, KEYS.bob)
    await read(door(), taskId, KEYS.bob)
    const view = await forced(transition(door(), taskId, { relayStatus: 'running', pollAfterSeconds: 30 }))
    const { accountId, provider, scenario: name, polls, nextChangeAt, ...snapshot } = view
    expect({ accountId, provider, scenario: name, polls }).toStrictEqual({
      accountId: 'acct_bob',
      provider: 'relay',
      scenario: 'relay-expiry',
      polls: 2,
    })
    // relay-expiry's next timed change: running at 5–15 s after acceptance.
    expect(Date.parse(nextChangeAt!) - Date.parse(snapshot.createdAt)).toBeGreaterThanOrEqual(5000)
    expect(snapshot).toMatchObject({ status: 0, relayStatus: 'running', pollAfterSeconds: 30 })
    // The owner's next read is exactly the snapshot part.
    expect(await read(door(), taskId, KEYS.bob)).toStrictEqual(snapshot)
  })

  it('status 2 with refund true: the balance comes back and the ledger has one refund entry', async () => {
    const res = await submitImage(door(), IMAGE)
    const { taskId, creditsUsed } = (await res.json()) as { taskId: string; creditsUsed: number }
    expect(await balance(door())).toBe(1000 - creditsUsed)
    const view = await forced(
      transition(door(), taskId, {
        status: 2,
        errorCode: 'UPSTREAM_FAILED',
        errorMessage: 'It broke.',
        upstreamHttpStatus: 502,
        refund: true,
      }),
    )
    expect(view).toMatchObject({
      status: 2,
      errorCode: 'UPSTREAM_FAILED',
      errorMessage: 'It broke.',
      upstreamHttpStatus: 502,
      creditRefunded: true,
    })
    expect(view.outputImageUrls).toBeUndefined()
    expect(await balance(door())).toBe(1000)
    const refunds = (await account(door(), 'acct_alice')).ledger.filter((e) => e.kind === 'refund')
    expect(refunds).toStrictEqual([
      expect.objectContaining({ kind: 'refund', amount: creditsUsed, balanceAfter: 1000, taskId }),
    ])
    expect(await read(door(), taskId)).toMatchObject({ status: 2, errorCode: 'UPSTREAM_FAILED', creditRefunded: true })
  })

  it('status 2 with refund false: failed, and no refund', async () => {
    const taskId = await taskIdOf(submitImage(door(), IMAGE))
    const view = await forced(transition(door(), taskId, { status: 2, errorCode: 'RELAY_TASK_UNKNOWN', refund: false }))
    expect(view).toMatchObject({ status: 2, errorCode: 'RELAY_TASK_UNKNOWN' })
    expect(view.creditRefunded).not.toBe(true)
    expect(await balance(door())).toBe(996)
    expect((await account(door(), 'acct_alice')).ledger.some((e) => e.kind === 'refund')).toBe(false)
  })

  // Among them: status 2 without refund, an empty body, unknown fields, bad values.
  it('invalid bodies are 400 and change nothing', async () => {
    const taskId = await taskIdOf(submitImage(door(), IMAGE))
    const before = await read(door(), taskId)

    const noRefund = await issues(await transition(door(), taskId, { status: 2, errorCode: 'X' }))
    expect(noRefund.map((i) => i.path)).toContain('refund')
    expect(await issues(await transition(door(), taskId))).toBeDefined()
    expect(await issues(await transition(door(), taskId, {}))).toBeDefined()
    expect((await issues(await transition(door(), taskId, { status: 1, colour: 'red' }))).map((i) => i.path)).toContain(
      'colour',
    )
    expect(
      (await issues(await transition(door(), taskId, { at: '5s', set: { status: 1 } }))).map((i) => i.path),
    ).toEqual(expect.arrayContaining(['at', 'set']))
    expect((await issues(await transition(door(), taskId, { status: 3 }))).map((i) => i.path)).toContain('status')
    expect((await issues(await transition(door(), taskId, { pollAfterSeconds: 1 }))).map((i) => i.path)).toContain(
      'pollAfterSeconds',
    )
    expect((await issues(await transition(door(), taskId, '[1]'))).map((i) => i.path)).toContain('')

    const after = await read(door(), taskId)
    expect({ ...after }).toMatchObject({ status: 0, updatedAt: before.updatedAt })
    expect(await balance(door())).toBe(996)
  })

  it('an unknown task is 404 { error: "Task not found" }', async () => {
    const res = await transition(door(), 'tsk_does_not_exist', { status: 1 })
    expect(res.status).toBe(404)
    expect(await res.json()).toStrictEqual({ error: 'Task not found' })
  })

  it('a terminal task is 409 and stays as it was, with no second refund', async () => {
    const taskId = await taskIdOf(submitImage(door(), IMAGE))
    await forced(transition(door(), taskId, { status: 2, errorCode: 'UPSTREAM_FAILED', refund: true }))
    const failed = await read(door(), taskId)
    for (const body of [{ status: 1 }, { status: 2, refund: true }, { errorCode: 'OTHER' }]) {
      const res = await transition(door(), taskId, body)
      expect(res.status, JSON.stringify(body)).toBe(409)
      expect(typeof ((await res.json()) as { error: unknown }).error).toBe('string')
    }
    expect(await read(door(), taskId)).toStrictEqual(failed)
    expect(await balance(door())).toBe(1000)
    expect((await account(door(), 'acct_alice')).ledger.filter((e) => e.kind === 'refund')).toHaveLength(1)

    // Completed by its own timeline: terminal too.
    const done = await taskIdOf(submitImage(door(), IMAGE))
    await advance(door(), 12)
    const completed = await read(door(), done)
    expect(completed.status).toBe(1)
    const res = await transition(door(), done, { status: 2, refund: true })
    expect(res.status).toBe(409)
    await res.text()
    expect(await read(door(), done)).toStrictEqual(completed)
  })

  it('a later timeline step does not change a forced terminal task', async () => {
    // upstream-failure would fail and refund it 5–15 s later; forced to completed first, it stays completed.
    const taskId = await taskIdOf(submitImage(door(), IMAGE, { 'x-mock-scenario': 'upstream-failure' }))
    const view = await forced(transition(door(), taskId, { status: 1 }))
    await advance(door(), 60)
    const after = await read(door(), taskId)
    expect(after.status).toBe(1)
    expect(after.errorCode).toBeUndefined()
    expect(after.creditRefunded).not.toBe(true)
    expect(after.updatedAt).toBe(view.updatedAt)
    expect(await balance(door())).toBe(996)

    // A default relay task forced to failed does not go running or succeeded later.
    const relay = await taskIdOf(submitImage(door(), RELAY, { 'idempotency-key': 'transition-later-01' }))
    await forced(transition(door(), relay, { status: 2, relayStatus: 'failed', refund: false }))
    await advance(door(), 60)
    expect(await read(door(), relay)).toMatchObject({ status: 2, relayStatus: 'failed' })
  })

  it('a change without status leaves the task pending, and its timeline still runs', async () => {
    const taskId = await taskIdOf(submitImage(door(), RELAY, { 'idempotency-key': 'transition-pending-1' }))
    const view = await forced(transition(door(), taskId, { relayStatus: 'running', submissionUncertain: true }))
    expect(view).toMatchObject({ status: 0, relayStatus: 'running', submissionUncertain: true })
    await advance(door(), 12)
    expect(await read(door(), taskId)).toMatchObject({ status: 1, relayStatus: 'succeeded' })
  })
})

const STARTUP: Scenario = {
  name: 'startup-budget',
  description: 'Alice starts with 5 credits; everything else as default.',
  accounts: { acct_alice: { credits: 5 } },
  rules: [{ use: 'default' }],
}

eachDoor(
  'control API: a startup default with accounts',
  (door) => {
    it('is the default from the start, with origin "options", and its balances applied', async () => {
      const answer = await list(door())
      expect(answer.default).toBe('startup-budget')
      expect(answer.scenarios.find((s) => s.name === 'startup-budget')).toStrictEqual({
        name: 'startup-budget',
        description: STARTUP.description,
        origin: 'options',
        rules: 1,
      })
      expect(await balance(door(), 'acct_alice')).toBe(5)
      expect(await balance(door(), 'acct_bob')).toBe(1000)
    })

    it('POST /__mock/reset applies its balances again, and brings it back as the default', async () => {
      expect((await submitImage(door(), IMAGE)).status).toBe(200)
      expect(await balance(door(), 'acct_alice')).toBe(1)
      expect((await choose(door(), { name: 'default' })).status).toBe(200)
      expect((await load(door(), scenario('later'))).status).toBe(201)

      expect((await post(door(), '/__mock/reset', {})).status).toBe(200)
      expect(await balance(door(), 'acct_alice')).toBe(5)
      const answer = await list(door())
      expect(answer.default).toBe('startup-budget')
      expect(answer.scenarios.map((s) => s.name)).toStrictEqual([...BUNDLED_NAMES, 'startup-budget'].sort())
    })

    it('PUT back to it applies its balances again', async () => {
      await door().fetch('/__mock/accounts/acct_alice', json('PATCH', { credits: 300 }))
      expect((await choose(door(), { name: 'default' })).status).toBe(200)
      expect(await balance(door(), 'acct_alice')).toBe(300)
      expect((await choose(door(), { name: 'startup-budget' })).status).toBe(200)
      expect(await balance(door(), 'acct_alice')).toBe(5)
    })
  },
  () => ({ ...defaultOptions(), scenarios: [STARTUP], scenario: 'startup-budget' }),
)
