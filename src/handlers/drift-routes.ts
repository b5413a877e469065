import { DRIFT_KIND_IDS, DRIFT_KINDS, type DriftFinding, type DriftKind } from '../engine/drift/report.js'
import { driftQuerySchema } from '../contract/control-drift.js'
import type { RouteRow } from './context.js'
import { driftOf } from './drift-state.js'
import { json } from './exchange.js'
import { escapeXml } from './junit.js'
import { readQuery } from './query.js'

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/**
 * The drift findings as JUnit XML, as the conformance report: one testcase per kind of finding,
 * failing with each finding of that kind (place, count, both values).
 * @example
 * driftJunit(driftOf(engine).report.findings())
 */
export function driftJunit(findings: readonly DriftFinding[]): string {
  const kinds = DRIFT_KIND_IDS.filter((kind) => findings.some((f) => f.kind === kind))
  const cases = DRIFT_KIND_IDS.map((kind) => {
    const mine = findings.filter((f) => f.kind === kind)
    const name = `<testcase classname="genmock.drift" name="${kind}">`
    if (mine.length === 0) return `  ${name}</testcase>`
    const list = mine
      .map(
        (f) =>
          `${f.place} (${f.count}×, e.g. request #${f.example.seq}): ${f.message}; ` +
          `service ${JSON.stringify(f.service)}, genmock ${JSON.stringify(f.genmock)}`,
      )
      .join('\n')
    const message = `${plural(mine.length, 'finding')}: ${DRIFT_KINDS[kind].means}`
    return `  ${name}<failure message="${escapeXml(message)}" type="${kind}">${escapeXml(list)}</failure></testcase>`
  })
  const n = DRIFT_KIND_IDS.length
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="genmock" tests="${n}" failures="${kinds.length}">`,
    ` <testsuite name="genmock drift from the service" tests="${n}" failures="${kinds.length}" errors="0" skipped="0">`,
    ...cases,
    ' </testsuite>',
    '</testsuites>',
    '',
  ].join('\n')
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

/** GET and DELETE /__mock/drift. */
export const DRIFT_ROUTES: readonly RouteRow[] = [
  {
    method: 'GET',
    path: '/__mock/drift',
    run: ({ engine, query }) => {
      const { format } = readQuery(driftQuerySchema, query())
      const { report } = driftOf(engine)
      if (format === 'junit')
        return {
          status: 200,
          headers: { 'content-type': 'application/xml; charset=utf-8' },
          bytes: driftJunit(report.findings()),
        }
      return json(200, { findings: report.findings(), observations: report.observations() })
    },
  },
  {
    method: 'DELETE',
    path: '/__mock/drift',
    run: ({ engine }) => {
      driftOf(engine).clear()
      return json(200, { ok: true })
    },
  },
]
