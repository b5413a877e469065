import fc from 'fast-check'
import { afterEach, expect, it } from 'vitest'
import { errorBodySchema, invalidRequestBodySchema } from '../../src/contract/errors.js'
import { LIMITS } from '../../src/contract/limits.js'
import {
  IMAGE_MODEL_IDS,
  IMAGE_MODELS,
  RELAY_MODEL_IDS,
  VIDEO_MODEL_IDS,
  VIDEO_MODELS,
} from '../../src/contract/models.js'
import { submissionResponseSchema, taskSnapshotSchema } from '../../src/contract/responses.js'
import { BUNDLED_SCENARIOS } from '../support/api.js'
import { BINARY } from '../support/binary-unit.js'
import { defaultOptions, eachDoor, type Door } from '../support/doors.js'
import { PROPERTY_LIMIT_MS, runs } from '../support/property-runs.js'

/**
 * Property-based tests of the handlers, through both doors (reliability test 1 of issue 5):
 * random valid and invalid image (standard and relay) and video bodies, random headers and task
 * ids → never a 5xx that no scenario asked for, every error body matches the contract's error
 * schema, every 2xx submission matches the submission schema, nothing is stored or debited for a
 * refused request, and the simulator keeps answering.
 *
 * The runs are reproducible: fast-check uses a fixed seed (FC_SEED overrides it), and a failure
 * names the seed and the shrunk counterexample.
 */

const SEED = Number(process.env.FC_SEED ?? 20_261_121)
/** Cases per property, per door: each set reaches every kind of answer its test checks. */
const RUNS = { valid: runs(50), broken: runs(100), any: runs(200), taskIds: runs(100), control: runs(100) }

async function check<Ts extends [unknown, ...unknown[]]>(
  property: fc.IAsyncPropertyWithHooks<Ts>,
  numRuns: number,
): Promise<void> {
  try {
    await fc.assert(property, { seed: SEED, numRuns })
  } catch (error) {
    const cause = (error as Error).cause
    const why = cause instanceof Error ? cause.message : String(cause)
    throw new Error(
      `fast-check failed with seed ${SEED} (rerun with FC_SEED=${SEED}):\n` +
        `${clip((error as Error).message, 6000)}\nCause: ${clip(why, 4000)}`,
    )
  }
}

/** Long strings (huge prompts) would bury a failure report: keep the ends. */
const clip = (text: string, max = 600) =>
  text.length <= max ? text : `${text.slice(0, max / 2)}…[${text.length - max} characters]…${text.slice(-max / 2)}`

// ---- arbitraries built from the contract ----

const STANDARD_FIELDS = [
  'prompt',
  'model',
  'negativePrompt',
  'width',
  'height',
  'aspectRatio',
  'numOutputs',
  'seed',
  'guidanceScale',
  'numInferenceSteps',
  'inputImageUrls',
  'providerInput',
  'provider',
]
const RELAY_FIELDS = ['provider', 'model', 'prompt', 'resolution', 'numOutputs', 'watermark']
const VIDEO_FIELDS = ['model', 'inputMode', 'prompt', 'aspectRatio', 'duration', 'inputImageUrls']

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Body = Record<string, Json>
type Shape = 'standard' | 'relay' | 'video'
interface Generated {
  shape: Shape
  body: Body
}

/** A prompt as a person or a fuzzer would type it: ASCII, any grapheme, or lone surrogates and all. */
const promptArb = fc
  .oneof(
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
    fc.string({ unit: BINARY, minLength: 1, maxLength: 40 }),
    fc.constantFrom('a red fox in the snow', '東京の夜景 🌃', 'e\u0301\u0301\u0301', '\u202Eevil', ' ', '"}]{[\\'),
  )
  .filter((prompt) => !prompt.includes('[mock:'))

const urlArb = fc.oneof(
  fc.constantFrom(
    'https://example.com/ref.png',
    'http://127.0.0.1:9/x.jpg',
    'https://cdn.example.org/a/b/c.webp?w=10&h=20#frag',
  ),
  fc.stringMatching(/^[a-z0-9]{1,12}$/).map((name) => `https://img.example.com/${name}.png`),
)

/** Any JSON value, nested a few levels. */
const jsonArb: fc.Arbitrary<Json> = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>

/** Keys a hostile or careless client might send, including ones that mean something to JavaScript. */
const keyArb = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', ''),
)

