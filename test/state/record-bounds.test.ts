import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { persistence } from '../../src/browser/persist.js'
import { LIMITS } from '../../src/contract/limits.js'
import { Drift } from '../../src/drift/drift-state.js'
import { Engine } from '../../src/engine/engine.js'
import { SERVICE_ROUTES } from '../../src/handlers/route-table.js'
import { startServer } from '../../src/node/server/server.js'
import { auth, IMAGE, issuePaths, submitImage } from '../support/api.js'
import { LIMIT_MS, run } from '../support/cli.js'
import { type Door, defaultOptions, eachDoor, openMswDoor } from '../support/doors.js'
import { oldStateFile } from './old-folders.js'

/**
 * Issue 45 item 4 (docs/state.md, Snapshots): a snapshot holding more than the live API keeps of a
 * record or a collection is refused by path, through every way in (PUT /__mock/state, --state-from,
 * a --state DIR at start, the browser worker's saved state); one at the bound is taken. The bounds
 * are the contract's (LIMITS), so this test cannot drift from the engine's.
 */

// biome-ignore lint/suspicious/noExplicitAny: a snapshot edited by hand, field by field
type Json = Record<string, any>
/** A bound: the snapshot at it (taken) and past it (refused at `path`). */
type Bound = [name: string, set: (snapshot: Json, over: boolean) => void, path: (snapshot: Json) => string]

/** A finding as the engine keeps one. */
const finding = (s: Json, seq: number, message: string) => ({
  seq,
  rule: 'poll-too-soon',
  severity: 'warning',
  accountId: 'acct_alice',
  at: s.savedAt,
  requestSeq: 1,
  message,
})
/** A task's field's path in a --state DIR's state.json, whose tasks are records apart from their table. */
const inFolder = (path: string, s: Json) =>
  path.replace(/^tasks\.records\.rows\.(\d+)\.(\d+)$/, (_, row, at) => `tasks.${row}.${s.tasks.records.columns[at]}`)

const { kept } = LIMITS
const column = (s: Json, field: string) => s.tasks.records.columns.indexOf(field) as number
const aliceAt = (s: Json) => (s.ledger as [string, Json][]).findIndex(([id]) => id === 'acct_alice')
const plus = (over: boolean) => (over ? 1 : 0)
const times = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i))

const BOUNDS: Bound[] = [
  [
    `a prompt of ${LIMITS.prompt.max} characters`,
    (s, over) => void (s.tasks.records.rows[0][column(s, 'prompt')] = 'p'.repeat(LIMITS.prompt.max + plus(over))),
    (s) => `tasks.records.rows.0.${column(s, 'prompt')}`,
  ],
  [
    `${kept.findings} findings`,
    (s, over) => {
      s.conformance.findings = times(kept.findings + plus(over), (i) => finding(s, i + 1, 'read too soon'))
      s.conformance.seq = s.conformance.findings.length
    },
    () => 'conformance.findings',
  ],
  [
    `a finding's message of ${kept.findingText} characters`,
    (s, over) => {
      s.conformance.findings = [finding(s, 1, 'm'.repeat(kept.findingText + plus(over)))]
    },
    () => 'conformance.findings.0.message',
  ],
  [
    `${kept.ledgerEntriesHeld} ledger entries (the most an account holds between two batches let go)`,
    (s, over) => {
      const ledger = s.ledger[aliceAt(s)][1]
      const at = ledger.entries[0].at
      const opening = { at, kind: 'opening', amount: ledger.balance, balanceAfter: ledger.balance }
      const adjust = { at, kind: 'adjust', amount: 0, balanceAfter: ledger.balance }
      ledger.entries = [opening, ...times(kept.ledgerEntriesHeld - 1 + plus(over), () => adjust)]
      ledger.older = 0
      ledger.olderSums = { opening: 0, adjust: 0, debit: 0, refund: 0, reversal: 0 }
    },
    (s) => `ledger.${aliceAt(s)}.1.entries`,
  ],
  [
    `a journal body of ${kept.journalBodyBytes} bytes, redacted`,
    (s, over) => {
      const entry = s.journal.entries.find((e: Json) => e.requestBody?.text !== undefined)
      entry.requestBody.text = 'j'.repeat((kept.journalBodyBytes * 5) / 4 + plus(over))
    },
    (s) =>
      `journal.entries.${s.journal.entries.findIndex((e: Json) => e.requestBody?.text !== undefined)}.requestBody.text`,
  ],
  [
    `${kept.idempotencyPerAccount} Idempotency-Key records of an account`,
    (s, over) => {
      const [[id, record]] = s.idempotency
      s.idempotency = times(kept.idempotencyPerAccount + plus(over), (i) => [`${id}-${i}`, record])
    },
    () => `idempotency.${kept.idempotencyPerAccount}`,
  ],
  [
    "an Idempotency-Key record answering one of its account's tasks",
    (s, over) => void (over && (s.idempotency[0][1].response.response.taskId = 'tsk_0000000000000000nope')),
    () => 'idempotency.0.1.response.response.taskId',
  ],
]

