import { describe, expect, it } from 'vitest'
import { STEP_ORDER } from '../../src/handlers/route-steps.js'
import { readPage } from './markdown.js'

/**
 * docs/how-it-is-built.md shows the route core's steps in the order the code runs them: the numbered list
 * after its `step order` marker names each step first, as `STEP_ORDER` (src/handlers/route-steps.ts) does.
 */
describe('the steps’ order on docs/how-it-is-built.md', () => {
  it('is the order of STEP_ORDER', () => {
    const lines = readPage('docs/how-it-is-built.md').split('\n')
    const marker = lines.findIndex((line) => line.includes('<!-- step order:'))
    expect(marker, 'the step order marker').toBeGreaterThan(0)
    const shown: string[] = []
    for (const line of lines.slice(marker + 1)) {
      const item = /^\s*\d+\. `(\w+)`/.exec(line)
      if (item) shown.push(item[1]!)
      else if (!/^\s{3,}\S/.test(line)) break
    }
    expect(shown).toEqual([...STEP_ORDER])
  })
})