/** Sets `key` as an own, enumerable property even when it is `__proto__`, so JSON.stringify sends it. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true })
}

const objectArb: fc.Arbitrary<Body> = fc.array(fc.tuple(keyArb, jsonArb), { maxLength: 5 }).map((entries) => {
  const object: Body = {}
  for (const [key, value] of entries) setOwn(object, key, value)
  return object
})

/** A record whose optional fields may each be absent. */
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined })
const defined = (fields: Record<string, unknown>): Body =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Body

const standardArb: fc.Arbitrary<Generated> = fc.constantFrom(...IMAGE_MODEL_IDS).chain((id) => {
  const model = IMAGE_MODELS[id]
  return fc
    .record({
      prompt: promptArb,
      negativePrompt: model.negativePrompt ? optional(fc.string({ maxLength: 60 })) : fc.constant(undefined),
      width: optional(fc.integer({ min: LIMITS.dimension.min, max: LIMITS.dimension.max })),
      height: optional(fc.integer({ min: LIMITS.dimension.min, max: LIMITS.dimension.max })),
      aspectRatio: optional(fc.constantFrom(...model.aspectRatios)),
      numOutputs: optional(fc.integer({ min: 1, max: 10 })),
      seed: optional(fc.stringMatching(/^\d{1,20}$/)),
      guidanceScale: optional(fc.double({ min: 0, max: 100, noNaN: true, noDefaultInfinity: true })),
      numInferenceSteps: optional(fc.integer({ min: 1, max: 150 })),
      inputImageUrls: optional(fc.array(urlArb, { minLength: 1, maxLength: Math.min(3, model.maxReferenceImages) })),
      providerInput: optional(
        fc.oneof(
          objectArb,
          fc.constant({ resolution: '4K' }),
          fc.constant({ resolution: '2K', steps: [1, { a: null }] }),
        ),
      ),
      provider: optional(fc.constant('upstream-a')),
    })
    .map((fields) => ({ shape: 'standard' as const, body: defined({ model: id, ...fields }) }))
})

const relayArb: fc.Arbitrary<Generated> = fc.constantFrom(...RELAY_MODEL_IDS).chain((id) =>
  fc
    .record({
      prompt: promptArb,
      resolution: fc.constantFrom(...IMAGE_MODELS[id].relayResolutions),
      numOutputs: optional(fc.integer({ min: 1, max: 10 })),
      watermark: optional(fc.boolean()),
    })
    .map((fields) => ({ shape: 'relay' as const, body: defined({ provider: 'relay', model: id, ...fields }) })),
)

const videoArb: fc.Arbitrary<Generated> = fc.constantFrom(...VIDEO_MODEL_IDS).chain((id) => {
  const model = VIDEO_MODELS[id]
  return fc.constantFrom(...model.modes).chain((inputMode) =>
    fc
      .record({
        prompt: inputMode === 'text_to_video' ? promptArb : optional(promptArb),
        aspectRatio: optional(fc.constantFrom(...model.aspectRatios)),
        duration: optional(fc.constantFrom(...model.durations)),
        inputImageUrls:
          inputMode === 'image_to_video' ? fc.array(urlArb, { minLength: 1, maxLength: 3 }) : fc.constant(undefined),
      })
      .map((fields) => ({ shape: 'video' as const, body: defined({ model: id, inputMode, ...fields }) })),
  )
})

const validArb = fc.oneof(standardArb, relayArb, videoArb)

/** JSON values of every type but the one a field wants. */
type Kind = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object'
const wrongTypeArb = (kind: Kind): fc.Arbitrary<Json> => {
  const options: fc.Arbitrary<Json>[] = [fc.constant(null), fc.array(fc.integer(), { maxLength: 2 }), objectArb]
  if (kind !== 'string') options.push(fc.string({ maxLength: 10 }))
  if (kind !== 'number' && kind !== 'integer')
    options.push(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }))
  if (kind !== 'boolean') options.push(fc.boolean())
  return fc
    .oneof(...options)
    .filter(
      (value) =>
        !(kind === 'array' && Array.isArray(value)) &&
        !(kind === 'object' && value !== null && typeof value === 'object' && !Array.isArray(value)),
    )
}

