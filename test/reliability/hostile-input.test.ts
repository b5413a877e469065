import { connect } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { errorBodySchema } from '../../src/contract/errors.js'
import { LIMITS } from '../../src/contract/limits.js'
import { startServer, type RunningServer } from '../../src/node/server/server.js'
import { auth, IMAGE, post, RELAY, submitImage, submitVideo, VIDEO_T2V } from '../support/api.js'
import { defaultOptions, eachDoor, openServerDoor, START, type Door } from '../support/doors.js'

/** How long an answer may take before it counts as never coming: generous, for a busy CI machine. */
const ANSWER_WITHIN_MS = 15_000

/**
 * Hostile input (reliability test 4 of issue 5) and the "secrets never leak" safe default:
 * prototype-pollution keys, deep and wide JSON, huge bodies and headers, wrong content types,
 * invalid UTF-8, bodies that are not objects, header injection over raw sockets, very long URLs.
 * Each must get a clear 4xx (never a 5xx), store nothing, and leave the simulator answering;
 * the msw door runs in this process, so pollution would show here: Object.prototype is checked
 * after every test. Keys and session cookies must never reach the server's log, the request
 * journal or an error body, whatever request carries them.
 */

// ---- prototype pollution watch ----

const prototypeState = () =>
  [Object.prototype, Array.prototype, Function.prototype].map((proto) =>
    Object.getOwnPropertyNames(proto)
      .sort()
      .map((name) => {
        const descriptor = Object.getOwnPropertyDescriptor(proto, name)!
        return [name, descriptor.value ?? descriptor.get]
      }),
  )
const PRISTINE = prototypeState()

function expectPrototypesUntouched(): void {
  const probe = {} as Record<string, unknown>
  for (const key of [
    'polluted',
    'credits',
    'seconds',
    'seed',
    'status',
    'mode',
    'resolution',
    'rules',
    'model',
    'prompt',
    'isAdmin',
  ]) {
    expect(probe[key], `({}).${key} appeared: Object.prototype was polluted`).toBeUndefined()
  }
  expect(Object.getPrototypeOf(probe)).toBe(Object.prototype)
  expect(prototypeState(), 'a built-in prototype changed').toEqual(PRISTINE)
}

// ---- helpers ----

const taskCount = (door: Door) => door.engine.listTasks({ limit: 1 }, '').total
const totalCredits = (door: Door) => door.engine.listAccounts().reduce((sum, account) => sum + account.credits, 0)

/** A clear refusal: the status asked for (else any 4xx), JSON, on the contract's error schema. */
async function expectRefused(
  res: Response,
  status?: number,
): Promise<{ error: string; details?: { issues: { in: string; path: string; message: string }[] } }> {
  const text = await res.text()
  if (status !== undefined) expect(res.status, text).toBe(status)
  else {
    expect(res.status, text).toBeGreaterThanOrEqual(400)
    expect(res.status, text).toBeLessThan(500)
  }
  expect(res.headers.get('content-type'), text).toContain('application/json')
  const body = JSON.parse(text) as unknown
  expect(errorBodySchema.safeParse(body).success, `off the error schema: ${text}`).toBe(true)
  return body as { error: string; details?: { issues: { in: string; path: string; message: string }[] } }
}

const issuePathsOf = (body: { details?: { issues: { path: string }[] } }) =>
  (body.details?.issues ?? []).map((issue) => issue.path)

async function expectHealthy(door: Door): Promise<void> {
  const res = await door.fetch('/__mock/health')
  expect(res.status).toBe(200)
  expect(await res.json()).toMatchObject({ ok: true })
}

