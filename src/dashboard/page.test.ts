import { transformSync } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { dashboardPage } from './page.js'

/** The DOM contract the browser tests rely on: every data-testid and data-* attribute. */
const TEST_IDS = [
  'clock-now',
  'clock-mode',
  'advance-10s',
  'advance-1m',
  'advance-1h',
  'mode-toggle',
  'speed',
  'speed-apply',
  'scenario-select',
  'task-row',
  'thumbnail',
  'video',
  'account-row',
  'credits',
  'ledger-entry',
  'journal-row',
  'advance-next',
  'advance-idle',
  'pause',
  'reset',
  'action-result',
  'task-filter',
  'tasks-newer',
  'tasks-older',
  'requests-newer',
  'requests-older',
  'open-task',
  'panel',
  'close-panel',
  'complete-task',
  'fail-task',
  'fail-code',
  'fail-refund',
  'expire-task',
  'history-step',
  'scheduled-step',
  'topup',
  'topup-amount',
  'drain',
  'account-clock',
  'new-account-name',
  'new-account-credits',
  'new-account-own',
  'create-account',
  'journal-account',
  'journal-status',
  'journal-path',
  'open-request',
  'copy-curl',
  'finding',
  'coverage-outcome',
]
const DATA_ATTRIBUTES = ['data-task-id', 'data-status', 'data-account-id', 'data-kind', 'data-outcome', 'data-met']
// 25 KB until the listings paged (docs/control-api.md, Pages): their older and newer buttons are 0.7 KB; the
// coverage card (docs/conformance-and-coverage.md, Outcome coverage) ~0.4 KB, the drift card
// (docs/check-against-the-service.md)
//  ~0.6 KB. 29 KB since the first hour and the saved state (docs/dashboard.md): two columns,
// the clock since the start, the pager's buttons ~0.4 KB, and the refused keys' account marked
// from the accounts fixture ~0.7 KB. 29.5 KB since the journal's trace ids and their filter
// (docs/metrics-and-traces.md, Trace context) and the line that says when saves fail (docs/state.md,
// When a save fails) ~0.3 KB. 32 KB since a team's dashboard (docs/sandbox.md, A team's dashboard): who
// opened the page, the locked page with its two links, and the team's view without the admin's controls ~2 KB.
const BUDGET = 32 * 1024

const page = await dashboardPage()

describe('dashboardPage', () => {
  const script = /<script>([\s\S]*)<\/script>/.exec(page)?.[1] ?? ''
  const style = /<style>([\s\S]*)<\/style>/.exec(page)?.[1] ?? ''

  it('is one complete HTML document with its style and script inline', () => {
    expect(page.startsWith('<!doctype html>')).toBe(true)
    expect(page).toMatch(/<html lang="en">.*<head>.*<meta charset="utf-8">.*<\/head>.*<body>.*<\/body>\s*<\/html>\s*$/s)
    expect(page).toContain('<div id="genmock"></div>')
    expect(page.match(/<script\b/g)).toHaveLength(1)
    expect(page.match(/<style\b/g)).toHaveLength(1)
    expect(script).toContain("document.getElementById('genmock')")
  })

  it('loads nothing from elsewhere: no external URL, no src or href to another host', () => {
    expect(page).not.toMatch(/https?:\/\//i)
    expect(page).not.toMatch(/\/\/cdn/i)
    expect(page).not.toMatch(/(src|href)\s*=\s*["']?\/\//i)
    expect(style).not.toMatch(/@import|url\(/i)
  })

  it('carries every data-testid and data-* attribute of the DOM contract', () => {
    // Quoted, as a string of the script: 'speed' must be the test id, not a word of the page.
    for (const id of TEST_IDS) expect(page, id).toMatch(new RegExp(`['"]${id}['"]`))
    for (const name of DATA_ATTRIBUTES) expect(page, name).toContain(name)
  })

  it('has a script that parses, and that cannot close its script element early', () => {
    expect(() => new Function(script)).not.toThrow()
    expect(script).not.toMatch(/<\/script/i)
  })

  const served = 'as the package serves it, minified, and is built once'
  it(`stays under the size budget (${BUDGET} bytes) ${served}`, async () => {
    // A function, not the text: replace() would read `$'` and `$&` in the minified code as patterns.
    const built = page.replace(script, () => transformSync(script, { minify: true }).code)
    expect(new TextEncoder().encode(built).length).toBeLessThan(BUDGET)
    expect(await dashboardPage()).toBe(page)
  })
})
