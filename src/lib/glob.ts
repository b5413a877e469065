/**
 * A glob as a predicate: `*` stands for any run of characters, and `?` for one when `single`
 * is on; everything else is literal. Matched by the two-pointer method (back to the last `*` on a
 * mismatch), so a test costs at most pattern length × text length steps: a RegExp of `.*` runs
 * takes time exponential in the number of stars on a text that almost matches.
 * @example
 * globMatcher('/api/ai/*')('/api/ai/tasks/tsk_1') // true
 * globMatcher('base-image-?', { single: true })('base-image-2') // true
 */
export function globMatcher(pattern: string, { single = false } = {}): (text: string) => boolean {
  if (!pattern.includes('*') && !(single && pattern.includes('?'))) return (text) => text === pattern
  return (text) => {
    let p = 0
    let t = 0
    let star = -1
    let resume = 0
    while (t < text.length) {
      const c = pattern[p]
      if (c === '*') {
        star = p++
        resume = t
      } else if (p < pattern.length && (c === text[t] || (single && c === '?'))) {
        p++
        t++
      } else if (star >= 0) {
        p = star + 1
        t = ++resume
      } else return false
    }
    while (pattern[p] === '*') p++
    return p === pattern.length
  }
}
