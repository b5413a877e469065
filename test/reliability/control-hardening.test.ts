import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIMITS } from '../../src/contract/limits.js'
import { parseCommand, type Command } from '../../src/node/cli/parse-args.js'
import { startServer, type RunningServer } from '../../src/node/server/server.js'
import { auth, IMAGE, submitImage } from '../support/api.js'
import { defaultOptions, eachDoor } from '../support/doors.js'
import { parseAnswer, rawExchange } from './raw.js'

/**
 * The smaller points of issue 24 (case 9): HEAD on GET routes, the admin token from the
 * environment or a file, one case-insensitive bearer parser, the admin token checked before
 * routing, the ledger's sums of what it let go, and the CORS decision on the normalised path.
 */

const TOKEN = 'admin-token-2026'
const asAdmin = (scheme = 'Bearer') => ({ authorization: `${scheme} ${TOKEN}` })

eachDoor('HEAD is GET without a body', (door) => {
  it('on service, media and control routes: same status and headers, no body', async () => {
    const { taskId } = (await (await submitImage(door(), IMAGE)).json()) as { taskId: string }
    await door().fetch('/__mock/clock/advance', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"seconds":60}',
    })
    const task = (await (await door().fetch(`/api/ai/tasks/${taskId}`, { headers: auth() })).json()) as {
      outputImageUrls: string[]
    }
    const media = new URL(task.outputImageUrls[0]!).pathname
    for (const [path, headers] of [
      ['/api/ai/models', {}],
      [`/api/ai/tasks/${taskId}`, auth()],
      [media, {}],
      ['/__mock/health', {}],
      ['/openapi.json', {}],
    ] as [string, Record<string, string>][]) {
      const get = await door().fetch(path, { headers })
      const getBytes = (await get.arrayBuffer()).byteLength
      const head = await door().fetch(path, { method: 'HEAD', headers })
      expect(head.status, path).toBe(get.status)
      expect(head.headers.get('content-type'), path).toBe(get.headers.get('content-type'))
      expect(Number(head.headers.get('content-length')), path).toBe(getBytes)
      expect((await head.arrayBuffer()).byteLength, path).toBe(0)
    }
    // Not on routes without a GET.
    expect((await door().fetch('/api/ai/image/generate', { method: 'HEAD' })).status).toBe(404)
  })
})

eachDoor(
  'the admin token',
  (door) => {
    it('any case of the Bearer scheme, as the service routes take it', async () => {
      for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
        expect((await door().fetch('/__mock/state', { headers: asAdmin(scheme) })).status, scheme).toBe(200)
      }
      expect(
        (await door().fetch('/api/ai/models', { headers: { authorization: 'bEaReR sk_test_alice' } })).status,
      ).toBe(200)
      expect((await door().fetch('/__mock/state', { headers: { authorization: `Basic ${TOKEN}` } })).status).toBe(401)
    })

    it('checked before routing: an unknown /__mock path is 401 without it, 404 with it', async () => {
      for (const path of ['/__mock/nope', '/__mock/accounts/x/y/z', '/__mock/requests.txt']) {
        expect((await door().fetch(path)).status, path).toBe(401)
        expect((await door().fetch(path, { headers: asAdmin() })).status, path).toBe(404)
      }
      expect((await door().fetch('/__mock/')).status).toBe(200) // the page itself holds no data
    })
  },
  () => ({ ...defaultOptions(), adminToken: TOKEN }),
)

describe('the admin token from the environment or a file', () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'genmock-token-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const tokenOf = (command: Command) => (command.kind === 'serve' ? command.adminToken : undefined)

  it('GENMOCK_ADMIN_TOKEN, --admin-token-file (its first line), and --admin-token first', () => {
    const file = join(dir, 'token')
    writeFileSync(file, `${TOKEN}-file\n`)
    expect(tokenOf(parseCommand([], { GENMOCK_ADMIN_TOKEN: `${TOKEN}-env` }))).toBe(`${TOKEN}-env`)
    expect(tokenOf(parseCommand(['--admin-token-file', file], { GENMOCK_ADMIN_TOKEN: 'x' }))).toBe(`${TOKEN}-file`)
    expect(tokenOf(parseCommand(['--admin-token', TOKEN], { GENMOCK_ADMIN_TOKEN: `${TOKEN}-env` }))).toBe(TOKEN)
    expect(tokenOf(parseCommand([], {}))).toBeUndefined()
  })

  it('a missing file, a short token, or both options: a usage error naming the source', () => {
    expect(() => parseCommand(['--admin-token-file', join(dir, 'missing')], {})).toThrow(
      /--admin-token-file .*cannot be read/,
    )
    expect(() => parseCommand([], { GENMOCK_ADMIN_TOKEN: 'short' })).toThrow(/GENMOCK_ADMIN_TOKEN .*8 to 200/)
    expect(() => parseCommand(['--admin-token', TOKEN, '--admin-token-file', 'f'], {})).toThrow(/once/)
  })
})

eachDoor('the ledger proves its balance at any time', (door) => {
  it('olderSums and the kept entries add up to the credits, after entries were let go', async () => {
    const patch = (credits: number) =>
      door().fetch('/__mock/accounts/acct_alice', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ credits }),
      })
    for (let i = 0; i < 4; i++) await submitImage(door(), IMAGE)
    // Past the entries an account holds: most of the adjustments on the engine, as the PATCH route
    // makes them (an answer of a thousand entries, checked against the document, each time through
    // the door costs seconds of CPU), the last few through the door.
    for (let i = 0; i < LIMITS.kept.ledgerEntriesHeld; i++)
      door().engine.patchAccount('acct_alice', { credits: 1000 + (i % 7) })
    for (let i = 0; i < 5; i++) expect((await patch(1000 + i)).status).toBe(200)
    await submitImage(door(), IMAGE)
    const account = (await (await door().fetch('/__mock/accounts/acct_alice')).json()) as {
      credits: number
      ledger: { kind: string; amount: number }[]
      olderEntries: number
      olderSums: Record<string, number>
    }
    expect(account.olderEntries).toBeGreaterThanOrEqual(500)
    expect(account.olderSums.debit).toBe(-16) // the four first debits were let go
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)
    expect(sum(Object.values(account.olderSums)) + sum(account.ledger.map((e) => e.amount))).toBe(account.credits)
  })
})

describe('CORS on the normalised path [server, --cors-origin *]', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({ ...defaultOptions(), port: 0, corsOrigins: ['*'] })
  })
  afterAll(() => server.close())

  const send = (path: string) =>
    rawExchange(
      server.port,
      `POST ${path} HTTP/1.1\r\nHost: localhost\r\nOrigin: http://evil.example\r\n` +
        'Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
    ).then(parseAnswer)

  it('a control path reached through dot segments is refused like the plain one', async () => {
    const dotted = ['/api/../__mock/reset', '/x/./../__mock/reset', '/api/./../__mock/reset']
    // In the first segment, and escaped (%2e), which a URL parser resolves too.
    const first = ['/../__mock/reset', '/./__mock/reset', '/%2e%2e/__mock/reset', '/api/%2E%2e/__mock/reset']
    for (const path of ['/__mock/reset', ...dotted, ...first]) {
      const answer = await send(path)
      expect(answer.status, path).toBe(403)
      expect(answer.body, path).toMatchObject({ error: expect.stringMatching(/^Origin not allowed/) })
    }
    expect((await send('/api/ai/image/generate')).status).toBe(401) // the service itself stays open to any page
  })
})