/** POST raw bytes or text with the given headers (JSON content type and Alice's key unless overridden). */
const postRaw = (door: Door, path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  door.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', ...auth(), ...headers }, body })

/** Objects and arrays nested `levels` deep in all (the body itself is level 1), inside a valid base-image-2 body. */
const nestedBody = (levels: number) =>
  `{"model":"base-image-2","prompt":"deep","providerInput":{"a":${'['.repeat(levels - 2)}${']'.repeat(levels - 2)}}}`

const unexpected: unknown[] = []

eachDoor(
  'hostile input',
  (door) => {
    let tasksBefore: number
    let creditsBefore: number
    beforeEach(() => {
      tasksBefore = taskCount(door())
      creditsBefore = totalCredits(door())
      unexpected.length = 0
    })
    afterEach(async () => {
      expectPrototypesUntouched()
      await expectHealthy(door())
      expect(unexpected.map(String), 'errors that are not Problems (answered 500 Internal error)').toEqual([])
    })
    /** Nothing stored, nothing debited since the test began. */
    const expectNothingStored = () => {
      expect(taskCount(door()), 'a refused request stored a task').toBe(tasksBefore)
      expect(totalCredits(door()), 'a refused request moved credits').toBe(creditsBefore)
    }

    describe('prototype-pollution keys', () => {
      // The price is unmoved by an inherited resolution.
      it('in providerInput ("not schema-validated"): accepted and inert', async () => {
        const bodies = [
          '{"model":"base-image-2","prompt":"x","providerInput":{"__proto__":{"polluted":"yes","resolution":"4K"}}}',
          '{"model":"base-image-2","prompt":"x",' +
            '"providerInput":{"constructor":{"prototype":{"polluted":"yes","resolution":"4K"}}}}',
          '{"model":"base-image-2","prompt":"x","providerInput":{"prototype":{"polluted":"yes"},"__proto__":null}}',
          '{"model":"base-image-2","prompt":"x",' +
            '"providerInput":{"a":[{"__proto__":{"polluted":"yes"}}],"b":{"constructor":{"name":"polluted"}}}}',
        ]
        for (const [i, body] of bodies.entries()) {
          const res = await postRaw(door(), '/api/ai/image/generate', body, {
            'idempotency-key': `proto-input-000${i}`,
          })
          if (res.status === 200) {
            // Inert: 1K (the default tier), not the 4K an inherited `resolution` would give.
            expect(((await res.json()) as { creditsUsed: number }).creditsUsed, body).toBe(4)
          } else await expectRefused(res)
          expectPrototypesUntouched()
        }
      })

      it('at the top level of a body: 400 naming the key, nothing stored', async () => {
        const cases: [(d: Door, b: string) => Promise<Response>, string, string][] = [
          [
            (d, b) => postRaw(d, '/api/ai/image/generate', b),
            '{"model":"base-image-2","prompt":"x","__proto__":{"polluted":"yes"}}',
            '__proto__',
          ],
          [
            (d, b) => postRaw(d, '/api/ai/image/generate', b),
            '{"model":"base-image-2","prompt":"x","constructor":{"prototype":{"polluted":"yes"}}}',
            'constructor',
          ],
          [
            (d, b) => postRaw(d, '/api/ai/image/generate', b),
            '{"model":"base-image-2","prompt":"x","prototype":{"polluted":"yes"}}',
            'prototype',
          ],
          // Fields smuggled in through __proto__ must not count as given.
          [
            (d, b) => postRaw(d, '/api/ai/image/generate', b),
            '{"__proto__":{"model":"base-image-2","prompt":"x"}}',
            '__proto__',
          ],
          [
            (d, b) => postRaw(d, '/api/ai/image/generate', b, { 'idempotency-key': 'proto-relay-0001' }),
            '{"provider":"relay","model":"base-image-2","prompt":"x","__proto__":{"resolution":"2K"}}',
            '__proto__',
          ],
          [
            (d, b) => postRaw(d, '/api/ai/video/generate', b),
            '{"model":"video-d","inputMode":"text_to_video","prompt":"x","__proto__":{"duration":5}}',
            '__proto__',
          ],
          [
            (d, b) => postRaw(d, '/api/ai/video/generate', b),
            '{"model":"video-d","inputMode":"text_to_video","prompt":"x","constructor":{}}',
            'constructor',
          ],
        ]
        for (const [send, body, path] of cases) {
          const refused = await expectRefused(await send(door(), body), 400)
          expect(issuePathsOf(refused), body).toContain(path)
          expectPrototypesUntouched()
        }
        expectNothingStored()
      })

      // The names: scenario, task, account, key, session.
      it('as names the engine looks up: 400, 404 or 401 as for any unknown name', async () => {
        for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype']) {
          const byHeader = await expectRefused(await submitImage(door(), IMAGE, { 'x-mock-scenario': name }), 400)
          expect(issuePathsOf(byHeader)).toEqual(['X-Mock-Scenario'])
          await expectRefused(await submitImage(door(), { ...IMAGE, prompt: `a fox [mock:${name}]` }), 400)
          expect(await (await door().fetch(`/api/ai/tasks/${name}`, { headers: auth() })).json()).toEqual({
            error: 'Task not found',
          })
          await expectRefused(await door().fetch(`/__mock/accounts/${name}`), 404)
          await expectRefused(await door().fetch(`/__mock/scenarios/${name}`), 404)
          await expectRefused(await post(door(), `/__mock/tasks/${name}/transition`, { status: 2, refund: true }), 404)
          await expectRefused(await door().fetch('/api/ai/models', { headers: auth(name) }), 401)
          await expectRefused(
            await door().fetch('/api/ai/models', { headers: { cookie: `genmock_session=${name}` } }),
            401,
          )
          await expectRefused(
            await door().fetch('/__mock/scenario', {
              method: 'PUT',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ name }),
            }),
            400,
          )
        }
        expectNothingStored()
      })

      it('in a posted scenario (/__mock/scenarios): refused where the schema is strict, inert where open', async () => {
        const load = (text: string) => postRaw(door(), '/__mock/scenarios', text)
        // Strict places: 400 naming the key, nothing loaded.
        for (const text of [
          '{"name":"proto-a","description":"d","__proto__":{"rules":[{"submit":{"fault":"error-before-commit"}}]}}',
          '{"name":"proto-b","description":"d","rules":[{"match":{"__proto__":{"endpoint":"video"}},' +
            '"submit":{"reject":{"status":418,"body":{"error":"teapot"}}}}]}',
          '{"name":"proto-c","description":"d","rules":[{"timeline":[{"at":"1s","set":{"__proto__":{"status":1}}}]}]}',
          '{"name":"proto-d","description":"d",' +
            '"rules":[{"submit":{"set":{"constructor":{"prototype":{"polluted":"yes"}}}}}]}',
          '{"name":"proto-e","description":"d","rules":[{"use":"constructor"}]}',
          '{"name":"proto-f","description":"d","rules":[{"use":"toString"}]}',
          '{"name":"__proto__","description":"d"}',
        ]) {
          await expectRefused(await load(text), 400)
          const name = (JSON.parse(text) as { name: string }).name
          if (name !== '__proto__') await expectRefused(await door().fetch(`/__mock/scenarios/${name}`), 404)
        }
        expectPrototypesUntouched()

        // Open places (a reject body is a loose object; accounts is a record): accepted or refused, never acted on.
        const accounts = await load(
          '{"name":"proto-accounts","description":"d",' +
            '"accounts":{"__proto__":{"credits":999999},"constructor":{"credits":999999}}}',
        )
        if (accounts.status === 201) {
          const chosen = await door().fetch('/__mock/scenario', {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: '{"name":"proto-accounts"}',
          })
          await expectRefused(chosen, 400) // there is no account "constructor"
          expect(door().engine.scenarioList().defaultName).toBe('default')
        } else await expectRefused(accounts, 400)
        const inherited = await load(
          '{"name":"proto-inherited","description":"d","accounts":{"__proto__":{"credits":999999}}}',
        )
        if (inherited.status === 201) {
          const chosen = await door().fetch('/__mock/scenario', {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: '{"name":"proto-inherited"}',
          })
          expect(chosen.status).toBeLessThan(500)
          await door().fetch('/__mock/scenario', {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: '{"name":"default"}',
          })
        } else await expectRefused(inherited, 400)
        for (const account of door().engine.listAccounts()) expect(account.credits, account.id).toBeLessThan(999999)

        const reject = await load(
          '{"name":"proto-reject","description":"d","rules":[{"submit":{"reject":{"status":429,' +
            '"body":{"error":"Rate limit exceeded","__proto__":{"polluted":"yes"},' +
            '"constructor":{"prototype":{"polluted":"yes"}}},' +
            '"headers":{"Retry-After":"5"}}}}]}',
        )
        if (reject.status === 201) {
          const res = await submitImage(door(), IMAGE, { 'x-mock-scenario': 'proto-reject' })
          const body = await expectRefused(res, 429)
          expect(body.error).toBe('Rate limit exceeded')
          expect(res.headers.get('retry-after')).toBe('5')
        } else await expectRefused(reject, 400)
        expectPrototypesUntouched()
        expectNothingStored()
      })

      it('in control bodies: 400 naming the key, nothing changed', async () => {
        const { taskId } = (await (await submitImage(door(), IMAGE)).json()) as { taskId: string }
        tasksBefore = taskCount(door())
        creditsBefore = totalCredits(door())
        const clockBefore = door().engine.clockState()
        const send = (method: string, path: string, text: string) =>
          door().fetch(path, { method, headers: { 'content-type': 'application/json' }, body: text })
        const cases: [string, string, string][] = [
          ['POST', '/__mock/accounts', '{"__proto__":{"credits":999999}}'],
          ['POST', '/__mock/accounts', '{"credits":5,"constructor":{"prototype":{"polluted":"yes"}}}'],
          ['PATCH', '/__mock/accounts/acct_alice', '{"__proto__":{"credits":0}}'],
          ['PATCH', '/__mock/accounts/acct_alice', '{"credits":0,"prototype":{}}'],
          ['POST', '/__mock/clock/advance', '{"__proto__":{"seconds":99999}}'],
          ['PUT', '/__mock/clock', '{"__proto__":{"mode":"real"}}'],
          ['POST', '/__mock/reset', '{"__proto__":{"seed":5}}'],
          ['PUT', '/__mock/scenario', '{"name":"default","__proto__":{"name":"flaky"}}'],
          ['POST', `/__mock/tasks/${taskId}/transition`, '{"__proto__":{"status":1}}'],
          ['POST', `/__mock/tasks/${taskId}/transition`, '{"status":2,"refund":true,"constructor":{}}'],
        ]
        for (const [method, path, text] of cases) {
          const refused = await expectRefused(await send(method, path, text), 400)
          const key = Object.keys(JSON.parse(text) as object).find((k) =>
            ['__proto__', 'constructor', 'prototype'].includes(k),
          )
          // JSON.parse keeps "__proto__" as an own key; so must the reader.
          expect(issuePathsOf(refused), `${method} ${path} ${text}`).toContain(key)
          expectPrototypesUntouched()
        }
        expect(door().engine.listAccounts().length).toBe(4)
        expect(door().engine.getAccount('acct_alice').credits).toBe(1000 - 4)
        expect(door().engine.clockState()).toEqual(clockBefore)
        expect(door().engine.scenarioList().defaultName).toBe('default')
        expect(door().engine.listTasks({ limit: 1 }, '').tasks[0]).toMatchObject({
          id: taskId,
          status: 0,
          creditRefunded: false,
        })
        expectNothingStored()
      })
    })

    describe('deep, wide and huge bodies', () => {
      // The same on service and control routes.
      it(`nesting: ${LIMITS.maxJsonDepth} levels accepted, one more and 100 000 refused with 400`, async () => {
        expect((await postRaw(door(), '/api/ai/image/generate', nestedBody(LIMITS.maxJsonDepth))).status).toBe(200)
        tasksBefore += 1
        creditsBefore -= 4
        const deep = 100_000
        for (const text of [
          nestedBody(LIMITS.maxJsonDepth + 1),
          nestedBody(deep),
          '['.repeat(deep) + ']'.repeat(deep),
          `${'{"a":'.repeat(deep)}1${'}'.repeat(deep)}`,
        ]) {
          for (const path of [
            '/api/ai/image/generate',
            '/api/ai/video/generate',
            '/__mock/scenarios',
            '/__mock/accounts',
            '/__mock/clock/advance',
          ]) {
            const refused = await expectRefused(
              await postRaw(door(), path, text, { 'idempotency-key': 'deep-json-key-01' }),
              400,
            )
            expect(refused.details?.issues, `${path} ${text.slice(0, 40)}`).toEqual([
              { in: 'body', path: '', message: `nests deeper than ${LIMITS.maxJsonDepth} levels` },
            ])
          }
        }
        expectNothingStored()
      })

      // Wide: a 300 000-item array, 30 000 keys.
      it('a wide body under the size limit is answered promptly, with or without a key', async () => {
        const zeros = Array.from({ length: 300_000 }, () => '0').join(',')
        const entries = Array.from({ length: 30_000 }, (_, i) => `"k${i}":${i}`).join(',')
        const items = `{"model":"base-image-2","prompt":"wide","providerInput":{"a":[${zeros}]}}`
        const keys = `{"model":"base-image-2","prompt":"wide","providerInput":{${entries}}}`
        for (const text of [items, keys]) {
          expect(new TextEncoder().encode(text).length).toBeLessThan(LIMITS.maxBodyBytes)
          const started = performance.now()
          const res = await postRaw(door(), '/api/ai/image/generate', text, {
            'idempotency-key': `wide-${text.length}`,
          })
          // Past the simulator's providerInput limit (docs/limits-and-security.md): refused, and quickly.
          expect(res.status).toBe(400)
          expect(issuePathsOf((await res.json()) as never)).toEqual(['providerInput'])
          expect(performance.now() - started).toBeLessThan(2000)
        }
        expectNothingStored()
      })

      // The next request is served.
      it('one byte over 1 MB is 413 with a JSON error on every route that reads a body', async () => {
        const over = `{"prompt":"${'a'.repeat(LIMITS.maxBodyBytes)}"}`
        for (const path of [
          '/api/ai/image/generate',
          '/api/ai/video/generate',
          '/__mock/scenarios',
          '/__mock/accounts',
          '/__mock/reset',
        ]) {
          const body = await expectRefused(await postRaw(door(), path, over), 413)
          expect(body).toEqual({ error: `Request body is larger than ${LIMITS.maxBodyBytes} bytes` })
          await expectHealthy(door())
        }
        expectNothingStored()
      })

      // Such as a 900 KB prompt, negativePrompt or scenario description.
      it('huge strings inside the limit are a 400 naming the field', async () => {
        const huge = '🦊'.repeat(200_000) // 800 KB of UTF-8, 200 000 characters
        const prompt = await expectRefused(await submitImage(door(), { ...IMAGE, prompt: huge }), 400)
        expect(issuePathsOf(prompt)).toEqual(['prompt'])
        const negative = await expectRefused(await submitImage(door(), { ...IMAGE, negativePrompt: huge }), 400)
        expect(issuePathsOf(negative)).toEqual(['negativePrompt'])
        const video = await expectRefused(await submitVideo(door(), { ...VIDEO_T2V, prompt: huge }), 400)
        expect(issuePathsOf(video)).toEqual(['prompt'])
        const scenario = await expectRefused(
          await post(door(), '/__mock/scenarios', { name: 'huge', description: huge }),
          400,
        )
        expect(issuePathsOf(scenario)).toEqual(['description'])
        expectNothingStored()
      })

      // A 10 000-character API key is 401.
      it('huge header values: 10 000 characters of Idempotency-Key or X-Mock-Scenario is a 400 naming it', async () => {
        const long = 'k'.repeat(10_000)
        expect(
          issuePathsOf(await expectRefused(await submitImage(door(), RELAY, { 'idempotency-key': long }), 400)),
        ).toEqual(['Idempotency-Key'])
        expect(
          issuePathsOf(await expectRefused(await submitImage(door(), IMAGE, { 'x-mock-scenario': long }), 400)),
        ).toEqual(['X-Mock-Scenario'])
        await expectRefused(await submitImage(door(), IMAGE, auth(long)), 401)
        await expectRefused(
          await submitImage(door(), IMAGE, { authorization: '', cookie: `genmock_session=${long}` }),
          401,
        )
        expectNothingStored()
      })
    })

    describe('bodies that are not JSON objects', () => {
      it.each([
        ['text/plain', 'text/plain'],
        ['form-urlencoded', 'application/x-www-form-urlencoded'],
        ['multipart', 'multipart/form-data; boundary=----x'],
        ['text/json', 'text/json'],
        ['application/jsonp', 'application/jsonp'],
        ['a type with a JSON-looking parameter', 'text/plain; format=application/json'],
      ])('Content-Type %s is 400 naming the header, on service and control routes', async (_, type) => {
        for (const path of [
          '/api/ai/image/generate',
          '/api/ai/video/generate',
          '/__mock/accounts',
          '/__mock/scenarios',
        ]) {
          const refused = await expectRefused(
            await postRaw(door(), path, JSON.stringify(IMAGE), { 'content-type': type }),
            400,
          )
          expect(refused.details?.issues).toEqual([
            { in: 'header', path: 'Content-Type', message: 'must be application/json' },
          ])
        }
        expectNothingStored()
      })

      it('no Content-Type at all is 400 naming the header', async () => {
        const res = await door().fetch('/api/ai/image/generate', {
          method: 'POST',
          headers: auth(),
          body: new Blob([JSON.stringify(IMAGE)]),
        })
        const refused = await expectRefused(res, 400)
        expect(refused.details?.issues).toEqual([
          { in: 'header', path: 'Content-Type', message: 'must be application/json' },
        ])
        expectNothingStored()
      })

      it.each([
        ['a lone 0xFF', [0xff]],
        ['an overlong "/" (0xC0 0xAF)', [0xc0, 0xaf]],
        ['a UTF-8-encoded surrogate (0xED 0xA0 0x80)', [0xed, 0xa0, 0x80]],
        ['a truncated sequence (0xE2 0x82)', [0xe2, 0x82]],
        ['a code point above U+10FFFF (0xF4 0x90 0x80 0x80)', [0xf4, 0x90, 0x80, 0x80]],
      ])('invalid UTF-8, %s, is 400 on service and control routes', async (_, bad) => {
        const encoder = new TextEncoder()
        const body = new Uint8Array([
          ...encoder.encode('{"model":"base-image-2","prompt":"'),
          ...bad,
          ...encoder.encode('"}'),
        ])
        for (const path of [
          '/api/ai/image/generate',
          '/api/ai/video/generate',
          '/__mock/scenarios',
          '/__mock/accounts',
        ]) {
          const refused = await expectRefused(await postRaw(door(), path, body), 400)
          expect(refused.details?.issues).toEqual([{ in: 'body', path: '', message: 'is not valid UTF-8' }])
        }
        expectNothingStored()
      })

      it('UTF-16 text labelled as JSON is 400, not a crash', async () => {
        const utf16 = new Uint8Array([
          0xff,
          0xfe,
          ...Array.from(JSON.stringify(IMAGE)).flatMap((c) => [c.charCodeAt(0), 0]),
        ])
        await expectRefused(
          await postRaw(door(), '/api/ai/image/generate', utf16, {
            'content-type': 'application/json; charset=utf-16',
          }),
          400,
        )
        expectNothingStored()
      })

      it.each([
        'null',
        '[]',
        '[{"model":"base-image-2","prompt":"x"}]',
        '42',
        '-1e999',
        '"a string"',
        'true',
        'false',
        '{}',
      ])('a body that is JSON %s is 400 Invalid request on service and control routes', async (text) => {
        for (const path of [
          '/api/ai/image/generate',
          '/api/ai/video/generate',
          '/__mock/accounts',
          '/__mock/scenarios',
          '/__mock/clock/advance',
        ]) {
          const res = await postRaw(door(), path, text)
          if (text === '{}' && path === '/__mock/accounts') {
            // An empty object is a valid account creation (every field has a default).
            expect(res.status).toBe(201)
            continue
          }
          const refused = await expectRefused(res, 400)
          expect(refused.error, `${path} ${text}`).toBe('Invalid request')
        }
        if (text === '{}') return
        expectNothingStored()
      })
    })

    describe('long URLs', () => {
      it('an 8 000-character task id is Task not found; long query strings are judged, not fatal', async () => {
        expect(await (await door().fetch(`/api/ai/tasks/${'a'.repeat(8000)}`, { headers: auth() })).json()).toEqual({
          error: 'Task not found',
        })
        expect(await (await door().fetch(`/api/ai/tasks/${'%25'.repeat(2500)}`, { headers: auth() })).json()).toEqual({
          error: 'Task not found',
        })
        expect(await (await door().fetch(`/api/ai/tasks/${'%E0'.repeat(2500)}`, { headers: auth() })).json()).toEqual({
          error: 'Task not found',
        })
        const listed = await door().fetch(`/__mock/tasks?account=${'x'.repeat(8000)}&limit=1`)
        expect([listed.status, ((await listed.json()) as { total: number }).total]).toEqual([200, 0])
        await expectRefused(await door().fetch(`/__mock/tasks?limit=${'9'.repeat(8000)}`), 400)
        await expectRefused(await door().fetch(`/__mock/requests?limit=${'-'.repeat(8000)}`), 400)
        await expectRefused(await door().fetch(`/api/ai/${'x/'.repeat(4000)}`, { headers: auth() }), 404)
        expectNothingStored()
      })

      it('a 100 000-character URL is a 4xx (never a 5xx), and the simulator keeps answering', async () => {
        const res = await door().fetch(`/api/ai/tasks/${'a'.repeat(100_000)}`, { headers: auth() })
        expect(res.status).toBeGreaterThanOrEqual(400)
        expect(res.status).toBeLessThan(500)
        // Node's HTTP parser answers an over-long request line itself (431, no body); anything genmock answers is JSON.
        if (res.status !== 431) await expectRefused(res, 404)
        expectNothingStored()
      })
    })
  },
  () => ({ ...defaultOptions(), onUnexpectedError: (error: unknown) => unexpected.push(error) }),
)

