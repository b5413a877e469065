import type { Match } from '../../contract/scenario.js'
import type { Random } from '../random/random.js'

/** What a rule's `match` is judged against: one generation request, already validated. */
export interface RequestFacts {
  endpoint: 'image' | 'video'
  model: string
  provider: 'standard' | 'upstream-a' | 'relay'
  inputMode: 'text_to_image' | 'image_to_image' | 'text_to_video' | 'image_to_video'
  prompt: string
  accountId: string
}

export type Matcher = (facts: RequestFacts, random: Random) => boolean

/** `*` stands for any characters, `?` for one; everything else is literal. */
function glob(pattern: string): RegExp {
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.')
  return new RegExp(`^${source}$`)
}

/**
 * A rule's match as a predicate, compiled once. An empty match matches everything; `chance` is
 * drawn last, only for requests every other condition already matches, so draws stay predictable.
 * @example
 * compileMatch({ endpoint: 'video', model: 'video-c/*' })(facts, random) // true for video-c models
 */
export function compileMatch(match: Match = {}): Matcher {
  const model = match.model === undefined ? undefined : glob(match.model)
  const prompt =
    match.prompt === undefined
      ? undefined
      : typeof match.prompt === 'string'
        ? match.prompt
        : new RegExp(match.prompt.regex, match.prompt.flags?.replace(/[gy]/g, ''))
  return (facts, random) =>
    (match.endpoint === undefined || match.endpoint === facts.endpoint) &&
    (model === undefined || model.test(facts.model)) &&
    (match.provider === undefined || match.provider === facts.provider) &&
    (match.inputMode === undefined || match.inputMode === facts.inputMode) &&
    (prompt === undefined ||
      (typeof prompt === 'string' ? facts.prompt.includes(prompt) : prompt.test(facts.prompt))) &&
    (match.account === undefined || match.account === facts.accountId) &&
    (match.chance === undefined || random.chance(match.chance))
}
