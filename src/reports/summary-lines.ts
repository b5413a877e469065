// The one-line summaries the command prints when it stops (docs/cli.md): client
// conformance, outcome coverage and, in proxy mode, drift from the service.
import type { RuleId } from '../contract/conformance-rules.js'
import type { CoverageReport } from '../contract/control-answers.js'
import type { DriftKind } from '../contract/control-drift.js'

/** `n word`, with an `s` unless n is 1. */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/**
 * The one line the CLI prints when it stops.
 * @example
 * conformanceSummary({ 'poll-too-soon': 3 }) // 'conformance: 3 findings (poll-too-soon 3)'
 */
export function conformanceSummary(counts: Partial<Record<RuleId, number>>): string {
  const entries = Object.entries(counts)
  if (entries.length === 0) return 'conformance: no findings'
  const total = entries.reduce((sum, [, n]) => sum + n, 0)
  const each = entries.map(([rule, n]) => `${rule} ${n}`).join(', ')
  return `conformance: ${total} finding${total === 1 ? '' : 's'} (${each})`
}

/**
 * The coverage line the CLI prints when it stops.
 * @example
 * coverageSummary(report) // 'coverage: 2 of 18 outcomes met (image-completed 3, unauthorized 1)'
 */
export function coverageSummary({ outcomes, met, total }: CoverageReport): string {
  const counts = outcomes.filter((o) => o.met).map((o) => `${o.name} ${o.count}`)
  return `coverage: ${met} of ${total} outcomes met${counts.length > 0 ? ` (${counts.join(', ')})` : ''}`
}

/**
 * The line the CLI prints on stopping, in proxy mode.
 * @example
 * driftSummary({ price: 2 }, 40) // 'drift: 2 findings over 40 proxied exchanges (price 2)'
 */
export function driftSummary(counts: Partial<Record<DriftKind, number>>, exchanges: number): string {
  const entries = Object.entries(counts)
  const over = `over ${plural(exchanges, 'proxied exchange')}`
  if (entries.length === 0) return `drift: no findings ${over}`
  const total = entries.reduce((sum, [, n]) => sum + n, 0)
  return `drift: ${plural(total, 'finding')} ${over} (${entries.map(([kind, n]) => `${kind} ${n}`).join(', ')})`
}
