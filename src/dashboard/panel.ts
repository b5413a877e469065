// The dashboard's detail panel: a dialog for a task or a request, focus kept and given back.
import type { Ui } from './actions.js'
import type { JournalEntry, TaskDetail } from './answers.js'
import { button, el, fill, set } from './dom.js'
import { requestPanel } from './request-panel.js'
import { taskPanel } from './task-panel.js'

/**
 * The detail panel over the page, for a task or a request: a dialog that takes the focus, and
 * gives it back to what opened it when closed (close button or Escape). A task's panel follows
 * the task live; a request's never changes.
 * @example
 * const details = detailPanel(ui, focused)
 * details.openTask('tsk_…')
 */
export function detailPanel(ui: Ui, focused: () => Element | null) {
  const title = el('h2')
  const body = el('div', { class: 'body' })
  const close = button('close', () => hide(), { 'data-testid': 'close-panel', 'aria-label': 'Close the details' })
  const panel = el(
    'aside',
    { class: 'panel', 'data-testid': 'panel', role: 'dialog', 'aria-label': 'details', tabindex: '-1', hidden: '' },
    el('div', { class: 'top' }, title, close),
    body,
  )
  let shownTask: string | undefined
  let opener: Element | null = null
  const show = (task?: string) => {
    opener = focused()
    shownTask = task
    body.dataset.k = ''
    panel.hidden = false
    panel.focus()
  }
  const hide = () => {
    shownTask = undefined
    panel.hidden = true
    if (opener instanceof HTMLElement) opener.focus()
  }
  panel.onkeydown = (event) => event.key === 'Escape' && hide()

  const openTask = (taskId: string) => {
    show(taskId)
    ui.refresh(true)
  }
  const openRequest = (r: JournalEntry) => {
    show()
    set(title, `${r.method} ${r.path} → ${r.dropped ? 'dropped' : r.status}`)
    body.replaceChildren(...requestPanel(r, openTask))
  }
  const taskView = taskPanel(ui, openRequest)

  return {
    panel,
    openTask,
    openRequest,
    /** The id of the task shown, if a task is. */
    task: () => shownTask,
    /** Shows the task `taskId`'s detail as read; `null` when it is gone (a reset, an eviction). */
    update(taskId: string, detail: TaskDetail | null) {
      if (shownTask !== taskId) return
      set(title, `Task ${taskId}`)
      if (detail) fill(body, JSON.stringify(detail), () => taskView(detail))
      else
        fill(body, 'gone', () => [
          el(
            'p',
            { 'data-testid': 'task-gone' },
            'This task is no longer kept: the simulator was reset, or it was evicted past the task limit.',
          ),
        ])
    },
  }
}
