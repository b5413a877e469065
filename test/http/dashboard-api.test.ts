import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createSimulator } from '../../src/index.js'
import { startServer, type RunningServer } from '../../src/node/server/server.js'
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
import { defaultOptions, eachDoor, type Door } from '../support/doors.js'

/**
 * What the dashboard (issue 15) needs of the server: quiet requests, conditional GETs, a task's detail and its media.
 */

const QUIET = { 'genmock-dashboard': '1' }
const BROWSER = { origin: 'http://localhost:5173' }

interface Detail {
  task: { taskId: string; status: number; accountId: string; expiresAt?: string; creditRefunded: boolean }
  history: { at: string; status: number; relayStatus?: string; errorCode?: string; refunded?: true; by?: string }[]
  scheduled: { at?: string; poll?: number; status?: number; relayStatus?: string; errorCode?: string; refund?: true }[]
  ledger: { at: number; kind: string; amount: number; taskId?: string }[]
  requests: { seq: number; method: string; path: string; taskId?: string }[]
}

let keys = 0
const key = () => ({ 'idempotency-key': `dashboard-key-${String(++keys).padStart(4, '0')}` })
const taskIdOf = async (res: Promise<Response>) => {
  const answer = await res
  expect(answer.status).toBe(200)
  return ((await answer.json()) as { taskId: string }).taskId
}
const detail = async (door: Door, id: string): Promise<Detail> => {
  const res = await door.fetch(`/__mock/tasks/${encodeURIComponent(id)}`, { headers: QUIET })
  expect(res.status).toBe(200)
  return (await res.json()) as Detail
}
const journalSize = async (door: Door) =>
  ((await (await door.fetch('/__mock/requests/count')).json()) as { count: number }).count
const findings = async (door: Door) =>
  ((await (await door.fetch('/__mock/conformance')).json()) as { total: number }).total
const serverNow = async (door: Door) =>
  Date.parse(((await (await door.fetch('/__mock/clock')).json()) as { now: string }).now)
const iso = (ms: number) => new Date(ms).toISOString()
const bytes = async (res: Response) => new Uint8Array(await res.arrayBuffer())

eachDoor('the dashboard header (Genmock-Dashboard: 1)', (door) => {
  // The dashboard calls /__mock alone.
  it('hides nothing from the journal or the findings: it only keeps the request log quiet', async () => {
    const taskId = await taskIdOf(submitImage(door(), RELAY, key()))
    await advance(door(), 60)
    const before = { journal: await journalSize(door()), findings: await findings(door()) }
    // A relay image without credentials and a key sent from a page: client traffic, header or not.
    expect((await door().fetch(`/media/images/${taskId}/0.png`, { headers: QUIET })).status).toBe(401)
    expect((await door().fetch('/api/ai/models', { headers: { ...auth(), ...BROWSER, ...QUIET } })).status).toBe(200)
    expect({ journal: await journalSize(door()), findings: await findings(door()) }).toEqual({
      journal: before.journal + 2,
      findings: before.findings + 2,
    })
    // The dashboard's own reads and media: control routes, never journaled, never a finding.
    expect((await door().fetch(`/__mock/tasks/${taskId}/media/0`, { headers: QUIET })).status).toBe(200)
    expect((await door().fetch(`/__mock/tasks/${taskId}`, { headers: QUIET })).status).toBe(200)
    expect({ journal: await journalSize(door()), findings: await findings(door()) }).toEqual({
      journal: before.journal + 2,
      findings: before.findings + 2,
    })
  })
})

