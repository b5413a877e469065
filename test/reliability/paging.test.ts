import { expect, it } from 'vitest'
import { IMAGE, submitImage } from '../support/api.js'
import { eachDoor, type Door } from '../support/doors.js'

/**
 * Listings page (issue 24, case 6): GET /__mock/tasks had no offset or cursor, so a large state
 * answered tens of megabytes with the event loop blocked. Now every listing takes `limit` (at most
 * 1000), `offset` and `cursor` (the previous page's `nextCursor`), and the HAR export `limit`.
 */

type Page = { total: number; nextCursor?: string; tasks?: { taskId: string }[]; requests?: { seq: number }[] }

const get = async (door: Door, path: string) => {
  const res = await door.fetch(path)
  return { status: res.status, body: (await res.json()) as Page }
}

/** Every page of a listing, following nextCursor. */
async function walk(door: Door, path: string, key: 'tasks' | 'requests'): Promise<unknown[][]> {
  const pages: unknown[][] = []
  let cursor: string | undefined
  do {
    const { body } = await get(door, `${path}${cursor ? `&cursor=${cursor}` : ''}`)
    pages.push(key === 'tasks' ? body.tasks!.map((task) => task.taskId) : body.requests!.map((entry) => entry.seq))
    cursor = body.nextCursor
  } while (cursor !== undefined && pages.length < 10)
  return pages
}

eachDoor('listings page', (door) => {
  const submit = async (count: number) => {
    const ids: string[] = []
    for (let i = 0; i < count; i++)
      ids.push(((await (await submitImage(door(), IMAGE)).json()) as { taskId: string }).taskId)
    return ids.reverse() // newest first
  }

  it('tasks: cursor pages cover every task once, newest first; offset skips', async () => {
    const ids = await submit(120)
    const pages = await walk(door(), '/__mock/tasks?limit=50', 'tasks')
    expect(pages.map((page) => page.length)).toEqual([50, 50, 20])
    expect(pages.flat()).toEqual(ids)
    const { body } = await get(door(), '/__mock/tasks?limit=50&offset=100')
    expect([body.total, body.tasks!.map((t) => t.taskId), body.nextCursor]).toEqual([120, ids.slice(100), undefined])
    const filtered = await get(door(), '/__mock/tasks?limit=10&status=1')
    expect(filtered.body).toEqual({ total: 0, tasks: [] })
  })

  it('requests: cursor pages and offset; the HAR export honours limit', async () => {
    await submit(30)
    const pages = await walk(door(), '/__mock/requests?limit=12', 'requests')
    expect(pages.map((page) => page.length)).toEqual([12, 12, 6])
    expect(pages.flat()).toEqual(Array.from({ length: 30 }, (_, i) => 30 - i))
    expect((await get(door(), '/__mock/requests?limit=5&offset=28')).body.requests!.map((r) => r.seq)).toEqual([2, 1])
    const har = async (query: string) =>
      ((await (await door().fetch(`/__mock/requests.har${query}`)).json()) as { log: { entries: unknown[] } }).log
        .entries.length
    expect([await har(''), await har('?limit=5'), await har('?limit=5&offset=27')]).toEqual([30, 5, 3])
  })

  it('a journal page stops past 8 MB of bodies, and its nextCursor goes on; so does the HAR export', async () => {
    // 140 bodies of 64 kB: 9 MB of journal text, more than one page may carry.
    const body = JSON.stringify({ model: 'base-image-2', prompt: 'x'.repeat(64 * 1024) })
    for (let i = 0; i < 140; i++) await submitImage(door(), body)
    const first = await get(door(), '/__mock/requests?limit=1000')
    const shown = first.body.requests!.length
    expect(first.body.total).toBe(140)
    expect(shown).toBeGreaterThan(100)
    expect(shown).toBeLessThan(140)
    const rest = await get(door(), `/__mock/requests?limit=1000&cursor=${first.body.nextCursor}`)
    expect(rest.body.requests!.length).toBe(140 - shown)
    expect(rest.body.nextCursor).toBeUndefined()
    const har = await door().fetch('/__mock/requests.har')
    const entries = ((await har.json()) as { log: { entries: unknown[] } }).log.entries.length
    expect([entries, har.headers.get('genmock-next-cursor')]).toEqual([shown, first.body.nextCursor])
  })

  it('limit is 1 to 1000; offset and cursor are whole numbers: else 400 naming them', async () => {
    for (const path of ['/__mock/tasks', '/__mock/requests', '/__mock/requests.har']) {
      expect((await get(door(), `${path}?limit=1000`)).status, path).toBe(200)
      expect((await get(door(), `${path}?limit=1`)).status, path).toBe(200)
      const bad = await get(door(), `${path}?limit=1001&offset=-1&cursor=abc`)
      expect(bad.status, path).toBe(400)
      expect(JSON.stringify(bad.body)).toMatch(/"path":"limit".*"path":"offset".*"path":"cursor"/)
      expect((await get(door(), `${path}?limit=0`)).status, path).toBe(400)
    }
  })
})
