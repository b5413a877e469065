import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { auth, balance, getTask, IMAGE, issuePaths, submitImage } from '../support/api.js'
import { run } from '../support/cli.js'
import { startServer } from '../../src/node/server/server.js'
import { type Door, defaultOptions, eachDoor, openMswDoor } from '../support/doors.js'

/**
 * A snapshot loads only if the live API could have made it (docs/state.md, Snapshots): each
 * hostile one of issue 39 is refused through every door with 400 naming its path, the state
 * unchanged and the server healthy after it; --state-from refuses the same with exit 2 naming the file.
 */

// biome-ignore lint/suspicious/noExplicitAny: a snapshot edited by hand, field by field
type Json = Record<string, any>
type Mutation = [name: string, change: (snapshot: Json) => void, path: (snapshot: Json) => string]

const column = (snapshot: Json, field: string) => snapshot.tasks.records.columns.indexOf(field) as number
const cell = (field: string) => (snapshot: Json) => `tasks.records.rows.0.${column(snapshot, field)}`
const setCell = (field: string, value: unknown) => (snapshot: Json) => {
  snapshot.tasks.records.rows[0][column(snapshot, field)] = value
}
const aliceLedger = (snapshot: Json) => (snapshot.ledger as [string, Json][]).findIndex(([id]) => id === 'acct_alice')

const HOSTILE: Mutation[] = [
  ['a clock at year 275760', (s) => void (s.worlds.server.clock.now = 8.64e15), () => 'worlds.server.clock.now'],
  ['an account named __proto__', (s) => void (s.accounts.accounts[0].id = '__proto__'), () => 'accounts.accounts.0.id'],
  ['a ledger key __proto__', (s) => void (s.ledger[0][0] = '__proto__'), () => 'ledger.0.0'],
  ['a task created at 1e300', setCell('createdAt', 1e300), cell('createdAt')],
  ['numOutputs 1e9', setCell('numOutputs', 1e9), cell('numOutputs')],
  ['a preview of 16384²', setCell('preview', { width: 16384, height: 16384 }), (s) => `${cell('preview')(s)}.width`],
  [
    'duplicate task ids',
    (s) => void s.tasks.records.rows.push([...s.tasks.records.rows[0]]),
    (s) => `tasks.records.rows.1.${column(s, 'id')}`,
  ],
  ['a task of a missing account', setCell('accountId', 'acct_nobody'), cell('accountId')],
  [
    'a negative balance',
    (s) => void (s.ledger[aliceLedger(s)][1].balance = -5),
    (s) => `ledger.${aliceLedger(s)}.1.balance`,
  ],
  [
    'a balance that disagrees with its ledger',
    (s) => void (s.ledger[aliceLedger(s)][1].balance += 1),
    (s) => `ledger.${aliceLedger(s)}.1.balance`,
  ],
  ['creditsUsed −1e6', setCell('creditsUsed', -1e6), cell('creditsUsed')],
]

const put = (door: Door, body: string) =>
  door.fetch('/__mock/state', { method: 'PUT', headers: { 'content-type': 'application/json' }, body })

/** A snapshot with one task of alice's in it, and the task's id. */
async function snapshotWithTask(door: Door): Promise<{ snapshot: Json; taskId: string }> {
  const res = await submitImage(door, IMAGE, auth())
  const { taskId } = (await res.json()) as { taskId: string }
  return { snapshot: (await (await door.fetch('/__mock/state')).json()) as Json, taskId }
}

/** Every read the issue saw answer 500 after a hostile snapshot answers 200. */
async function healthy(door: Door): Promise<void> {
  for (const path of ['/__mock/health', '/__mock/accounts', '/__mock/tasks', '/__mock/state'])
    expect((await door.fetch(path)).status, path).toBe(200)
  const advanced = await door.fetch('/__mock/clock/advance', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds: 60 }),
  })
  expect(advanced.status).toBe(200)
}

