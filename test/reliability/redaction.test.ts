import fc from 'fast-check'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { redactor } from '../../src/http/redaction.js'
import { startServer, type RunningServer } from '../../src/node/server/server.js'
import { auth, IMAGE, post, RELAY, submitImage } from '../support/api.js'
import { defaultOptions, eachDoor } from '../support/doors.js'
import { runs } from '../support/property-runs.js'

/**
 * Redaction by value (issue 24, case 7): the journal and the HAR redacted by header name only, so
 * a key in X-Forwarded-Authorization, X-Auth, a Referer's query or a bare query string was kept
 * as sent. Now anything that looks like a bearer credential or a simulator key, and every key the
 * simulator knows whatever its shape, is redacted in the journal, the HAR, the log and the reports.
 */

const OWN_KEY = 'own-key.2026~abc'
/** A guard against a hang only: reading texts of megabytes on a busy machine. */
const BUSY_MACHINE_LIMIT_MS = 60_000
const SECRETS = ['sk_test_alice', 'sk_test_bob', 'sess_test_alice', OWN_KEY, 'opaque-bearer-42', 'refsecret99']

/** Requests that carry secrets where the service does not look for them. */
const CARRIERS: [string, Record<string, string>][] = [
  ['/api/ai/models', { 'x-forwarded-authorization': 'Bearer sk_test_alice' }],
  ['/api/ai/models', { 'x-auth': 'sk_test_bob' }],
  ['/api/ai/models', { 'x-upstream': `key ${OWN_KEY}` }],
  ['/api/ai/models', { 'x-forwarded-auth': 'bearer opaque-bearer-42' }],
  ['/api/ai/models', { referer: 'http://app.example.test/page?token=refsecret99&k=sk_test_alice#top' }],
  ['/api/ai/models?sk_test_alice', {}],
  [`/api/ai/models?${encodeURIComponent(OWN_KEY)}`, {}],
  ['/api/ai/models?q=Bearer%20opaque-bearer-42', {}],
  ['/api/ai/tasks/sk_test_bob', { cookie: 'theme=sess_test_alice' }],
]

const leaks = (where: string, text: string) =>
  SECRETS.filter((secret) => text.includes(secret)).map((secret) => `${secret} in ${where}`)

describe('redactor', () => {
  const redact = redactor((value) => value === OWN_KEY)
  it('redacts by value in any text, and leaves the rest alone', () => {
    expect(redact.text(`Bearer abc.def.ghi, key sk_test_x1 and ${OWN_KEY}; task tsk_abcdef`)).toBe(
      'Bearer [redacted], key [redacted] and [redacted]; task tsk_abcdef',
    )
    expect(redact.text('a fox in the snow, the bearer of bad news, desk_test_lamp')).toBe(
      'a fox in the snow, the bearer of bad news, desk_test_lamp',
    )
  })
  it('redacts a query by name and by value, a bare one included', () => {
    expect(redact.query('token=abc&page=2')).toBe('?token=%5Bredacted%5D&page=2')
    expect(redact.query('sk_test_alice')).toBe('?%5Bredacted%5D=%5Bredacted%5D')
  })
  // 12 million characters: `{8,}` ran out of stack past about 10 million (V8 on Node 20).
  it(
    'reads a text of 12 million characters with a bounded stack (issue 45: a snapshot prompt answered 500)',
    () => {
      const long = 'x'.repeat(12_000_000)
      for (const text of [long, `Bearer ${long}`, `Bearer${' '.repeat(12_000_000)}token-1234`]) {
        expect(() => redact.text(text)).not.toThrow()
      }
      expect(redact.text(`Bearer ${long}`)).toBe('Bearer [redacted]')
      expect(redact.text(`${'a '.repeat(1000)}${OWN_KEY}`)).toBe(`${'a '.repeat(1000)}[redacted]`)
    },
    BUSY_MACHINE_LIMIT_MS,
  )
})

/** The three replacements as regular expressions, as redaction.ts made them before its scan by hand: the oracle. */
const byExpressions = (value: string, known: (token: string) => boolean) =>
  value
    .replace(/\b(Bearer)((?:\s|%20|\+){1,64})[\w.~+/-]{8}[\w.~+/-]*=*/gi, '$1$2[redacted]')
    .replace(/\b(?:sk|sess)_(?:test|live)_[\w-]+/g, '[redacted]')
    .replace(/[\w.~+-]{8}[\w.~+-]*/g, (token) => (known(token) ? '[redacted]' : token))

