import { describe, expect, it } from 'vitest'
import { matchSchema, type Match } from '../../contract/scenario.js'
import { Random } from '../random/random.js'
import { compileMatch, type RequestFacts } from './rule-match.js'

const IMAGE: RequestFacts = {
  endpoint: 'image',
  model: 'base-image-2',
  provider: 'standard',
  inputMode: 'text_to_image',
  prompt: 'a red fox in the snow',
  accountId: 'acct_alice',
}
const VIDEO: RequestFacts = {
  endpoint: 'video',
  model: 'video-c/fast',
  provider: 'relay',
  inputMode: 'image_to_video',
  prompt: 'waves at dusk\nslow pan',
  accountId: 'acct_bob',
}

/** A match as a scenario file would give it: through the schema, so every test uses a valid one. */
const matcher = (match: Match) => compileMatch(matchSchema.parse(match))
const random = () => new Random(7)
const matches = (match: Match, facts: Partial<RequestFacts> = {}) => matcher(match)({ ...IMAGE, ...facts }, random())

/** The next values a Random gives: equal for two Randoms of one seed only if they drew equally often. */
const nextDraws = (r: Random) => [r.int(0, 1_000_000_000), r.int(0, 1_000_000_000), r.int(0, 1_000_000_000)]

describe('compileMatch: each condition alone', () => {
  it('an empty or absent match matches every request', () => {
    expect(compileMatch()(IMAGE, random())).toBe(true)
    expect(compileMatch()(VIDEO, random())).toBe(true)
    expect(matcher({})(IMAGE, random())).toBe(true)
    expect(matcher({})(VIDEO, random())).toBe(true)
  })

  it('endpoint', () => {
    expect(matches({ endpoint: 'image' })).toBe(true)
    expect(matches({ endpoint: 'video' })).toBe(false)
    expect(matches({ endpoint: 'video' }, { endpoint: 'video' })).toBe(true)
    expect(matches({ endpoint: 'image' }, { endpoint: 'video' })).toBe(false)
  })

  it('model, exactly', () => {
    expect(matches({ model: 'base-image-2' })).toBe(true)
    expect(matches({ model: 'base-image' })).toBe(false) // a prefix is not the model
    expect(matches({ model: 'image-2' })).toBe(false) // nor a suffix
    expect(matches({ model: 'base-image-2' }, { model: 'base-image-2x' })).toBe(false)
    expect(matches({ model: 'BASE-IMAGE-2' })).toBe(false) // case matters
  })

  it('provider: standard is a request without provider; upstream-a and relay as named', () => {
    for (const provider of ['standard', 'upstream-a', 'relay'] as const) {
      for (const asked of ['standard', 'upstream-a', 'relay'] as const) {
        expect(matches({ provider: asked }, { provider }), `${asked} vs ${provider}`).toBe(asked === provider)
      }
    }
  })

  it('inputMode', () => {
    const modes = ['text_to_image', 'image_to_image', 'text_to_video', 'image_to_video'] as const
    for (const inputMode of modes) {
      for (const asked of modes)
        expect(matches({ inputMode: asked }, { inputMode }), `${asked} vs ${inputMode}`).toBe(asked === inputMode)
    }
  })

  it('account, exactly', () => {
    expect(matches({ account: 'acct_alice' })).toBe(true)
    expect(matches({ account: 'acct_bob' })).toBe(false)
    expect(matches({ account: 'acct_ali' })).toBe(false)
    expect(matches({ account: 'acct_alice2' })).toBe(false)
  })
})

