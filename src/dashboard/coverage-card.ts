// The dashboard's coverage card (docs/conformance-and-coverage.md, Outcome coverage).
import type { CoverageAnswer } from './answers.js'
import { el, fill } from './dom.js'

/**
 * The coverage card (docs/conformance-and-coverage.md, Outcome coverage): how many outcomes of the interface the
 * clients met, and each outcome, met ones with their count.
 * @example
 * const coverage = coverageCard()
 * coverage.update(await ui.read('/__mock/coverage'))
 */
export function coverageCard() {
  const list = el('ul', { class: 'coverage' })
  const total = el('small')
  return {
    card: el('section', { class: 'card' }, el('h2', {}, 'Coverage', total), list),
    update({ outcomes, met, total: all }: CoverageAnswer) {
      total.textContent = `${met} of ${all}`
      fill(list, outcomes.map((o) => o.count).join(','), () =>
        outcomes.map(({ name, met, count }) =>
          el(
            'li',
            { 'data-testid': 'coverage-outcome', 'data-outcome': name, 'data-met': String(met) },
            el('span', { class: `st s${met ? 1 : 0}` }, met ? `${name} ×${count}` : name),
          ),
        ),
      )
    },
  }
}
