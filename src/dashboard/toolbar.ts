// The dashboard's header: the server clock, the default scenario, the connection, pause and reset; for a
// team, the team and the server clock's time, with none of the admin's controls.
import { clockButtons, type Ui } from './actions.js'
import type { ClockAnswer, ResetAnswer, ScenarioChoice, ScenarioList, StateAnswer } from './answers.js'
import { attr, button, dur, el, fill, input, select, set, time } from './dom.js'
import type { Team } from './opener.js'

/**
 * The header: the server clock (advance, manual or real time, speed), the default scenario, the
 * connection state, pause and reset. A team's (ui.team) names the team and shows the clock and the
 * scenario without their controls, and no reset: those are the admin's (docs/sandbox.md).
 * @example
 * const bar = toolbar(ui, () => root.getRootNode().activeElement)
 * bar.update(clock, scenarios)
 */
export function toolbar(ui: Ui, focused: () => Element | null) {
  const { call, act } = ui
  const clock = clockGroup(ui, focused)
  const scenario = scenarioGroup(ui)
  const state = el('span', { class: 'state' }, 'connecting…')
  let paused = false
  const pause = button(
    'pause',
    () => {
      paused = !paused
      set(pause, paused ? 'resume' : 'pause')
      attr(pause, 'aria-pressed', String(paused))
      if (!paused) ui.refresh(true)
      else set(state, 'paused')
    },
    { 'data-testid': 'pause', 'aria-pressed': 'false', title: 'Pause or resume live updates' },
  )
  const reset = ui.team
    ? teamLabel(ui.team)
    : button(
        'reset',
        act(
          'reset',
          () => call<ResetAnswer>('POST', '/__mock/reset', {}),
          (r) => `back to the start, seed ${r.seed}`,
        ),
        { 'data-testid': 'reset', title: 'Fixture accounts and credits back; tasks, keys and the journal cleared' },
      )
  const head = el(
    'header',
    { class: 'head' },
    el('h1', {}, 'genmock'),
    clock.group,
    el('div', { class: 'grp end' }, state, pause, reset),
    scenario.group,
  )

  return {
    head,
    paused: () => paused,
    /** `opened`: when the accounts opened (the start or the last reset), simulated epoch ms. */
    update(answer: ClockAnswer, scenarios: ScenarioList, kept: StateAnswer, opened?: number) {
      clock.show(answer, opened)
      scenario.show(scenarios, kept)
    },
    /** `live`, `paused`, or why the last refresh failed. */
    status(error?: Error) {
      state.className = error ? 'state err' : 'state'
      set(state, error ? `offline: ${error.message}` : paused ? 'paused' : 'live')
    },
  }
}

/** Whose dashboard a team's is: its name and account id. */
const teamLabel = (team: Team) =>
  el(
    'span',
    { class: 'lbl', 'data-testid': 'team', 'data-account-id': team.accountId },
    `team ${team.name ? `${team.name} (${team.accountId})` : team.accountId}`,
  )

/** The server clock's group: its time, advance buttons, manual or real time, speed (the controls the admin's only). */
function clockGroup(ui: Ui, focused: () => Element | null) {
  const { call, act } = ui
  const now = el('span', { class: 'now', 'data-testid': 'clock-now' }, '…')
  const day = el('span', { class: 'lbl', 'data-testid': 'clock-time' })
  const mode = el('span', { class: 'mode', 'data-testid': 'clock-mode' })
  let clockMode = 'manual'
  const toggle = button(
    'real',
    act(
      'switch clock',
      () => call<ClockAnswer>('PUT', '/__mock/clock', { mode: clockMode === 'manual' ? 'real' : 'manual' }),
      (c) => `${c.mode} time`,
    ),
    { 'data-testid': 'mode-toggle' },
  )
  const speed = input({
    type: 'number',
    min: '0',
    step: 'any',
    'data-testid': 'speed',
    title: 'Simulated seconds per wall-clock second',
    'aria-label': 'speed',
  })
  const speedApply = button(
    'set',
    act(
      'set speed',
      () => call<ClockAnswer>('PUT', '/__mock/clock', { speed: Number(speed.value) }),
      (c) => `speed ${c.speed}`,
    ),
    { 'data-testid': 'speed-apply' },
  )
  speed.onkeydown = (event) => event.key === 'Enter' && speedApply.click()
  const controls = ui.team
    ? []
    : [...clockButtons(ui, '/__mock/clock/advance'), toggle, el('span', { class: 'lbl' }, 'speed'), speed, speedApply]
  const group = el('div', { class: 'grp' }, el('span', { class: 'lbl' }, 'now'), now, day, mode, ...controls)
  return {
    group,
    show(clock: ClockAnswer, opened: number | undefined) {
      // Simulated time since the start, as the tasks' timelines count; the instant on hover.
      const at = Date.parse(clock.now)
      set(now, opened === undefined ? time(at) : `+${dur(at - opened)}`)
      set(day, opened === undefined ? 'UTC' : `${time(at)} UTC`)
      attr(now, 'data-now', clock.now)
      attr(now, 'title', `${clock.now}, simulated`)
      clockMode = clock.mode
      set(mode, clock.mode)
      set(toggle, clock.mode === 'manual' ? 'switch to real' : 'switch to manual')
      if (focused() !== speed) speed.value = String(clock.speed)
    },
  }
}

/**
 * The default scenario's group: the choice (its name alone for a team), its description, and where the
 * state is kept.
 */
function scenarioGroup({ call, act, team }: Ui) {
  const scenario = team
    ? el('span', { class: 'mono', 'data-testid': 'scenario-default' })
    : select({ 'data-testid': 'scenario-select', 'aria-label': 'default scenario' })
  if (scenario instanceof HTMLSelectElement)
    scenario.onchange = act(
      'choose scenario',
      () => call<ScenarioChoice>('PUT', '/__mock/scenario', { name: scenario.value }),
      (s) => `default is ${s.default}`,
    )
  const desc = el('span', { class: 'desc' })
  // Where the state is kept on disk and when it was last saved; empty without --state.
  const kept = el('span', { class: 'lbl kept', 'data-testid': 'state-kept' })
  return {
    group: el('div', { class: 'grp scn' }, el('span', { class: 'lbl' }, 'scenario'), scenario, desc, kept),
    show(scenarios: ScenarioList, state: StateAnswer) {
      set(kept, state.kept ? `state ${state.dir}, ${savedWhen(state)}` : '')
      attr(kept, 'title', state.kept ? `--state-save ${state.strategy}` : '')
      if (scenario instanceof HTMLSelectElement) {
        fill(scenario, scenarios.scenarios.map((s) => s.name).join('\n'), () =>
          scenarios.scenarios.map((s) => el('option', { value: s.name, title: s.description ?? '' }, s.name)),
        )
        scenario.value = scenarios.default
      } else set(scenario, scenarios.default)
      set(desc, scenarios.scenarios.find((s) => s.name === scenarios.default)?.description ?? '')
    },
  }
}

/** When the state was last saved, as the toolbar says it. */
function savedWhen(state: Extract<StateAnswer, { kept: true }>): string {
  const at = state.lastSavedAt ? `saved ${new Date(state.lastSavedAt).toLocaleTimeString()}` : 'not saved yet'
  const failing = state.failing && `, cannot be saved (${state.failing.reason})`
  const refusing = state.failing?.refusing ? ': changes refused until it can' : ''
  return `${at}${state.unsaved ? ', changes since' : ''}${failing ? failing + refusing : ''}`
}
