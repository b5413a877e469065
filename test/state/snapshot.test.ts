import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { startServer } from '../../src/node/server/server.js'
import { advance, auth, balance, getTask, IMAGE, issuePaths, KEYS, submitImage } from '../support/api.js'
import { defaultOptions, eachDoor, type Door } from '../support/doors.js'

/**
 * Snapshots through every door: GET /__mock/state exports the whole state as one document, PUT
 * /__mock/state replaces the state with one (checked as at start), and the node API keeps it in a
 * folder with startServer({ state }).
 */

const put = (door: Door, body: unknown) =>
  door.fetch('/__mock/state', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

async function taskIn(door: Door): Promise<string> {
  const res = await submitImage(door, IMAGE, { ...auth(), 'idempotency-key': 'fixture-key-1' })
  return ((await res.json()) as { taskId: string }).taskId
}

eachDoor('snapshots of the state', (door) => {
  it('GET /__mock/state is one document naming its format and version; PUT takes it back', async () => {
    const taskId = await taskIn(door())
    const credits = await balance(door())
    const snapshot = (await (await door().fetch('/__mock/state')).json()) as Record<string, unknown>
    expect(snapshot).toMatchObject({ format: 'genmock-state', version: 1, genmock: expect.any(String) })
    door().engine.reset(7)
    expect((await getTask(door(), taskId)).status).toBe(404)
    const res = await put(door(), snapshot)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true, tasks: 1 })
    expect((await getTask(door(), taskId)).status).toBe(200)
    expect(await balance(door())).toBe(credits)
    // The key's record came back with it: a retry replays, without a second debit.
    const again = await submitImage(door(), IMAGE, { ...auth(), 'idempotency-key': 'fixture-key-1' })
    expect(((await again.json()) as { taskId: string }).taskId).toBe(taskId)
    expect(await balance(door())).toBe(credits)
  })

  it('a snapshot is a fixture: the same world every time it is put back', async () => {
    const taskId = await taskIn(door())
    const fixture = await (await door().fetch('/__mock/state')).text()
    await advance(door(), 3600)
    expect(((await (await getTask(door(), taskId)).json()) as { status: number }).status).toBe(1)
    expect((await put(door(), fixture)).status).toBe(200)
    expect(((await (await getTask(door(), taskId)).json()) as { status: number }).status).toBe(0)
  })

  it('a bad snapshot is refused with 400 naming the path, and nothing changes', async () => {
    const taskId = await taskIn(door())
    const snapshot = (await (await door().fetch('/__mock/state')).json()) as Record<string, unknown>
    expect(await issuePaths(await put(door(), { ...snapshot, seed: 'seven' }))).toEqual(['seed'])
    expect(await issuePaths(await put(door(), { ...snapshot, format: 'other' }))).toEqual(['format'])
    const newer = await put(door(), { ...snapshot, version: 2, genmock: '9.0.0' })
    expect(await issuePaths(newer.clone())).toEqual(['version'])
    expect(JSON.stringify(await newer.json())).toMatch(/written by genmock 9\.0\.0.*upgrade genmock/)
    const { tasks } = snapshot as { tasks: { records: { columns: string[]; rows: unknown[][] } } }
    const column = tasks.records.columns.indexOf('status')
    const rows = tasks.records.rows.map((row) => row.map((value, i) => (i === column ? 7 : value)))
    const badRow = { ...snapshot, tasks: { ...tasks, records: { ...tasks.records, rows } } }
    expect(await issuePaths(await put(door(), badRow))).toEqual([`tasks.records.rows.0.${column}`])
    expect(await issuePaths(await put(door(), '[1, 2]'))).toEqual([''])
    // The drift report beside the engine's state is checked with it.
    expect(await issuePaths(await put(door(), { ...snapshot, drift: { findings: 'none' } }))).toContain(
      'drift.findings',
    )
    expect((await getTask(door(), taskId)).status).toBe(200)
  })

  it('POST /__mock/state/save without --state: 404 saying how to keep it', async () => {
    const res = await door().fetch('/__mock/state/save', { method: 'POST' })
    expect(res.status).toBe(404)
    expect(JSON.stringify(await res.json())).toMatch(/--state DIR/)
    expect(await (await door().fetch('/__mock/state/status')).json()).toEqual({ kept: false })
  })
})

it('startServer({ state }) keeps the state in a folder: a server started on it goes on from there', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'genmock-node-api-'))
  const options = { ...defaultOptions(), port: 0, log: 'silent' as const, state: { dir, save: 'manual' as const } }
  const first = await startServer(options)
  const door = { fetch: (path: string, init?: RequestInit) => fetch(first.url + path, init) } as Door
  const taskId = await taskIn(door)
  await expect(startServer(options)).rejects.toThrow(/in use by another server of this process/)
  const saved = (await (await door.fetch('/__mock/state/save', { method: 'POST' })).json()) as Record<string, unknown>
  expect(saved).toMatchObject({ kept: true, dir, strategy: 'manual', unsaved: false, lastSavedAt: expect.any(String) })
  await first.close()
  const second = await startServer(options)
  expect(second.state?.loaded).toEqual({ from: 'dir', tasks: 1, recovered: false })
  const res = await fetch(`${second.url}/api/ai/tasks/${taskId}`, { headers: auth(KEYS.alice) })
  expect(res.status).toBe(200)
  await second.close()
})

it('startServer({ state: { from } }) starts from a snapshot file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'genmock-from-'))
  const first = await startServer({ ...defaultOptions(), port: 0 })
  const door = { fetch: (path: string, init?: RequestInit) => fetch(first.url + path, init) } as Door
  const taskId = await taskIn(door)
  writeFileSync(join(dir, 'fixture.json'), await (await door.fetch('/__mock/state')).text())
  await first.close()
  const second = await startServer({ ...defaultOptions(), port: 0, state: { from: join(dir, 'fixture.json') } })
  const res = await fetch(`${second.url}/api/ai/tasks/${taskId}`, { headers: auth(KEYS.alice) })
  expect(res.status).toBe(200)
  await second.close()
})
