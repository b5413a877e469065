import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { CoverageReport } from '../../src/contract/control-answers.js'
import { OUTCOME_NAMES } from '../../src/contract/outcomes.js'
import {
  advance,
  auth,
  getTask,
  IMAGE,
  KEYS,
  post,
  RELAY,
  submitImage,
  submitVideo,
  VIDEO_T2V,
} from '../support/api.js'
import { eachDoor, type Door } from '../support/doors.js'

/**
 * Outcome coverage (docs/conformance-and-coverage.md): each outcome met by the request that meets it,
 * counted overall and per account, cleared by a reset.
 */

const coverage = async (door: Door, query = ''): Promise<CoverageReport> => {
  const res = await door.fetch(`/__mock/coverage${query}`)
  expect(res.status).toBe(200)
  return (await res.json()) as CoverageReport
}
const met = async (door: Door, query = '') =>
  Object.fromEntries((await coverage(door, query)).outcomes.filter((o) => o.met).map((o) => [o.name, o.count]))
const taskIdOf = async (res: Promise<Response>) => ((await (await res).json()) as { taskId: string }).taskId
const scenario = (name: string) => ({ 'x-mock-scenario': name })
const key = (n: number) => ({ 'idempotency-key': `coverage-key-${String(n).padStart(4, '0')}` })