const FIELD_KINDS: Record<Shape, Record<string, Kind>> = {
  standard: {
    prompt: 'string',
    model: 'string',
    negativePrompt: 'string',
    width: 'integer',
    height: 'integer',
    aspectRatio: 'string',
    numOutputs: 'integer',
    seed: 'string',
    guidanceScale: 'number',
    numInferenceSteps: 'integer',
    inputImageUrls: 'array',
    providerInput: 'object',
    provider: 'string',
  },
  relay: { model: 'string', prompt: 'string', resolution: 'string', numOutputs: 'integer', watermark: 'boolean' },
  video: {
    model: 'string',
    inputMode: 'string',
    prompt: 'string',
    aspectRatio: 'string',
    duration: 'number',
    inputImageUrls: 'array',
  },
}

/** `length` characters, counted as the schemas count them: code points (so '🦊' is one, though two UTF-16 units). */
const longString = (length: number) => fc.constantFrom('x', 'é', '🦊', ' ').map((codePoint) => codePoint.repeat(length))

/** Values out of a field's range for this body (its model's own caps included); undefined when the field has none. */
function outOfRangeArb({ shape, body }: Generated, field: string): fc.Arbitrary<Json> | undefined {
  const image = shape !== 'video' ? IMAGE_MODELS[body.model as keyof typeof IMAGE_MODELS] : undefined
  const video = shape === 'video' ? VIDEO_MODELS[body.model as keyof typeof VIDEO_MODELS] : undefined
  const promptMax =
    shape === 'relay' ? LIMITS.relayPrompt.max : (image?.promptMaxLength ?? video?.promptMaxLength ?? LIMITS.prompt.max)
  const notIn = (allowed: readonly unknown[]) => (value: unknown) => !allowed.includes(value)
  switch (field) {
    case 'numOutputs':
      return fc.constantFrom(0, 11, -1, 1.5, 1e21, 2 ** 53, -0.5)
    case 'width':
    case 'height':
      return fc.oneof(fc.constantFrom(63, 4097, 64.5, -64, 1e300), fc.integer({ min: 4097 }))
    case 'guidanceScale':
      return fc.oneof(
        fc.constantFrom(-0.001, 100.001, 1e308, -1e308),
        fc.double({ min: 100.0001, noNaN: true, noDefaultInfinity: true }),
      )
    case 'numInferenceSteps':
      return fc.constantFrom(0, 151, 2.5, -1)
    case 'seed':
      return fc.oneof(
        fc.constantFrom('', '123456789012345678901', '12a', ' 1', '-1', '١٢٣', '1e5'),
        fc.stringMatching(/^\d{21,40}$/),
      )
    case 'prompt':
      return fc.oneof(fc.constant(''), longString(promptMax + 1))
    case 'negativePrompt':
      return image?.negativePrompt ? longString(LIMITS.negativePrompt.max + 1) : fc.string()
    case 'aspectRatio':
      return fc
        .oneof(fc.string({ maxLength: 8 }), fc.constantFrom('7:3', '1:1 ', 'AUTO', '0:1', '16/9'))
        .filter(notIn(image?.aspectRatios ?? video?.aspectRatios ?? []))
    case 'inputImageUrls': {
      const max = image?.maxReferenceImages ?? LIMITS.inputImageUrls.max
      const bad = fc.constantFrom<Json>(
        ['not a url'],
        ['ftp://example.com/x.png'],
        ['javascript:alert(1)'],
        ['/relative.png'],
        [''],
        Array.from({ length: max + 1 }, (_, i) => `https://e.com/${i}.png`),
      )
      if (video && body.inputMode === 'text_to_video') return fc.oneof(bad, fc.constant<Json>(['https://e.com/a.png']))
      return fc.oneof(bad, fc.constant<Json>([]))
    }
    case 'resolution':
      return fc
        .oneof(fc.string({ maxLength: 40 }), fc.constantFrom('1k', '8K', ' 2K', '2K '))
        .filter(notIn(image?.relayResolutions ?? []))
    case 'duration':
      return fc
        .oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }))
        .filter(notIn(video?.durations ?? []))
    case 'inputMode':
      return fc
        .oneof(fc.string({ maxLength: 16 }), fc.constantFrom('TEXT_TO_VIDEO', 'text-to-video', 'image_to_image'))
        .filter(notIn(video?.modes ?? []))
    case 'model':
      return fc
        .oneof(
          fc.string({ maxLength: 30 }),
          fc.constantFrom(
            'BASE-IMAGE-2',
            'base-image-2 ',
            'video-d',
            'vendor-a/base-image',
            'constructor',
            '__proto__',
          ),
        )
        .filter(notIn(shape === 'video' ? VIDEO_MODEL_IDS : shape === 'relay' ? RELAY_MODEL_IDS : IMAGE_MODEL_IDS))
    default:
      return undefined
  }
}

