import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { baseUrl, killAll, type Run, start } from '../support/cli.js'
import { canMount, grow, mountTmpfs, unmountAll, WHY_SKIPPED } from './tmpfs.js'

/**
 * A real full disk (docs/state.md, When a save fails): a 2 MB tmpfs as the --state DIR, filled by
 * eight clients submitting at once. With `request`, a change that cannot be written is answered 503
 * with Retry-After and not applied (no task, no debit, no replay of its key), changes are refused
 * while the disk stays full, reads keep working, the status and health say so, and saving resumes
 * by itself when space returns. With `scheduled`, every change is answered and kept in memory, the
 * status and health say the saves fail, and they are all written once space returns. After a
 * SIGKILL and a restart, every acknowledged task and the balance are there. A SIGTERM while the
 * disk is full exits 1 saying how much was not saved.
 */

afterEach(async () => {
  await killAll()
  unmountAll()
})

// A long prompt: each change's log line is a few kB, so that the disk fills in a few hundred requests.
const PROMPT = 'a fox in the snow, '.repeat(100)

interface Answer {
  key: string
  status: number
  taskId?: string
  replayed: boolean
  retryAfter: string | null
}

async function submit(url: string, key: string): Promise<Answer> {
  const res = await fetch(`${url}/api/ai/image/generate`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_alice', 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ model: 'base-image-2', prompt: PROMPT }),
  })
  const body = (await res.json()) as { taskId?: string }
  return {
    key,
    status: res.status,
    ...(body.taskId ? { taskId: body.taskId } : {}),
    replayed: res.headers.get('idempotent-replayed') === 'true',
    retryAfter: res.headers.get('retry-after'),
  }
}

/** Eight clients submitting under new keys until `enough` says so (or 6000 answers). */
async function load(url: string, prefix: string, enough: (answers: Answer[]) => boolean): Promise<Answer[]> {
  const answers: Answer[] = []
  let n = 0
  const client = async () => {
    while (!enough(answers) && answers.length < 6000) answers.push(await submit(url, `${prefix}-key-${n++}`))
  }
  await Promise.all(Array.from({ length: 8 }, client))
  return answers
}

/** `load` until the status says saves fail, then `more` answers. */
function loadUntilFailing(url: string, prefix: string, more: number): Promise<Answer[]> {
  let failingAt: number | undefined
  let checked = 0
  return load(url, prefix, (answers) => {
    if (failingAt === undefined && answers.length >= checked + 25) {
      checked = answers.length
      void getJson<Status>(`${url}/__mock/state/status`).then((status) => {
        if (status.failing) failingAt ??= answers.length
      })
    }
    return failingAt !== undefined && answers.length >= failingAt + more
  })
}

const getJson = async <T>(url: string): Promise<T> => (await (await fetch(url)).json()) as T

interface Status {
  unsaved: boolean
  failing?: { reason: string; refusing: boolean; attempts: number; unsavedRequests?: number }
}

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 15_000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Every stored task's id, a page of 1000 at a time. */
async function taskIds(url: string): Promise<Set<string>> {
  const ids = new Set<string>()
  let cursor: string | undefined
  do {
    const page = await getJson<{ tasks: { taskId: string }[]; nextCursor?: string }>(
      `${url}/__mock/tasks?limit=1000${cursor ? `&cursor=${cursor}` : ''}`,
    )
    for (const task of page.tasks) ids.add(task.taskId)
    cursor = page.nextCursor
  } while (cursor)
  return ids
}

const credits = async (url: string) => (await getJson<{ credits: number }>(`${url}/__mock/accounts/acct_alice`)).credits

async function genmock(dir: string, strategy: string): Promise<{ run: Run; url: string }> {
  const run = start(['--port', '0', '--clock', 'manual', '--state', dir, '--state-save', strategy, '--log', 'json'])
  return { run, url: await baseUrl(run) }
}

async function topUp(url: string): Promise<number> {
  await fetch(`${url}/__mock/accounts/acct_alice`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ credits: 10_000_000 }),
  })
  return credits(url)
}

/** SIGKILL, then a start on the same folder: its tasks and Alice's balance. */
async function killAndRestart(run: Run, dir: string, strategy: string) {
  run.child.kill('SIGKILL')
  await run.exited
  const again = await genmock(dir, strategy)
  return { ...again, ids: await taskIds(again.url), credits: await credits(again.url) }
}

