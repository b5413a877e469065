import { afterEach, describe, expect, it, vi } from 'vitest'
import { Drift } from '../drift/drift-state.js'
import { Engine } from '../engine/engine.js'
import { SERVICE_ROUTES } from '../handlers/route-table.js'
import type { HttpRequest } from '../http/request-reply.js'
import { buildSimulation, serveSimulation } from '../simulator.js'
import { persistence } from './persist.js'

/** A Storage that holds up to `limit` characters, as a browser's does (sessionStorage: about 5 MB). */
function storage(limit = Infinity) {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (value.length > limit) throw new Error('QuotaExceededError')
      items.set(key, value)
    },
    removeItem: (key: string) => void items.delete(key),
  }
}

const engine = () => new Engine({ seed: 3, clock: { mode: 'manual', start: Date.parse('2026-01-01T00:00:00Z') } })
const alice = (e: Engine) => e.authenticate({ kind: 'key', key: 'sk_test_alice' })
const submit = (e: Engine) => e.submit(alice(e), 'image', { model: 'base-image-2', prompt: 'a fox' })

afterEach(() => vi.useRealTimers())

describe('persistence of the worker door', () => {
  // Other options are not restored.
  it('writes the state a second after requests, and a like engine takes it up', async () => {
    vi.useFakeTimers()
    const kept = storage()
    const first = engine()
    const saved = persistence(first, new Drift(SERVICE_ROUTES), 'options A', { storage: kept })
    const { response } = await submit(first)
    saved.touched()
    saved.touched()
    expect(kept.items.size).toBe(0)
    vi.advanceTimersByTime(1000)
    expect(kept.items.size).toBe(1)
    const again = engine()
    persistence(again, new Drift(SERVICE_ROUTES), 'options A', { storage: kept }).restore()
    expect(again.readTask(alice(again), response.taskId, 'http://localhost').snapshot.taskId).toBe(response.taskId)
    const other = engine()
    persistence(other, new Drift(SERVICE_ROUTES), 'options B', { storage: kept }).restore()
    expect(other.listTasks({ limit: 1 }, '').total).toBe(0)
  })

  it('keeps the drift report with the engine: a finding is still there after a reload', async () => {
    vi.useFakeTimers()
    const kept = storage()
    const first = engine()
    const drift = new Drift(SERVICE_ROUTES)
    const saved = persistence(first, drift, 'options', { storage: kept })
    const example = { seq: 1, at: '2026-01-01T00:00:00.000Z', method: 'POST', path: '/api/ai/generate', status: 200 }
    drift.report.add({ kind: 'price', place: 'base-image-2', service: 5, genmock: 4, message: 'differs' }, example)
    drift.report.exchange('POST /api/ai/generate', 200)
    saved.touched()
    vi.advanceTimersByTime(1000)
    const again = new Drift(SERVICE_ROUTES)
    persistence(engine(), again, 'options', { storage: kept }).restore()
    expect(again.findings()).toEqual([expect.objectContaining({ kind: 'price', place: 'base-image-2', count: 1 })])
    expect(again.observations().exchanges).toBe(1)
  })

  // A reload then starts afresh, never back in time.
  it('when the storage is full, drops the state it kept before and warns once', async () => {
    vi.useFakeTimers()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const e = engine()
    const small = storage(20_000)
    const saved = persistence(e, new Drift(SERVICE_ROUTES), 'options', { storage: small })
    await submit(e)
    saved.touched()
    vi.advanceTimersByTime(1000)
    expect(small.items.size).toBe(1)
    for (let i = 0; i < 60; i++) await submit(e)
    saved.touched()
    vi.advanceTimersByTime(1000)
    saved.touched()
    vi.advanceTimersByTime(1000)
    expect(small.items.size).toBe(0)
    expect(warn).toHaveBeenCalledTimes(1)
    warn.mockRestore()
  })
  it('a saved state the live API could not have made is not restored: a warning naming the path', async () => {
    vi.useFakeTimers()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const kept = storage()
    const first = engine()
    const saved = persistence(first, new Drift(SERVICE_ROUTES), 'options', { storage: kept })
    await submit(first)
    saved.touched()
    vi.advanceTimersByTime(1000)
    const document = JSON.parse(kept.items.get('genmock')!) as {
      state: { worlds: { server: { clock: { now: number } } } }
    }
    document.state.worlds.server.clock.now = 8.64e15
    kept.items.set('genmock', JSON.stringify(document))
    const again = engine()
    persistence(again, new Drift(SERVICE_ROUTES), 'options', { storage: kept }).restore()
    expect(again.listTasks({ limit: 1 }, '').total).toBe(0)
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/not restored \(worlds\.server\.clock\.now /))
    expect(kept.items.size).toBe(0)
    warn.mockRestore()
  })

  it('is the route core’s save step, with the server’s rule: a control read (GET, HEAD) writes nothing', async () => {
    vi.useFakeTimers()
    const kept = storage()
    const simulation = buildSimulation({
      seed: 3,
      clock: { mode: 'manual', start: Date.parse('2026-01-01T00:00:00Z') },
    })
    const saved = persistence(simulation.engine, simulation.drift, 'options', { storage: kept })
    const { app } = serveSimulation(simulation, { save: saved })
    const request = (method: string, path: string, body = ''): HttpRequest => ({
      method,
      path,
      query: '',
      headers: body ? { 'content-type': 'application/json' } : {},
      body: new TextEncoder().encode(body),
      origin: 'http://localhost',
    })
    for (const method of ['GET', 'HEAD']) await app(request(method, '/__mock/health'))
    vi.advanceTimersByTime(1000)
    expect(kept.items.size).toBe(0)
    await app(request('POST', '/__mock/clock/advance', '{"seconds":5}'))
    vi.advanceTimersByTime(1000)
    expect(kept.items.size).toBe(1)
  })
})
