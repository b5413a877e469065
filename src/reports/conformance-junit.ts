// The client conformance findings as JUnit XML (docs/conformance-and-coverage.md, Client conformance), for CI.
import { CONFORMANCE_RULES, RULE_IDS, type Finding } from '../engine/journal/conformance.js'

export const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The conformance findings as JUnit XML, which CI systems read: one testsuite, one testcase per
 * rule; an error rule with findings fails and lists each of them, every other rule passes.
 * @example
 * junitReport(engine.conformance.findings()) // '<?xml version="1.0" encoding="UTF-8"?><testsuites …'
 */
export function junitReport(findings: readonly Finding[]): string {
  const failures = RULE_IDS.filter(
    (rule) => CONFORMANCE_RULES[rule].severity === 'error' && findings.some((f) => f.rule === rule),
  ).length
  const cases = RULE_IDS.map((rule) => {
    const { severity, enforces } = CONFORMANCE_RULES[rule]
    const mine = findings.filter((f) => f.rule === rule)
    const name = `<testcase classname="genmock.conformance" name="${rule}">`
    if (mine.length === 0) return `  ${name}</testcase>`
    const list = mine
      .map((f) => `${f.at} ${f.accountId}${f.taskId ? ` ${f.taskId}` : ''} request #${f.requestSeq}: ${f.message}`)
      .join('\n')
    if (severity === 'warning') return `  ${name}<system-out>${escapeXml(list)}</system-out></testcase>`
    const message = escapeXml(`${mine.length} finding${mine.length === 1 ? '' : 's'}: ${enforces}`)
    return `  ${name}<failure message="${message}" type="${rule}">${escapeXml(list)}</failure></testcase>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="genmock" tests="${RULE_IDS.length}" failures="${failures}">`,
    ` <testsuite name="genmock client conformance" tests="${RULE_IDS.length}" failures="${failures}" ` +
      'errors="0" skipped="0">',
    ...cases,
    ' </testsuite>',
    '</testsuites>',
    '',
  ].join('\n')
}