/** A snapshot with one keyed task of alice's in it. */
async function keyedSnapshot(door: Door): Promise<Json> {
  const reply = await submitImage(door, IMAGE, { ...auth(), 'idempotency-key': 'bounds-key-0001' })
  expect(reply.status).toBe(200)
  return (await (await door.fetch('/__mock/state')).json()) as Json
}

const put = (door: Door, snapshot: Json) =>
  door.fetch('/__mock/state', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(snapshot),
  })

/** The snapshot with the bound set at it or past it. */
const bounded = (snapshot: Json, set: Bound[1], over: boolean) => {
  const copy = structuredClone(snapshot)
  set(copy, over)
  return copy
}

eachDoor('snapshot bounds, PUT /__mock/state', (door) => {
  for (const [name, set, path] of BOUNDS) {
    it(`${name}: taken; one more refused by path, nothing changed`, async () => {
      const snapshot = await keyedSnapshot(door())
      const over = await put(door(), bounded(snapshot, set, true))
      expect(over.status).toBe(400)
      expect(await issuePaths(over)).toContain(path(snapshot))
      expect((await door().fetch('/__mock/state')).status).toBe(200)
      expect((await put(door(), bounded(snapshot, set, false))).status).toBe(200)
      for (const read of ['/__mock/tasks', '/__mock/conformance', '/__mock/requests', '/__mock/accounts/acct_alice'])
        expect((await door().fetch(read)).status, read).toBe(200)
    })
  }
})

describe('snapshot bounds, at start and in the browser', () => {
  let snapshot: Json
  const file = (text: string) => {
    const path = join(mkdtempSync(join(tmpdir(), 'genmock-bounds-')), 'fixture.json')
    writeFileSync(path, text)
    return path
  }
  /** A --state DIR whose state.json holds `saved` (folder format 2: a header and the document). */
  const folder = (saved: Json) => {
    const dir = mkdtempSync(join(tmpdir(), 'genmock-bounds-dir-'))
    writeFileSync(join(dir, 'state.json'), oldStateFile(JSON.stringify(saved), 2))
    writeFileSync(join(dir, 'changes.log'), '')
    return dir
  }
  const options = { ...defaultOptions(), port: 0, log: 'silent' as const }

  beforeAll(async () => {
    const opened = await openMswDoor()
    snapshot = await keyedSnapshot(opened)
    await opened.close()
  })

  it('each bound: --state-from and a --state DIR start at it, and refuse one more naming the path', async () => {
    for (const [name, set, path] of BOUNDS) {
      const at = await startServer({ ...options, state: { from: file(JSON.stringify(bounded(snapshot, set, false))) } })
      expect((await fetch(`${at.url}/__mock/tasks`)).status, name).toBe(200)
      await at.close()
      const from = file(JSON.stringify(bounded(snapshot, set, true)))
      await expect(startServer({ ...options, state: { from } }), name).rejects.toThrow(`${path(snapshot)} `)
      const dir = folder(bounded(snapshot, set, false))
      const kept = await startServer({ ...options, state: { dir } })
      expect(kept.state?.loaded, name).toMatchObject({ from: 'dir', tasks: 1 })
      await kept.close()
      const refused = folder(bounded(snapshot, set, true))
      const named = `(${inFolder(path(snapshot), snapshot)} `
      await expect(startServer({ ...options, state: { dir: refused } }), name).rejects.toThrow(named)
    }
  }, 120_000)

  it(
    'the command refuses one past a bound with exit 2, one line naming the file and the path',
    async () => {
      const [, set, path] = BOUNDS[0]!
      const args = ['--port', '0', '--log', 'json', '--state-from', file(JSON.stringify(bounded(snapshot, set, true)))]
      const { code, stderr } = await run(args)
      expect(code).toBe(2)
      expect(stderr).toContain(`fixture.json: ${path(snapshot)} prompt is ${LIMITS.prompt.max + 1} characters`)
      expect(stderr.trim().split('\n')).toHaveLength(1)
    },
    LIMIT_MS,
  )

  it("the browser worker's saved state: taken at each bound, not restored past it, a warning naming the path", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      for (const [name, set, path] of BOUNDS) {
        for (const over of [false, true]) {
          const items = new Map([
            ['genmock', JSON.stringify({ fingerprint: 'o', state: bounded(snapshot, set, over) })],
          ])
          const storage = {
            getItem: (key: string) => items.get(key) ?? null,
            setItem: (key: string, value: string) => void items.set(key, value),
            removeItem: (key: string) => void items.delete(key),
          }
          const engine = new Engine(defaultOptions())
          persistence(engine, new Drift(SERVICE_ROUTES), 'o', { storage }).restore()
          expect(engine.listTasks({ limit: 1 }, '').total, `${name} ${over}`).toBe(over ? 0 : 1)
          if (over) expect(String(warn.mock.lastCall?.[0])).toContain(`(${path(snapshot)} `)
        }
      }
    } finally {
      warn.mockRestore()
    }
  })
})
