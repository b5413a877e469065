import { expect, it } from 'vitest'
import {
  advance,
  auth,
  balance,
  BUNDLED_SCENARIOS,
  getTask,
  IMAGE,
  KEYS,
  post,
  submitImage,
  submitVideo,
  VIDEO_T2V,
} from '../support/api.js'
import { eachDoor, type Door } from '../support/doors.js'

/**
 * Which scenario a request gets (docs/scenarios.md), through HTTP: the X-Mock-Scenario header (or
 * `Prefer: scenario=NAME`) beats a `[mock:NAME]` directive in the prompt, which beats the account's
 * scenario, which beats the server default. The bundled scenarios make the choice visible:
 * insufficient-credits answers 402 at once, content-policy fails a task 2–5 s after acceptance,
 * upstream-failure 5–15 s after, default completes an image 4–12 s after.
 */

interface Issue {
  in: string
  path: string
  message: string
}

interface JournalEntry {
  seq: number
  method: string
  path: string
  status: number
  accountId?: string
  scenario?: string
  taskId?: string
}

interface Snapshot {
  taskId: string
  status: number
  prompt: string
  errorCode?: string
  upstreamHttpStatus?: number
  creditRefunded: boolean
}

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

/** base-image-2 at 1K: 4 credits per output (interface price). */
const IMAGE_PRICE = 4
/** video-d, 8 s: 80 credits (fixtures/pricing.json). */
const VIDEO_PRICE = 80

const scenarioHeader = (name: string) => ({ 'x-mock-scenario': name })
const prefer = (value: string) => ({ prefer: value })

async function accepted(res: Promise<Response>): Promise<string> {
  const response = await res
  expect(response.status).toBe(200)
  return ((await response.json()) as { taskId: string }).taskId
}

async function expectInsufficient(res: Promise<Response>, required = IMAGE_PRICE): Promise<void> {
  const response = await res
  expect(response.status).toBe(402)
  expect(await response.json()).toStrictEqual({ error: 'Insufficient credits', required })
}

async function read(door: Door, taskId: string, key: string = KEYS.alice): Promise<Snapshot> {
  const res = await getTask(door, taskId, key)
  expect(res.status).toBe(200)
  return (await res.json()) as Snapshot
}

async function invalidIssues(res: Response): Promise<Issue[]> {
  expect(res.status).toBe(400)
  const body = (await res.json()) as { error: string; details: { issues: Issue[] } }
  expect(body.error).toBe('Invalid request')
  return body.details.issues
}

async function journal(door: Door, limit = 100): Promise<JournalEntry[]> {
  const res = await door.fetch(`/__mock/requests?limit=${limit}`)
  expect(res.status).toBe(200)
  return ((await res.json()) as { requests: JournalEntry[] }).requests
}

/** The scenario each journalled submission got, oldest first. */
async function submissionScenarios(door: Door): Promise<(string | undefined)[]> {
  return (await journal(door))
    .filter((entry) => entry.method === 'POST')
    .reverse()
    .map((entry) => entry.scenario)
}

async function setDefault(door: Door, name: string): Promise<void> {
  const res = await door.fetch('/__mock/scenario', json('PUT', { name }))
  expect(res.status).toBe(200)
  expect(await res.json()).toStrictEqual({ default: name })
}

async function setAccountScenario(door: Door, accountId: string, scenario: string | null): Promise<void> {
  const res = await door.fetch(`/__mock/accounts/${accountId}`, json('PATCH', { scenario }))
  expect(res.status).toBe(200)
}

async function taskCount(door: Door): Promise<number> {
  const res = await door.fetch('/__mock/tasks')
  expect(res.status).toBe(200)
  return ((await res.json()) as { total: number }).total
}

/** content-policy: pending until 2 s at the earliest, failed with CONTENT_POLICY_VIOLATION by 5 s. */
async function expectContentPolicy(door: Door, taskId: string, key: string = KEYS.alice): Promise<void> {
  const failed = await read(door, taskId, key)
  expect(failed.status).toBe(2)
  expect(failed.errorCode).toBe('CONTENT_POLICY_VIOLATION')
  expect(failed.creditRefunded).toBe(true)
}

