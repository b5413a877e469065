// The drift report as JUnit XML (docs/check-against-the-service.md), as CI systems read it.
import { DRIFT_KIND_IDS, DRIFT_KINDS, type DriftFinding } from '../drift/drift-report.js'
import { escapeXml } from './conformance-junit.js'
import { plural } from './summary-lines.js'

/**
 * The drift findings as JUnit XML, as the conformance report: one testcase per kind of finding,
 * failing with each finding of that kind (place, count, both values).
 * @example
 * driftJunit(simulator.drift.findings())
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
