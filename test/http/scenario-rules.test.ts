import { expect, it } from 'vitest'
import type { ScenarioInput } from '../../src/contract/scenario.js'
import {
  advance,
  auth,
  balance,
  getTask,
  IMAGE,
  KEYS,
  post,
  REF,
  RELAY,
  submitImage,
  submitVideo,
  VIDEO_T2V,
} from '../support/api.js'
import { eachDoor, type Door } from '../support/doors.js'

/**
 * Scenario rules end to end (docs/scenarios.md): custom scenarios loaded at run time with
 * POST /__mock/scenarios and picked with X-Mock-Scenario. Matching (endpoint, model exact and glob,
 * provider, inputMode, prompt, account; first match wins; else the default scenario), `use`,
 * the submit settings (httpStatus, reject, fault, set, expiresIn, latency), timelines (fixed times,
 * ranges, `poll N`, refunds, terminal states) and determinism by seed.
 */

interface Snapshot {
  taskId: string
  status: number
  relayStatus?: string
  pollAfterSeconds?: number
  upstreamHttpStatus?: number
  submissionUncertain?: boolean
  effectiveWatermark?: boolean
  expiresAt?: string
  creditRefunded: boolean
  errorCode?: string
  errorMessage?: string
  createdAt: string
  updatedAt: string
  outputImageUrls?: string[]
  outputVideoUrl?: string
}

interface Issue {
  in: string
  path: string
  message: string
}

const SECOND = 1000
/** base-image-2 at 1K (interface price). */
const IMAGE_PRICE = 4
/** Relay base-image-2 at 2K (fixtures/pricing.json). */
const RELAY_PRICE = 7
/** video-d, 8 s (fixtures/pricing.json). */
const VIDEO_PRICE = 80

const pick = (name: string, extra: Record<string, string> = {}) => ({ 'x-mock-scenario': name, ...extra })
const key = (n: number | string) => ({ 'idempotency-key': `scenario-rules-key-${n}` })
/** A rule that answers 418 with `label` as its error: which rule matched is visible at once. */
const tag = (label: string) => ({ reject: { status: 418, body: { error: label } } })

async function load(door: Door, scenario: ScenarioInput, status = 201): Promise<void> {
  const res = await post(door, '/__mock/scenarios', scenario)
  const text = await res.text()
  expect(res.status, text).toBe(status)
  expect(JSON.parse(text)).toStrictEqual({ name: scenario.name, rules: scenario.rules?.length ?? 0 })
}

/** The rule a request hit: its tag for a 418, 'accepted' for a 2xx, else the status. */
async function outcome(res: Promise<Response>): Promise<string> {
  const response = await res
  const body = (await response.json()) as { error?: string }
  if (response.status === 418) return body.error!
  if (response.status >= 200 && response.status < 300) return 'accepted'
  return `status ${response.status}: ${JSON.stringify(body)}`
}

async function accepted(res: Promise<Response>, status = 200): Promise<Snapshot> {
  const response = await res
  const text = await response.text()
  expect(response.status, text).toBe(status)
  return JSON.parse(text) as Snapshot
}

async function read(door: Door, taskId: string, who: string = KEYS.alice): Promise<Snapshot> {
  const res = await getTask(door, taskId, who)
  expect(res.status).toBe(200)
  return (await res.json()) as Snapshot
}

async function invalidIssues(res: Response): Promise<Issue[]> {
  const text = await res.text()
  expect(res.status, text).toBe(400)
  const body = JSON.parse(text) as { error: string; details: { issues: Issue[] } }
  expect(body.error).toBe('Invalid request')
  return body.details.issues
}

async function taskCount(door: Door): Promise<number> {
  const res = await door.fetch('/__mock/tasks')
  return ((await res.json()) as { total: number }).total
}

async function ledger(
  door: Door,
  accountId = 'acct_alice',
): Promise<{ kind: string; amount: number; taskId?: string }[]> {
  const res = await door.fetch(`/__mock/accounts/${accountId}`)
  return ((await res.json()) as { ledger: { kind: string; amount: number; taskId?: string }[] }).ledger
}

async function clockNow(door: Door): Promise<number> {
  const res = await door.fetch('/__mock/clock')
  return Date.parse(((await res.json()) as { now: string }).now)
}

const offset = (task: Snapshot, field: 'updatedAt' | 'expiresAt') =>
  Date.parse(task[field]!) - Date.parse(task.createdAt)

const VIDEO_C_T2V = { model: 'video-c/02-text-to-video-standard', inputMode: 'text_to_video', prompt: 'a river' }
const VIDEO_C_I2V_PRO = { model: 'video-c/02-image-to-video-pro', inputMode: 'image_to_video', inputImageUrls: [REF] }
const VIDEO_A_I2V = { model: 'video-a/v2-1-standard', inputMode: 'image_to_video', inputImageUrls: [REF] }