// ---- header injection over raw sockets (fetch refuses CR, LF and NUL in header values) ----

interface RawAnswer {
  status: number
  head: string
  body: string
}

/** The payload of a chunked HTTP/1.1 body. */
function dechunk(raw: string): string {
  let out = ''
  let at = 0
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at)
    if (lineEnd < 0) return out
    const size = parseInt(raw.slice(at, lineEnd), 16)
    if (!(size > 0)) return out
    out += raw.slice(lineEnd + 2, lineEnd + 2 + size)
    at = lineEnd + 2 + size + 2
  }
}

/** Sends bytes on a fresh socket and reads until the server closes it (every request here says Connection: close). */
function rawExchange(baseUrl: string, bytes: Buffer): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname)
    const chunks: Buffer[] = []
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`))
    }, ANSWER_WITHIN_MS)
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', () => {})
    socket.on('close', () => {
      clearTimeout(timer)
      const text = Buffer.concat(chunks).toString('latin1')
      const split = text.indexOf('\r\n\r\n')
      const head = split < 0 ? text : text.slice(0, split)
      const rest = split < 0 ? '' : text.slice(split + 4)
      resolve({
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0),
        head,
        body: /transfer-encoding: chunked/i.test(head) ? dechunk(rest) : rest,
      })
    })
    socket.write(bytes)
  })
}

const BODY = JSON.stringify(IMAGE)
const rawPost = (headerLines: string, body = BODY) =>
  Buffer.from(
    'POST /api/ai/image/generate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      `Authorization: Bearer sk_test_alice\r\n${headerLines}` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    'latin1',
  )

/** A standalone server whose unexpected errors (genmock's 500 path) are collected instead of printed. */
function rawServer(): { door: () => Door; unexpected: unknown[] } {
  const unexpected: unknown[] = []
  let door: Door
  beforeAll(async () => {
    door = await openServerDoor({ ...defaultOptions(), onUnexpectedError: (error) => unexpected.push(error) })
  })
  afterAll(() => door.close())
  beforeEach(() => {
    door.engine.reset(7)
    unexpected.length = 0
  })
  return { door: () => door, unexpected }
}

describe('header injection over raw sockets [server]', () => {
  const raw = rawServer()
  let door: Door
  beforeEach(() => {
    door = raw.door()
  })
  afterEach(async () => {
    expectPrototypesUntouched()
    await expectHealthy(door)
    expect(raw.unexpected.map(String), 'errors that are not Problems (answered 500)').toEqual([])
  })

  it('a baseline raw request is served (so the refusals below are about the bytes)', async () => {
    const answer = await rawExchange(door.baseUrl, rawPost(''))
    expect(answer.status).toBe(200)
    expect(taskCount(door)).toBe(1)
  })

  it.each([
    ['a bare CR in Idempotency-Key', 'Idempotency-Key: abcdefgh\rX-Mock-Scenario: drop-after-commit\r\n'],
    ['a bare LF in Idempotency-Key', 'Idempotency-Key: abcdefgh\nX-Mock-Scenario: drop-after-commit\r\n'],
    ['a bare CR in X-Mock-Scenario', 'X-Mock-Scenario: default\rIdempotency-Key: injected-key-01\r\n'],
    ['a bare LF in X-Mock-Scenario', 'X-Mock-Scenario: flaky\nAuthorization: Bearer sk_test_bob\r\n'],
    ['a NUL in Idempotency-Key', 'Idempotency-Key: abcd\u0000efgh\r\n'],
    ['a NUL in X-Mock-Scenario', 'X-Mock-Scenario: default\u0000flaky\r\n'],
    ['an obsolete line fold in X-Mock-Scenario', 'X-Mock-Scenario: default\r\n flaky\r\n'],
    ['a DEL in Idempotency-Key', 'Idempotency-Key: abcd\u007fefgh\r\n'],
    ['a header name with a space', 'Idempotency Key: abcdefgh\r\n'],
  ])('%s: a 4xx, nothing stored, the server keeps answering', async (_, lines) => {
    const answer = await rawExchange(door.baseUrl, rawPost(lines))
    expect(answer.status, answer.head).toBeGreaterThanOrEqual(400)
    expect(answer.status, answer.head).toBeLessThan(500)
    // Node's parser refuses these bytes itself (a bare 400); whatever genmock answers is on the error schema.
    if (/content-type: application\/json/i.test(answer.head))
      expect(errorBodySchema.safeParse(JSON.parse(answer.body)).success, answer.body).toBe(true)
    expect(taskCount(door)).toBe(0)
  })

  it('CRLF inside a value only starts another header line: each value is judged as a header of its own', async () => {
    // The "injected" X-Mock-Scenario is just a header; an unknown name in it is refused like any other.
    const refused = await rawExchange(
      door.baseUrl,
      rawPost('Idempotency-Key: abcdefgh\r\nX-Mock-Scenario: no-such-scenario\r\n'),
    )
    expect(refused.status).toBe(400)
    expect(refused.body).toContain('X-Mock-Scenario')
    // Two Idempotency-Key lines are folded into "a, b" (RFC 9110): two keys, so Invalid request, never a new key.
    const twice = 'Idempotency-Key: key-one-0001\r\nIdempotency-Key: key-two-0002\r\n'
    const first = await rawExchange(door.baseUrl, rawPost(twice))
    expect(first.status).toBe(400)
    expect(first.body).toContain('Idempotency-Key')
    expect(taskCount(door)).toBe(0)
  })

  it('Latin-1 bytes in headers (echoed back by CORS for Origin) do not break the response', async () => {
    const answer = await rawExchange(
      door.baseUrl,
      rawPost('Origin: http://\u00e9x\u00ff.localhost\r\nX-Mock-Scenario: d\u00e9fault\r\n'),
    )
    expect(answer.status).toBe(400)
    expect(answer.body).toContain('X-Mock-Scenario')
    expect(taskCount(door)).toBe(0)
  })
})

describe('connections after a body the server did not read [server]', () => {
  const raw = rawServer()
  let door: Door
  beforeEach(() => {
    door = raw.door()
  })

  it.each([
    ['401 (a refused key)', '/api/ai/image/generate', 'sk_test_revoked'],
    ['404 (no such route)', '/api/ai/tasks/tsk_x', 'sk_test_alice'],
    ['404 (a control route that takes no body)', '/__mock/health', 'sk_test_alice'],
  ])(
    'a 600 KB body answered %s before it is read does not stall its connection: the next request on it is answered',
    async (_, path, key) => {
      const body = `{"prompt":"${'a'.repeat(600_000)}"}`
      const first =
        `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        `Authorization: Bearer ${key}\r\nContent-Length: ${body.length}\r\n\r\n${body}`
      const second = 'GET /__mock/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'
      const statuses = await new Promise<string[]>((resolve) => {
        const { hostname, port } = new URL(door.baseUrl)
        const socket = connect(Number(port), hostname)
        let text = ''
        const done = () => resolve(text.match(/HTTP\/1\.1 \d{3}/g) ?? [])
        const timer = setTimeout(() => {
          socket.destroy()
          done()
        }, ANSWER_WITHIN_MS)
        socket.on('data', (chunk) => (text += chunk.toString('latin1')))
        socket.on('error', () => {})
        socket.on('close', () => {
          clearTimeout(timer)
          done()
        })
        socket.write(first)
        socket.write(second)
      })
      // Either both requests are answered, or the first answer says Connection: close and the socket is closed:
      // a socket left open with the request never answered is the failure.
      expect(
        statuses.length === 2 ? statuses[1] : 'no answer to the request after it',
        `answers: ${statuses.join(', ')}`,
      ).toBe('HTTP/1.1 200')
    },
  )

  it('GETs sent back to back on one connection are answered on it, kept alive; one with a body closes it', async () => {
    const get = (more = '') => `GET /__mock/health HTTP/1.1\r\nHost: localhost\r\n${more}`
    const pipelined = `${get('\r\n')}${get('\r\n')}${get('Content-Length: 2\r\n\r\n{}')}`
    const { head, body } = await rawExchange(door.baseUrl, Buffer.from(pipelined))
    const answers = `${head}\r\n\r\n${body}`.split(/(?=HTTP\/1\.1 )/)
    expect(answers.map((answer) => answer.slice(0, 12))).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200', 'HTTP/1.1 200'])
    expect(answers.map((answer) => /^connection: (\S+)/im.exec(answer)?.[1])).toEqual([
      'keep-alive',
      'keep-alive',
      'close',
    ])
  })

  it('a client whose key is refused on a large upload reuses its connections (fetch keeps them alive)', async () => {
    const refused = await door.fetch('/api/ai/image/generate', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth('sk_test_revoked') },
      body: JSON.stringify({ ...IMAGE, inputImageUrls: [`https://example.com/${'a'.repeat(600_000)}.png`] }),
    })
    expect(refused.status).toBe(401)
    await refused.text()
    for (let i = 0; i < 4; i++) {
      const answer = await Promise.race([
        door.fetch('/__mock/health').then((res) => res.status),
        new Promise<string>((resolve) => setTimeout(() => resolve('no answer within 1 s'), 1000)),
      ])
      expect(answer, `request ${i + 1} after the refused upload`).toBe(200)
    }
  })
})

