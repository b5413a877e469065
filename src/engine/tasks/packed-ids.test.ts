import { describe, expect, it } from 'vitest'
import { Random } from '../random/random.js'
import { packIds, unpackId } from './packed-ids.js'

describe('packIds', () => {
  it('gives back each of three prefixed ids, for every character at every place', () => {
    const random = new Random(7)
    const all: [string, string, string][] = []
    for (let n = 0; n < 500; n++) all.push([random.id('prv_'), random.id('req_'), random.id('http_')])
    // All packed first: each is then unpacked from its 24 units, not given back as the last one packed.
    const packings = all.map((ids) => packIds(ids)!)
    packings.forEach((packed, n) => {
      expect(packed).toHaveLength(24)
      expect([0, 1, 2].map((i) => unpackId(packed, i))).toEqual(all[n])
    })
    const edges: [string, string, string] = [
      `prv_${'0'.repeat(20)}`,
      `req_${'Z'.repeat(20)}`,
      `http_${'z9A'.repeat(6)}aZ`,
    ]
    const packed = packIds(edges)!
    packIds(all[0]!)
    expect([0, 1, 2].map((i) => unpackId(packed, i))).toEqual(edges)
  })

  it('packs nothing that is not three prefixed ids of 20 alphanumerics', () => {
    const ok = (i: number) => ['prv_', 'req_', 'http_'][i] + 'a'.repeat(20)
    const cases: [string, string, string][] = [
      ['0f8fad5b-d9cb-469f-a165-70867728950e', ok(1), ok(2)],
      [ok(0), `req_${'a'.repeat(19)}`, ok(2)],
      [ok(0), ok(1), `http_${'a'.repeat(19)}-`],
      [ok(0), ok(1), `http_${'a'.repeat(19)}é`],
      [ok(1), ok(0), ok(2)],
    ]
    for (const ids of cases) expect(packIds(ids)).toBeUndefined()
  })
})
