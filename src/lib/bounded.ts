/**
 * Bounded copies of outside text, for what genmock keeps or answers (docs/limits-and-security.md):
 * a string cut to a length, copied so that it holds no reference to the (maybe megabyte) string it
 * came from, and a hash that stands for a long text in a record instead of the text itself.
 */

/**
 * `text` if it is at most `max` UTF-16 units long, else its first `max - 1` and `…`; always a copy
 * of its own (a slice of a string keeps the whole string alive in V8).
 * @example
 * bounded('a'.repeat(10), 4) // 'aaa…'
 */
export function bounded(text: string, max: number): string {
  if (text.length <= max) return text
  // Never cut a surrogate pair in two.
  let end = max - 1
  const last = text.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end--
  return JSON.parse(JSON.stringify(`${text.slice(0, end)}…`)) as string
}

/**
 * A 106-bit hash of a text as 27 base-36 characters (two seeded 53-bit cyrb53 hashes): what a record
 * keeps to recognise a body again without keeping the body. Not cryptographic: nothing here is secret.
 * @example
 * textHash('{"prompt":"a fox"}') // '…27 characters…'
 */
export function textHash(text: string): string {
  const part = (seed: number) => cyrb53(text, seed).toString(36).padStart(11, '0')
  return `${part(0x9e3779b9)}${part(0x85ebca6b)}:${text.length.toString(36)}`
}

function cyrb53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed
  let h2 = 0x41c6ce57 ^ seed
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return 4294967296 * (2097151 & h2) + (h1 >>> 0)
}
