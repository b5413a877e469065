/**
 * The candidate a mistyped word most likely meant: the one a prefix of it names alone, else the
 * nearest by edits (a swap of two neighbours counts one), within 2 edits and a third of its length.
 * @example
 * closest('prot', ['port', 'host']) // 'port'
 * closest('max', ['max-tasks', 'port']) // 'max-tasks'
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const prefixed = word.length >= 3 ? candidates.filter((c) => c.startsWith(word)) : []
  if (prefixed.length === 1) return prefixed[0]
  let best: string | undefined
  let bestDistance = Math.min(2, Math.max(1, Math.floor(word.length / 3)))
  for (const candidate of candidates) {
    const d = distance(word, candidate)
    if (d <= bestDistance && (best === undefined || d < bestDistance)) {
      best = candidate
      bestDistance = d
    }
  }
  return best
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
function distance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)])
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1)
      rows[i]![j] = d
    }
  }
  return rows[a.length]![b.length]!
}