describe('redaction by value, scanned by hand', () => {
  // key-1234: a known secret as short as one is looked for (8 characters); key-123 is too short to be.
  const SHORT = ['key-1234', 'key-123']
  const known = (token: string) =>
    token === OWN_KEY || token === 'sk_test_alice' || token === 'opaque-bearer-42' || SHORT.includes(token)
  const redact = redactor(known)
  const PIECES = [
    OWN_KEY,
    'sk_test_alice',
    'opaque-bearer-42',
    ...SHORT,
    'Bearer ',
    'bEaReR%20',
    'sess_live_',
    '_test_',
    'x',
    'abcdefgh',
    ' ',
    '.',
    '-',
    '~',
    '+',
    '/',
    '=',
    '"',
    '\\',
    'é',
    '\u{1F98A}',
    '\n',
    'tsk_eyeeLTct3NvuzDXNzyhO',
    '{"k":"',
  ]
  it('redacts exactly what the three regular expressions did', () => {
    let replaced = 0
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }), (pieces) => {
        const value = pieces.join('')
        const expected = byExpressions(value, known)
        if (expected !== value) replaced++
        return redact.text(value) === expected
      }),
      { numRuns: runs(2000) },
    )
    // Both kinds of input were tried: texts with a secret, and texts left alone.
    expect(replaced).toBeGreaterThan(100)
  })
  // Names that are not array indices: an object lists those first, whatever order they were added in.
  const NAME = fc.stringMatching(/^[A-Za-z_-]{1,6}$/)
  it('lists headers sorted by name, as sort() orders them, few or many', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.uniqueArray(NAME, { maxLength: 32 }), fc.uniqueArray(NAME, { minLength: 33, maxLength: 48 })),
        (names) => {
          const headers = Object.fromEntries(names.map((name) => [name, 'v']))
          return JSON.stringify(Object.keys(redact.headers(headers))) === JSON.stringify(Object.keys(headers).sort())
        },
      ),
      { numRuns: runs(300) },
    )
  })
  it('leaves a text with no secret as it is, and a known key inside a longer run too', () => {
    expect(redact.text('{"taskId":"tsk_eyeeLTct3NvuzDXNzyhO","status":0}')).toBe(
      '{"taskId":"tsk_eyeeLTct3NvuzDXNzyhO","status":0}',
    )
    expect(redact.text(`x${OWN_KEY}`)).toBe(`x${OWN_KEY}`)
    expect(redact.text(`${OWN_KEY} ${OWN_KEY}`)).toBe('[redacted] [redacted]')
  })
})

eachDoor('secrets are redacted by value', (door) => {
  beforeEach(async () => {
    expect((await post(door(), '/__mock/accounts', { credits: 50, apiKey: OWN_KEY })).status).toBe(201)
  })

  it('in the journal and the HAR, wherever they were sent', async () => {
    for (const [path, headers] of CARRIERS) await door().fetch(path, { headers })
    // A body and an Idempotency-Key that carry one, and a conformance finding about it.
    await submitImage(door(), { ...IMAGE, prompt: `a fox, ${OWN_KEY}` })
    await post(door(), '/api/ai/image/generate', RELAY, { 'idempotency-key': 'sk_test_alice_retry' })
    const journal = await (await door().fetch('/__mock/requests?limit=100')).text()
    expect(JSON.parse(journal).total).toBe(CARRIERS.length + 2)
    const har = await (await door().fetch('/__mock/requests.har')).text()
    const findings = await (await door().fetch('/__mock/conformance?format=junit')).text()
    expect([...leaks('the journal', journal), ...leaks('the HAR', har), ...leaks('the report', findings)]).toEqual([])
    expect(journal).toContain('[redacted]')
  })
})

describe('secrets are redacted by value in the log [server]', () => {
  const lines: string[] = []
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({ ...defaultOptions(), port: 0, log: 'json', write: (line) => lines.push(line) })
  })
  afterAll(() => server.close())

  it('a key in the path does not reach the log', async () => {
    await fetch(`${server.url}/api/ai/tasks/sk_test_bob`, { headers: auth() })
    await fetch(`${server.url}/api/ai/tasks/${encodeURIComponent('Bearer opaque-bearer-42')}`, { headers: auth() })
    expect(lines.length).toBe(2)
    expect(lines.flatMap((line) => leaks('the log', line))).toEqual([])
  })
})