eachDoor('conditional GETs on the control API', (door) => {
  it('a JSON 200 carries a strong ETag; If-None-Match with it is a bodiless 304 until something changes', async () => {
    const first = await door().fetch('/__mock/clock')
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/)
    const same = await door().fetch('/__mock/clock', { headers: { 'if-none-match': etag } })
    expect(same.status).toBe(304)
    expect(same.headers.get('etag')).toBe(etag)
    expect(same.headers.get('date')).toBe(first.headers.get('date'))
    expect(await same.text()).toBe('')
    // A list, a weak comparison and * all name it; another tag does not.
    for (const header of [`"0000000000000000", ${etag}`, `W/${etag}`, '*'])
      expect((await door().fetch('/__mock/clock', { headers: { 'if-none-match': header } })).status).toBe(304)
    expect((await door().fetch('/__mock/clock', { headers: { 'if-none-match': '"0000000000000000"' } })).status).toBe(
      200,
    )

    await advance(door(), 10)
    const moved = await door().fetch('/__mock/clock', { headers: { 'if-none-match': etag } })
    expect(moved.status).toBe(200)
    expect(moved.headers.get('etag')).not.toBe(etag)
    expect(moved.headers.get('etag')).toMatch(/^"[0-9a-f]{16}"$/)
  })

  it('a poll of the task list is 304 while nothing changes, 200 once a task does', async () => {
    await submitImage(door(), IMAGE)
    const list = await door().fetch('/__mock/tasks', { headers: QUIET })
    const etag = list.headers.get('etag')!
    expect((await door().fetch('/__mock/tasks', { headers: { ...QUIET, 'if-none-match': etag } })).status).toBe(304)
    await advance(door(), 60)
    const changed = await door().fetch('/__mock/tasks', { headers: { ...QUIET, 'if-none-match': etag } })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
  })

  it('the service routes, errors and non-JSON answers have no ETag, and ignore If-None-Match', async () => {
    for (const path of ['/api/ai/models', '/openapi.json']) {
      const res = await door().fetch(path, { headers: { ...auth(), 'if-none-match': '*' } })
      expect(res.status).toBe(200)
      expect(res.headers.get('etag')).toBeNull()
    }
    const missing = await door().fetch('/__mock/accounts/acct_nobody', { headers: { 'if-none-match': '*' } })
    expect(missing.status).toBe(404)
    expect(missing.headers.get('etag')).toBeNull()
    const junit = await door().fetch('/__mock/conformance?format=junit', { headers: { 'if-none-match': '*' } })
    expect(junit.status).toBe(200)
    expect(junit.headers.get('etag')).toBeNull()
  })
})

