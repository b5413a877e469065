// A scenario rule's `match`, compiled once: models, prompt globs and regexes, sizes, counts.
import { parseRegex } from '../../lib/regex-syntax.js'
import type { Match } from '../../contract/scenario.js'
import type { Random } from '../random/random.js'
import { globMatcher } from '../../lib/glob.js'
import { linearRegex } from '../../lib/linear-regex.js'

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

/** A pattern the scenario schema already accepted. */
function checked(parsed: ReturnType<typeof parseRegex>) {
  if (!parsed.ok) throw new Error(`scenario regex not checked: ${parsed.message}`)
  return parsed.regex
}

/**
 * A rule's match as a predicate, compiled once. An empty match matches everything; `chance` is
 * drawn last, only for requests every other condition already matches, so draws stay predictable.
 * @example
 * compileMatch({ endpoint: 'video', model: 'video-c/*' })(facts, random) // true for video-c models
 */
export function compileMatch(match: Match = {}): Matcher {
  const model = match.model === undefined ? undefined : globMatcher(match.model, { single: true })
  const prompt =
    match.prompt === undefined
      ? undefined
      : typeof match.prompt === 'string'
        ? match.prompt
        : linearRegex(checked(parseRegex(match.prompt.regex, match.prompt.flags)))
  return (facts, random) =>
    (match.endpoint === undefined || match.endpoint === facts.endpoint) &&
    (model === undefined || model(facts.model)) &&
    (match.provider === undefined || match.provider === facts.provider) &&
    (match.inputMode === undefined || match.inputMode === facts.inputMode) &&
    (prompt === undefined ||
      (typeof prompt === 'string' ? facts.prompt.includes(prompt) : prompt.test(facts.prompt))) &&
    (match.account === undefined || match.account === facts.accountId) &&
    (match.chance === undefined || random.chance(match.chance))
}