describe('compileMatch: model globs', () => {
  it('* stands for any characters, none included', () => {
    expect(matches({ model: 'video-c/*' }, { model: 'video-c/fast' })).toBe(true)
    expect(matches({ model: 'video-c/*' }, { model: 'video-c/' })).toBe(true)
    expect(matches({ model: 'video-c/*' }, { model: 'video-c/a/b' })).toBe(true)
    expect(matches({ model: 'video-c/*' }, { model: 'video-cx' })).toBe(false)
    expect(matches({ model: 'video-c/*' }, { model: 'video-d' })).toBe(false)
    expect(matches({ model: '*' }, { model: 'anything/at-all' })).toBe(true)
    expect(matches({ model: '*-image-*' })).toBe(true)
    expect(matches({ model: '*-video-*' })).toBe(false)
  })

  it('the glob is anchored at both ends', () => {
    expect(matches({ model: 'base-*' })).toBe(true)
    expect(matches({ model: 'image-*' })).toBe(false) // does not match in the middle
    expect(matches({ model: '*-image' })).toBe(false) // nor stop before the end
    expect(matches({ model: '*-2' })).toBe(true)
  })

  it('? stands for exactly one character', () => {
    expect(matches({ model: 'base-image-?' })).toBe(true)
    expect(matches({ model: 'base-image-?' }, { model: 'base-image-10' })).toBe(false)
    expect(matches({ model: 'base-image-?' }, { model: 'base-image-' })).toBe(false)
    expect(matches({ model: 'base-image-??' }, { model: 'base-image-10' })).toBe(true)
    expect(matches({ model: 'base-image-??' })).toBe(false)
  })

  it('dots and other regular expression characters are literal', () => {
    expect(matches({ model: 'video-1.5' }, { model: 'video-1.5' })).toBe(true)
    expect(matches({ model: 'video-1.5' }, { model: 'video-1x5' })).toBe(false)
    expect(matches({ model: 'v1.*' }, { model: 'v1.5-pro' })).toBe(true)
    expect(matches({ model: 'v1.*' }, { model: 'v105-pro' })).toBe(false)
    expect(matches({ model: 'a+b' }, { model: 'a+b' })).toBe(true)
    expect(matches({ model: 'a+b' }, { model: 'aab' })).toBe(false)
    expect(matches({ model: 'm(1)' }, { model: 'm(1)' })).toBe(true)
    expect(matches({ model: 'm(1)' }, { model: 'm1' })).toBe(false)
    expect(matches({ model: '[ab]' }, { model: '[ab]' })).toBe(true)
    expect(matches({ model: '[ab]' }, { model: 'a' })).toBe(false)
    expect(matches({ model: 'x|y' }, { model: 'x' })).toBe(false)
    expect(matches({ model: '^m$' }, { model: '^m$' })).toBe(true)
    expect(matches({ model: 'a\\d' }, { model: 'a\\d' })).toBe(true)
    expect(matches({ model: 'a\\d' }, { model: 'a1' })).toBe(false)
  })
})

describe('compileMatch: prompt', () => {
  it('a string is a case-sensitive substring, anywhere in the prompt', () => {
    expect(matches({ prompt: 'red fox' })).toBe(true)
    expect(matches({ prompt: 'a red' })).toBe(true)
    expect(matches({ prompt: 'snow' })).toBe(true)
    expect(matches({ prompt: 'a red fox in the snow' })).toBe(true)
    expect(matches({ prompt: 'Red fox' })).toBe(false)
    expect(matches({ prompt: 'a red fox in the snow!' })).toBe(false)
    expect(matches({ prompt: 'blue' })).toBe(false)
  })

  it('a substring is literal, not a pattern', () => {
    expect(matches({ prompt: 'a.red' })).toBe(false)
    expect(matches({ prompt: 'red.*' })).toBe(false)
    expect(matches({ prompt: '[mock:x]' }, { prompt: 'see [mock:x] here' })).toBe(true)
    expect(matches({ prompt: '[mock:x]' }, { prompt: 'see m here' })).toBe(false)
  })

  it('a regex matches anywhere unless anchored', () => {
    expect(matches({ prompt: { regex: 'f.x' } })).toBe(true)
    expect(matches({ prompt: { regex: '^a red' } })).toBe(true)
    expect(matches({ prompt: { regex: '^red' } })).toBe(false)
    expect(matches({ prompt: { regex: 'snow$' } })).toBe(true)
    expect(matches({ prompt: { regex: 'fox$' } })).toBe(false)
  })

  it('flag i: case-insensitive', () => {
    expect(matches({ prompt: { regex: 'RED FOX' } })).toBe(false)
    expect(matches({ prompt: { regex: 'RED FOX', flags: 'i' } })).toBe(true)
  })

  it('flag m: ^ and $ at line breaks', () => {
    const facts = { prompt: VIDEO.prompt } // 'waves at dusk\nslow pan'
    expect(matches({ prompt: { regex: '^slow' } }, facts)).toBe(false)
    expect(matches({ prompt: { regex: '^slow', flags: 'm' } }, facts)).toBe(true)
    expect(matches({ prompt: { regex: 'dusk$', flags: 'm' } }, facts)).toBe(true)
  })

  it('flag s: . matches a line break', () => {
    const facts = { prompt: VIDEO.prompt }
    expect(matches({ prompt: { regex: 'dusk.slow' } }, facts)).toBe(false)
    expect(matches({ prompt: { regex: 'dusk.slow', flags: 's' } }, facts)).toBe(true)
  })

  it('flag g does not make the matcher stateful: the same request matches every time', () => {
    const match = matcher({ prompt: { regex: 'fox', flags: 'gi' } })
    const r = random()
    for (let i = 0; i < 4; i++) expect(match(IMAGE, r)).toBe(true)
    for (let i = 0; i < 2; i++) expect(match({ ...IMAGE, prompt: 'a wolf' }, r)).toBe(false)
  })
})