eachDoor('GET /__mock/tasks/:id', (door) => {
  it('a standard task through its life: the history grows, the scheduled steps shrink', async () => {
    const start = await serverNow(door())
    const taskId = await taskIdOf(submitImage(door(), IMAGE))
    const pending = await detail(door(), taskId)
    expect(pending.task).toMatchObject({ taskId, status: 0, accountId: 'acct_alice' })
    expect(pending.history).toEqual([{ at: iso(start), status: 0 }])
    expect(pending.scheduled).toEqual([{ at: expect.any(String), status: 1 }])
    const due = Date.parse(pending.scheduled[0]!.at!)
    expect(due - start).toBeGreaterThanOrEqual(4000)
    expect(due - start).toBeLessThanOrEqual(12_000)
    expect(pending.ledger).toEqual([{ at: start, kind: 'debit', amount: -4, balanceAfter: 996, taskId }])

    await getTask(door(), taskId)
    await advance(door(), 60)
    await getTask(door(), taskId)
    const done = await detail(door(), taskId)
    expect(done.task.status).toBe(1)
    expect(done.history).toEqual([
      { at: iso(start), status: 0 },
      { at: iso(due), status: 1, by: 'timeline' },
    ])
    expect(done.scheduled).toEqual([])
    // Newest first; the dashboard's own read of it (quiet) is not among them.
    expect(done.requests.map((r) => [r.method, r.path])).toEqual([
      ['GET', `/api/ai/tasks/${taskId}`],
      ['GET', `/api/ai/tasks/${taskId}`],
      ['POST', '/api/ai/image/generate'],
    ])
    expect(done.requests.every((r) => r.taskId === taskId)).toBe(true)
  })

  it("a relay task lists its steps with the interface's expiry last; poll N steps by their poll", async () => {
    const taskId = await taskIdOf(submitImage(door(), RELAY, key()))
    const relay = await detail(door(), taskId)
    expect(relay.history).toEqual([{ at: expect.any(String), status: 0, relayStatus: 'queued' }])
    expect(relay.scheduled.map(({ at, ...what }) => what)).toEqual([
      { relayStatus: 'running' },
      { status: 1, relayStatus: 'succeeded' },
      { status: 2, relayStatus: 'expired', errorCode: 'RELAY_TASK_EXPIRED' },
    ])
    expect(relay.scheduled.at(-1)!.at).toBe(relay.task.expiresAt)

    const scenario = {
      name: 'second-poll',
      description: 'Completes at the second read.',
      rules: [{ match: { endpoint: 'image' }, timeline: [{ at: 'poll 2', set: { status: 1 } }] }],
    }
    expect((await post(door(), '/__mock/scenarios', scenario)).status).toBe(201)
    const polled = await taskIdOf(submitImage(door(), IMAGE, { 'x-mock-scenario': 'second-poll' }))
    expect((await detail(door(), polled)).scheduled).toEqual([{ poll: 2, status: 1 }])
    await getTask(door(), polled)
    await getTask(door(), polled)
    const done = await detail(door(), polled)
    expect(done.history.at(-1)).toMatchObject({ status: 1, by: 'poll' })
    expect(done.scheduled).toEqual([])
  })

  it('a transition: by transition, refunded, with both ledger entries', async () => {
    const taskId = await taskIdOf(submitImage(door(), IMAGE))
    expect(
      (
        await post(
          door(),
          `/__mock/tasks/${taskId}/transition`,
          { status: 2, errorCode: 'FORCED', refund: true },
          QUIET,
        )
      ).status,
    ).toBe(200)
    const failed = await detail(door(), taskId)
    expect(failed.task).toMatchObject({ status: 2, creditRefunded: true })
    expect(failed.history.at(-1)).toEqual({
      at: failed.history[0]!.at,
      status: 2,
      errorCode: 'FORCED',
      refunded: true,
      by: 'transition',
    })
    expect(failed.scheduled).toEqual([])
    expect(failed.ledger.map((e) => [e.kind, e.amount])).toEqual([
      ['debit', -4],
      ['refund', 4],
    ])
  })

  it('an account with its own clock: its task moves only with that clock', async () => {
    const created = await post(door(), '/__mock/accounts', { credits: 100, clock: 'own' })
    const own = (await created.json()) as { id: string; apiKey: string }
    const taskId = await taskIdOf(submitImage(door(), IMAGE, auth(own.apiKey)))
    await advance(door(), 3600)
    const waiting = await detail(door(), taskId)
    expect(waiting.task).toMatchObject({ status: 0, accountId: own.id })
    expect(waiting.scheduled).toHaveLength(1)
    expect((await post(door(), `/__mock/accounts/${own.id}/clock/advance`, { until: 'idle' })).status).toBe(200)
    const done = await detail(door(), taskId)
    expect(done.history.map((e) => [e.status, e.by])).toEqual([
      [0, undefined],
      [1, 'timeline'],
    ])
    expect(done.history[1]!.at).toBe(waiting.scheduled[0]!.at)
    expect(done.ledger.map((e) => e.kind)).toEqual(['debit'])
  })

  it('an unknown task is 404 Task not found', async () => {
    const res = await door().fetch('/__mock/tasks/tsk_nope')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'Task not found' })
    expect((await door().fetch('/__mock/tasks/%E0%A4%A')).status).toBe(404)
  })
})

