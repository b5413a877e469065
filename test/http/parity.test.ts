import { createHash } from 'node:crypto'
import { expect, it } from 'vitest'
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
import { openMswDoor, openServerDoor, type Door } from '../support/doors.js'

/** The few fields the script reads back from an answer to drive the next request. */
type Answer = { taskId: string; outputImageUrls: string[]; outputVideoUrl: string; id: string; apiKey: string }

const HEADERS = ['content-type', 'date', 'idempotent-replayed', 'content-range', 'accept-ranges']

/** What both doors must agree on in a journal entry: not the wall-clock duration, nor the headers each client adds. */
const JOURNALED = [
  'method',
  'path',
  'query',
  'status',
  'accountId',
  'scenario',
  'taskId',
  'idempotencyKey',
  'replayed',
  'dropped',
  'conformance',
] as const

/** A client session touching every route and every kind of answer, recorded with the door's origin blanked out. */
async function script(door: Door): Promise<string[]> {
  const log: string[] = []
  const record = async (label: string, res: Response) => {
    const type = res.headers.get('content-type') ?? ''
    const body = type.includes('json')
      ? (await res.text()).replaceAll(door.baseUrl, 'ORIGIN')
      : createHash('sha256')
          .update(new Uint8Array(await res.arrayBuffer()))
          .digest('hex')
    const headers = HEADERS.map((h) => `${h}=${res.headers.get(h)}`).join(' ')
    log.push(`${label} ${res.status} ${headers} ${body}`)
    return JSON.parse(type.includes('json') ? body.replaceAll('ORIGIN', door.baseUrl) : '{}') as Answer
  }
  const key = { 'idempotency-key': 'parity-key-0001' }
  await record('models', await door.fetch('/api/ai/models', { headers: auth() }))
  const image = await record('image', await submitImage(door, { ...IMAGE, numOutputs: 2, aspectRatio: '16:9' }))
  await record('upstream-a', await submitImage(door, { ...IMAGE, provider: 'upstream-a' }))
  const relay = await record('relay', await submitImage(door, RELAY, key))
  await record('relay replay', await submitImage(door, RELAY, key))
  await record('relay mismatch', await submitImage(door, { ...RELAY, prompt: 'other' }, key))
  await record('relay no key', await submitImage(door, RELAY))
  const video = await record('video', await submitVideo(door, VIDEO_T2V))
  await record('invalid', await submitImage(door, { model: 'vendor-a/base-image', prompt: '', extra: 1 }))
  await record('malformed json', await submitImage(door, '{"prompt":'))
  await record('unauthorized', await submitImage(door, IMAGE, auth('sk_test_nobody')))
  await record('insufficient', await submitImage(door, { ...IMAGE, model: 'vendor-a/base-image' }, auth(KEYS.low)))
  await record('other owner', await getTask(door, image.taskId, KEYS.bob))
  await record('unknown route', await door.fetch('/api/ai/nothing', { headers: auth() }))
  await record('account', await post(door, '/__mock/accounts', { credits: 50, apiKey: 'sk_test_parity' }))
  const failing = await record(
    'scenario by header',
    await submitImage(door, IMAGE, { 'x-mock-scenario': 'upstream-failure' }),
  )
  await record(
    'scenario by directive',
    await submitVideo(door, { ...VIDEO_T2V, prompt: 'waves [mock:insufficient-credits]' }),
  )
  await record('scenario unknown', await submitImage(door, IMAGE, { prefer: 'scenario=nope' }))
  await record(
    'scenario 202',
    await post(door, '/__mock/scenarios', {
      name: 'accepted',
      description: 'd',
      rules: [{ submit: { httpStatus: 202 }, use: 'default' }],
    }),
  )
  const forced = await record('scenario accepted', await submitImage(door, IMAGE, { 'x-mock-scenario': 'accepted' }))
  await record(
    'transition',
    await post(door, `/__mock/tasks/${forced.taskId}/transition`, { status: 2, errorCode: 'FORCED', refund: true }),
  )
  for (const seconds of [3, 10, 60, 120]) {
    await advance(door, seconds)
    await record(`clock +${seconds}`, await door.fetch('/__mock/clock'))
    for (const id of [image.taskId, relay.taskId, video.taskId, failing.taskId])
      await record(`poll ${id}`, await getTask(door, id))
  }
  // A world of its own: an account whose clock only it moves, to the next event and until idle.
  const own = await record('own clock account', await post(door, '/__mock/accounts', { credits: 50, clock: 'own' }))
  const ownTask = await record('own clock submit', await submitImage(door, IMAGE, auth(own.apiKey)))
  await record(
    'own clock next-event',
    await post(door, `/__mock/accounts/${own.id}/clock/advance`, { until: 'next-event' }),
  )
  await record('own clock idle', await post(door, `/__mock/accounts/${own.id}/clock/advance`, { until: 'idle' }))
  await record('own clock task', await getTask(door, ownTask.taskId, own.apiKey))
  await record('own clock refused', await post(door, '/__mock/accounts/acct_alice/clock/advance', { seconds: 1 }))
  await record('server idle', await post(door, '/__mock/clock/advance', { until: 'idle' }))
  const done = await record('image done', await getTask(door, image.taskId))
  const videoDone = await record('video done', await getTask(door, video.taskId))
  const path = (url: string) => url.slice(door.baseUrl.length)
  await record('png', await door.fetch(path(done.outputImageUrls[1]!)))
  await record('mp4 range', await door.fetch(path(videoDone.outputVideoUrl), { headers: { range: 'bytes=10-19' } }))
  await record('relay media, no token', await door.fetch(`/media/images/${relay.taskId}/0.png`))
  await record('task media', await door.fetch(`/__mock/tasks/${relay.taskId}/media/0`))
  await record(
    'task media range',
    await door.fetch(`/__mock/tasks/${video.taskId}/media/0`, { headers: { range: 'bytes=10-19' } }),
  )
  // A task's detail, its requests as the journal comparison below sees them
  // (durations and client headers differ by door).
  const detail = (await (await door.fetch(`/__mock/tasks/${relay.taskId}`)).json()) as {
    requests: Record<string, unknown>[]
  }
  const requests = detail.requests.map((entry) => JOURNALED.map((field) => entry[field]))
  log.push(`task detail ${JSON.stringify({ ...detail, requests }).replaceAll(door.baseUrl, 'ORIGIN')}`)
  const clock = await door.fetch('/__mock/clock')
  await record(
    'not modified',
    await door.fetch('/__mock/clock', { headers: { 'if-none-match': clock.headers.get('etag')! } }),
  )
  await record('tasks', await door.fetch('/__mock/tasks'))
  await record('ledger', await door.fetch('/__mock/accounts/acct_alice'))
  await record('scenarios', await door.fetch('/__mock/scenarios'))
  // The rest of the route table, and every error class not met above.
  await record('openapi', await door.fetch('/openapi.json'))
  await record('health', await door.fetch('/__mock/health'))
  await record('dashboard', await door.fetch('/__mock/'))
  await record('dashboard redirect', await door.fetch('/__mock', { redirect: 'manual' }))
  await record('accounts', await door.fetch('/__mock/accounts'))
  await record(
    'account patch',
    await door.fetch('/__mock/accounts/acct_bob', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{"credits":5}',
    }),
  )
  await record('account unknown', await door.fetch('/__mock/accounts/acct_nobody'))
  await record('scenario', await door.fetch('/__mock/scenarios/flaky'))
  await record(
    'scenario choose',
    await door.fetch('/__mock/scenario', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"default"}',
    }),
  )
  await record(
    'clock set',
    await door.fetch('/__mock/clock', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"mode":"manual"}',
    }),
  )
  await record('terminal transition', await post(door, `/__mock/tasks/${forced.taskId}/transition`, { status: 1 }))
  await record('too large', await submitImage(door, { ...IMAGE, prompt: 'x'.repeat(1_100_000) }))
  await record(
    'range unsatisfiable',
    await door.fetch(path(videoDone.outputVideoUrl), { headers: { range: 'bytes=999999999-' } }),
  )
  await record('media unknown', await door.fetch('/media/images/tsk_nope/0.png'))
  await record(
    'fault',
    await submitImage(door, IMAGE, { 'x-mock-scenario': 'flaky', 'idempotency-key': 'parity-key-0002' }),
  )
  await record(
    'dropped',
    await submitImage(door, IMAGE, { 'x-mock-scenario': 'drop-after-commit' }).catch(
      () => new Response('network error', { status: 599 }),
    ),
  )
  const journal = (await (await door.fetch('/__mock/requests?limit=1000')).json()) as {
    total: number
    requests: Record<string, unknown>[]
  }
  const journaled = journal.requests.map((entry) => JOURNALED.map((field) => entry[field]))
  log.push(`journal ${journal.total} ${JSON.stringify(journaled)}`)
  await record('journal clear', await door.fetch('/__mock/requests', { method: 'DELETE' }))
  await record('reset', await post(door, '/__mock/reset', { seed: 9 }))
  return log
}

it('the standalone server and msw/node give byte-identical answers to the same session', async () => {
  const logs: string[][] = []
  for (const open of [openServerDoor, openMswDoor]) {
    const door = await open()
    try {
      logs.push(await script(door))
    } finally {
      await door.close()
    }
  }
  expect(logs[0]!.length).toBeGreaterThan(60)
  expect(logs[1]).toEqual(logs[0])
})