eachDoor('outcome coverage', (door) => {
  it('lists every outcome, none met at the start', async () => {
    const report = await coverage(door())
    expect(report.outcomes.map((o) => o.name)).toEqual(OUTCOME_NAMES)
    expect(report).toMatchObject({ met: 0, total: OUTCOME_NAMES.length })
    expect(report.outcomes.every((o) => !o.met && o.count === 0)).toBe(true)
  })

  it('completed, failed with refund, expired and unknown relay tasks count when the client reads them', async () => {
    const image = await taskIdOf(submitImage(door(), IMAGE))
    const video = await taskIdOf(submitVideo(door(), VIDEO_T2V))
    const failed = await taskIdOf(submitImage(door(), IMAGE, scenario('upstream-failure')))
    const expired = await taskIdOf(submitImage(door(), RELAY, { ...key(1), ...scenario('relay-expiry') }))
    const unknown = await taskIdOf(submitImage(door(), RELAY, { ...key(2), ...scenario('submission-lost') }))
    await advance(door(), 3600)
    expect(await met(door())).toEqual({ 'submission-uncertain': 1 }) // nothing read yet
    for (const id of [image, video, failed, expired, unknown]) await getTask(door(), id)
    expect(await met(door())).toEqual({
      'image-completed': 1,
      'video-completed': 1,
      'failed-refunded': 1,
      'relay-expired': 1,
      'relay-unknown': 1,
      'submission-uncertain': 1,
    })
  })

  it('a relay task read after its wait counts; one read too soon does not', async () => {
    const id = await taskIdOf(submitImage(door(), RELAY, key(3)))
    await getTask(door(), id) // at once: poll-too-soon
    expect(await met(door())).toEqual({})
    await advance(door(), 5)
    await getTask(door(), id)
    expect(await met(door())).toEqual({ 'polled-after-wait': 1 })
  })

  it('refusals: invalid, unauthorized, insufficient credits, task not found, key reused with other body', async () => {
    await submitImage(door(), { model: 'base-image-2' })
    await door().fetch('/api/ai/models', { headers: auth('sk_test_nobody') })
    await submitImage(door(), { model: 'base-image-pro', prompt: 'x', aspectRatio: '1:1' }, auth(KEYS.low))
    await submitImage(door(), IMAGE, scenario('insufficient-credits'))
    await getTask(door(), 'tsk_none')
    await submitImage(door(), IMAGE, key(4))
    const replay = await submitImage(door(), IMAGE, key(4))
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect((await submitImage(door(), { ...IMAGE, prompt: 'another' }, key(4))).status).toBe(422)
    expect(await met(door())).toMatchObject({
      'invalid-request': 1,
      unauthorized: 1,
      'insufficient-credits': 2,
      'task-not-found': 1,
      'idempotent-replay': 1,
      'key-reused-with-other-body': 1,
    })
  })

  it('rate limit, injected 5xx, dropped connection and sparse answers', async () => {
    const limited = {
      name: 'rate-limited',
      description: 'every submission refused with 429',
      rules: [{ submit: { reject: { status: 429, body: { error: 'Too many requests' } } } }],
    }
    expect((await post(door(), '/__mock/scenarios', limited)).status).toBe(201)
    const failing = {
      name: 'failing',
      description: 'every submission fails with 500',
      rules: [{ submit: { fault: 'error-before-commit' } }],
    }
    expect((await post(door(), '/__mock/scenarios', failing)).status).toBe(201)
    expect((await submitImage(door(), IMAGE, scenario('rate-limited'))).status).toBe(429)
    expect((await submitImage(door(), IMAGE, scenario('failing'))).status).toBe(500)
    await expect(submitImage(door(), IMAGE, scenario('drop-after-commit'))).rejects.toThrow()
    await submitImage(door(), IMAGE, { prefer: 'sparse=all' })
    expect(await met(door())).toEqual({
      'rate-limited': 1,
      'server-error': 1,
      'connection-dropped': 1,
      'sparse-answer': 1,
    })
  })

  it('a request with the same key while the first still runs: request in progress', async () => {
    const slow = {
      name: 'slow',
      description: 'submissions answer after 300 ms',
      rules: [{ submit: { latency: '300ms' }, use: 'default' }],
    }
    expect((await post(door(), '/__mock/scenarios', slow)).status).toBe(201)
    const first = submitImage(door(), IMAGE, { ...key(5), ...scenario('slow') })
    const second = await submitImage(door(), IMAGE, { ...key(5), ...scenario('slow') })
    expect(second.status).toBe(409)
    expect((await first).status).toBe(200)
    expect(await met(door())).toEqual({ 'request-in-progress': 1 })
  })

  it('per account: ?account= gives one account, or several together; a reset clears it', async () => {
    await taskIdOf(submitImage(door(), IMAGE, key(6)))
    await submitImage(door(), IMAGE, key(6))
    await getTask(door(), 'tsk_none', KEYS.bob)
    await door().fetch('/api/ai/models', { headers: auth('sk_test_nobody') })
    expect(await met(door(), '?account=acct_alice')).toEqual({ 'idempotent-replay': 1 })
    expect(await met(door(), '?account=acct_bob')).toEqual({ 'task-not-found': 1 })
    expect(await met(door(), '?account=acct_alice&account=acct_bob')).toEqual({
      'idempotent-replay': 1,
      'task-not-found': 1,
    })
    expect(await met(door(), '?account=acct_alice,acct_bob')).toEqual(
      await met(door(), '?account=acct_alice&account=acct_bob'),
    )
    // An unknown key names no account: only the whole run counts it.
    expect(await met(door())).toMatchObject({ unauthorized: 1 })
    expect((await post(door(), '/__mock/reset', {})).status).toBe(200)
    expect((await coverage(door())).met).toBe(0)
  })

  it('the control API meets no outcome', async () => {
    await door().fetch('/__mock/accounts/acct_none')
    await post(door(), '/__mock/clock/advance', { seconds: -1 })
    expect((await coverage(door())).met).toBe(0)
  })
})

describe('docs/conformance-and-coverage.md', () => {
  it('documents every outcome, in report order, in its Outcome coverage table', () => {
    const page = readFileSync(new URL('../../docs/conformance-and-coverage.md', import.meta.url), 'utf8')
    const section = page.slice(page.indexOf('\n## Outcome coverage'))
    const names = [...section.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1])
    expect(names).toEqual(OUTCOME_NAMES)
  })
})