eachDoor('GET /__mock/tasks/:id/media/:index', (door) => {
  it("an image task's outputs: the media route's bytes, and 404 past them or before completion", async () => {
    const taskId = await taskIdOf(submitImage(door(), { ...IMAGE, numOutputs: 2 }))
    expect(await (await door().fetch(`/__mock/tasks/${taskId}/media/0`)).json()).toEqual({ error: 'Media not found' })
    await advance(door(), 60)
    const admin = await door().fetch(`/__mock/tasks/${taskId}/media/1`, { headers: QUIET })
    expect(admin.status).toBe(200)
    expect(admin.headers.get('content-type')).toBe('image/png')
    expect(admin.headers.get('cache-control')).toBe('no-store')
    expect(await bytes(admin)).toEqual(await bytes(await door().fetch(`/media/images/${taskId}/1.png`)))
    for (const index of ['2', 'x', '0001'])
      expect((await door().fetch(`/__mock/tasks/${taskId}/media/${index}`)).status).toBe(404)
    expect(await (await door().fetch('/__mock/tasks/tsk_nope/media/0')).json()).toEqual({ error: 'Task not found' })
  })

  it('a video task: index 0 is the MP4, with byte ranges', async () => {
    const taskId = await taskIdOf(submitVideo(door(), VIDEO_T2V))
    await advance(door(), 120)
    const whole = await door().fetch(`/__mock/tasks/${taskId}/media/0`, { headers: QUIET })
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-type')).toBe('video/mp4')
    const mp4 = await bytes(whole)
    expect(mp4).toEqual(await bytes(await door().fetch(`/media/videos/${taskId}.mp4`)))
    const part = await door().fetch(`/__mock/tasks/${taskId}/media/0`, { headers: { ...QUIET, range: 'bytes=10-19' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${mp4.byteLength}`)
    expect(await bytes(part)).toEqual(mp4.subarray(10, 20))
    expect((await door().fetch(`/__mock/tasks/${taskId}/media/1`)).status).toBe(404)
  })

  it("a relay task's image without any credential, and no finding for it", async () => {
    const taskId = await taskIdOf(submitImage(door(), RELAY, key()))
    await advance(door(), 60)
    const before = { journal: await journalSize(door()), findings: await findings(door()) }
    expect((await door().fetch(`/__mock/tasks/${taskId}/media/0`)).status).toBe(200)
    expect({ journal: await journalSize(door()), findings: await findings(door()) }).toEqual(before)
    expect((await door().fetch(`/media/images/${taskId}/0.png`)).status).toBe(401)
  })
})

describe("the server log skips the dashboard's requests [server]", () => {
  for (const format of ['pretty', 'json'] as const) {
    describe(`--log ${format}`, () => {
      const lines: string[] = []
      let server: RunningServer
      beforeAll(async () => {
        server = await startServer({ ...defaultOptions(), port: 0, log: format, write: (line) => lines.push(line) })
      })
      afterAll(() => server.close())

      it("logs the client's requests, none of the dashboard's", async () => {
        for (const path of ['/__mock/tasks', '/__mock/clock', '/api/ai/models', '/media/images/tsk_nope/0.png'])
          await (await fetch(server.url + path, { headers: { ...QUIET, ...auth(KEYS.alice) } })).arrayBuffer()
        await (await fetch(`${server.url}/api/ai/models`, { headers: auth(KEYS.alice) })).arrayBuffer()
        await (await fetch(`${server.url}/__mock/health`)).arrayBuffer()
        await vi.waitFor(() => expect(lines).toHaveLength(2))
        expect(lines.join('\n')).toMatch(
          format === 'json'
            ? /"path":"\/api\/ai\/models"[\s\S]*"path":"\/__mock\/health"/
            : /GET \/api\/ai\/models → 200[\s\S]*GET \/__mock\/health → 200/,
        )
        await new Promise((resolve) => setTimeout(resolve, 50))
        expect(lines).toHaveLength(2)
      })
    })
  }
})

describe("msw's console line per request (startWorker's logRequests) skips the dashboard's requests", () => {
  it('logs a client request, not a dashboard one', async () => {
    const [handler] = createSimulator().handlers
    const logged = vi.spyOn(console, 'groupCollapsed').mockImplementation(() => undefined)
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    vi.spyOn(console, 'groupEnd').mockImplementation(() => undefined)
    try {
      const line = (headers: Record<string, string>) =>
        handler!.log({
          request: new Request('http://genmock.test/__mock/clock', { headers }),
          response: new Response('{}'),
        })
      await line(QUIET)
      expect(logged).not.toHaveBeenCalled()
      await line({})
      expect(logged).toHaveBeenCalledTimes(1)
    } finally {
      vi.restoreAllMocks()
    }
  })
})
