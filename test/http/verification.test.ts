import { createRequire } from 'node:module'
import { Ajv } from 'ajv'
import { expect, it } from 'vitest'
import type { JournalEntry } from '../../src/engine/journal/journal.js'
import { BODY_TEXT_LIMIT } from '../../src/http/exchange-entry.js'
import { advance, auth, getTask, IMAGE, KEYS, submitImage, submitVideo, VIDEO_T2V } from '../support/api.js'
import { eachDoor, type Door } from '../support/doors.js'

/** Request verification for contract tests (issue 13, point 4): filters, counts, bodies, HAR. */

const requireCjs = createRequire(import.meta.url)

/** HAR 1.2's JSON Schema (the har-schema package, draft-06) compiled once. */
const validateHar = (() => {
  const ajv = new Ajv({ allErrors: true, strict: false })
  ajv.addMetaSchema(requireCjs('ajv/dist/refs/json-schema-draft-06.json') as object)
  const schemas = requireCjs('har-schema') as Record<string, object>
  for (const [name, schema] of Object.entries(schemas)) if (name !== 'har') ajv.addSchema(schema)
  return ajv.compile(schemas.har!)
})()

interface Listing {
  total: number
  requests: JournalEntry[]
}

const list = async (door: Door, query: string): Promise<Listing> =>
  (await door.fetch(`/__mock/requests${query}`)).json() as Promise<Listing>
const count = async (door: Door, query: string) =>
  ((await (await door.fetch(`/__mock/requests/count${query}`)).json()) as { count: number }).count

async function session(door: Door) {
  const image = ((await (await submitImage(door, IMAGE)).json()) as { taskId: string }).taskId
  await submitVideo(door, VIDEO_T2V, auth(KEYS.bob))
  await submitImage(door, { model: 'nope', prompt: '' })
  await getTask(door, image)
  await advance(door, 12)
  const done = (await (await getTask(door, image)).json()) as { outputImageUrls: string[] }
  await door.fetch(new URL(done.outputImageUrls[0]!).pathname)
  return image
}

eachDoor('GET /__mock/requests: filters for contract tests', (door) => {
  it('filters by account, method, path (exact or with *), status, task and seq; the total matches /count', async () => {
    const image = await session(door())
    const cases: [string, number][] = [
      ['', 6],
      ['?account=acct_alice', 4],
      ['?account=acct_bob', 1],
      ['?method=post', 3],
      ['?method=GET&path=/api/ai/tasks/*', 2],
      [`?path=/api/ai/tasks/${image}`, 2],
      ['?path=/api/ai/*/generate', 3],
      ['?path=/media/*', 1],
      ['?status=400', 1],
      [`?taskId=${image}`, 4], // its submission, two reads and its media
      ['?since=4', 2],
      ['?since=6', 0],
      ['?account=acct_alice&method=GET&status=200', 2],
    ]
    for (const [query, expected] of cases) {
      const { total, requests } = await list(door(), query)
      expect([query, total, requests.length, await count(door(), query)]).toEqual([query, expected, expected, expected])
    }
    expect((await list(door(), '?since=4')).requests.map((e) => e.seq)).toEqual([6, 5])
  })

  it('refuses a filter that is not a number where one is needed', async () => {
    for (const query of ['?status=ok', '?since=-1']) {
      const res = await door().fetch(`/__mock/requests${query}`)
      expect(res.status).toBe(400)
    }
  })

  it('keeps request and response bodies as text, media by type and size only', async () => {
    await session(door())
    const [media, read, , invalid, , submit] = (await list(door(), '')).requests
    expect(submit!.requestBody).toEqual({
      type: 'application/json',
      size: JSON.stringify(IMAGE).length,
      text: JSON.stringify(IMAGE),
    })
    expect(JSON.parse(submit!.responseBody!.text!)).toMatchObject({ status: 0, creditsUsed: 4 })
    expect(submit!.responseHeaders).toMatchObject({ 'content-type': 'application/json' })
    expect(JSON.parse(invalid!.responseBody!.text!)).toMatchObject({ error: 'Invalid request' })
    expect(read!.requestBody).toBeUndefined()
    expect(media!.responseBody).toEqual({ type: 'image/png', size: expect.any(Number) })
    expect(media!.responseBody!.size).toBeGreaterThan(100)
  })

  it('cuts a body at 64 kB and flags it', async () => {
    const prompt = 'x'.repeat(BODY_TEXT_LIMIT)
    await submitImage(door(), { model: 'base-image-2', prompt })
    const [entry] = (await list(door(), '')).requests
    expect(entry!.requestBody).toMatchObject({
      size: JSON.stringify({ model: 'base-image-2', prompt }).length,
      truncated: true,
    })
    expect(entry!.requestBody!.text).toHaveLength(BODY_TEXT_LIMIT)
    expect(entry!.responseBody!.truncated).toBeUndefined()
  })
})

eachDoor('GET /__mock/requests.har', (door) => {
  it('is HAR 1.2, valid against its schema, with URLs, bodies and credentials redacted', async () => {
    await session(door())
    await submitImage(door(), IMAGE, { 'x-mock-scenario': 'drop-after-commit' }).catch(() => undefined)
    const res = await door().fetch('/__mock/requests.har')
    expect(res.headers.get('content-disposition')).toContain('genmock.har')
    const har = (await res.json()) as {
      log: {
        version: string
        creator: { name: string }
        entries: {
          request: { url: string; method: string; postData?: { text: string } }
          response: { status: number; content: { mimeType: string } }
        }[]
      }
    }
    expect(validateHar(har), JSON.stringify(validateHar.errors)).toBe(true)
    expect(har.log).toMatchObject({ version: '1.2', creator: { name: 'genmock' } })
    expect(har.log.entries).toHaveLength(7)
    expect(har.log.entries[0]!.request).toMatchObject({
      method: 'POST',
      url: `${door().baseUrl}/api/ai/image/generate`,
      postData: { text: JSON.stringify(IMAGE) },
    })
    expect(har.log.entries[5]!.response.content.mimeType).toBe('image/png')
    expect(har.log.entries[6]!.response.status).toBe(0)
    expect(JSON.stringify(har)).not.toContain('sk_test_')
  })

  it('filters by account, and names the account of each entry by its id and name', async () => {
    await session(door())
    const har = (await (await door().fetch('/__mock/requests.har?account=acct_bob')).json()) as {
      log: { entries: unknown[] }
    }
    expect(har.log.entries).toHaveLength(1)
    expect(har.log.entries[0]).toMatchObject({ _accountId: 'acct_bob', _accountName: 'Bob' })
    expect(validateHar(har), JSON.stringify(validateHar.errors)).toBe(true)
  })
})
