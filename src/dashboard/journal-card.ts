// The dashboard's request journal card: the newest requests, filtered, paged, each opening its panel.
import type { Ui } from './actions.js'
import type { JournalEntry, JournalPage } from './answers.js'
import { button, el, fill, input, place, select, set, sub, thead, time } from './dom.js'
import { pager, shownOf } from './pager.js'

/** A journal row: its number opens the request's panel; notes and broken rules at the end. */
/** An account as the dashboard names it: its name and id, or its id alone when it has no name. */
const accountLabel = (id: string, name: string | undefined) => (name ? `${name} (${id})` : id)

function row(r: JournalEntry, openRequest: (r: JournalEntry) => void, names: Map<string, string>): HTMLElement {
  const warnings = r.conformance ?? []
  const notes = [
    r.dropped ? 'dropped' : '',
    r.replayed ? 'replayed' : '',
    r.idempotencyKey ? `key ${r.idempotencyKey}` : '',
    r.traceId ? `trace ${r.traceId}` : '',
  ]
    .filter(Boolean)
    .join(' · ')
  const td = (text: string, cls = '') => el('td', { class: cls }, text)
  return el(
    'tr',
    { 'data-testid': 'journal-row', ...(warnings.length ? { class: 'warn' } : {}) },
    el(
      'td',
      {},
      button(String(r.seq), () => openRequest(r), {
        class: 'link',
        'data-testid': 'open-request',
        title: 'Bodies and copy as curl',
      }),
    ),
    td(time(r.at), 'mono'),
    td(r.method, 'mono'),
    td(`${r.path}${r.query ?? ''}`, 'mono path'),
    td(r.dropped ? 'dropped' : String(r.status), `mono h${String(r.status).charAt(0)}`),
    td(r.accountId === undefined ? '' : accountLabel(r.accountId, names.get(r.accountId)), 'mono'),
    td(r.taskId ?? '', 'mono'),
    td(String(Math.round(r.durationMs)), 'mono'),
    el('td', {}, notes ? sub(notes) : '', ...warnings.map((w) => el('span', { class: 'w' }, `\u26a0 ${w}`))),
  )
}

/**
 * The requests card: the newest journal entries, filtered by account, status and path. Entries
 * never change, so each row is built once.
 * @example
 * const journal = journalCard(ui, (r) => panel.openRequest(r))
 * journal.update(await ui.read(journal.path()), accountList.accounts)
 */
export function journalCard(ui: Ui, openRequest: (r: JournalEntry) => void) {
  const body = el('tbody')
  const total = el('small')
  const empty = el('div', { class: 'empty' }, 'No requests yet.')
  const byAccount = select(
    { 'aria-label': 'account filter', 'data-testid': 'journal-account' },
    el('option', { value: '' }, 'any account'),
  )
  const byStatus = input({
    type: 'number',
    min: '100',
    max: '599',
    placeholder: 'status',
    'aria-label': 'status filter',
    'data-testid': 'journal-status',
  })
  const byPath = input({ placeholder: 'path, * for any', 'aria-label': 'path filter', 'data-testid': 'journal-path' })
  const byTrace = input({ placeholder: 'trace id', 'aria-label': 'trace filter', 'data-testid': 'journal-trace' })
  const pages = pager(ui, 'requests-newer', 'requests-older')
  for (const f of [byAccount, byStatus, byPath, byTrace])
    f.onchange = () => {
      pages.reset()
      ui.refresh(true)
    }
  const rows = new Map<string, HTMLElement>()

  const card = el(
    'section',
    { class: 'card' },
    el('h2', {}, 'Requests', total, pages.controls, byAccount, byStatus, byPath, byTrace),
    el(
      'div',
      { class: 'scroll' },
      el(
        'table',
        { class: 'jr' },
        thead('#', 'At', 'Method', 'Path', 'Status', 'Account', 'Task', 'ms', 'Notes'),
        body,
      ),
    ),
    empty,
  )

  return {
    card,
    /** The listing's path, with the filters. */
    path() {
      const query = new URLSearchParams({ limit: '50' })
      if (byAccount.value) query.set('account', byAccount.value)
      if (byStatus.value) query.set('status', byStatus.value)
      if (byPath.value) query.set('path', byPath.value)
      if (byTrace.value) query.set('traceId', byTrace.value.trim())
      pages.apply(query)
      return `/__mock/requests?${query}`
    },
    /** Shows `requests`, naming their accounts; the account filter offers `accounts` and keeps its choice. */
    update(requests: JournalPage, accounts: readonly { id: string; name: string }[]) {
      const chosen = byAccount.value
      const names = new Map(accounts.map(({ id, name }) => [id, name]))
      fill(byAccount, accounts.map(({ id, name }) => `${id} ${name}`).join('\n'), () => [
        el('option', { value: '' }, 'any account'),
        ...accounts.map(({ id, name }) => el('option', { value: id }, accountLabel(id, name))),
      ])
      byAccount.value = chosen
      const shown = requests.requests.map((r) => {
        const k = `${r.seq}|${r.at}|${r.method}|${r.path}`
        let tr = rows.get(k)
        if (!tr) rows.set(k, (tr = row(r, openRequest, names)))
        return tr
      })
      for (const [k, tr] of rows) if (!shown.includes(tr)) rows.delete(k)
      place(body, shown)
      pages.update(requests.nextCursor)
      set(total, shownOf(pages.page, shown.length, requests.total))
      empty.hidden = requests.total > 0
    },
  }
}