const knownList = `known: ${BUNDLED_SCENARIOS.join(', ')}`

eachDoor('scenario selection', (door) => {
  // ---- each source on its own ----

  it('without any selection a request gets the default scenario: accepted, and completed by 12 s', async () => {
    const taskId = await accepted(submitImage(door(), IMAGE))
    await advance(door(), 12)
    const done = await read(door(), taskId)
    expect(done.status).toBe(1)
    expect(await submissionScenarios(door())).toStrictEqual(['default'])
  })

  // With insufficient-credits selected it answers 402 with the price, and stores and debits nothing.
  it('X-Mock-Scenario selects a scenario for that request', async () => {
    await expectInsufficient(submitImage(door(), IMAGE, scenarioHeader('insufficient-credits')))
    await expectInsufficient(submitVideo(door(), VIDEO_T2V, scenarioHeader('insufficient-credits')), VIDEO_PRICE)
    expect(await balance(door())).toBe(1000)
    expect(await taskCount(door())).toBe(0)
    expect(await submissionScenarios(door())).toStrictEqual(['insufficient-credits', 'insufficient-credits'])
  })

  it('X-Mock-Scenario: content-policy fails the task within 2–5 s and refunds it', async () => {
    const taskId = await accepted(submitImage(door(), IMAGE, scenarioHeader('content-policy')))
    expect(await balance(door())).toBe(1000 - IMAGE_PRICE)
    await advance(door(), 1.999)
    expect((await read(door(), taskId)).status).toBe(0)
    await advance(door(), 3.001)
    await expectContentPolicy(door(), taskId)
    expect(await balance(door())).toBe(1000)
  })

  it('selection applies per request: the next request without the header gets the default', async () => {
    await expectInsufficient(submitImage(door(), IMAGE, scenarioHeader('insufficient-credits')))
    const plain = await accepted(submitImage(door(), IMAGE))
    await expectInsufficient(submitImage(door(), IMAGE, scenarioHeader('insufficient-credits')))
    const plainAgain = await accepted(submitImage(door(), IMAGE))
    await advance(door(), 12)
    expect((await read(door(), plain)).status).toBe(1)
    expect((await read(door(), plainAgain)).status).toBe(1)
    expect(await balance(door())).toBe(1000 - 2 * IMAGE_PRICE)
    expect(await submissionScenarios(door())).toStrictEqual([
      'insufficient-credits',
      'default',
      'insufficient-credits',
      'default',
    ])
  })

  it('a [mock:NAME] directive anywhere in the prompt selects the scenario', async () => {
    await expectInsufficient(submitImage(door(), { ...IMAGE, prompt: '[mock:insufficient-credits] a fox' }))
    await expectInsufficient(submitImage(door(), { ...IMAGE, prompt: 'a fox [mock:insufficient-credits] in snow' }))
    await expectInsufficient(submitImage(door(), { ...IMAGE, prompt: 'a fox in snow[mock:insufficient-credits]' }))
    // The same prompt without the directive is accepted.
    await accepted(submitImage(door(), { ...IMAGE, prompt: 'a fox in snow mock:insufficient-credits' }))
    expect(await submissionScenarios(door())).toStrictEqual([
      'insufficient-credits',
      'insufficient-credits',
      'insufficient-credits',
      'default',
    ])
  })

  it('the stored prompt keeps the directive exactly as sent', async () => {
    const prompt = '  a lighthouse [mock:content-policy]  at night  '
    const taskId = await accepted(submitImage(door(), { ...IMAGE, prompt }))
    expect((await read(door(), taskId)).prompt).toBe(prompt)
    await advance(door(), 5)
    const failed = await read(door(), taskId)
    expect(failed.prompt).toBe(prompt)
    await expectContentPolicy(door(), taskId)
  })

  it('the directive works in video prompts too', async () => {
    await expectInsufficient(
      submitVideo(door(), { ...VIDEO_T2V, prompt: 'waves [mock:insufficient-credits] at dusk' }),
      VIDEO_PRICE,
    )
    const prompt = 'waves at dusk [mock:content-policy]'
    const taskId = await accepted(submitVideo(door(), { ...VIDEO_T2V, prompt }))
    await advance(door(), 1.999)
    expect((await read(door(), taskId)).status).toBe(0)
    await advance(door(), 3.001)
    await expectContentPolicy(door(), taskId)
    expect((await read(door(), taskId)).prompt).toBe(prompt)
    expect(await submissionScenarios(door())).toStrictEqual(['insufficient-credits', 'content-policy'])
  })

  it("the account's scenario applies to that account's requests only", async () => {
    await setAccountScenario(door(), 'acct_alice', 'insufficient-credits')
    await expectInsufficient(submitImage(door(), IMAGE))
    const bobs = await accepted(submitImage(door(), IMAGE, auth(KEYS.bob)))
    await advance(door(), 12)
    expect((await read(door(), bobs, KEYS.bob)).status).toBe(1)
    // Cleared (scenario: null): back to the default.
    await setAccountScenario(door(), 'acct_alice', null)
    await accepted(submitImage(door(), IMAGE))
    expect(await submissionScenarios(door())).toStrictEqual(['insufficient-credits', 'default', 'default'])
  })

  it('an account created with a scenario gets it', async () => {
    const res = await door().fetch(
      '/__mock/accounts',
      json('POST', { credits: 50, scenario: 'insufficient-credits', apiKey: 'sk_test_selection_created' }),
    )
    expect(res.status).toBe(201)
    await expectInsufficient(submitImage(door(), IMAGE, auth('sk_test_selection_created')))
    await accepted(submitImage(door(), IMAGE))
  })

  it('PUT /__mock/scenario sets the default for every account', async () => {
    await setDefault(door(), 'insufficient-credits')
    await expectInsufficient(submitImage(door(), IMAGE))
    await expectInsufficient(submitImage(door(), IMAGE, auth(KEYS.bob)))
    await setDefault(door(), 'default')
    await accepted(submitImage(door(), IMAGE))
  })

  // ---- the order between sources ----

  it('the header beats the directive, which beats the account, which beats the server default', async () => {
    await setDefault(door(), 'upstream-failure')
    await setAccountScenario(door(), 'acct_alice', 'content-policy')
    const directive = { ...IMAGE, prompt: 'a fox [mock:insufficient-credits]' }

    // Header (default) over directive (insufficient-credits): accepted, completes.
    const byHeader = await accepted(submitImage(door(), directive, scenarioHeader('default')))
    // Directive over the account's content-policy.
    await expectInsufficient(submitImage(door(), directive))
    // The account's content-policy over the server default upstream-failure.
    const byAccount = await accepted(submitImage(door(), IMAGE))
    // Bob has no scenario of his own: the server default.
    const byDefault = await accepted(submitImage(door(), IMAGE, auth(KEYS.bob)))

    // upstream-failure fails 5–15 s after acceptance: still pending just before 5 s.
    await advance(door(), 4.999)
    expect((await read(door(), byDefault, KEYS.bob)).status).toBe(0)
    await advance(door(), 0.001)
    await expectContentPolicy(door(), byAccount)
    await advance(door(), 10)
    const header = await read(door(), byHeader)
    expect(header.status).toBe(1)
    expect(header.errorCode).toBeUndefined()
    const failed = await read(door(), byDefault, KEYS.bob)
    expect(failed).toMatchObject({
      status: 2,
      errorCode: 'UPSTREAM_FAILED',
      upstreamHttpStatus: 502,
      creditRefunded: true,
    })

    expect(await submissionScenarios(door())).toStrictEqual([
      'default',
      'insufficient-credits',
      'content-policy',
      'upstream-failure',
    ])
    const tasks = (
      (await (await door().fetch('/__mock/tasks')).json()) as { tasks: { taskId: string; scenario: string }[] }
    ).tasks
    const scenarioOf = new Map(tasks.map((task) => [task.taskId, task.scenario]))
    expect(scenarioOf.get(byHeader)).toBe('default')
    expect(scenarioOf.get(byAccount)).toBe('content-policy')
    expect(scenarioOf.get(byDefault)).toBe('upstream-failure')
  })

  it('the journal names the scenario of every submission, with its account and outcome', async () => {
    await setAccountScenario(door(), 'acct_bob', 'content-policy')
    const first = await accepted(submitImage(door(), IMAGE))
    await expectInsufficient(submitImage(door(), IMAGE, scenarioHeader('insufficient-credits')))
    const second = await accepted(submitImage(door(), { ...IMAGE, prompt: 'x [mock:upstream-failure]' }))
    const third = await accepted(submitImage(door(), IMAGE, auth(KEYS.bob)))
    const fourth = await accepted(submitImage(door(), IMAGE, prefer('scenario=slow-video')))
    const posts = (await journal(door())).filter((entry) => entry.method === 'POST')
    expect(
      posts.map(({ status, accountId, scenario, taskId }) => ({ status, accountId, scenario, taskId })),
    ).toStrictEqual([
      { status: 200, accountId: 'acct_alice', scenario: 'slow-video', taskId: fourth },
      { status: 200, accountId: 'acct_bob', scenario: 'content-policy', taskId: third },
      { status: 200, accountId: 'acct_alice', scenario: 'upstream-failure', taskId: second },
      { status: 402, accountId: 'acct_alice', scenario: 'insufficient-credits', taskId: undefined },
      { status: 200, accountId: 'acct_alice', scenario: 'default', taskId: first },
    ])
  })

  // ---- Prefer ----

  it('Prefer: scenario=NAME selects a scenario', async () => {
    await expectInsufficient(submitImage(door(), IMAGE, prefer('scenario=insufficient-credits')))
    await accepted(submitImage(door(), IMAGE))
    expect(await submissionScenarios(door())).toStrictEqual(['insufficient-credits', 'default'])
  })

  it('Prefer: scenario=NAME works among other preferences', async () => {
    const taskId = await accepted(submitImage(door(), IMAGE, prefer('respond-async, scenario=content-policy')))
    await expectInsufficient(
      submitImage(door(), IMAGE, prefer('respond-async, scenario=insufficient-credits, wait=10')),
    )
    await advance(door(), 5)
    await expectContentPolicy(door(), taskId)
    expect(await submissionScenarios(door())).toStrictEqual(['content-policy', 'insufficient-credits'])
  })

  it('Prefer: scenario="NAME" (quoted) selects a scenario', async () => {
    await expectInsufficient(submitImage(door(), IMAGE, prefer('scenario="insufficient-credits"')))
    await expectInsufficient(submitImage(door(), IMAGE, prefer('respond-async, scenario="insufficient-credits"')))
    expect(await submissionScenarios(door())).toStrictEqual(['insufficient-credits', 'insufficient-credits'])
  })

  it('Prefer without a scenario preference leaves the choice to the rest', async () => {
    await accepted(submitImage(door(), IMAGE, prefer('respond-async')))
    // A preference whose name merely ends in "scenario" is another preference.
    await accepted(submitImage(door(), IMAGE, prefer('myscenario=insufficient-credits')))
    await expectInsufficient(
      submitImage(door(), { ...IMAGE, prompt: 'p [mock:insufficient-credits]' }, prefer('respond-async')),
    )
    expect(await submissionScenarios(door())).toStrictEqual(['default', 'default', 'insufficient-credits'])
  })

  it('Prefer beats the directive; X-Mock-Scenario beats Prefer', async () => {
    await expectInsufficient(
      submitImage(door(), { ...IMAGE, prompt: 'p [mock:default]' }, prefer('scenario=insufficient-credits')),
    )
    await accepted(
      submitImage(door(), IMAGE, { ...prefer('scenario=insufficient-credits'), ...scenarioHeader('default') }),
    )
    await expectInsufficient(
      submitImage(door(), IMAGE, { ...prefer('scenario=default'), ...scenarioHeader('insufficient-credits') }),
    )
    expect(await submissionScenarios(door())).toStrictEqual(['insufficient-credits', 'default', 'insufficient-credits'])
  })

  // ---- unknown names ----

  it('an unknown X-Mock-Scenario is 400 Invalid request, naming the header and listing known scenarios', async () => {
    const res = await submitImage(door(), IMAGE, scenarioHeader('nope'))
    expect(await invalidIssues(res)).toStrictEqual([
      { in: 'header', path: 'X-Mock-Scenario', message: `names no scenario "nope"; ${knownList}` },
    ])
    expect(await balance(door())).toBe(1000)
    expect(await taskCount(door())).toBe(0)
  })

  it('the known list in the message includes scenarios loaded at run time', async () => {
    const load = await post(door(), '/__mock/scenarios', {
      name: 'aaa-loaded',
      description: 'for the known list',
      rules: [],
    })
    expect(load.status).toBe(201)
    const res = await submitImage(door(), IMAGE, scenarioHeader('nope'))
    const [issue] = await invalidIssues(res)
    expect(issue!.message).toBe(`names no scenario "nope"; known: ${['aaa-loaded', ...BUNDLED_SCENARIOS].join(', ')}`)
  })

  it('an unknown scenario in Prefer is 400 naming the Prefer header', async () => {
    const res = await submitImage(door(), IMAGE, prefer('respond-async, scenario=nope'))
    expect(await invalidIssues(res)).toStrictEqual([
      { in: 'header', path: 'Prefer', message: `names no scenario "nope"; ${knownList}` },
    ])
  })

  it('an unknown header scenario is reported together with the body validation issues', async () => {
    const res = await submitImage(door(), { model: 'base-image-2', numOutputs: 0 }, scenarioHeader('nope'))
    const issues = await invalidIssues(res)
    const paths = issues.map((issue) => issue.path)
    expect(paths).toContain('X-Mock-Scenario')
    expect(paths).toContain('prompt')
    expect(paths).toContain('numOutputs')
    expect(issues.find((issue) => issue.path === 'X-Mock-Scenario')).toStrictEqual({
      in: 'header',
      path: 'X-Mock-Scenario',
      message: `names no scenario "nope"; ${knownList}`,
    })
    // With a header issue of the request itself: a relay body without its Idempotency-Key.
    const relay = await submitImage(
      door(),
      { provider: 'relay', model: 'base-image-2', prompt: 'p', resolution: '2K' },
      scenarioHeader('nope'),
    )
    expect((await invalidIssues(relay)).map((issue) => issue.path).sort()).toStrictEqual([
      'Idempotency-Key',
      'X-Mock-Scenario',
    ])
    // Video too.
    const video = await submitVideo(door(), { model: 'video-d', inputMode: 'text_to_video' }, scenarioHeader('nope'))
    const videoPaths = (await invalidIssues(video)).map((issue) => issue.path)
    expect(videoPaths).toContain('X-Mock-Scenario')
    expect(videoPaths).toContain('prompt')
  })

  it('an unknown header scenario is 400 even when the prompt names a known one', async () => {
    const res = await submitImage(door(), { ...IMAGE, prompt: 'p [mock:default]' }, scenarioHeader('nope'))
    expect((await invalidIssues(res)).map((issue) => issue.path)).toStrictEqual(['X-Mock-Scenario'])
  })

  it("an unknown [mock:NAME] directive is 400 with path 'prompt'", async () => {
    const res = await submitImage(door(), { ...IMAGE, prompt: 'a fox [mock:nope]' })
    expect(await invalidIssues(res)).toStrictEqual([
      { in: 'body', path: 'prompt', message: `[mock:nope] names no scenario "nope"; ${knownList}` },
    ])
    const video = await submitVideo(door(), { ...VIDEO_T2V, prompt: '[mock:nope] waves' })
    expect(await invalidIssues(video)).toStrictEqual([
      { in: 'body', path: 'prompt', message: `[mock:nope] names no scenario "nope"; ${knownList}` },
    ])
    expect(await balance(door())).toBe(1000)
    expect(await taskCount(door())).toBe(0)
  })

  it('an unknown directive is reported together with other body issues', async () => {
    const res = await submitImage(door(), { ...IMAGE, prompt: '[mock:nope]', numOutputs: 0 })
    const paths = (await invalidIssues(res)).map((issue) => issue.path)
    expect(paths).toContain('prompt')
    expect(paths).toContain('numOutputs')
  })

  it('an unknown directive is 400 whatever the account or server default says', async () => {
    await setDefault(door(), 'content-policy')
    await setAccountScenario(door(), 'acct_alice', 'upstream-failure')
    const res = await submitImage(door(), { ...IMAGE, prompt: 'a fox [mock:nope]' })
    expect((await invalidIssues(res)).map((issue) => issue.path)).toStrictEqual(['prompt'])
  })

  // ---- setting scenarios through the control API ----

  it('PATCH /__mock/accounts/:id with an unknown scenario is 400 and changes nothing', async () => {
    await setAccountScenario(door(), 'acct_alice', 'insufficient-credits')
    const res = await door().fetch('/__mock/accounts/acct_alice', json('PATCH', { scenario: 'nope', credits: 5 }))
    expect(await invalidIssues(res)).toStrictEqual([
      { in: 'body', path: 'scenario', message: `names no scenario "nope"; ${knownList}` },
    ])
    const view = (await (await door().fetch('/__mock/accounts/acct_alice')).json()) as {
      scenario?: string
      credits: number
    }
    expect(view.scenario).toBe('insufficient-credits')
    expect(view.credits).toBe(1000)
    await expectInsufficient(submitImage(door(), IMAGE))
  })

  it('POST /__mock/accounts with an unknown scenario is 400 and creates no account', async () => {
    const before = ((await (await door().fetch('/__mock/accounts')).json()) as { accounts: unknown[] }).accounts.length
    const res = await door().fetch(
      '/__mock/accounts',
      json('POST', { scenario: 'nope', apiKey: 'sk_test_selection_unknown' }),
    )
    expect(await invalidIssues(res)).toStrictEqual([
      { in: 'body', path: 'scenario', message: `names no scenario "nope"; ${knownList}` },
    ])
    const after = ((await (await door().fetch('/__mock/accounts')).json()) as { accounts: unknown[] }).accounts.length
    expect(after).toBe(before)
    expect((await submitImage(door(), IMAGE, auth('sk_test_selection_unknown'))).status).toBe(401)
  })

  it('PUT /__mock/scenario with an unknown name is 400 and keeps the default', async () => {
    await setDefault(door(), 'insufficient-credits')
    const res = await door().fetch('/__mock/scenario', json('PUT', { name: 'nope' }))
    expect((await invalidIssues(res)).map((issue) => issue.path)).toStrictEqual(['name'])
    const list = (await (await door().fetch('/__mock/scenarios')).json()) as { default: string }
    expect(list.default).toBe('insufficient-credits')
    await expectInsufficient(submitImage(door(), IMAGE))
  })

  it('reset puts the server default and the account scenarios back', async () => {
    await setDefault(door(), 'insufficient-credits')
    await setAccountScenario(door(), 'acct_bob', 'insufficient-credits')
    const res = await post(door(), '/__mock/reset', { seed: 7 })
    expect(res.status).toBe(200)
    await accepted(submitImage(door(), IMAGE))
    await accepted(submitImage(door(), IMAGE, auth(KEYS.bob)))
    expect(await submissionScenarios(door())).toStrictEqual(['default', 'default'])
  })
})