describe.skipIf(!canMount)(
  `a real full disk: a 2 MB tmpfs as --state DIR${canMount ? '' : ` (${WHY_SKIPPED})`}`,
  () => {
    it('request: a change that cannot be written is refused and not applied; saving resumes when space returns', {
      timeout: 120_000,
    }, async () => {
      const mount = mountTmpfs('2m')
      const dir = join(mount, 'state')
      const { run, url } = await genmock(dir, 'request')
      const start = await topUp(url)
      const full = await load(url, 'full', (answers) => answers.filter((a) => a.status === 503).length >= 40)
      const acked = full.filter((a) => a.status === 200)
      const refused = full.filter((a) => a.status !== 200)
      expect(acked.length).toBeGreaterThan(100)
      expect(refused.length).toBeGreaterThanOrEqual(40)
      for (const answer of refused) expect([answer.status, answer.retryAfter]).toEqual([503, '1'])
      const cost = (start - (await credits(url))) / acked.length
      expect(cost, 'each acknowledged task debited once, nothing for a 503').toBeGreaterThan(0)
      expect(Number.isInteger(cost), `debits ${start - (await credits(url))} for ${acked.length} tasks`).toBe(true)

      // While the disk is full: changes refused up front, reads answered, the status and health say so.
      const status = await getJson<Status>(`${url}/__mock/state/status`)
      expect(status.failing).toMatchObject({ reason: 'ENOSPC', refusing: true })
      // The changes were undone, but not the journal of what was answered (the 503s): written once saves work.
      expect(status.unsaved).toBe(true)
      const health = await getJson<{ ok: boolean; stateFailing?: { reason: string } }>(`${url}/__mock/health`)
      expect(health).toMatchObject({ ok: true, stateFailing: { reason: 'ENOSPC' } })
      const retried = await submit(url, refused[0]!.key)
      expect(retried.status, 'a refused key retried while the disk is full').toBe(503)
      const ids = await taskIds(url)
      expect(ids, 'the tasks are exactly the acknowledged ones').toEqual(new Set(acked.map((a) => a.taskId)))
      expect(run.stdout()).toMatch(/"event":"state-failing","level":"warn".*"reason":"ENOSPC"/)

      // Space returns: saving resumes by itself; a refused key makes a new task, never a replay.
      grow(mount, '16m')
      await until('saving resumes', async () => !(await getJson<Status>(`${url}/__mock/state/status`)).failing)
      const after = await submit(url, refused[1]!.key)
      expect([after.status, after.replayed]).toEqual([200, false])
      expect(ids.has(after.taskId!)).toBe(false)
      const more = await load(url, 'after', (answers) => answers.length >= 50)
      expect(more.every((a) => a.status === 200)).toBe(true)
      const balance = await credits(url)
      expect(balance).toBe(start - cost * (acked.length + 1 + more.length))
      expect(run.stdout()).toMatch(/"event":"state-saving"/)

      // SIGKILL and restart: every acknowledged task and the balance are there, no refused one.
      const restarted = await killAndRestart(run, dir, 'request')
      const expected = new Set([...acked, after, ...more].map((a) => a.taskId!))
      expect(restarted.ids).toEqual(expected)
      expect(restarted.credits).toBe(balance)
      const replay = await submit(restarted.url, acked[0]!.key)
      expect([replay.status, replay.taskId, replay.replayed]).toEqual([200, acked[0]!.taskId, true])
      const refusedAgain = await submit(restarted.url, refused[2]!.key)
      expect([refusedAgain.status, refusedAgain.replayed]).toEqual([200, false])
    })

    it('scheduled: every change answered, the failing saves reported, all written once space returns', {
      timeout: 120_000,
    }, async () => {
      const mount = mountTmpfs('2m')
      const dir = join(mount, 'state')
      const { run, url } = await genmock(dir, 'scheduled')
      const start = await topUp(url)
      const acked = await loadUntilFailing(url, 'full', 100)
      expect(acked.every((a) => a.status === 200)).toBe(true)
      const status = await getJson<Status>(`${url}/__mock/state/status`)
      expect(status).toMatchObject({ unsaved: true, failing: { reason: 'ENOSPC', refusing: false } })
      expect(status.failing!.unsavedRequests).toBeGreaterThan(0)
      expect(await getJson(`${url}/__mock/health`)).toMatchObject({ stateFailing: { reason: 'ENOSPC' } })
      expect(run.stdout()).toMatch(/"event":"state-failing","level":"warn"/)

      grow(mount, '16m')
      await until('all is saved', async () => {
        const now = await getJson<Status>(`${url}/__mock/state/status`)
        return !now.failing && !now.unsaved
      })
      const balance = await credits(url)
      const restarted = await killAndRestart(run, dir, 'scheduled')
      expect(restarted.ids).toEqual(new Set(acked.map((a) => a.taskId!)))
      expect(restarted.credits).toBe(balance)
      expect(balance).toBeLessThan(start)
    })

    it('scheduled: a SIGTERM while the disk is full exits 1 saying how much was not saved', {
      timeout: 120_000,
    }, async () => {
      const mount = mountTmpfs('1m')
      const { run, url } = await genmock(join(mount, 'state'), 'scheduled')
      await topUp(url)
      await loadUntilFailing(url, 'full', 20)
      run.child.kill('SIGTERM')
      const { code } = await run.exited
      expect(code).toBe(1)
      const unsaved = run
        .stdout()
        .split('\n')
        .find((line) => line.includes('"event":"state-unsaved"'))
      expect(unsaved).toMatch(/"level":"warn".*"reason":"ENOSPC: \d+ changing requests answered since [^"]+ not saved"/)
    })
  },
)
