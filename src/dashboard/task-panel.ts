// The dashboard's task panel: one task's timeline (past and coming), ledger, requests, media and transitions.
import { ledgerItem } from './accounts-card.js'
import type { Ui } from './actions.js'
import type { ComingChange, JournalEntry, PastChange, TaskDetail, TaskView } from './answers.js'
import { enc } from './api.js'
import { button, chip, el, input, type Kid, mono, pre, STATUS, section, sub, time } from './dom.js'
import { mediaBox } from './media-box.js'

/** One step of a task's timeline: a past change (with its cause) or one still scheduled. */
function step(s: PastChange | ComingChange, past: boolean): HTMLElement {
  // Either kind, read as one: the fields one has and the other lacks are undefined there.
  const c = s as Partial<PastChange & { poll: number; refund: true }>
  const what = [
    c.status !== undefined ? STATUS[c.status] : '',
    c.relayStatus ? `relay ${c.relayStatus}` : '',
    c.errorCode ?? '',
    c.refund || c.refunded ? 'refund' : '',
  ]
    .filter(Boolean)
    .join(' · ')
  return el(
    'li',
    { class: past ? '' : 'later', 'data-testid': past ? 'history-step' : 'scheduled-step' },
    el('span', {}, c.at ? time(c.at) : `poll ${c.poll}`),
    el('span', {}, what || 'change'),
    sub(past ? (c.by ?? '') : 'scheduled'),
  )
}

/** Fields the panel's header line already shows, or that are the simulator's, not the snapshot's. */
const NOT_SNAPSHOT = new Set(['accountId', 'provider', 'scenario', 'polls', 'nextChangeAt', 'nextChangeAtPoll'])

/**
 * The task panel's content: the task's state, buttons that complete, fail or expire it while
 * it is pending, its timeline past and scheduled, its outputs, snapshot, ledger and requests.
 * @example
 * const taskView = taskPanel(ui, openRequest)
 * body.replaceChildren(...taskView(await ui.read(`/__mock/tasks/${id}`)))
 */
export function taskPanel(ui: Ui, openRequest: (r: JournalEntry) => void): (d: TaskDetail) => Kid[] {
  const { call, act } = ui
  // Kept across rebuilds of the panel, so that a change of the task does not wipe what was typed.
  const code = input({ value: 'UPSTREAM_FAILED', 'aria-label': 'error code', 'data-testid': 'fail-code' })
  const refund = input({ type: 'checkbox', checked: '', 'aria-label': 'refund', 'data-testid': 'fail-refund' })

  const actions = (t: TaskView) => {
    const move = (label: string, change: () => object, testid: string) =>
      button(
        label,
        act(
          `${label} ${t.taskId}`,
          () => call<TaskView>('POST', `/__mock/tasks/${enc(t.taskId)}/transition`, change()),
          (v) => STATUS[v.status] ?? '',
        ),
        { 'data-testid': testid },
      )
    const relay = t.provider === 'relay'
    const expire = () => ({
      status: 2,
      relayStatus: 'expired',
      errorCode: 'RELAY_TASK_EXPIRED',
      errorMessage: 'The relay task expired before it finished.',
      refund: false,
    })
    return el(
      'div',
      { class: 'grp' },
      move('complete', () => ({ status: 1, ...(relay ? { relayStatus: 'succeeded' } : {}) }), 'complete-task'),
      move(
        'fail',
        () => ({
          status: 2,
          errorCode: code.value || 'UPSTREAM_FAILED',
          errorMessage: 'Failed from the dashboard.',
          refund: refund.checked,
        }),
        'fail-task',
      ),
      code,
      el('label', {}, refund, 'refund'),
      ...(relay ? [move('expire', expire, 'expire-task')] : []),
    )
  }

  return (d) => {
    const t = d.task
    const snapshot = Object.fromEntries(Object.entries(t).filter(([k]) => !NOT_SNAPSHOT.has(k)))
    return [
      el('p', {}, chip(t.status), ` ${t.type} · ${t.model} · ${t.accountId} · ${t.scenario}`),
      ...(t.status === 0 ? [actions(t)] : []),
      section(
        'Timeline',
        el('ul', { class: 'steps' }, ...d.history.map((s) => step(s, true)), ...d.scheduled.map((s) => step(s, false))),
      ),
      mediaBox(ui, t, 8),
      section('Snapshot', pre(snapshot)),
      section('Ledger', el('ul', {}, ...d.ledger.map(ledgerItem))),
      section(
        'Requests',
        d.requests.length
          ? el(
              'ul',
              { class: 'reqs' },
              ...d.requests.map((r) =>
                el(
                  'li',
                  {},
                  button(`#${r.seq}`, () => openRequest(r), { class: 'link' }),
                  mono(`${time(r.at)} ${r.method} ${r.path} → ${r.status}`),
                ),
              ),
            )
          : sub('none'),
      ),
    ]
  }
}