/** What must be required in this body: deleting it makes the request invalid. */
function requiredFields({ shape, body }: Generated): string[] {
  if (shape === 'standard') return ['model', 'prompt']
  if (shape === 'relay') return ['model', 'prompt', 'resolution']
  return ['model', 'inputMode', ...(body.inputMode === 'text_to_video' ? ['prompt'] : ['inputImageUrls'])]
}

/** A valid body made invalid in one way, with the path an issue must name. */
interface Broken extends Generated {
  path: string
  how: string
}

const brokenArb: fc.Arbitrary<Broken> = validArb.chain((valid) => {
  const fields = Object.keys(FIELD_KINDS[valid.shape])
  const allowed = valid.shape === 'standard' ? STANDARD_FIELDS : valid.shape === 'relay' ? RELAY_FIELDS : VIDEO_FIELDS
  const extra = fc
    .tuple(
      keyArb.filter((key) => !allowed.includes(key)),
      jsonArb,
    )
    .map(([key, value]): Broken => {
      const body = { ...valid.body }
      setOwn(body, key, value)
      return { ...valid, body, path: key, how: 'unknown field' }
    })
  const wrongType = fc
    .constantFrom(...fields)
    .chain((field) =>
      wrongTypeArb(FIELD_KINDS[valid.shape][field]!).map(
        (value): Broken => ({ ...valid, body: { ...valid.body, [field]: value }, path: field, how: 'wrong type' }),
      ),
    )
  const outOfRange = fc
    .constantFrom(...fields)
    .filter((field) => outOfRangeArb(valid, field) !== undefined)
    .chain((field) =>
      outOfRangeArb(valid, field)!.map(
        (value): Broken => ({ ...valid, body: { ...valid.body, [field]: value }, path: field, how: 'out of range' }),
      ),
    )
  const missing = fc.constantFrom(...requiredFields(valid)).map((field): Broken => {
    const { [field]: _, ...rest } = valid.body
    return { ...valid, body: rest, path: field, how: 'missing' }
  })
  return fc.oneof(extra, wrongType, outOfRange, missing)
})

// ---- headers ----

/** Characters fetch lets through in a header value (and Node's parser accepts): printable ASCII and Latin-1. */
const headerChar = fc
  .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff }))
  .map((c) => String.fromCharCode(c))
const headerValueArb = (minLength = 0, maxLength = 40) => fc.string({ unit: headerChar, minLength, maxLength })
const tokenChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:~!$'.split(''))
const validIdempotencyKeyArb = fc.string({
  unit: tokenChar,
  minLength: LIMITS.idempotencyKey.min,
  maxLength: LIMITS.idempotencyKey.max,
})

type Headers = Record<string, string>

const validAuthArb: fc.Arbitrary<Headers> = fc.constantFrom<Headers>(
  { authorization: 'Bearer sk_test_alice' },
  { authorization: 'Bearer sk_test_bob' },
  { authorization: 'bearer \t sk_test_alice' },
  { cookie: 'genmock_session=sess_test_alice' },
  { cookie: 'theme=dark; genmock_session=sess_test_bob' },
)

const anyAuthArb: fc.Arbitrary<Headers> = fc.oneof(
  validAuthArb,
  fc.constantFrom<Headers>(
    {},
    { authorization: 'Bearer sk_test_low' },
    { authorization: 'Bearer sk_test_revoked' },
    { authorization: 'Bearer sk_test_expired' },
    { authorization: 'Bearer sk_test_iplocked' },
    { authorization: 'Bearer' },
    { authorization: 'Basic c2tfdGVzdF9hbGljZTo=' },
    { authorization: 'Bearer sk_test_alice extra' },
    { authorization: 'sk_test_alice' },
    { authorization: 'Bearer __proto__' },
    { cookie: 'genmock_session=' },
    { cookie: 'genmock_session=%E0%A4%A' },
    { cookie: 'genmock_session=constructor' },
    { cookie: 'sess_test_alice' },
    { authorization: 'Bearer nope', cookie: 'genmock_session=sess_test_alice' },
  ),
  headerValueArb(0, 60).map((value) => ({ authorization: value })),
  headerValueArb(0, 60).map((value) => ({ authorization: `Bearer ${value}` })),
  headerValueArb(0, 60).map((value) => ({ cookie: value })),
)