eachDoor('hostile snapshots', (door) => {
  for (const [name, change, path] of HOSTILE) {
    it(`${name}: 400 naming the path, nothing changed, healthy after a reset`, async () => {
      const { snapshot, taskId } = await snapshotWithTask(door())
      const credits = await balance(door())
      const hostile = structuredClone(snapshot)
      change(hostile)
      const res = await put(door(), JSON.stringify(hostile))
      expect(res.status).toBe(400)
      expect(await issuePaths(res)).toContain(path(snapshot))
      expect((await getTask(door(), taskId)).status).toBe(200)
      expect(await balance(door())).toBe(credits)
      await healthy(door())
      expect((await door().fetch('/__mock/reset', { method: 'POST' })).status).toBe(200)
      await healthy(door())
    })
  }

  it('an array 100,000 deep: 400, nothing changed', async () => {
    const { taskId } = await snapshotWithTask(door())
    const res = await put(door(), `{"seed":${'['.repeat(100_000)}${']'.repeat(100_000)}}`)
    expect(res.status).toBe(400)
    expect(JSON.stringify(await res.json())).toMatch(/nests deeper than 64 levels/)
    expect((await getTask(door(), taskId)).status).toBe(200)
    await healthy(door())
  })

  it('a valid snapshot with a UTF-8 byte order mark is taken', async () => {
    const { snapshot, taskId } = await snapshotWithTask(door())
    door().engine.reset(7)
    expect((await put(door(), `\ufeff${JSON.stringify(snapshot)}`)).status).toBe(200)
    expect((await getTask(door(), taskId)).status).toBe(200)
  })
})

describe('--state-from a hostile snapshot', () => {
  const ARGS = ['--port', '0', '--log', 'json', '--clock', 'manual', '--seed', '7']
  let snapshot: Json
  const file = (name: string, text: string) => {
    const path = join(mkdtempSync(join(tmpdir(), 'genmock-hostile-')), name)
    writeFileSync(path, text)
    return path
  }
  it('each is refused with exit 2, one line naming the file and the path, no stack trace', async () => {
    const opened = await openMswDoor()
    snapshot = (await snapshotWithTask(opened)).snapshot
    await opened.close()
    for (const [name, change, path] of HOSTILE.filter((_, i) => i % 3 === 0)) {
      const hostile = structuredClone(snapshot)
      change(hostile)
      const { code, stderr } = await run([...ARGS, '--state-from', file('fixture.json', JSON.stringify(hostile))])
      expect(code, name).toBe(2)
      expect(stderr).toContain(`fixture.json: ${path(snapshot)} `)
      expect(stderr.trim().split('\n')).toHaveLength(1)
      expect(stderr).not.toMatch(/^\s+at /m)
    }
  }, 120_000)

  it('an array 100,000 deep names the file, not "Maximum call stack size exceeded"', async () => {
    const deep = file('deep.json', `{"seed":${'['.repeat(100_000)}${']'.repeat(100_000)}}`)
    const { code, stderr } = await run([...ARGS, '--state-from', deep])
    expect(code).toBe(2)
    expect(stderr).toMatch(/--state-from .*deep\.json: nests deeper than 64 levels/)
  })
})

it('a server keeping a --state DIR refuses each, and a restart on the folder goes on from before them', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'genmock-hostile-dir-'))
  const options = { ...defaultOptions(), port: 0, log: 'silent' as const, state: { dir, save: 'request' as const } }
  const first = await startServer(options)
  const door = { fetch: (path: string, init?: RequestInit) => fetch(first.url + path, init) } as Door
  const { snapshot, taskId } = await snapshotWithTask(door)
  for (const [name, change] of HOSTILE) {
    const hostile = structuredClone(snapshot)
    change(hostile)
    expect((await put(door, JSON.stringify(hostile))).status, name).toBe(400)
  }
  await first.close()
  const second = await startServer(options)
  expect(second.state?.loaded).toMatchObject({ from: 'dir', tasks: 1 })
  const again = { fetch: (path: string, init?: RequestInit) => fetch(second.url + path, init) } as Door
  expect((await getTask(again, taskId)).status).toBe(200)
  await healthy(again)
  await second.close()
}, 60_000)
