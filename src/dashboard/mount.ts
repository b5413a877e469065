// The dashboard mounted into an element: every card and panel, refreshed while the page is visible.
import { accountsCard } from './accounts-card.js'
import { actions, type Ui } from './actions.js'
import type {
  AccountList,
  ClockAnswer,
  CoverageAnswer,
  DriftPage,
  FindingPage,
  JournalPage,
  ScenarioList,
  StateAnswer,
  TaskDetail,
  TaskList,
} from './answers.js'
import { type ControlApi, controlApi, enc } from './api.js'
import { el } from './dom.js'
import { coverageCard } from './coverage-card.js'
import { driftCard } from './drift-card.js'
import { findingsCard } from './findings-card.js'
import { journalCard } from './journal-card.js'
import { lockedView, opener, type Team } from './opener.js'
import { detailPanel } from './panel.js'
import { tasksCard } from './tasks-card.js'
import { toolbar } from './toolbar.js'

/**
 * The live dashboard (docs/dashboard.md): tasks on their timelines with a
 * detail panel, the clocks, balances and ledgers, the scenario in force, the request journal with
 * bodies and copy-as-curl, the conformance findings, the outcome coverage, the drift from the service
 * (with --proxy); and buttons for what the control API does. Opened with a team's key (`#key=`), the
 * team's own part of it; on a locked genmock without a credential it says how to open it (opener.ts).
 * The page's script and the browser door both run it (code.ts). It refreshes every second unless
 * paused, and at once after an action; the returned function stops it and removes it.
 * @example
 * const stop = mountDashboard(document.getElementById('genmock')!, DASHBOARD_CSS)
 * stop() // stops refreshing and removes the dashboard
 */
export function mountDashboard(root: HTMLElement, css?: string): () => void {
  const api = controlApi(location.hash)
  const style = css ? el('style', {}, css) : undefined
  const rootNode = root.getRootNode()
  if (style) (rootNode instanceof ShadowRoot ? rootNode : document.head).append(style)
  let stop: (() => void) | undefined
  let stopped = false
  let retry: ReturnType<typeof setTimeout> | undefined
  // Who the page is decides what it shows; until genmock answers, it is asked again every second.
  const waiting = el('div', { class: 'gm out' }, 'connecting…')
  root.append(waiting)
  const open = () =>
    void opener(api).then(
      (who) => {
        if (stopped) return
        waiting.remove()
        if (who.kind !== 'locked') return void (stop = mountLive(root, api, who.kind === 'team' ? who.team : undefined))
        const view = lockedView(who.refused)
        root.append(view)
        stop = () => view.remove()
      },
      (error: Error) => {
        if (stopped) return
        waiting.textContent = `offline: ${error.message}`
        retry = setTimeout(open, 1000)
      },
    )
  open()
  return () => {
    stopped = true
    clearTimeout(retry)
    waiting.remove()
    stop?.()
    style?.remove()
  }
}

/** The dashboard itself, for the admin or for `team` (its own account, no server-wide control). */
function mountLive(root: HTMLElement, api: ControlApi, team: Team | undefined): () => void {
  // Inside a shadow root (the worker door's devtools) the document's activeElement is the host.
  const focused = () => (root.getRootNode() as Document | ShadowRoot).activeElement
  const { out, act } = actions(() => void refresh(true))
  const ui: Ui = { ...api, act, team, refresh: (forced) => void refresh(forced) }
  const bar = toolbar(ui, focused)
  const details = detailPanel(ui, focused)
  const tasks = tasksCard(ui, details.openTask)
  const accounts = accountsCard(ui)
  const findings = findingsCard()
  const coverage = coverageCard()
  // The drift is the admin's: a team's page neither reads nor shows it.
  const drift = team ? undefined : driftCard()
  const journal = journalCard(ui, details.openRequest)
  const left = [tasks.card, journal.card]
  const right = [accounts.card, findings.card, coverage.card, ...(drift ? [drift.card] : [])]
  const container = layout(bar.head, out, left, right, details.panel)
  root.append(container)

  let stopped = false
  let generation = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  async function refresh(forced = false): Promise<void> {
    if (stopped || (bar.paused() && !forced)) return
    const mine = ++generation
    try {
      // A task that is gone (a reset, an eviction) says so in its panel; the rest goes on.
      const open = details.task()
      const [clock, taskList, accountList, scenarios, requests, found, met, drifted, detail, kept] = await readAnswers(
        ui.read,
        tasks.path(),
        journal.path(),
        open,
        drift !== undefined,
      )
      const accountDetails = await accounts.load(accountList, forced)
      if (stopped || mine !== generation) return
      accounts.update(accountList, accountDetails)
      bar.update(clock, scenarios, kept, accounts.opened())
      const nowMs = Date.parse(clock.now)
      // A task on an account's own clock counts down on that clock.
      const listed = tasks.update(taskList, (accountId) => accounts.ownNow(accountId) ?? nowMs)
      ui.releaseMedia((taskId) => listed.has(taskId) || details.task() === taskId)
      journal.update(requests, accountList.accounts)
      findings.update(found)
      coverage.update(met)
      if (drifted) drift?.update(drifted)
      if (open && detail !== undefined) details.update(open, detail)
      bar.status()
    } catch (error) {
      if (stopped || mine !== generation) return
      bar.status(error as Error)
    }
  }
  const loop = () => {
    void refresh().finally(() => {
      if (!stopped) timer = setTimeout(loop, 1000)
    })
  }
  loop()

  return () => {
    stopped = true
    clearTimeout(timer)
    ui.releaseMedia()
    container.remove()
  }
}

/**
 * Every answer one refresh shows, read together, in this order; the open task's detail null once it is gone,
 * the drift only when `withDrift`.
 */
function readAnswers(
  read: Ui['read'],
  tasksPath: string,
  journalPath: string,
  open: string | undefined,
  withDrift: boolean,
) {
  return Promise.all([
    read<ClockAnswer>('/__mock/clock'),
    read<TaskList>(tasksPath),
    read<AccountList>('/__mock/accounts'),
    read<ScenarioList>('/__mock/scenarios'),
    read<JournalPage>(journalPath),
    read<FindingPage>('/__mock/conformance'),
    read<CoverageAnswer>('/__mock/coverage'),
    withDrift ? read<DriftPage>('/__mock/drift') : undefined,
    open
      ? read<TaskDetail>(`/__mock/tasks/${enc(open)}`).catch((error: Error) =>
          /: 404 /.test(error.message) ? null : Promise.reject(error),
        )
      : undefined,
    read<StateAnswer>('/__mock/state/status'),
  ])
}

/** The page's layout: the header and messages, two columns of cards, the detail panel. */
function layout(head: HTMLElement, out: HTMLElement, left: HTMLElement[], right: HTMLElement[], panel: HTMLElement) {
  // Tasks and requests side by side with the state (docs/dashboard.md): at 1280×800 the
  // journal starts within the first screen, however many tasks there are.
  const columns = el(
    'div',
    { class: 'grid' },
    el('div', { class: 'col' }, ...left),
    el('div', { class: 'col' }, ...right),
  )
  return el('div', { class: 'gm' }, head, out, columns, panel)
}
