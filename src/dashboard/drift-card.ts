// The dashboard's drift card (docs/check-against-the-service.md).
import type { DriftPage } from './answers.js'
import { el, fill, mono, set, sub } from './dom.js'

/**
 * The drift card (docs/check-against-the-service.md), shown once genmock has proxied an
 * exchange: each finding's kind, place and count, and the service's value beside genmock's.
 * @example
 * const drift = driftCard()
 * drift.update(await ui.read('/__mock/drift'))
 */
export function driftCard() {
  const list = el('ul', { class: 'findings' })
  const title = el('h2')
  const card = el('section', { class: 'card' }, title, list)
  return {
    card,
    update({ findings, observations: { exchanges } }: DriftPage) {
      card.hidden = !exchanges
      set(title, `Drift (${exchanges} proxied)`)
      fill(list, `${exchanges}`, () =>
        findings.map((f) =>
          el(
            'li',
            {},
            mono(`${f.kind} ${f.place} ×${f.count}`),
            sub(`service ${JSON.stringify(f.service)}, genmock ${JSON.stringify(f.genmock)}`),
          ),
        ),
      )
    },
  }
}