const scenarioNameArb = fc.oneof(
  fc.constantFrom(...BUNDLED_SCENARIOS),
  fc.constantFrom('constructor', '__proto__', 'toString', 'DEFAULT', ' default ', '', 'default\t'),
  headerValueArb(0, 30),
)

const scenarioHeadersArb: fc.Arbitrary<Headers> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({}) },
  { weight: 3, arbitrary: scenarioNameArb.map((name) => ({ 'x-mock-scenario': name })) },
  { weight: 1, arbitrary: scenarioNameArb.map((name) => ({ prefer: `scenario=${name}` })) },
  { weight: 1, arbitrary: headerValueArb(0, 40).map((value) => ({ prefer: value })) },
)

const idempotencyHeaderArb: fc.Arbitrary<Headers> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({}) },
  { weight: 2, arbitrary: validIdempotencyKeyArb.map((key) => ({ 'idempotency-key': key })) },
  { weight: 1, arbitrary: headerValueArb(0, 260).map((key) => ({ 'idempotency-key': key })) },
)

const contentTypeArb = fc.oneof(
  { weight: 8, arbitrary: fc.constant<string | undefined>('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom<string | undefined>(
      undefined,
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/vnd.api+json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonx',
      '',
    ),
  },
  { weight: 1, arbitrary: headerValueArb(0, 30) },
)

// ---- talking to a door ----

interface Outcome {
  dropped: boolean
  status: number
  headers: globalThis.Headers | undefined
  text: string
  json: unknown
}

async function send(door: Door, path: string, init: RequestInit): Promise<Outcome> {
  let res: Response
  try {
    res = await door.fetch(path, init)
  } catch {
    return { dropped: true, status: 0, headers: undefined, text: '', json: undefined }
  }
  const text = await res.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { dropped: false, status: res.status, headers: res.headers, text, json }
}

/** Tasks stored and credits held across every account: what a refused request must leave unchanged. */
function holdings(door: Door): { tasks: number; credits: number } {
  const engine = door.engine
  return {
    tasks: engine.listTasks({ limit: 1 }, '').total,
    credits: engine.listAccounts().reduce((sum, account) => sum + account.credits, 0),
  }
}

/** The newest stored task's price: what a dropped (but committed) submission cost. */
const newestTaskCredits = (door: Door) => door.engine.listTasks({ limit: 1 }, '').tasks[0]?.creditsUsed ?? Number.NaN

const describeRequest = (path: string, headers: Headers, body: unknown) =>
  clip(JSON.stringify({ path, headers, body }) ?? String(body), 1500)

/**
 * The invariants every answer keeps, whatever was sent. `faults` says which failures the request
 * itself asked for (a flaky or drop-after-commit scenario).
 */
async function expectSound(
  _door: Door,
  outcome: Outcome,
  faults: { fiveHundred: boolean; drop: boolean },
  context: string,
): Promise<void> {
  if (outcome.dropped) {
    expect(faults.drop, `connection dropped without drop-after-commit: ${context}`).toBe(true)
    return
  }
  expect(outcome.status, `a 5xx nobody asked for: ${outcome.text} ← ${context}`).toBeLessThan(
    faults.fiveHundred ? 600 : 500,
  )
  if (outcome.status >= 500) expect(outcome.json, context).toEqual({ error: 'Internal error' })
  if (outcome.status < 200 || outcome.status >= 300) {
    expect(outcome.headers?.get('content-type'), context).toContain('application/json')
    const parsed = errorBodySchema.safeParse(outcome.json)
    expect(parsed.success, `error body off the contract: ${outcome.text} ← ${context}`).toBe(true)
  }
}

const asksFor = (headers: Headers, body: unknown, name: string) =>
  [
    headers['x-mock-scenario'],
    headers.prefer,
    typeof body === 'object' && body !== null ? (body as { prompt?: unknown }).prompt : undefined,
  ].some((value) => typeof value === 'string' && value.includes(name))

const unexpected: unknown[] = []
afterEach(() => {
  const seen = unexpected.splice(0).map(String)
  expect(seen, 'errors that are not Problems (genmock bugs answered with 500)').toEqual([])
})

