// The closing table of `npm run bench:sustained`: each figure beside its target (issue 49's, as
// docs/performance.md lists them), beside the commit before (BENCH_AGAINST's checkout, measured in
// the same rounds) and now, and whether now meets it.
import { median } from './load.js'

/** One figure: its value now and before (undefined without BENCH_AGAINST), and its target. */
export interface Verdict {
  figure: string
  /** `≥ 0.8`, `≤ 100`: the comparison and the bound. */
  target: { at: 'least' | 'most'; bound: number } | undefined
  before: number | undefined
  now: number
  digits: number
}

/** The figures collected so far in this run, in the order they were measured. */
export const verdicts: Verdict[] = []

/** The median of this checkout's and of the checkout before's values, as one row. */
export function addVerdict(
  figure: string,
  target: Verdict['target'],
  now: number[],
  before: number[] | undefined,
  digits: number,
) {
  verdicts.push({ figure, target, now: median(now), before: before && median(before), digits })
}

const met = (v: Verdict) =>
  v.target === undefined
    ? ''
    : (v.target.at === 'least' ? v.now >= v.target.bound : v.now <= v.target.bound)
      ? 'yes'
      : 'NO'

/** The table: figure | target | before | now | met. */
export function verdictLines(): string[] {
  const cell = (value: number | undefined, digits: number) =>
    value === undefined || !Number.isFinite(value) ? '–' : value.toFixed(digits)
  const rows = verdicts.map((v) => [
    v.figure,
    v.target === undefined ? '–' : `${v.target.at === 'least' ? '≥' : '≤'} ${v.target.bound}`,
    cell(v.before, v.digits),
    cell(v.now, v.digits),
    met(v),
  ])
  const head = ['figure', 'target', 'before', 'now', 'met']
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`
  const rule = `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`
  return [line(head), rule, ...rows.map(line)]
}
