import { copyFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setupServer } from 'msw/node'
import { afterEach, describe, expect, test } from 'vitest'
import { recorded } from '../support/recorded.js'
import { createSimulator } from '../../src/index.js'
import { type RunningServer, startServer } from '../../src/node/server/server.js'
import { issuePaths } from '../support/api.js'
import { STAND_IN_KEY, startStandIn } from '../drift/stand-in.js'

/**
 * The drift report of --proxy is kept with the rest of the state (docs/state.md): in a --state DIR
 * across a restart or a crash, and in a snapshot through GET and PUT /__mock/state, through the
 * node server and msw/node. The stand-in service answers submissions 202 (genmock: 200), a finding;
 * its tasks are pending on the first read and terminal on the second.
 */

const open: { close(): Promise<void> | void }[] = []
afterEach(async () => {
  for (const closable of open.splice(0).reverse()) await closable.close()
})

const auth = { authorization: `Bearer ${STAND_IN_KEY}` }

interface DriftReport {
  findings: { kind: string; place: string; count: number }[]
  observations: { exchanges: number; models: Record<string, { submitted: number; outcomes: object }> }
}
const driftOf = async (base: string) => (await (await fetch(`${base}/__mock/drift`)).json()) as DriftReport
/** The findings of one submission: its status, and a field genmock never sends. */
const FOUND = ['extra-field submission.queuePosition 1', 'success-status POST /api/ai/image/generate 1']
const found = async (base: string) =>
  (await driftOf(base)).findings.map(({ kind, place, count }) => `${kind} ${place} ${count}`).sort()

/** A submission through the proxy and its first read (pending): a finding, and a task the report watches. */
async function submitAndRead(base: string): Promise<string> {
  const submitted = await fetch(`${base}/api/ai/image/generate`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'base-image-2', prompt: 'a fox' }),
  })
  expect(submitted.status).toBe(202)
  const { taskId } = (await submitted.json()) as { taskId: string }
  expect((await (await fetch(`${base}/api/ai/tasks/${taskId}`, { headers: auth })).json()) as never).toMatchObject({
    status: 0,
  })
  // Both exchanges compared: the findings and the task watched are in the report.
  await recorded(async () => expect(await found(base)).toEqual(FOUND))
  return taskId
}

async function server(target: string, state?: { dir: string; save?: 'request' | 'manual' }): Promise<RunningServer> {
  const started = await startServer({ port: 0, log: 'silent', proxy: { target }, ...(state ? { state } : {}) })
  open.push(started)
  return started
}

const put = (base: string, body: unknown) =>
  fetch(`${base}/__mock/state`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('the drift report in a --state DIR', () => {
  test('a finding and the tasks it watches are there after a restart on the same folder', async () => {
    const standIn = await startStandIn()
    open.push(standIn)
    const dir = mkdtempSync(join(tmpdir(), 'genmock-drift-state-'))
    const first = await server(standIn.url, { dir })
    const taskId = await submitAndRead(first.url)
    expect(await found(first.url)).toEqual(FOUND)
    await first.close()
    open.splice(open.indexOf(first), 1)

    const again = await server(standIn.url, { dir })
    const report = await driftOf(again.url)
    expect(report.findings.map(({ kind, place, count }) => `${kind} ${place} ${count}`).sort()).toEqual(FOUND)
    expect(report.observations.exchanges).toBe(2)
    expect(report.observations.models['base-image-2']).toEqual({ submitted: 1, outcomes: {} })
    // The task it watched goes on being watched: its terminal read is counted as how it ended.
    await fetch(`${again.url}/api/ai/tasks/${taskId}`, { headers: auth })
    await recorded(async () => {
      const outcomes = (await driftOf(again.url)).observations.models['base-image-2']!.outcomes
      expect(Object.values(outcomes)).toEqual([expect.objectContaining({ status: 1, count: 1 })])
    })
  })

  test('after a crash: what the log saved of the drift report is read back', async () => {
    const standIn = await startStandIn()
    open.push(standIn)
    const dir = mkdtempSync(join(tmpdir(), 'genmock-drift-state-'))
    const first = await server(standIn.url, { dir, save: 'manual' })
    await submitAndRead(first.url)
    expect((await fetch(`${first.url}/__mock/state/save`, { method: 'POST' })).status).toBe(200)
    // The folder as a SIGKILL leaves it: its files without a clean stop (no lock, which would be ours).
    const copy = mkdtempSync(join(tmpdir(), 'genmock-drift-state-'))
    for (const name of ['state.json', 'changes.log']) copyFileSync(join(dir, name), join(copy, name))
    const again = await server(standIn.url, { dir: copy })
    expect(await found(again.url)).toEqual(FOUND)
  })
})

describe('the drift report in a snapshot', () => {
  test('the node server: GET /__mock/state carries it, PUT brings it back; one without drift clears it', async () => {
    const standIn = await startStandIn()
    open.push(standIn)
    const proxy = await server(standIn.url)
    await submitAndRead(proxy.url)
    const snapshot = (await (await fetch(`${proxy.url}/__mock/state`)).json()) as Record<string, unknown>
    expect(snapshot.drift).toMatchObject({ findings: { length: 2 }, watch: [[expect.any(String), expect.any(Object)]] })

    const other = await server(standIn.url)
    expect((await put(other.url, snapshot)).status).toBe(200)
    expect(await found(other.url)).toEqual(FOUND)
    expect(await driftOf(other.url)).toEqual(await driftOf(proxy.url))
    // A bad drift report is refused naming its path, and nothing changes.
    const bad = { ...snapshot, drift: { ...(snapshot.drift as object), watch: 'none' } }
    expect(await issuePaths(await put(other.url, bad))).toEqual(['drift.watch'])
    expect(await found(other.url)).toEqual(FOUND)
    // A snapshot saved before the drift report was kept loads, with an empty report.
    const { drift: _, ...older } = snapshot
    expect((await put(other.url, older)).status).toBe(200)
    expect((await driftOf(other.url)).findings).toEqual([])
  })

  test('msw/node: a snapshot taken under one simulator and put into another keeps the finding', async () => {
    const standIn = await startStandIn()
    open.push(standIn)
    const proxying = createSimulator({ proxy: { target: standIn.url } })
    const first = setupServer(...proxying.handlers)
    first.listen({ onUnhandledRequest: 'bypass' })
    await submitAndRead('http://service.test')
    const snapshot = await (await fetch('http://service.test/__mock/state')).json()
    first.close()

    const fresh = createSimulator()
    const second = setupServer(...fresh.handlers)
    second.listen({ onUnhandledRequest: 'bypass' })
    open.push({ close: () => second.close() })
    expect((await put('http://service.test', snapshot)).status).toBe(200)
    expect(await found('http://service.test')).toEqual(FOUND)
    expect(fresh.drift.observations().models['base-image-2']).toEqual({ submitted: 1, outcomes: {} })
  })
})