eachDoor(
  'properties of the handlers',
  (door) => {
    // Each is charged its creditsUsed and reads back.
    it(
      'every valid body from the contract is accepted (200) and matches the submission schema',
      async () => {
        await check(
          fc.asyncProperty(
            validArb,
            validAuthArb,
            validIdempotencyKeyArb,
            fc.boolean(),
            async (generated, auth, key, sendKey) => {
              door().engine.reset(7)
              const headers: Headers = {
                'content-type': 'application/json',
                ...auth,
                ...(sendKey || generated.shape === 'relay' ? { 'idempotency-key': key } : {}),
              }
              const path = generated.shape === 'video' ? '/api/ai/video/generate' : '/api/ai/image/generate'
              const context = describeRequest(path, headers, generated.body)
              const before = holdings(door())
              const outcome = await send(door(), path, {
                method: 'POST',
                headers,
                body: JSON.stringify(generated.body),
              })
              expect(outcome.status, `${outcome.text} ← ${context}`).toBe(200)
              const submission = submissionResponseSchema.parse(outcome.json)
              expect(outcome.headers!.get('idempotent-replayed')).toBeNull()
              const after = holdings(door())
              expect(after, context).toEqual({
                tasks: before.tasks + 1,
                credits: before.credits - submission.creditsUsed,
              })
              expect(submission.creditsUsed, context).toBeGreaterThan(0)
              if (generated.shape === 'relay')
                expect(submission, context).toMatchObject({ relayStatus: 'queued', pollAfterSeconds: 5 })
              else expect(submission.relayStatus, context).toBeUndefined()
              const read = await send(door(), `/api/ai/tasks/${encodeURIComponent(submission.taskId)}`, {
                headers: auth,
              })
              expect(read.status, `${read.text} ← ${context}`).toBe(200)
              const snapshot = taskSnapshotSchema.parse(read.json)
              expect(snapshot, context).toMatchObject({
                id: submission.taskId,
                taskId: submission.taskId,
                model: generated.body.model,
                creditsUsed: submission.creditsUsed,
              })
            },
          ),
          RUNS.valid,
        )
      },
      PROPERTY_LIMIT_MS,
    )

    // Broken as an unknown field, a wrong type, out of range, or missing.
    it(
      'every body broken in one way is 400 Invalid request naming that field; nothing stored or debited',
      async () => {
        await check(
          fc.asyncProperty(brokenArb, validAuthArb, idempotencyHeaderArb, async (broken, auth, idempotency) => {
            door().engine.reset(7)
            const headers: Headers = { 'content-type': 'application/json', ...auth, ...idempotency }
            const path = broken.shape === 'video' ? '/api/ai/video/generate' : '/api/ai/image/generate'
            const request = describeRequest(path, headers, broken.body)
            const context = `${broken.how} ${JSON.stringify(broken.path)}: ${request}`
            const before = holdings(door())
            const outcome = await send(door(), path, { method: 'POST', headers, body: JSON.stringify(broken.body) })
            expect(outcome.status, `${outcome.text} ← ${context}`).toBe(400)
            const body = invalidRequestBodySchema.parse(outcome.json)
            expect(
              body.details.issues.filter((issue) => issue.in === 'body').map((issue) => issue.path),
              context,
            ).toContain(broken.path)
            expect(holdings(door()), context).toEqual(before)
          }),
          RUNS.broken,
        )
      },
      PROPERTY_LIMIT_MS,
    )

    // Error bodies on the contract, 2xx on the submission schema, refusals store and debit nothing,
    // health still answers.
    it(
      'any body, endpoint and headers, sent once or twice: no 5xx nobody asked for',
      async () => {
        /** A body, the endpoint it was made for, and the text sent. */
        const bodyArb = fc.oneof(
          { weight: 4, arbitrary: validArb },
          { weight: 3, arbitrary: brokenArb },
          {
            weight: 2,
            arbitrary: validArb.chain((g) =>
              fc
                .constantFrom(...BUNDLED_SCENARIOS)
                .map((name) => ({ ...g, body: { ...g.body, prompt: `a fox [mock:${name}]` } })),
            ),
          },
          {
            weight: 1,
            arbitrary: (fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<Json>).map((body) => ({
              shape: 'standard' as Shape,
              body: body as Body,
            })),
          },
        )
        const rawArb = fc.oneof(
          {
            weight: 9,
            arbitrary: bodyArb.map(({ shape, body }) => ({ shape, body: body as Json, text: JSON.stringify(body) })),
          },
          {
            weight: 1,
            arbitrary: fc
              .string({ unit: BINARY, maxLength: 60 })
              .map((text) => ({ shape: 'standard' as Shape, body: text as Json, text })),
          },
        )
        const authArb = fc.oneof({ weight: 4, arbitrary: validAuthArb }, { weight: 1, arbitrary: anyAuthArb })
        const scenarioArb = fc.oneof(
          { weight: 2, arbitrary: scenarioHeadersArb },
          {
            weight: 2,
            arbitrary: fc.constantFrom(...BUNDLED_SCENARIOS).map((name): Headers => ({ 'x-mock-scenario': name })),
          },
        )
        const seen = new Set<string>()
        await check(
          fc.asyncProperty(
            rawArb,
            fc.constantFrom('same', 'same', 'same', 'image', 'video'),
            authArb,
            idempotencyHeaderArb,
            scenarioArb,
            contentTypeArb,
            fc.constantFrom('once', 'once', 'twice'),
            async ({ shape, body, text }, pick, auth, idempotency, scenario, contentType, times) => {
              door().engine.reset(7)
              const endpoint = pick === 'same' ? (shape === 'video' ? 'video' : 'image') : pick
              const headers: Headers = {
                ...(contentType !== undefined ? { 'content-type': contentType } : {}),
                ...auth,
                ...idempotency,
                ...scenario,
              }
              const path = `/api/ai/${endpoint}/generate`
              const context = describeRequest(path, headers, text)
              const faults = {
                fiveHundred: asksFor(headers, body, 'flaky'),
                drop: asksFor(headers, body, 'drop-after-commit'),
              }
              for (let attempt = 1; attempt <= (times === 'twice' ? 2 : 1); attempt++) {
                const before = holdings(door())
                const outcome = await send(door(), path, { method: 'POST', headers, body: text })
                const replayed = outcome.headers?.get('idempotent-replayed') === 'true'
                seen.add(outcome.dropped ? 'dropped' : `${outcome.status}${replayed ? ' replayed' : ''}`)
                const where = `attempt ${attempt}: ${context}`
                await expectSound(door(), outcome, faults, where)
                const after = holdings(door())
                if (outcome.dropped) {
                  expect(after.tasks, where).toBe(before.tasks + 1)
                  expect(after.credits, where).toBe(before.credits - newestTaskCredits(door()))
                } else if (outcome.status >= 200 && outcome.status < 300) {
                  const submission = submissionResponseSchema.safeParse(outcome.json)
                  expect(submission.success, `2xx off the submission schema: ${outcome.text} ← ${where}`).toBe(true)
                  if (replayed) expect(after, `a replay stored or charged something ← ${where}`).toEqual(before)
                  else
                    expect(after, where).toEqual({
                      tasks: before.tasks + 1,
                      credits: before.credits - submission.data!.creditsUsed,
                    })
                  const read = await send(door(), `/api/ai/tasks/${encodeURIComponent(submission.data!.taskId)}`, {
                    headers: auth,
                  })
                  expect(read.status, `${read.text} ← ${where}`).toBe(200)
                  expect(taskSnapshotSchema.safeParse(read.json).success, read.text).toBe(true)
                } else {
                  expect(after, `a refused request changed the store or the ledger ← ${where}`).toEqual(before)
                }
              }
              const health = await send(door(), '/__mock/health', {})
              expect(health.status).toBe(200)
              expect(health.json).toMatchObject({ ok: true })
            },
          ),
          RUNS.any,
        )
        // The inputs reach every kind of answer, so the invariants above were tested on each.
        for (const kind of ['200', '200 replayed', '400', '401', '402', '500', 'dropped'])
          expect([...seen], `no run produced ${kind}`).toContain(kind)
      },
      PROPERTY_LIMIT_MS,
    )

    // The owner alone reads a real task.
    it(
      'random task ids, percent-encoded garbage included: 404 Task not found (or 401)',
      async () => {
        const idArb = fc.oneof(
          fc.string({ unit: BINARY, maxLength: 40 }).map((id) => ({ raw: encodeURIComponent(id), plain: true })),
          fc.string({ unit: 'grapheme', maxLength: 20 }).map((id) => ({ raw: encodeURIComponent(id), plain: true })),
          fc
            .array(
              fc.oneof(
                fc
                  .tuple(
                    fc.constantFrom(...'0123456789abcdefABCDEFgxZ%'.split('')),
                    fc.constantFrom(...'0123456789abcdefABCDEFgxZ%'.split('')),
                  )
                  .map(([a, b]) => `%${a}${b}`),
                fc.constantFrom(
                  '%',
                  '%E0%A4',
                  '%ED%A0%80',
                  '%C0%AF',
                  '%00',
                  '%2F',
                  '%2e%2e',
                  '..',
                  'tsk_',
                  '__proto__',
                  'constructor',
                  ';',
                  '@',
                  ':',
                ),
              ),
              { minLength: 1, maxLength: 8 },
            )
            .map((parts) => ({ raw: parts.join(''), plain: false })),
        )
        await check(
          fc.asyncProperty(idArb, anyAuthArb, async ({ raw, plain }, auth) => {
            const context = describeRequest(`/api/ai/tasks/${raw}`, auth, undefined)
            const outcome = await send(door(), `/api/ai/tasks/${raw}`, { headers: auth })
            await expectSound(door(), outcome, { fiveHundred: false, drop: false }, context)
            expect([401, 404], `${outcome.status} ${outcome.text} ← ${context}`).toContain(outcome.status)
            // A well-formed id in one path segment (not a dot segment, which the URL parser resolves away)
            // is an unknown task.
            if (outcome.status === 404 && plain && !/^(\.|\.\.)?$/.test(decodeURIComponent(raw)))
              expect(outcome.json, context).toEqual({ error: 'Task not found' })
          }),
          RUNS.taskIds,
        )
        // And a real id: its owner reads it, another account gets 404 like any unknown id.
        door().engine.reset(7)
        const created = await send(door(), '/api/ai/image/generate', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer sk_test_alice' },
          body: JSON.stringify({ model: 'vendor-a/base-image', prompt: 'a fox' }),
        })
        const { taskId } = submissionResponseSchema.parse(created.json)
        expect(
          (await send(door(), `/api/ai/tasks/${taskId}`, { headers: { authorization: 'Bearer sk_test_alice' } }))
            .status,
        ).toBe(200)
        const other = await send(door(), `/api/ai/tasks/${taskId}`, {
          headers: { authorization: 'Bearer sk_test_bob' },
        })
        expect([other.status, other.json]).toEqual([404, { error: 'Task not found' }])
      },
      PROPERTY_LIMIT_MS,
    )

    it(
      'random control bodies: never a 5xx, error bodies on the contract, health still answers',
      async () => {
        const routeArb = fc.constantFrom(
          ['POST', '/__mock/clock/advance'],
          ['PUT', '/__mock/clock'],
          ['POST', '/__mock/reset'],
          ['POST', '/__mock/accounts'],
          ['PATCH', '/__mock/accounts/acct_alice'],
          ['PATCH', '/__mock/accounts/__proto__'],
          ['POST', '/__mock/tasks/tsk_missing/transition'],
          ['POST', '/__mock/scenarios'],
          ['PUT', '/__mock/scenario'],
        )
        const controlBodyArb = fc.oneof(
          fc.jsonValue({ maxDepth: 4 }),
          objectArb,
          fc.record({ seconds: jsonArb }),
          fc.record({ mode: fc.constantFrom('manual', 'real', 'MANUAL', ''), speed: jsonArb }, { requiredKeys: [] }),
          fc.record(
            { credits: jsonArb, name: jsonArb, scenario: jsonArb, apiKey: jsonArb, demo: jsonArb },
            { requiredKeys: [] },
          ),
          fc.record(
            { name: fc.oneof(scenarioNameArb, jsonArb), description: jsonArb, rules: jsonArb, accounts: jsonArb },
            { requiredKeys: ['name'] },
          ),
          fc.record({ status: jsonArb, refund: jsonArb, errorCode: jsonArb }, { requiredKeys: [] }),
        )
        await check(
          fc.asyncProperty(routeArb, controlBodyArb, async ([method, path], body) => {
            const context = describeRequest(`${method} ${path}`, {}, body)
            const outcome = await send(door(), path, {
              method,
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body),
            })
            await expectSound(door(), outcome, { fiveHundred: false, drop: false }, context)
            // The clock must stay manual for the tests that follow.
            door().engine.setClock({ mode: 'manual' })
            const health = await send(door(), '/__mock/health', {})
            expect(health.status).toBe(200)
          }),
          RUNS.control,
        )
      },
      PROPERTY_LIMIT_MS,
    )
  },
  () => ({ ...defaultOptions(), sleep: async () => {}, onUnexpectedError: (error: unknown) => unexpected.push(error) }),
)