describe('a client that disconnects in the middle of its upload [server]', () => {
  const raw = rawServer()

  it('is neither an internal error nor a 500 in the journal, and stores nothing', async () => {
    const door = raw.door()
    const { hostname, port } = new URL(door.baseUrl)
    await new Promise<void>((resolve) => {
      // Content-Length promises 5000 bytes; the client sends the JSON body and hangs up.
      const socket = connect(Number(port), hostname, () => {
        socket.end(
          'POST /api/ai/image/generate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
            `Authorization: Bearer sk_test_alice\r\nContent-Length: 5000\r\n\r\n${BODY}`,
        )
      })
      socket.on('error', () => {})
      socket.on('close', () => resolve())
      socket.resume()
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(taskCount(door)).toBe(0)
    await expectHealthy(door)
    // A client going away is not a genmock bug: no unexpected error (printed with its stack by default) …
    expect(raw.unexpected.map(String), 'a client abort was reported as an unexpected (internal) error').toEqual([])
    // … and the journal must not claim the simulator answered 500 Internal error.
    const journal = (await (await door.fetch('/__mock/requests')).json()) as {
      requests: { path: string; status: number }[]
    }
    expect(
      journal.requests.filter((entry) => entry.status >= 500),
      'the journal records a 5xx nobody asked for',
    ).toEqual([])
  })
})

// ---- secrets never leak ----

const SECRET_KEY = 'sk_test_SECRET_created_0001'
const UNKNOWN_KEY = 'sk_live_SECRET_unknown_0002'
const UNKNOWN_SESSION = 'sess_SECRET_unknown_0003'
/** Every credential the requests below carry: none may appear in the log, the journal or a response body. */
const SECRETS = [
  'sk_test_alice',
  'sk_test_bob',
  'sk_test_low',
  'sk_test_revoked',
  'sk_test_expired',
  'sk_test_iplocked',
  'sess_test_alice',
  'sess_test_bob',
  SECRET_KEY,
  UNKNOWN_KEY,
  UNKNOWN_SESSION,
]

type Credentials = Record<string, string>

/** Well-formed ways to present a credential, valid or not. */
const WELL_FORMED: Credentials[] = [
  { authorization: 'Bearer sk_test_alice' },
  { authorization: 'bearer   sk_test_bob' },
  { authorization: 'BEARER\tsk_test_alice' },
  { authorization: 'Bearer sk_test_low' },
  { authorization: 'Bearer sk_test_revoked' },
  { authorization: 'Bearer sk_test_expired' },
  { authorization: 'Bearer sk_test_iplocked' },
  { authorization: `Bearer ${SECRET_KEY}` },
  { authorization: `Bearer ${UNKNOWN_KEY}` },
  { authorization: 'sk_test_alice' },
  { authorization: `Token ${UNKNOWN_KEY}` },
  { authorization: 'Bearer sk_test_alice, Bearer sk_test_bob' },
  { cookie: 'genmock_session=sess_test_alice' },
  { cookie: `theme=dark; genmock_session=${UNKNOWN_SESSION}; other=sess_test_bob` },
  { authorization: `Bearer ${UNKNOWN_KEY}`, cookie: 'genmock_session=sess_test_alice' },
]

/** Every kind of request: accepted, refused at each step, dropped, replayed, media, unknown routes. */
async function trafficWith(door: Door, credentials: Credentials): Promise<string[]> {
  const texts: string[] = []
  const keep = async (res: Promise<Response>) => {
    try {
      const answer = await res
      texts.push(await answer.text())
    } catch {
      texts.push('') // a dropped connection
    }
  }
  const json = { 'content-type': 'application/json' }
  const submit = (body: unknown, extra: Record<string, string> = {}) =>
    door.fetch('/api/ai/image/generate', {
      method: 'POST',
      headers: { ...json, ...credentials, ...extra },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  await keep(submit(IMAGE))
  await keep(submit(RELAY, { 'idempotency-key': 'secret-relay-0001' }))
  await keep(submit(RELAY, { 'idempotency-key': 'secret-relay-0001' }))
  await keep(submit(RELAY))
  await keep(submit({ ...IMAGE, nope: 1 }))
  await keep(submit('{"prompt":'))
  await keep(submit(IMAGE, { 'x-mock-scenario': 'insufficient-credits' }))
  await keep(submit(IMAGE, { 'x-mock-scenario': 'drop-after-commit', 'idempotency-key': 'secret-drop-0001' }))
  await keep(submit(IMAGE, { 'x-mock-scenario': 'no-such-scenario' }))
  await keep(
    door.fetch('/api/ai/video/generate', {
      method: 'POST',
      headers: { ...json, ...credentials },
      body: JSON.stringify(VIDEO_T2V),
    }),
  )
  await keep(door.fetch('/api/ai/models', { headers: credentials }))
  await keep(door.fetch('/api/ai/tasks/tsk_unknown', { headers: credentials }))
  await keep(door.fetch('/api/ai/tasks/%E0%A4%A', { headers: credentials }))
  await keep(door.fetch('/api/ai/nothing-here', { headers: credentials }))
  await keep(door.fetch('/media/images/tsk_unknown/0.png', { headers: credentials }))
  await keep(door.fetch('/__mock/tasks', { headers: credentials }))
  await keep(door.fetch('/__mock/nothing-here', { headers: credentials }))
  await keep(
    door.fetch('/__mock/accounts', {
      method: 'POST',
      headers: { ...json, ...credentials },
      body: '{"apiKey":"sk_test_alice"}',
    }),
  )
  return texts
}

async function journalText(door: Door): Promise<string> {
  const res = await door.fetch('/__mock/requests?limit=1000')
  expect(res.status).toBe(200)
  return res.text()
}

/** Where each secret shows up in `text`, with a little context; empty when none does. */
function leaksIn(where: string, text: string): string[] {
  return SECRETS.filter((secret) => text.includes(secret)).map((secret) => {
    const at = text.indexOf(secret)
    return `${secret} in ${where}: …${text.slice(Math.max(0, at - 60), at + secret.length + 20)}…`
  })
}

/** Journal entries that carry a secret anywhere (headers, query, path, idempotencyKey, …), one line each. */
async function journalLeaks(door: Door): Promise<string[]> {
  const journal = JSON.parse(await journalText(door)) as {
    requests: { method: string; path: string; query: string; headers: Record<string, string> }[]
  }
  return journal.requests.flatMap((entry) => {
    const secrets = SECRETS.filter((secret) => JSON.stringify(entry).includes(secret))
    if (secrets.length === 0) return []
    const carriers = Object.entries(entry.headers).filter(([, value]) =>
      secrets.some((secret) => value.includes(secret)),
    )
    const inQuery = secrets.some((x) => entry.query.includes(x)) ? { query: entry.query } : {}
    const where = JSON.stringify({ ...Object.fromEntries(carriers), ...inQuery })
    return [`journal: ${entry.method} ${entry.path}${entry.query} keeps ${secrets.join(', ')} in ${where}`]
  })
}

eachDoor('secrets never leak', (door) => {
  beforeEach(async () => {
    // An account whose key is given as is (so it is a known secret).
    expect((await post(door(), '/__mock/accounts', { credits: 50, apiKey: SECRET_KEY })).status).toBe(201)
  })

  it('credentials in Authorization and Cookie, valid or not, reach no journal entry and no response body', async () => {
    const leaks: string[] = []
    for (const credentials of WELL_FORMED) {
      const texts = await trafficWith(door(), credentials)
      texts.forEach((text, i) => {
        leaks.push(...leaksIn(`response ${i} to ${JSON.stringify(credentials)}`, text))
      })
    }
    expect(JSON.parse(await journalText(door())).total).toBeGreaterThan(100)
    leaks.push(...(await journalLeaks(door())))
    leaks.push(...leaksIn('the task list', await (await door().fetch('/__mock/tasks?limit=1000')).text()))
    expect(leaks).toEqual([])
  })

  it('malformed credential headers are redacted whole: a nameless cookie, a key in the scheme position', async () => {
    const leaks: string[] = []
    for (const credentials of [
      { cookie: 'sess_test_alice' },
      { cookie: 'genmock_session=sess_test_bob; sess_test_alice' },
      { authorization: 'sk_test_alice Bearer' },
      { authorization: `${UNKNOWN_KEY} ${UNKNOWN_KEY}` },
    ] as Credentials[]) {
      const res = await door().fetch('/api/ai/models', { headers: credentials })
      leaks.push(...leaksIn(`the response to ${JSON.stringify(credentials)}`, await res.text()))
    }
    leaks.push(...(await journalLeaks(door())))
    expect(leaks).toEqual([])
  })

  // Such places: Proxy-Authorization, X-Api-Key, the query string.
  it('keys sent where the service does not read them are not journaled either', async () => {
    const leaks: string[] = []
    for (const [path, headers] of [
      ['/api/ai/models', { 'proxy-authorization': 'Bearer sk_test_alice' }],
      ['/api/ai/models', { 'x-api-key': 'sk_test_bob' }],
      [`/api/ai/models?api_key=${UNKNOWN_KEY}`, { authorization: 'Bearer sk_test_alice' }],
      [`/api/ai/tasks/tsk_unknown?access_token=${SECRET_KEY}`, {}],
    ] as [string, Record<string, string>][]) {
      const res = await door().fetch(path, { headers })
      leaks.push(...leaksIn(`the response to ${path}`, await res.text()))
    }
    leaks.push(...(await journalLeaks(door())))
    expect(leaks).toEqual([])
  })
})

describe('secrets never reach the server log [server, --log json]', () => {
  const lines: string[] = []
  let server: RunningServer
  let door: Door
  beforeAll(async () => {
    server = await startServer({
      ...defaultOptions(),
      port: 0,
      log: 'json',
      write: (line) => lines.push(line),
      clock: { mode: 'manual', start: START },
    })
    door = {
      name: 'server',
      baseUrl: server.url,
      engine: server.engine,
      fetch: (path, init) => fetch(server.url + path, init),
      close: server.close,
    }
  })
  afterAll(() => server.close())

  it('one JSON line per request, and no key or session token in any of them', async () => {
    expect((await post(door, '/__mock/accounts', { credits: 50, apiKey: SECRET_KEY })).status).toBe(201)
    for (const credentials of [
      ...WELL_FORMED,
      { cookie: 'sess_test_alice' },
      { authorization: 'sk_test_alice Bearer' },
      { 'proxy-authorization': 'Bearer sk_test_alice', 'x-api-key': 'sk_test_bob' },
    ]) {
      await trafficWith(door, credentials)
      await door.fetch(`/api/ai/models?api_key=${UNKNOWN_KEY}`, { headers: credentials })
      await door.fetch(`/api/ai/tasks/tsk_unknown?access_token=${SECRET_KEY}`, { headers: credentials })
    }
    // Every answered request was logged, as JSON; the control calls that changed something have a line of
    // their own too (docs/sandbox.md, Tell the teams apart).
    const requests = lines.filter((line) => (JSON.parse(line) as { event: string }).event === 'request')
    expect(requests.length).toBeGreaterThan(300)
    for (const line of requests)
      expect(Object.keys(JSON.parse(line) as object).sort()).toEqual([
        'event',
        'method',
        'ms',
        'path',
        'status',
        'time',
      ])
    expect(lines.flatMap((line) => leaksIn('the server log', line))).toEqual([])
  })
})