eachDoor('scenario rules', (door) => {
  // ---- loading ----

  it('POST /__mock/scenarios answers 201 for a new name, 200 for a replaced one; the replacement applies', async () => {
    await load(door(), { name: 'mine', description: 'v1', rules: [{ submit: tag('v1') }] }, 201)
    expect(await outcome(submitImage(door(), IMAGE, pick('mine')))).toBe('v1')
    await load(
      door(),
      {
        name: 'mine',
        description: 'v2',
        rules: [{ match: { endpoint: 'video' }, submit: tag('v2 video') }, { submit: tag('v2') }],
      },
      200,
    )
    expect(await outcome(submitImage(door(), IMAGE, pick('mine')))).toBe('v2')
    expect(await outcome(submitVideo(door(), VIDEO_T2V, pick('mine')))).toBe('v2 video')
    const list = (await (await door().fetch('/__mock/scenarios')).json()) as {
      scenarios: { name: string; origin: string; rules: number; description: string }[]
    }
    expect(list.scenarios.find((s) => s.name === 'mine')).toStrictEqual({
      name: 'mine',
      description: 'v2',
      origin: 'control API',
      rules: 2,
    })
  })

  it('a scenario that uses an unknown name is refused with 400 and not loaded', async () => {
    const res = await post(door(), '/__mock/scenarios', {
      name: 'broken',
      description: 'uses nothing',
      rules: [{ submit: tag('x') }, { use: 'nope' }],
    })
    const issues = await invalidIssues(res)
    expect(issues).toHaveLength(1)
    expect(issues[0]!.path).toBe('rules.1.use')
    expect(issues[0]!.message).toContain('scenario "broken": names no scenario "nope"')
    expect((await door().fetch('/__mock/scenarios/broken')).status).toBe(404)
    const picked = await submitImage(door(), IMAGE, pick('broken'))
    expect((await invalidIssues(picked)).map((issue) => issue.path)).toStrictEqual(['X-Mock-Scenario'])
    // Once the used scenario exists, the same body loads.
    await load(door(), { name: 'nope', description: 'exists now', rules: [{ submit: tag('from nope') }] })
    await load(door(), { name: 'broken', description: 'uses nope', rules: [{ use: 'nope' }] })
    expect(await outcome(submitImage(door(), IMAGE, pick('broken')))).toBe('from nope')
  })

  it('a replacement with an unresolved use is refused and the previous version stays', async () => {
    await load(door(), { name: 'keeper', description: 'v1', rules: [{ submit: tag('v1') }] })
    const res = await post(door(), '/__mock/scenarios', {
      name: 'keeper',
      description: 'v2',
      rules: [{ use: 'ghost' }],
    })
    expect((await invalidIssues(res)).map((issue) => issue.path)).toStrictEqual(['rules.0.use'])
    expect(await outcome(submitImage(door(), IMAGE, pick('keeper')))).toBe('v1')
  })

  it('the schema boundaries: pollAfterSeconds ≥ 5, httpStatus 2xx, status 2 needs refund, poll N from 1', async () => {
    const bad: [unknown, string][] = [
      [{ submit: { set: { pollAfterSeconds: 4 } } }, 'rules.0.submit.set.pollAfterSeconds'],
      [{ submit: { httpStatus: 300 } }, 'rules.0.submit.httpStatus'],
      [{ submit: { httpStatus: 199 } }, 'rules.0.submit.httpStatus'],
      [{ timeline: [{ at: '1s', set: { status: 2 } }] }, 'rules.0.timeline.0.refund'],
      [{ timeline: [{ at: 'poll 0', set: { status: 1 } }] }, 'rules.0.timeline.0.at'],
      [{ submit: { reject: { status: 399, body: { error: 'x' } } } }, 'rules.0.submit.reject.status'],
    ]
    for (const [rule, path] of bad) {
      const res = await post(door(), '/__mock/scenarios', { name: 'bounds', description: 'd', rules: [rule] })
      expect(
        (await invalidIssues(res)).map((issue) => issue.path),
        JSON.stringify(rule),
      ).toStrictEqual([path])
    }
    expect((await door().fetch('/__mock/scenarios/bounds')).status).toBe(404)
    const good = [
      { submit: { set: { pollAfterSeconds: 5 } } },
      { submit: { httpStatus: 299 } },
      { submit: { httpStatus: 200 } },
      { timeline: [{ at: '1s', set: { status: 2 as const }, refund: false }] },
      { timeline: [{ at: 'poll 1', set: { status: 1 as const } }] },
      { submit: { reject: { status: 400, body: { error: 'x' } } } },
    ]
    for (const [i, rule] of good.entries()) await load(door(), { name: `bounds-${i}`, description: 'd', rules: [rule] })
  })

  // ---- match ----

  it('match.endpoint: image or video', async () => {
    await load(door(), {
      name: 'by-endpoint',
      description: 'd',
      rules: [{ match: { endpoint: 'video' }, submit: tag('video') }],
    })
    expect(await outcome(submitVideo(door(), VIDEO_T2V, pick('by-endpoint')))).toBe('video')
    expect(await outcome(submitImage(door(), IMAGE, pick('by-endpoint')))).toBe('accepted')
    await load(door(), {
      name: 'by-endpoint-image',
      description: 'd',
      rules: [{ match: { endpoint: 'image' }, submit: tag('image') }],
    })
    expect(await outcome(submitImage(door(), IMAGE, pick('by-endpoint-image')))).toBe('image')
    expect(await outcome(submitImage(door(), RELAY, pick('by-endpoint-image', key(1))))).toBe('image')
    expect(await outcome(submitVideo(door(), VIDEO_T2V, pick('by-endpoint-image')))).toBe('accepted')
  })

  it('match.model exact: the whole id, not a part of it', async () => {
    await load(door(), {
      name: 'by-model',
      description: 'd',
      rules: [
        { match: { model: 'base-image-2' }, submit: tag('base-image-2') },
        { match: { model: 'base-image' }, submit: tag('base-image') },
      ],
    })
    expect(await outcome(submitImage(door(), IMAGE, pick('by-model')))).toBe('base-image-2')
    expect(await outcome(submitImage(door(), RELAY, pick('by-model', key(2))))).toBe('base-image-2')
    expect(await outcome(submitImage(door(), { model: 'base-image-pro', prompt: 'p' }, pick('by-model')))).toBe(
      'accepted',
    )
    expect(await outcome(submitImage(door(), { model: 'vendor-a/base-image', prompt: 'p' }, pick('by-model')))).toBe(
      'accepted',
    )
  })

  it("match.model glob with '*': video-c/* and video-c/*-pro", async () => {
    await load(door(), {
      name: 'by-glob',
      description: 'd',
      rules: [
        { match: { model: 'video-c/*-pro' }, submit: tag('video-c pro') },
        { match: { model: 'video-c/*' }, submit: tag('video-c') },
      ],
    })
    expect(await outcome(submitVideo(door(), VIDEO_C_I2V_PRO, pick('by-glob')))).toBe('video-c pro')
    expect(await outcome(submitVideo(door(), VIDEO_C_T2V, pick('by-glob')))).toBe('video-c')
    expect(await outcome(submitVideo(door(), VIDEO_T2V, pick('by-glob')))).toBe('accepted')
    expect(await outcome(submitVideo(door(), VIDEO_A_I2V, pick('by-glob')))).toBe('accepted')
  })

  it("match.model glob with '?': exactly one character", async () => {
    await load(door(), {
      name: 'by-one',
      description: 'd',
      rules: [{ match: { model: 'base-image-?' }, submit: tag('one') }],
    })
    expect(await outcome(submitImage(door(), IMAGE, pick('by-one')))).toBe('one')
    expect(await outcome(submitImage(door(), { model: 'base-image-pro', prompt: 'p' }, pick('by-one')))).toBe(
      'accepted',
    )
    expect(await outcome(submitImage(door(), { model: 'vendor-a/base-image', prompt: 'p' }, pick('by-one')))).toBe(
      'accepted',
    )
  })

  it('match.provider: standard, upstream-a, relay', async () => {
    await load(door(), {
      name: 'by-provider',
      description: 'd',
      rules: [
        { match: { provider: 'relay' }, submit: tag('relay') },
        { match: { provider: 'upstream-a' }, submit: tag('upstream-a') },
        { match: { provider: 'standard' }, submit: tag('standard') },
      ],
    })
    expect(await outcome(submitImage(door(), RELAY, pick('by-provider', key(3))))).toBe('relay')
    expect(await outcome(submitImage(door(), { ...IMAGE, provider: 'upstream-a' }, pick('by-provider')))).toBe(
      'upstream-a',
    )
    expect(await outcome(submitImage(door(), IMAGE, pick('by-provider')))).toBe('standard')
    expect(await outcome(submitVideo(door(), VIDEO_T2V, pick('by-provider')))).toBe('standard')
    await load(door(), {
      name: 'relay-only',
      description: 'd',
      rules: [{ match: { provider: 'relay' }, submit: tag('relay') }],
    })
    expect(await outcome(submitImage(door(), IMAGE, pick('relay-only')))).toBe('accepted')
    expect(await outcome(submitImage(door(), { ...IMAGE, provider: 'upstream-a' }, pick('relay-only')))).toBe(
      'accepted',
    )
  })

  it('match.inputMode: text_to_image vs image_to_image (inputImageUrls), text_to_video vs image_to_video', async () => {
    await load(door(), {
      name: 'by-mode',
      description: 'd',
      rules: [
        { match: { inputMode: 'image_to_video' }, submit: tag('i2v') },
        { match: { inputMode: 'text_to_video' }, submit: tag('t2v') },
        { match: { inputMode: 'image_to_image' }, submit: tag('i2i') },
        { match: { inputMode: 'text_to_image' }, submit: tag('t2i') },
      ],
    })
    expect(await outcome(submitImage(door(), IMAGE, pick('by-mode')))).toBe('t2i')
    expect(await outcome(submitImage(door(), { ...IMAGE, inputImageUrls: [REF] }, pick('by-mode')))).toBe('i2i')
    expect(await outcome(submitImage(door(), RELAY, pick('by-mode', key(4))))).toBe('t2i')
    expect(await outcome(submitVideo(door(), VIDEO_T2V, pick('by-mode')))).toBe('t2v')
    expect(await outcome(submitVideo(door(), VIDEO_A_I2V, pick('by-mode')))).toBe('i2v')
    await load(door(), {
      name: 'i2i-only',
      description: 'd',
      rules: [{ match: { inputMode: 'image_to_image' }, submit: tag('i2i') }],
    })
    expect(await outcome(submitImage(door(), IMAGE, pick('i2i-only')))).toBe('accepted')
    expect(await outcome(submitVideo(door(), VIDEO_A_I2V, pick('i2i-only')))).toBe('accepted')
  })

  it('match.prompt as a substring: anywhere in the prompt, case-sensitive', async () => {
    await load(door(), {
      name: 'by-substring',
      description: 'd',
      rules: [{ match: { prompt: 'fox' }, submit: tag('fox') }],
    })
    expect(await outcome(submitImage(door(), { ...IMAGE, prompt: 'a red fox' }, pick('by-substring')))).toBe('fox')
    expect(await outcome(submitImage(door(), { ...IMAGE, prompt: 'foxglove' }, pick('by-substring')))).toBe('fox')
    expect(await outcome(submitVideo(door(), { ...VIDEO_T2V, prompt: 'the fox runs' }, pick('by-substring')))).toBe(
      'fox',
    )
    expect(await outcome(submitImage(door(), { ...IMAGE, prompt: 'a red FOX' }, pick('by-substring')))).toBe('accepted')
    expect(await outcome(submitImage(door(), { ...IMAGE, prompt: 'fo x' }, pick('by-substring')))).toBe('accepted')
    // A video without a prompt cannot contain the substring.
    expect(await outcome(submitVideo(door(), VIDEO_A_I2V, pick('by-substring')))).toBe('accepted')
  })

  it('match.prompt as { regex, flags }', async () => {
    await load(door(), {
      name: 'by-regex',
      description: 'd',
      rules: [
        { match: { prompt: { regex: '^sun(set|rise)\\b', flags: 'i' } }, submit: tag('sun') },
        { match: { prompt: { regex: '^dawn$' } }, submit: tag('dawn') },
      ],
    })
    expect(await outcome(submitImage(door(), { ...IMAGE, prompt: 'Sunset over the sea' }, pick('by-regex')))).toBe(
      'sun',
    )
    expect(await outcome(submitImage(door(), { ...IMAGE, prompt: 'SUNRISE' }, pick('by-regex')))).toBe('sun')
    expect(await outcome(submitImage(door(), { ...IMAGE, prompt: 'a sunset' }, pick('by-regex')))).toBe('accepted')
    expect(await outcome(submitImage(door(), { ...IMAGE, prompt: 'sunsets' }, pick('by-regex')))).toBe('accepted')
    expect(await outcome(submitImage(door(), { ...IMAGE, prompt: 'dawn' }, pick('by-regex')))).toBe('dawn')
    expect(await outcome(submitImage(door(), { ...IMAGE, prompt: 'Dawn' }, pick('by-regex')))).toBe('accepted')
    expect(await outcome(submitImage(door(), { ...IMAGE, prompt: 'dawn!' }, pick('by-regex')))).toBe('accepted')
  })

  it("a regex with the 'g' flag matches every time, not every other time", async () => {
    await load(door(), {
      name: 'by-global',
      description: 'd',
      rules: [{ match: { prompt: { regex: 'fox', flags: 'g' } }, submit: tag('fox') }],
    })
    for (let i = 0; i < 3; i++)
      expect(await outcome(submitImage(door(), { ...IMAGE, prompt: 'a fox' }, pick('by-global')))).toBe('fox')
  })

  it('match.account: the account id', async () => {
    await load(door(), {
      name: 'by-account',
      description: 'd',
      rules: [{ match: { account: 'acct_bob' }, submit: tag('bob') }],
    })
    expect(await outcome(submitImage(door(), IMAGE, { ...auth(KEYS.bob), ...pick('by-account') }))).toBe('bob')
    expect(await outcome(submitImage(door(), IMAGE, pick('by-account')))).toBe('accepted')
  })

  it('every condition of a match must hold', async () => {
    await load(door(), {
      name: 'by-all',
      description: 'd',
      rules: [
        {
          match: { endpoint: 'video', model: 'video-c/*', inputMode: 'image_to_video', account: 'acct_alice' },
          submit: tag('all'),
        },
      ],
    })
    expect(await outcome(submitVideo(door(), VIDEO_C_I2V_PRO, pick('by-all')))).toBe('all')
    expect(await outcome(submitVideo(door(), VIDEO_C_T2V, pick('by-all')))).toBe('accepted')
    expect(await outcome(submitVideo(door(), VIDEO_A_I2V, pick('by-all')))).toBe('accepted')
    expect(await outcome(submitVideo(door(), VIDEO_C_I2V_PRO, { ...auth(KEYS.bob), ...pick('by-all') }))).toBe(
      'accepted',
    )
  })

  it('the first matching rule wins', async () => {
    await load(door(), {
      name: 'ordered',
      description: 'd',
      rules: [
        { match: { prompt: 'zebra' }, submit: tag('zebra') },
        { match: { endpoint: 'image' }, submit: tag('image') },
        { match: { model: 'base-image-2' }, submit: tag('never') },
        { submit: tag('catch-all') },
      ],
    })
    expect(await outcome(submitImage(door(), IMAGE, pick('ordered')))).toBe('image')
    expect(await outcome(submitImage(door(), { ...IMAGE, prompt: 'a zebra' }, pick('ordered')))).toBe('zebra')
    expect(await outcome(submitVideo(door(), { ...VIDEO_T2V, prompt: 'a zebra' }, pick('ordered')))).toBe('zebra')
    expect(await outcome(submitVideo(door(), VIDEO_T2V, pick('ordered')))).toBe('catch-all')
  })

  it("no matching rule: the default scenario's behaviour (images complete 4–12 s after acceptance)", async () => {
    await load(door(), {
      name: 'bob-only',
      description: 'd',
      rules: [{ match: { account: 'acct_bob' }, submit: tag('bob') }],
    })
    await load(door(), { name: 'empty', description: 'no rules', rules: [] })
    const a = await accepted(submitImage(door(), IMAGE, pick('bob-only')))
    const b = await accepted(submitImage(door(), IMAGE, pick('empty')))
    const relay = await accepted(submitImage(door(), RELAY, pick('empty', key(5))))
    expect(relay.relayStatus).toBe('queued')
    await advance(door(), 3.999)
    expect((await read(door(), a.taskId)).status).toBe(0)
    expect((await read(door(), b.taskId)).status).toBe(0)
    await advance(door(), 8.001)
    expect((await read(door(), a.taskId)).status).toBe(1)
    expect((await read(door(), b.taskId)).status).toBe(1)
    expect(await read(door(), relay.taskId)).toMatchObject({ status: 1, relayStatus: 'succeeded' })
    const tasks = (
      (await (await door().fetch('/__mock/tasks')).json()) as { tasks: { taskId: string; scenario: string }[] }
    ).tasks
    expect(tasks.find((t) => t.taskId === a.taskId)!.scenario).toBe('bob-only')
  })

  it('when default has no matching rule either, the task stays pending', async () => {
    await load(
      door(),
      {
        name: 'default',
        description: 'images only',
        rules: [{ match: { endpoint: 'image' }, timeline: [{ at: '1s', set: { status: 1 } }] }],
      },
      200,
    )
    await load(door(), {
      name: 'nothing',
      description: 'd',
      rules: [{ match: { account: 'acct_bob' }, submit: tag('bob') }],
    })
    const video = await accepted(submitVideo(door(), VIDEO_T2V, pick('nothing')))
    const image = await accepted(submitImage(door(), IMAGE, pick('nothing')))
    await advance(door(), 0.999)
    expect((await read(door(), image.taskId)).status).toBe(0)
    await advance(door(), 0.001)
    expect((await read(door(), image.taskId)).status).toBe(1)
    await advance(door(), 24 * 3600)
    expect((await read(door(), video.taskId)).status).toBe(0)
  })

  // ---- use ----

  it("use: the using rule's submit settings win, set merges, the timeline comes from the used scenario", async () => {
    await load(door(), {
      name: 'base-x',
      description: 'd',
      rules: [
        {
          match: { endpoint: 'image' },
          submit: { httpStatus: 202, set: { upstreamHttpStatus: 503, effectiveWatermark: true } },
          timeline: [{ at: '7s', set: { status: 1 } }],
        },
      ],
    })
    await load(door(), {
      name: 'user-x',
      description: 'd',
      rules: [
        { submit: { httpStatus: 201, set: { upstreamHttpStatus: 299 } }, use: 'base-x' },
        { submit: tag('next rule') },
      ],
    })
    await load(door(), { name: 'plain-user', description: 'd', rules: [{ use: 'base-x' }] })

    const merged = await accepted(submitImage(door(), IMAGE, pick('user-x')), 201)
    expect(merged.upstreamHttpStatus).toBe(299)
    expect(merged.effectiveWatermark).toBe(true)
    const inherited = await accepted(submitImage(door(), IMAGE, pick('plain-user')), 202)
    expect(inherited.upstreamHttpStatus).toBe(503)
    expect(inherited.effectiveWatermark).toBe(true)

    await advance(door(), 6.999)
    expect((await read(door(), merged.taskId)).status).toBe(0)
    expect((await read(door(), inherited.taskId)).status).toBe(0)
    await advance(door(), 0.001)
    const done = await read(door(), merged.taskId)
    expect(done.status).toBe(1)
    expect(offset(done, 'updatedAt')).toBe(7 * SECOND)
    expect(done.upstreamHttpStatus).toBe(299)
    expect((await read(door(), inherited.taskId)).status).toBe(1)
  })

  it('use: when the used scenario has no matching rule, the next rule is tried', async () => {
    await load(door(), {
      name: 'images',
      description: 'd',
      rules: [{ match: { endpoint: 'image' }, submit: tag('from images') }],
    })
    await load(door(), {
      name: 'chain',
      description: 'd',
      rules: [{ use: 'images' }, { match: { endpoint: 'video' }, submit: tag('video rule') }],
    })
    await load(door(), {
      name: 'chain-only',
      description: 'd',
      rules: [{ submit: { httpStatus: 201 }, use: 'images' }],
    })
    expect(await outcome(submitImage(door(), IMAGE, pick('chain')))).toBe('from images')
    expect(await outcome(submitVideo(door(), VIDEO_T2V, pick('chain')))).toBe('video rule')
    // No rule left: the default scenario, and the using rule's httpStatus does not apply.
    await accepted(submitVideo(door(), VIDEO_T2V, pick('chain-only')), 200)
  })

  // ---- submit ----

  it('submit.httpStatus 202; an Idempotency-Key replay is 202 too, without asking the scenario again', async () => {
    await load(door(), {
      name: 'accepted-202',
      description: 'd',
      rules: [{ submit: { httpStatus: 202 }, use: 'default' }],
    })
    const first = await submitImage(door(), IMAGE, pick('accepted-202', key(6)))
    expect(first.status).toBe(202)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    const text = await first.text()
    const again = await submitImage(door(), IMAGE, pick('accepted-202', key(6)))
    expect(again.status).toBe(202)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await again.text()).toBe(text)
    // Without the header: still the stored response.
    const replay = await submitImage(door(), IMAGE, key(6))
    expect(replay.status).toBe(202)
    expect(await replay.text()).toBe(text)
    expect(await balance(door())).toBe(1000 - IMAGE_PRICE)
    expect(await taskCount(door())).toBe(1)
    // A request of another scenario answers 200.
    expect((await submitImage(door(), IMAGE)).status).toBe(200)
  })

  // The Idempotency-Key is released.
  it('submit.reject with a custom status, body and headers stores and debits nothing', async () => {
    await load(door(), {
      name: 'rate-limited',
      description: 'd',
      rules: [
        {
          submit: {
            reject: {
              status: 429,
              body: { error: 'Rate limit exceeded', retryAfterSeconds: 30 },
              headers: { 'Retry-After': '30' },
            },
          },
        },
      ],
    })
    const res = await submitImage(door(), IMAGE, pick('rate-limited', key(7)))
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('30')
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(await res.json()).toStrictEqual({ error: 'Rate limit exceeded', retryAfterSeconds: 30 })
    const relay = await submitImage(door(), RELAY, pick('rate-limited', key(8)))
    expect(relay.status).toBe(429)
    expect(await balance(door())).toBe(1000)
    expect(await taskCount(door())).toBe(0)
    // The key was not consumed: the same key and body under the default scenario goes through.
    const retry = await submitImage(door(), IMAGE, key(7))
    expect(retry.status).toBe(200)
    expect(retry.headers.get('idempotent-replayed')).toBeNull()
    expect(await balance(door())).toBe(1000 - IMAGE_PRICE)
  })

  it("submit.reject 'Insufficient credits' gets the computed required, unless the body gives one", async () => {
    await load(door(), {
      name: 'poor',
      description: 'd',
      rules: [
        {
          match: { endpoint: 'video' },
          submit: { reject: { status: 402, body: { error: 'Insufficient credits', required: 999 } } },
        },
        { submit: { reject: { status: 402, body: { error: 'Insufficient credits' } } } },
      ],
    })
    const image = await submitImage(door(), { ...IMAGE, numOutputs: 3 }, pick('poor'))
    expect(image.status).toBe(402)
    expect(await image.json()).toStrictEqual({ error: 'Insufficient credits', required: 3 * IMAGE_PRICE })
    const relay = await submitImage(door(), RELAY, pick('poor', key(9)))
    expect(await relay.json()).toStrictEqual({ error: 'Insufficient credits', required: RELAY_PRICE })
    const video = await submitVideo(door(), VIDEO_T2V, pick('poor'))
    expect(await video.json()).toStrictEqual({ error: 'Insufficient credits', required: 999 })
  })

  it('fault error-before-commit: its status and error, nothing stored, the key released for a retry', async () => {
    await load(door(), {
      name: 'down',
      description: 'd',
      rules: [{ submit: { fault: { type: 'error-before-commit', status: 503, error: 'Upstream unavailable' } } }],
    })
    await load(door(), { name: 'down-plain', description: 'd', rules: [{ submit: { fault: 'error-before-commit' } }] })
    const res = await submitImage(door(), RELAY, pick('down', key(10)))
    expect(res.status).toBe(503)
    expect(await res.json()).toStrictEqual({ error: 'Upstream unavailable' })
    const plain = await submitImage(door(), IMAGE, pick('down-plain'))
    expect(plain.status).toBe(500)
    expect(await plain.json()).toStrictEqual({ error: 'Internal error' })
    expect(await balance(door())).toBe(1000)
    expect(await taskCount(door())).toBe(0)
    // Still failing with the same key: the fault again, not a replay and not "in progress".
    expect((await submitImage(door(), RELAY, pick('down', key(10)))).status).toBe(503)
    // After switching scenario, the same key and body go through, once.
    const retry = await submitImage(door(), RELAY, key(10))
    expect(retry.status).toBe(200)
    expect(retry.headers.get('idempotent-replayed')).toBeNull()
    const task = (await retry.json()) as Snapshot
    const replay = await submitImage(door(), RELAY, key(10))
    expect(replay.status).toBe(200)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(((await replay.json()) as Snapshot).taskId).toBe(task.taskId)
    expect(await balance(door())).toBe(1000 - RELAY_PRICE)
    expect(await taskCount(door())).toBe(1)
  })

  it('submit.set fields show in the submission and the snapshot; relay-only fields only on relay tasks', async () => {
    await load(door(), {
      name: 'setter',
      description: 'd',
      rules: [
        {
          match: { provider: 'relay' },
          submit: {
            submissionUncertain: true,
            set: { relayStatus: 'submitting', pollAfterSeconds: 12, upstreamHttpStatus: 202 },
          },
        },
        { match: { provider: 'upstream-a' }, submit: { set: { upstreamHttpStatus: 404 } } },
        { submit: { set: { relayStatus: 'not-a-relay', pollAfterSeconds: 30, effectiveWatermark: true } } },
      ],
    })
    const relay = await accepted(submitImage(door(), RELAY, pick('setter', key(11))))
    expect(relay).toMatchObject({
      relayStatus: 'submitting',
      pollAfterSeconds: 12,
      upstreamHttpStatus: 202,
      submissionUncertain: true,
      status: 0,
    })
    expect(await read(door(), relay.taskId)).toMatchObject({
      relayStatus: 'submitting',
      pollAfterSeconds: 12,
      upstreamHttpStatus: 202,
      submissionUncertain: true,
    })

    const upstream = await accepted(submitImage(door(), { ...IMAGE, provider: 'upstream-a' }, pick('setter')))
    expect(upstream.upstreamHttpStatus).toBe(404)
    const normalUpstream = await accepted(submitImage(door(), { ...IMAGE, provider: 'upstream-a' }))
    expect(normalUpstream.upstreamHttpStatus).toBe(200)

    const standard = await accepted(submitImage(door(), IMAGE, pick('setter')))
    expect(standard.effectiveWatermark).toBe(true)
    for (const view of [standard, await read(door(), standard.taskId)]) {
      expect(view).not.toHaveProperty('relayStatus')
      expect(view).not.toHaveProperty('pollAfterSeconds')
      expect(view).not.toHaveProperty('expiresAt')
    }
  })

  it("submit.expiresIn moves a relay task's expiresAt; the built-in expiry then expires it unrefunded", async () => {
    await load(door(), {
      name: 'short-lived',
      description: 'd',
      rules: [
        {
          match: { provider: 'relay' },
          submit: { expiresIn: '1m30s' },
          timeline: [{ at: '1s', set: { relayStatus: 'running' } }],
        },
      ],
    })
    const usual = await accepted(submitImage(door(), RELAY, key(12)))
    const task = await accepted(submitImage(door(), RELAY, pick('short-lived', key(13))))
    const created = await read(door(), task.taskId)
    expect(offset(created, 'expiresAt')).toBe(90 * SECOND)
    expect(task.expiresAt).toBe(created.expiresAt)
    expect(offset(await read(door(), usual.taskId), 'expiresAt')).toBe(3600 * SECOND)
    expect(await balance(door())).toBe(1000 - 2 * RELAY_PRICE)

    await advance(door(), 89.999)
    expect(await read(door(), task.taskId)).toMatchObject({ status: 0, relayStatus: 'running' })
    await advance(door(), 0.001)
    const expired = await read(door(), task.taskId)
    expect(expired).toMatchObject({
      status: 2,
      relayStatus: 'expired',
      errorCode: 'RELAY_TASK_EXPIRED',
      errorMessage: 'The relay task expired before it finished.',
      creditRefunded: false,
    })
    expect(expired.updatedAt).toBe(expired.expiresAt)
    expect(expired.outputImageUrls).toBeUndefined()
    expect(await balance(door())).toBe(1000 - 2 * RELAY_PRICE)
  })

  it('submit.latency: the answer takes at least that long in wall time; the simulated clock stays put', async () => {
    await load(door(), {
      name: 'slow',
      description: 'd',
      rules: [{ match: { prompt: 'slow' }, submit: { latency: '200ms' }, use: 'default' }],
    })
    const before = await clockNow(door())
    let started = performance.now()
    await accepted(submitImage(door(), { ...IMAGE, prompt: 'a slow fox' }, pick('slow')))
    const slow = performance.now() - started
    started = performance.now()
    await accepted(submitImage(door(), { ...IMAGE, prompt: 'a quick fox' }, pick('slow')))
    const quick = performance.now() - started
    expect(slow).toBeGreaterThanOrEqual(200)
    expect(quick).toBeLessThan(200)
    expect(await clockNow(door())).toBe(before)
    const journal = ((await (await door().fetch('/__mock/requests')).json()) as { requests: { durationMs: number }[] })
      .requests
    expect(journal[1]!.durationMs).toBeGreaterThanOrEqual(200)
  })

  // ---- timeline ----

  it('steps at fixed times: not a millisecond early, exactly on time', async () => {
    await load(door(), {
      name: 'timed',
      description: 'd',
      rules: [
        {
          match: { provider: 'upstream-a' },
          submit: { set: { upstreamHttpStatus: 404 } },
          timeline: [
            { at: '3s', set: { upstreamHttpStatus: 200 } },
            { at: 10, set: { status: 1 } },
          ],
        },
        { match: { endpoint: 'video' }, timeline: [{ at: '2m', set: { status: 1 } }] },
      ],
    })
    const image = await accepted(submitImage(door(), { ...IMAGE, provider: 'upstream-a' }, pick('timed')))
    const video = await accepted(submitVideo(door(), VIDEO_T2V, pick('timed')))
    expect(image.upstreamHttpStatus).toBe(404)
    await advance(door(), 2.999)
    expect(await read(door(), image.taskId)).toMatchObject({ status: 0, upstreamHttpStatus: 404 })
    await advance(door(), 0.001)
    const found = await read(door(), image.taskId)
    expect(found).toMatchObject({ status: 0, upstreamHttpStatus: 200 })
    expect(offset(found, 'updatedAt')).toBe(3 * SECOND)
    await advance(door(), 6.999)
    expect((await read(door(), image.taskId)).status).toBe(0)
    await advance(door(), 0.001)
    const done = await read(door(), image.taskId)
    expect(done.status).toBe(1)
    expect(done.outputImageUrls).toHaveLength(1)
    expect(offset(done, 'updatedAt')).toBe(10 * SECOND)
    await advance(door(), 109.999)
    expect((await read(door(), video.taskId)).status).toBe(0)
    await advance(door(), 0.001)
    const videoDone = await read(door(), video.taskId)
    expect(videoDone.status).toBe(1)
    expect(videoDone.outputVideoUrl).toMatch(/^https?:\/\//)
    expect(offset(videoDone, 'updatedAt')).toBe(120 * SECOND)
  })

  /**
   * Submits `count` images under a one-step scenario; all pending at `pendingUntil` s, all done `doneAfter` s later:
   * their completion offsets.
   */
  async function drawnOffsets(at: string, count: number, pendingUntil: number, doneAfter: number): Promise<number[]> {
    await load(door(), { name: 'ranged', description: 'd', rules: [{ timeline: [{ at, set: { status: 1 } }] }] })
    const ids: string[] = []
    for (let i = 0; i < count; i++) ids.push((await accepted(submitImage(door(), IMAGE, pick('ranged')))).taskId)
    await advance(door(), pendingUntil)
    for (const id of ids) expect((await read(door(), id)).status).toBe(0)
    await advance(door(), doneAfter)
    const offsets = []
    for (const id of ids) {
      const task = await read(door(), id)
      expect(task.status).toBe(1)
      offsets.push(offset(task, 'updatedAt'))
    }
    expect(new Set(offsets).size).toBeGreaterThan(1)
    return offsets
  }

  it('ranges are drawn per task, in whole seconds when both bounds are whole seconds', async () => {
    for (const ms of await drawnOffsets('5s..8s', 10, 4.999, 3.001)) {
      expect(ms % SECOND).toBe(0)
      expect(ms).toBeGreaterThanOrEqual(5 * SECOND)
      expect(ms).toBeLessThanOrEqual(8 * SECOND)
    }
  })

  it('ranges with bounds that are not whole seconds are drawn in milliseconds', async () => {
    for (const ms of await drawnOffsets('1500ms..1600ms', 6, 1.499, 0.101)) {
      expect(ms).toBeGreaterThanOrEqual(1500)
      expect(ms).toBeLessThanOrEqual(1600)
    }
  })

  // Time does not matter.
  it("'poll N': the owner's Nth GET sees the change; another account's GETs are 404 and do not count", async () => {
    await load(door(), {
      name: 'polled',
      description: 'd',
      rules: [
        {
          match: { endpoint: 'video' },
          timeline: [{ at: 'poll 1', set: { status: 2, errorCode: 'UPSTREAM_FAILED' }, refund: true }],
        },
        { timeline: [{ at: 'poll 3', set: { status: 1 } }] },
      ],
    })
    const image = await accepted(submitImage(door(), IMAGE, pick('polled')))
    const video = await accepted(submitVideo(door(), VIDEO_T2V, pick('polled')))
    await advance(door(), 24 * 3600)
    expect((await read(door(), image.taskId)).status).toBe(0) // poll 1
    for (let i = 0; i < 3; i++) expect((await getTask(door(), image.taskId, KEYS.bob)).status).toBe(404)
    // The control API's view does not count as a poll either.
    const view = (
      (await (await door().fetch('/__mock/tasks')).json()) as {
        tasks: { taskId: string; polls: number; status: number }[]
      }
    ).tasks
    expect(view.find((t) => t.taskId === image.taskId)).toMatchObject({ polls: 1, status: 0 })
    expect((await read(door(), image.taskId)).status).toBe(0) // poll 2
    const third = await read(door(), image.taskId) // poll 3
    expect(third.status).toBe(1)
    expect(third.outputImageUrls).toHaveLength(1)
    expect((await read(door(), image.taskId)).status).toBe(1)

    const first = await read(door(), video.taskId)
    expect(first).toMatchObject({ status: 2, errorCode: 'UPSTREAM_FAILED', creditRefunded: true })
    expect(await balance(door())).toBe(1000 - IMAGE_PRICE)
  })

  it('refund true restores the balance exactly once, even when two steps ask for it', async () => {
    await load(door(), {
      name: 'refunds',
      description: 'd',
      rules: [
        {
          match: { endpoint: 'image' },
          timeline: [
            { at: '1s', set: { errorCode: 'UPSTREAM_FAILED', errorMessage: 'The upstream failed.' }, refund: true },
            { at: '2s', set: { status: 2 }, refund: true },
          ],
        },
        {
          match: { endpoint: 'video' },
          timeline: [{ at: '2s', set: { status: 2, errorCode: 'RELAY_TASK_UNKNOWN' }, refund: false }],
        },
      ],
    })
    const image = await accepted(submitImage(door(), IMAGE, pick('refunds')))
    expect(await balance(door())).toBe(1000 - IMAGE_PRICE)
    await advance(door(), 0.999)
    expect(await balance(door())).toBe(1000 - IMAGE_PRICE)
    expect((await read(door(), image.taskId)).creditRefunded).toBe(false)
    await advance(door(), 0.001)
    const refunded = await read(door(), image.taskId)
    expect(refunded).toMatchObject({ status: 0, creditRefunded: true })
    // errorCode and errorMessage show only once the task has failed.
    expect(refunded.errorCode).toBeUndefined()
    expect(refunded.errorMessage).toBeUndefined()
    expect(await balance(door())).toBe(1000)
    await advance(door(), 1)
    const failed = await read(door(), image.taskId)
    expect(failed).toMatchObject({
      status: 2,
      creditRefunded: true,
      errorCode: 'UPSTREAM_FAILED',
      errorMessage: 'The upstream failed.',
    })
    expect(await balance(door())).toBe(1000)
    expect((await ledger(door())).filter((entry) => entry.kind === 'refund')).toStrictEqual([
      expect.objectContaining({ amount: IMAGE_PRICE, taskId: image.taskId }),
    ])

    const video = await accepted(submitVideo(door(), VIDEO_T2V, pick('refunds')))
    await advance(door(), 2)
    expect(await read(door(), video.taskId)).toMatchObject({
      status: 2,
      errorCode: 'RELAY_TASK_UNKNOWN',
      creditRefunded: false,
    })
    expect(await balance(door())).toBe(1000 - VIDEO_PRICE)
  })

  it('steps after a terminal one are ignored, timed or poll', async () => {
    await load(door(), {
      name: 'ends-early',
      description: 'd',
      rules: [
        {
          timeline: [
            { at: '2s', set: { status: 1 } },
            { at: '3s', set: { status: 2, errorCode: 'LATE' }, refund: true },
            { at: '3s', set: { upstreamHttpStatus: 500 } },
            { at: 'poll 2', set: { status: 2, errorCode: 'LATER' }, refund: true },
          ],
        },
      ],
    })
    const task = await accepted(submitImage(door(), IMAGE, pick('ends-early')))
    await advance(door(), 2)
    const done = await read(door(), task.taskId) // poll 1
    expect(done.status).toBe(1)
    await advance(door(), 60)
    const later = await read(door(), task.taskId) // poll 2
    expect(later).toStrictEqual(done)
    expect(later.errorCode).toBeUndefined()
    expect(later.upstreamHttpStatus).toBeUndefined()
    expect(later.creditRefunded).toBe(false)
    expect(offset(later, 'updatedAt')).toBe(2 * SECOND)
    expect(await balance(door())).toBe(1000 - IMAGE_PRICE)
  })

  // ---- determinism ----

  it('the same seed, requests and clock script give identical response bodies', async () => {
    const dice: ScenarioInput = {
      name: 'dice',
      description: 'a coin per standard image, ranged timelines',
      rules: [
        {
          match: { provider: 'standard', endpoint: 'image', chance: 0.5 },
          submit: { reject: { status: 503, body: { error: 'coin' } } },
        },
        {
          match: { provider: 'relay' },
          timeline: [
            { at: '1s..3s', set: { relayStatus: 'running' } },
            { at: '4s..9s', set: { status: 1, relayStatus: 'succeeded' } },
          ],
        },
        { timeline: [{ at: '2s..20s', set: { status: 1 } }] },
      ],
    }
    const run = async (seed: number): Promise<string[]> => {
      expect((await post(door(), '/__mock/reset', { seed })).status).toBe(200)
      await load(door(), dice, 201) // reset dropped it
      const start = await clockNow(door())
      const relative = (text: string) =>
        text.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, (iso) => `T+${Date.parse(iso) - start}`)
      const bodies: string[] = []
      const ids: string[] = []
      const requests = [
        () => submitImage(door(), IMAGE, pick('dice')),
        () => submitImage(door(), IMAGE, pick('dice')),
        () => submitImage(door(), RELAY, pick('dice', key(14))),
        () => submitImage(door(), { ...IMAGE, numOutputs: 2 }, pick('dice')),
        () => submitVideo(door(), VIDEO_T2V, pick('dice')),
        () => submitImage(door(), IMAGE, pick('dice')),
        () => submitImage(door(), RELAY, pick('dice', key(15))),
        () => submitImage(door(), IMAGE, pick('dice')),
        () => submitImage(door(), IMAGE, pick('dice')),
      ]
      for (const send of requests) {
        const res = await send()
        const text = await res.text()
        bodies.push(`${res.status} ${relative(text)}`)
        if (res.status === 200) ids.push((JSON.parse(text) as { taskId: string }).taskId)
      }
      for (let step = 0; step < 6; step++) {
        await advance(door(), 4)
        for (const id of ids) bodies.push(relative(await (await getTask(door(), id)).text()))
      }
      return bodies
    }
    const first = await run(7)
    const second = await run(7)
    expect(second).toStrictEqual(first)
    // The coin fell both ways, so the comparison covers rejected and accepted requests.
    expect(first.some((body) => body.startsWith('503 '))).toBe(true)
    expect(first.filter((body) => body.startsWith('200 ')).length).toBeGreaterThan(4)
    const other = await run(8)
    expect(other).not.toStrictEqual(first)
  })
})