describe('compileMatch: conditions combined', () => {
  const all: Match = {
    endpoint: 'video',
    model: 'video-c/*',
    provider: 'relay',
    inputMode: 'image_to_video',
    prompt: { regex: '^waves' },
    account: 'acct_bob',
  }

  it('matches when every condition holds', () => {
    expect(matcher(all)(VIDEO, random())).toBe(true)
  })

  it.each([
    ['endpoint', { endpoint: 'image' }],
    ['model', { model: 'video-d' }],
    ['provider', { provider: 'standard' }],
    ['inputMode', { inputMode: 'text_to_video' }],
    ['prompt', { prompt: 'calm waves at dusk' }],
    ['account', { accountId: 'acct_alice' }],
  ] as [string, Partial<RequestFacts>][])('fails when only %s differs', (_, change) => {
    expect(matcher(all)({ ...VIDEO, ...change }, random())).toBe(false)
  })

  it('two conditions: both must hold', () => {
    const match = matcher({ endpoint: 'image', provider: 'relay' })
    expect(match({ ...IMAGE, provider: 'relay' }, random())).toBe(true)
    expect(match({ ...IMAGE, provider: 'standard' }, random())).toBe(false)
    expect(match({ ...VIDEO, provider: 'relay' }, random())).toBe(false)
  })
})

describe('compileMatch: chance', () => {
  it('draws from the seed: the same seed gives the same verdicts', () => {
    const match = matcher({ chance: 0.5 })
    const run = (seed: number) => {
      const r = new Random(seed)
      return Array.from({ length: 40 }, () => match(IMAGE, r))
    }
    expect(run(7)).toEqual(run(7))
    expect(run(7)).not.toEqual(run(8))
  })

  it('matches about the share it says', () => {
    const count = (chance: number) => {
      const match = matcher({ chance })
      const r = new Random(11)
      let hits = 0
      for (let i = 0; i < 2000; i++) if (match(IMAGE, r)) hits++
      return hits
    }
    expect(count(0.25)).toBeGreaterThan(400)
    expect(count(0.25)).toBeLessThan(600)
    expect(count(0.01)).toBeLessThan(60)
    expect(count(0.99)).toBeGreaterThan(1940)
    expect(count(0.99)).toBeLessThan(2000)
  })

  it('chance 1 always matches and never draws', () => {
    const match = matcher({ chance: 1 })
    const used = new Random(7)
    const fresh = new Random(7)
    for (let i = 0; i < 50; i++) expect(match(IMAGE, used)).toBe(true)
    expect(nextDraws(used)).toEqual(nextDraws(fresh))
  })

  it('a chance below 1 draws once per request it judges', () => {
    const match = matcher({ chance: 0.5 })
    const used = new Random(7)
    const fresh = new Random(7)
    match(IMAGE, used)
    expect(nextDraws(used)).not.toEqual(nextDraws(fresh))
  })

  it.each([
    ['endpoint', { endpoint: 'video' }],
    ['model', { model: 'video-*' }],
    ['provider', { provider: 'relay' }],
    ['inputMode', { inputMode: 'image_to_image' }],
    ['prompt', { prompt: 'wolf' }],
    ['account', { account: 'acct_bob' }],
  ] as [string, Match][])('draws nothing when %s already failed', (_, condition) => {
    const match = matcher({ ...condition, chance: 0.5 })
    const used = new Random(7)
    const fresh = new Random(7)
    for (let i = 0; i < 10; i++) expect(match(IMAGE, used)).toBe(false)
    expect(nextDraws(used)).toEqual(nextDraws(fresh))
  })

  it('draws when every other condition matched, and the draw decides', () => {
    const match = matcher({ endpoint: 'image', model: 'base-*', chance: 0.5 })
    const used = new Random(7)
    const fresh = new Random(7)
    const verdicts = Array.from({ length: 40 }, () => match(IMAGE, used))
    expect(verdicts).toContain(true)
    expect(verdicts).toContain(false)
    expect(nextDraws(used)).not.toEqual(nextDraws(fresh))
  })

  it('the schema allows a chance above 0 up to 1, nothing else', () => {
    expect(matchSchema.safeParse({ chance: 1 }).success).toBe(true)
    expect(matchSchema.safeParse({ chance: 0.0001 }).success).toBe(true)
    expect(matchSchema.safeParse({ chance: 0 }).success).toBe(false)
    expect(matchSchema.safeParse({ chance: 1.0001 }).success).toBe(false)
    expect(matchSchema.safeParse({ chance: -0.5 }).success).toBe(false)
  })
})
