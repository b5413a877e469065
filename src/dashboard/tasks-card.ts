// The dashboard's tasks card: tasks with their status and timeline, filtered and paged, updated in place.
import type { Ui } from './actions.js'
import type { TaskList, TaskView } from './answers.js'
import { attr, button, chip, dur, el, fill, place, STATUS, select, set, sub, thead, time } from './dom.js'
import { mediaBox } from './media-box.js'
import { pager, shownOf } from './pager.js'

/**
 * A row's cells: id (with account, type and prompt), model (with provider, price and scenario),
 * status, timeline, output.
 */
type Cells = [HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement]
interface TaskRow {
  tr: HTMLElement
  cells: Cells
}

/** When a task changes next, or how long it took. */
function nextOf(t: TaskView, nowMs: number): string {
  if (t.status !== 0) return `ended after ${dur(Date.parse(t.updatedAt) - Date.parse(t.createdAt))}`
  const parts = [
    t.nextChangeAt ? `in ${dur(Date.parse(t.nextChangeAt) - nowMs)}` : '',
    t.nextChangeAtPoll ? `at poll ${t.nextChangeAtPoll}` : '',
  ].filter(Boolean)
  return parts.length ? `next ${parts.join(' or ')}` : 'no change scheduled'
}

/**
 * The tasks card: the newest tasks on their timelines, keyed by id, filtered by status; a task's
 * id opens its panel.
 * @example
 * const tasks = tasksCard(ui, (id) => panel.openTask(id))
 * tasks.update(await ui.read(tasks.path()), () => nowMs)
 */
export function tasksCard(ui: Ui, openTask: (taskId: string) => void) {
  const body = el('tbody')
  const total = el('small')
  const empty = el('div', { class: 'empty' }, 'No tasks yet.')
  const filter = select(
    { 'aria-label': 'task status', 'data-testid': 'task-filter' },
    el('option', { value: '' }, 'all'),
    ...STATUS.map((s, i) => el('option', { value: String(i) }, s)),
  )
  const pages = pager(ui, 'tasks-newer', 'tasks-older')
  filter.onchange = () => {
    pages.reset()
    ui.refresh(true)
  }
  const rows = new Map<string, TaskRow>()

  const render = (t: TaskView, nowMs: number): HTMLElement => {
    let row = rows.get(t.taskId)
    if (!row) {
      const cells = Array.from({ length: 5 }, () => el('td')) as Cells
      row = { tr: el('tr', { 'data-testid': 'task-row', 'data-task-id': t.taskId }, ...cells), cells }
      rows.set(t.taskId, row)
    }
    fillRow(ui, row, t, nowMs, openTask)
    return row.tr
  }

  const card = el(
    'section',
    { class: 'card' },
    el('h2', {}, 'Tasks', total, pages.controls, filter),
    el('div', { class: 'scroll box' }, el('table', {}, thead('Task', 'Model', 'Status', 'Timeline', 'Output'), body)),
    empty,
  )

  return {
    card,
    /** The listing's path, with the status filter and the page shown. */
    path() {
      const query = new URLSearchParams({ limit: '50' })
      if (filter.value) query.set('status', filter.value)
      pages.apply(query)
      return `/__mock/tasks?${query}`
    },
    /** Shows `tasks`, each counting down on its account's clock (`nowOf`). */
    update(tasks: TaskList, nowOf: (accountId: string) => number) {
      const listed = new Set(tasks.tasks.map((t) => t.taskId))
      for (const id of rows.keys()) if (!listed.has(id)) rows.delete(id)
      place(
        body,
        tasks.tasks.map((t) => render(t, nowOf(t.accountId))),
      )
      pages.update(tasks.nextCursor)
      set(total, shownOf(pages.page, tasks.tasks.length, tasks.total))
      empty.hidden = tasks.total > 0
      return listed
    },
  }
}

/** A task's row, its cells filled in again where what they show changed. */
function fillRow(ui: Ui, row: TaskRow, t: TaskView, nowMs: number, openTask: (taskId: string) => void): void {
  const [id, model, status, timeline, output] = row.cells
  attr(row.tr, 'data-status', String(t.status))
  const next = nextOf(t, nowMs)
  fill(id, t.taskId, () => [
    button(t.taskId, () => openTask(t.taskId), { class: 'link mono', 'data-testid': 'open-task', title: 'Details' }),
    sub(`${t.accountId} · ${t.type} · ${t.prompt}`),
  ])
  fill(model, `${t.model}|${t.provider}|${t.scenario}`, () => [
    el('span', {}, t.model),
    sub(`${t.provider} · ${t.creditsUsed} cr · ${t.scenario}`),
  ])
  fill(timeline, `${t.createdAt}|${next}|${t.polls}`, () => [
    el('span', {}, `created ${time(t.createdAt)}`),
    sub(`${next} · ${t.polls} poll${t.polls === 1 ? '' : 's'}`),
  ])
  fill(status, [t.status, t.relayStatus, t.errorCode, t.creditRefunded, t.submissionUncertain].join('|'), () => [
    chip(t.status),
    ...(t.creditRefunded ? [el('span', { class: 'tag' }, 'refunded')] : []),
    ...(t.submissionUncertain ? [el('span', { class: 'tag' }, 'uncertain')] : []),
    ...(t.relayStatus ? [sub(`relay: ${t.relayStatus}`)] : []),
    ...(t.status === 2 && t.errorCode ? [el('span', { class: 'sub mono code' }, t.errorCode)] : []),
  ])
  fill(output, JSON.stringify([t.status, t.outputImageUrls, t.outputVideoUrl]), () => [mediaBox(ui, t, 4)])
}
