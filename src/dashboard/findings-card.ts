// The dashboard's conformance card (docs/conformance-and-coverage.md, Client conformance): the count and the newest
// findings.
import type { FindingPage } from './answers.js'
import { el, fill, mono, set, sub, time } from './dom.js'

/**
 * The conformance card: how many findings, and the newest 30 with their rule and message.
 * @example
 * const findings = findingsCard()
 * findings.update(await ui.read('/__mock/conformance'))
 */
export function findingsCard() {
  const list = el('ul', { class: 'findings' })
  const total = el('small')
  return {
    card: el('section', { class: 'card' }, el('h2', {}, 'Conformance', total), list),
    update(findings: FindingPage) {
      set(total, String(findings.total))
      fill(list, `${findings.total}|${findings.findings[0]?.at}`, () => [
        ...(findings.total === 0
          ? [el('li', { class: 'empty' }, 'No findings: the client keeps every rule so far.')]
          : []),
        ...findings.findings
          .slice(0, 30)
          .map((f) =>
            el(
              'li',
              { 'data-testid': 'finding' },
              el('span', { class: 'w' }, `\u26a0 ${f.rule}`),
              mono(`${time(f.at)} ${f.accountId ?? ''}`),
              sub(f.message ?? ''),
            ),
          ),
      ])
    },
  }
}
