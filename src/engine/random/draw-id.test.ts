import { describe, expect, it } from 'vitest'
import { ID_STYLES, type IdStyle } from '../../contract/id-style.js'
import { scenarioSchema } from '../../contract/scenario.js'
import { Engine } from '../engine.js'
import { drawId, LONG_LENGTH, longId, NUMERIC_DIGITS, numericId, URL_SAFE, uuidV4 } from './draw-id.js'
import { Random } from './random.js'

const FORMAT: Record<IdStyle, RegExp> = {
  prefixed: /^(tsk|prv|req|http)_[0-9A-Za-z]{20}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  numeric: /^[1-9][0-9]{11,18}$/,
  long: /^[A-Za-z0-9._~-]{64}$/,
}
const PREFIXES = ['tsk_', 'prv_', 'req_', 'http_'] as const
const INT64_MAX = 2n ** 63n - 1n

const draws = (n: number, f: (random: Random) => string, seed = 7) => {
  const random = new Random(seed)
  return Array.from({ length: n }, () => f(random))
}

describe('id styles: formats', () => {
  for (const style of ID_STYLES) {
    it(`${style}: every id of 2000 draws has the style's format, and none repeats`, () => {
      const ids = draws(2000, (random) => drawId(random, style, PREFIXES[random.int(0, 3)]!))
      for (const id of ids) expect(id).toMatch(FORMAT[style])
      expect(new Set(ids).size).toBe(ids.length)
    })
  }

  it('prefixed draws exactly what Random#id drew before id styles: existing ids stay the same', () => {
    const a = new Random(7)
    const b = new Random(7)
    for (const prefix of [...PREFIXES, ...PREFIXES]) expect(drawId(a, 'prefixed', prefix)).toBe(b.id(prefix))
    expect(drawId(new Random(7), 'prefixed', 'tsk_')).toBe('tsk_4MrIYxv4guGNn4hUdsV1')
  })

  it('uuid: version nibble 4 and variant bits 10 on every draw; the other nibbles take all 16 values', () => {
    const ids = draws(1000, uuidV4)
    const variants = new Set<string>()
    const nibbles = new Set<string>()
    for (const id of ids) {
      const hex = id.replaceAll('-', '')
      expect(hex).toHaveLength(32)
      expect(hex[12]).toBe('4')
      expect(parseInt(hex[16]!, 16) >> 2).toBe(0b10)
      variants.add(hex[16]!)
      for (const c of hex.slice(0, 12)) nibbles.add(c)
    }
    expect([...variants].sort()).toEqual(['8', '9', 'a', 'b'])
    expect(nibbles.size).toBe(16)
  })

  it('numeric: 12 to 19 digits, every length drawn, none above 2^63 - 1, many beyond 2^53', () => {
    const ids = draws(4000, numericId)
    const lengths = new Set(ids.map((id) => id.length))
    expect([...lengths].sort((a, b) => a - b)).toEqual(
      Array.from({ length: NUMERIC_DIGITS.max - NUMERIC_DIGITS.min + 1 }, (_, i) => NUMERIC_DIGITS.min + i),
    )
    for (const id of ids) {
      expect(id.length).toBeLessThanOrEqual(19)
      expect(BigInt(id)).toBeLessThanOrEqual(INT64_MAX)
      expect(String(BigInt(id))).toBe(id) // canonical decimal: no leading zero
    }
    // A client that parses these as JS numbers gets another id back for many of them.
    const lossy = ids.filter((id) => BigInt(Number(id)) !== BigInt(id))
    expect(lossy.length).toBeGreaterThan(ids.length / 4)
  })

  it('long: 64 characters; over many draws every one of the 66 URL-safe characters appears, . and ~ among them', () => {
    expect(URL_SAFE).toHaveLength(66)
    const ids = draws(200, longId)
    const seen = new Set<string>()
    for (const id of ids) {
      expect(id).toHaveLength(LONG_LENGTH)
      for (const c of id) seen.add(c)
    }
    expect([...seen].sort()).toEqual([...URL_SAFE].sort())
    // Unreserved: encodeURIComponent leaves them as they are, so paths carry them unencoded.
    for (const id of ids) expect(encodeURIComponent(id)).toBe(id)
  })
})

describe('id styles: seeded', () => {
  for (const style of ID_STYLES) {
    it(`${style}: the same seed draws the same ids; another seed, others`, () => {
      const f = (random: Random) => drawId(random, style, 'tsk_')
      expect(draws(50, f, 11)).toEqual(draws(50, f, 11))
      expect(draws(50, f, 12)).not.toEqual(draws(50, f, 11))
    })
  }
})

describe('id styles: the engine', () => {
  const START = Date.parse('2026-01-01T00:00:00.000Z')
  const IMAGE = { model: 'vendor-a/base-image', prompt: 'a red fox in the snow' }
  const VIDEO = { model: 'video-d', inputMode: 'text_to_video', prompt: 'waves at dusk' }

  async function submitted(options: ConstructorParameters<typeof Engine>[0], headerScenario?: string) {
    const engine = new Engine({ seed: 7, clock: { mode: 'manual', start: START }, ...options })
    const alice = engine.authenticate({ kind: 'key', key: 'sk_test_alice' })
    const scenario = headerScenario ? { name: headerScenario, header: 'X-Mock-Scenario' } : null
    const image = await engine.submit(alice, 'image', IMAGE, { scenario })
    const video = await engine.submit(alice, 'video', VIDEO, { scenario })
    return { engine, alice, responses: [image.response, video.response] }
  }

  it('without idStyle the ids are the prefixed ones, as before', async () => {
    const plain = await submitted({})
    const prefixed = await submitted({ idStyle: 'prefixed' })
    expect(prefixed.responses).toEqual(plain.responses)
    expect(plain.responses[0]!.taskId).toBe('tsk_4MrIYxv4guGNn4hUdsV1')
  })

  for (const style of ID_STYLES) {
    // The same for the same seed.
    it(`idStyle ${style}: task, provider task, request and HTTP request ids take the style`, async () => {
      const { engine, alice, responses } = await submitted({ idStyle: style })
      for (const response of responses) {
        const task = engine.readTask(alice, response.taskId, 'http://localhost').snapshot
        for (const id of [task.taskId, task.providerTaskId, task.requestId, task.httpRequestId])
          expect(id).toMatch(FORMAT[style])
      }
      expect((await submitted({ idStyle: style })).responses).toEqual(responses)
    })
  }

  it("a scenario's idStyle wins over the engine's, for the tasks it plans only", async () => {
    const numeric = scenarioSchema.parse({
      name: 'numeric-ids',
      description: 'numeric ids',
      idStyle: 'numeric',
      rules: [{ use: 'default' }],
    })
    const { engine, alice, responses } = await submitted({ idStyle: 'uuid', scenarios: [numeric] }, 'numeric-ids')
    for (const response of responses) expect(response.taskId).toMatch(FORMAT.numeric)
    const other = await engine.submit(alice, 'image', IMAGE)
    expect(other.response.taskId).toMatch(FORMAT.uuid)
  })

  it('a scenario refuses an unknown idStyle, naming the choices', () => {
    const result = scenarioSchema.safeParse({ name: 'bad', description: 'bad', idStyle: 'snowflake' })
    expect(result.success).toBe(false)
    expect(result.error!.issues[0]).toMatchObject({
      path: ['idStyle'],
      message: 'must be one of prefixed, uuid, numeric, long',
    })
  })
})
