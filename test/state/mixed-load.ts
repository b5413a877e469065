import type { SavedEngine } from '../../src/engine/saved-state.js'
import type { App } from '../../src/index.js'

/**
 * A mixed load for the state tests: submissions (some with Idempotency-Keys, retried), relay
 * submissions, polls, clock advances, accounts created and changed, forced transitions, scenarios
 * loaded, the journal cleared. One request per step, drawn with the caller's random numbers.
 */

/** What must be equal: orders the engine does not promise to keep across a save are sorted. */
export function normal(saved: SavedEngine): unknown {
  const life = ({ clock, life }: SavedEngine['worlds']['server']) => ({
    clock,
    pending: [...life.pending].sort(),
    polls: [...life.polls].sort(([a], [b]) => a.localeCompare(b)),
    events: life.events
      .filter(({ taskId }) => life.pending.includes(taskId))
      .map(({ taskId, step }) => `${taskId}@${step.at}:${JSON.stringify(step)}`)
      .sort(),
  })
  const records = saved.tasks.records
  return {
    ...saved,
    tasks: {
      records,
      finished: saved.tasks.finished.map((i) => records.rows[i]![records.columns.indexOf('id')]).sort(),
    },
    worlds: { server: life(saved.worlds.server), own: saved.worlds.own.map(([id, world]) => [id, life(world)]) },
    idempotency: [...saved.idempotency].sort(([a], [b]) => a.localeCompare(b)),
    conformance: { ...saved.conformance, reads: [...saved.conformance.reads].sort(([a], [b]) => a.localeCompare(b)) },
  }
}

/** 2026-01-01T00:00:00Z. */
export const START = Date.parse('2026-01-01T00:00:00.000Z')

export type Send = (
  method: string,
  path: string,
  body?: unknown,
  key?: string,
) => Promise<{ status: number; body: { taskId?: string } | undefined }>

/** Sends through the route core, as a door would. */
export const appSender =
  (app: App): Send =>
  async (method, path, body, key = 'sk_test_alice') => {
    const reply = await app({
      method,
      path,
      query: '',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        ...(typeof body === 'object' && body && 'key' in body ? { 'idempotency-key': String(body.key) } : {}),
      },
      body: new TextEncoder().encode(body === undefined ? '' : JSON.stringify(strip(body))),
      origin: 'http://localhost',
    })
    const bytes = reply && 'bytes' in reply ? reply.bytes : ''
    const text = typeof bytes === 'string' ? bytes : new TextDecoder().decode(bytes)
    return {
      status: reply && 'status' in reply ? reply.status : 404,
      body: text.startsWith('{') ? JSON.parse(text) : undefined,
    }
  }

/** The `key` a step puts in a body is its Idempotency-Key header. */
export function strip(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('key' in body)) return body
  const { key: _, ...rest } = body as Record<string, unknown>
  return rest
}

const IMAGE = { model: 'base-image-2', prompt: 'a fox' }
const RELAY = { provider: 'relay', model: 'base-image-2', prompt: 'a lighthouse', resolution: '2K' }

/**
 * One request of the mixed load; `ids` collects the task ids handed out. A submission's answer is
 * returned: its task id, and whether it had an Idempotency-Key (a retry under one replays an id).
 */
export async function mixedStep(
  request: Send,
  next: () => number,
  ids: string[],
): Promise<{ id: string; keyed: boolean } | undefined> {
  const pick = next()
  const some = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]
  if (pick < 0.3) {
    const keyed = next() < 0.5
    const res = await request('POST', '/api/ai/image/generate', {
      ...IMAGE,
      prompt: `a fox ${ids.length}`,
      ...(keyed ? { key: `key-${Math.floor(next() * 20)}` } : {}),
    })
    if (res.body?.taskId) return push(ids, res.body.taskId, keyed)
  } else if (pick < 0.4) {
    const res = await request('POST', '/api/ai/image/generate', { ...RELAY, key: `relay-${Math.floor(next() * 10)}` })
    if (res.body?.taskId) return push(ids, res.body.taskId, true)
  } else if (pick < 0.65) {
    const id = some(ids)
    if (id) await request('GET', `/api/ai/tasks/${id}`)
  } else if (pick < 0.75) {
    await request('POST', '/__mock/clock/advance', { seconds: Math.floor(next() * 30) + 1 })
  } else if (pick < 0.8) {
    await request('POST', '/__mock/accounts', { credits: 500, ...(next() < 0.5 ? { clock: 'own' } : {}) })
  } else if (pick < 0.85) {
    await request('PATCH', '/__mock/accounts/acct_alice', { credits: 5000 + Math.floor(next() * 100) })
  } else if (pick < 0.9) {
    const id = some(ids)
    if (id) await request('POST', `/__mock/tasks/${id}/transition`, { status: 2, errorCode: 'X', refund: true })
  } else if (pick < 0.93) {
    await request('POST', '/__mock/scenarios', {
      name: `s${Math.floor(next() * 3)}`,
      description: 'loaded at run time',
      rules: [{ use: 'default' }],
    })
  } else if (pick < 0.94) {
    await request('DELETE', '/__mock/requests')
  } else if (pick < 0.97) {
    await request('PATCH', '/__mock/accounts/acct_bob', { clock: next() < 0.5 ? 'own' : 'server' })
  } else {
    await request('POST', '/__mock/accounts/acct_bob/clock/advance', { seconds: 5 })
  }
}

function push(ids: string[], id: string, keyed: boolean) {
  ids.push(id)
  return { id, keyed }
}

/** Sends over HTTP to a running genmock. */
export const httpSender =
  (url: string): Send =>
  async (method, path, body, key = 'sk_test_alice') => {
    const res = await fetch(url + path, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        ...(typeof body === 'object' && body && 'key' in body ? { 'idempotency-key': String(body.key) } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(strip(body)) }),
    })
    const text = await res.text()
    return { status: res.status, body: text.startsWith('{') ? JSON.parse(text) : undefined }
  }
