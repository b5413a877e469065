/**
 * The live dashboard (PRODUCT §6, `GET /__mock/`): tasks on their timelines, the clock, balances
 * and ledgers, the scenario in force and the request journal, refreshed every second from the
 * control API and right after each of its own actions.
 *
 * SELF-CONTAINED on purpose: page.ts serialises it with toString() into the page the server
 * serves, and the browser door calls it directly, so both doors run this one implementation.
 * Its body must therefore use no import and no module-level name; types are fine (erased).
 * Text is only ever inserted with textContent, never as HTML. Rows are keyed and updated in
 * place, so an image or a playing video is not reloaded while its src stays the same.
 * @example
 * const stop = mountDashboard(document.getElementById('genmock')!, DASHBOARD_CSS)
 * stop() // stops refreshing and removes the dashboard
 */
export function mountDashboard(root: HTMLElement, css?: string): () => void {
  type Json = any
  type Attrs = Record<string, string>
  const doc = root.ownerDocument
  const el = (tag: string, attrs: Attrs = {}, ...kids: (Node | string)[]): HTMLElement => {
    const node = doc.createElement(tag)
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v)
    node.append(...kids)
    return node
  }
  const set = (node: Element, text: string) => {
    if (node.textContent !== text) node.textContent = text
  }
  const attr = (node: Element, name: string, value: string) => {
    if (node.getAttribute(name) !== value) node.setAttribute(name, value)
  }
  const safeUrl = (u: unknown) => (typeof u === 'string' && /^(https?:|\/)/i.test(u) ? u : '')
  const dur = (ms: number) => {
    const s = Math.max(0, Math.round(ms / 1000))
    if (s < 60) return `${s} s`
    if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`
    if (s < 86400) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`
    return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`
  }
  const time = (at: number | string) => new Date(at).toISOString().slice(11, 19)
  /** Puts `nodes` in `parent` in this order, moving a node only when it is out of place. */
  const place = (parent: Element, nodes: Element[]) => {
    nodes.forEach((node, i) => {
      const here = parent.children[i]
      if (here !== node) parent.insertBefore(node, here ?? null)
    })
    while (parent.children.length > nodes.length) parent.lastElementChild!.remove()
  }

  const style = css ? el('style', {}, css) : undefined
  if (style) doc.head.append(style)

  // Header: clock, its controls, the scenario chooser, the connection state.
  const now = el('span', { class: 'now', 'data-testid': 'clock-now' }, '…')
  const mode = el('span', { class: 'mode', 'data-testid': 'clock-mode' })
  const button = (testid: string, label: string, title: string) => el('button', { type: 'button', 'data-testid': testid, title }, label) as HTMLButtonElement
  const adv10 = button('advance-10s', '+10 s', 'Advance the clock 10 seconds')
  const adv1m = button('advance-1m', '+1 min', 'Advance the clock 1 minute')
  const adv1h = button('advance-1h', '+1 h', 'Advance the clock 1 hour')
  const toggle = button('mode-toggle', 'real', 'Switch between manual and real time')
  const speed = el('input', { type: 'number', min: '0', step: 'any', 'data-testid': 'speed', title: 'Simulated seconds per wall-clock second', 'aria-label': 'speed' }) as HTMLInputElement
  const speedApply = button('speed-apply', 'set', 'Apply the speed')
  const select = el('select', { 'data-testid': 'scenario-select', 'aria-label': 'default scenario' }) as HTMLSelectElement
  const desc = el('span', { class: 'desc' })
  const state = el('span', { class: 'state' }, 'connecting…')
  const head = el('header', { class: 'head' },
    el('h1', {}, 'genmock'),
    el('div', { class: 'grp' }, el('span', { class: 'lbl' }, 'now'), now, mode, adv10, adv1m, adv1h, toggle, el('span', { class: 'lbl' }, 'speed'), speed, speedApply),
    state,
    el('div', { class: 'grp scn' }, el('span', { class: 'lbl' }, 'scenario'), select, desc))

  const header = (...names: string[]) => el('thead', {}, el('tr', {}, ...names.map((n) => el('th', {}, n))))
  const taskBody = el('tbody')
  const taskTotal = el('small')
  const taskEmpty = el('div', { class: 'empty' }, 'No tasks yet.')
  const accountList = el('div')
  const journalBody = el('tbody')
  const journalTotal = el('small')
  const journalEmpty = el('div', { class: 'empty' }, 'No requests yet.')
  const container = el('div', { class: 'gm' }, head,
    el('div', { class: 'grid' },
      el('section', { class: 'card' }, el('h2', {}, 'Tasks', taskTotal),
        el('div', { class: 'scroll' }, el('table', {}, header('Task', 'Account', 'Model', 'Scenario', 'Status', 'Timeline', 'Output'), taskBody)), taskEmpty),
      el('section', { class: 'card' }, el('h2', {}, 'Accounts'), accountList),
      el('section', { class: 'card wide' }, el('h2', {}, 'Requests', journalTotal),
        el('div', { class: 'scroll' }, el('table', { class: 'jr' }, header('#', 'At', 'Method', 'Path', 'Status', 'Account', 'Scenario', 'Task', 'ms', 'Notes'), journalBody)), journalEmpty)))
  root.append(container)

  // Tasks, keyed by id; each row keeps its cells and the media it shows.
  type TaskRow = { tr: HTMLElement; cells: HTMLElement[]; media: string }
  const taskRows = new Map<string, TaskRow>()
  const STATUS = ['pending', 'completed', 'failed']
  const renderTask = (t: Json, nowMs: number): HTMLElement => {
    let row = taskRows.get(t.taskId)
    if (!row) {
      const cells = Array.from({ length: 7 }, () => el('td'))
      row = { tr: el('tr', { 'data-testid': 'task-row', 'data-task-id': t.taskId }, ...cells), cells, media: '' }
      taskRows.set(t.taskId, row)
    }
    const [id, account, model, scenario, status, timeline, media] = row.cells as [HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement]
    attr(row.tr, 'data-status', String(t.status))
    const relay = t.provider === 'relay'
    const age = nowMs - Date.parse(t.createdAt)
    let next = ''
    if (t.status === 0) {
      const parts = []
      if (t.nextChangeAt) parts.push(`in ${dur(Date.parse(t.nextChangeAt) - nowMs)}`)
      if (t.nextChangeAtPoll) parts.push(`at poll ${t.nextChangeAtPoll}`)
      next = parts.length ? `next ${parts.join(' or ')}` : 'no change scheduled'
    } else next = `ended after ${dur(Date.parse(t.updatedAt) - Date.parse(t.createdAt))}`
    const lines: [HTMLElement, string[], string][] = [
      [id, [t.taskId, `${t.type} · ${t.prompt}`], 'mono'],
      [account, [t.accountId], 'mono'],
      [model, [t.model, `${t.provider} · ${t.creditsUsed} cr`], ''],
      [scenario, [t.scenario], ''],
      [timeline, [`age ${dur(age)}`, `${next} · ${t.polls} poll${t.polls === 1 ? '' : 's'}`], ''],
    ]
    for (const [cell, [first, second], cls] of lines) {
      const key = `${first}\n${second ?? ''}`
      if (cell.dataset.k === key) continue
      cell.dataset.k = key
      cell.replaceChildren(el('span', { class: `nw ${cls}` }, first!), ...(second ? [el('span', { class: 'sub clip', title: second }, second)] : []))
    }
    const statusKey = [t.status, t.relayStatus, t.errorCode, t.creditRefunded, t.submissionUncertain].join('|')
    if (status.dataset.k !== statusKey) {
      status.dataset.k = statusKey
      status.replaceChildren(el('span', { class: `st s${t.status}` }, STATUS[t.status] ?? String(t.status)))
      if (t.creditRefunded) status.append(el('span', { class: 'tag' }, 'refunded'))
      if (t.submissionUncertain) status.append(el('span', { class: 'tag' }, 'uncertain'))
      if (t.relayStatus) status.append(el('span', { class: 'sub' }, `relay: ${t.relayStatus}`))
      if (t.status === 2 && t.errorCode) status.append(el('span', { class: 'sub mono code', title: t.errorMessage ?? '' }, t.errorCode))
    }
    const images: string[] = t.status === 1 && Array.isArray(t.outputImageUrls) ? t.outputImageUrls.map(safeUrl).filter(Boolean) : []
    const video = t.status === 1 ? safeUrl(t.outputVideoUrl) : ''
    const mediaKey = JSON.stringify([relay, images, video])
    if (row.media !== mediaKey) {
      row.media = mediaKey
      const box = el('div', { class: 'media' })
      if (relay && (images.length || video)) box.append(el('span', { class: 'ph', title: 'Relay media need the owner\u2019s bearer token' }, 'relay media: owner only'))
      else {
        images.slice(0, 4).forEach((src, i) => box.append(el('a', { href: src, target: '_blank', rel: 'noopener' }, el('img', { src, alt: `output ${i + 1}`, loading: 'lazy', ...(i === 0 ? { 'data-testid': 'thumbnail' } : {}) }))))
        if (images.length > 4) box.append(el('span', { class: 'sub' }, `+${images.length - 4}`))
        if (video) box.append(el('video', { 'data-testid': 'video', src: video, controls: '', preload: 'metadata', muted: '', playsinline: '' }))
      }
      media.replaceChildren(box)
    }
    return row.tr
  }

  // Accounts, keyed by id, with their ledgers newest first.
  type AccountRow = { div: HTMLElement; name: HTMLElement; credits: HTMLElement; ledger: HTMLElement; key: string }
  const accountRows = new Map<string, AccountRow>()
  const renderAccount = (a: Json): HTMLElement => {
    let row = accountRows.get(a.id)
    if (!row) {
      const name = el('strong')
      const credits = el('span', { class: 'cr', 'data-testid': 'credits', title: 'credits' })
      const ledger = el('ul')
      row = { div: el('div', { class: 'acct', 'data-testid': 'account-row', 'data-account-id': a.id }, el('div', {}, name, el('span', { class: 'sub mono' }, a.id), credits), ledger), name, credits, ledger, key: '' }
      accountRows.set(a.id, row)
    }
    set(row.name, a.name ?? a.id)
    attr(row.name, 'title', a.name ?? a.id)
    set(row.credits, String(a.credits))
    const entries: Json[] = Array.isArray(a.ledger) ? a.ledger.slice(-50).reverse() : []
    const key = `${a.ledger?.length}|${entries[0]?.at}|${entries[0]?.balanceAfter}`
    if (row.key !== key) {
      row.key = key
      row.ledger.replaceChildren(...entries.map((e) => {
        const amount = Number(e.amount)
        return el('li', { 'data-testid': 'ledger-entry', 'data-kind': String(e.kind), title: `${e.taskId ? `${e.taskId} · ` : ''}balance after: ${e.balanceAfter}` },
          el('span', {}, time(e.at)), el('span', {}, String(e.kind)),
          el('span', { class: `amt ${amount > 0 ? 'pos' : amount < 0 ? 'neg' : ''}` }, amount > 0 ? `+${amount}` : amount < 0 ? `\u2212${-amount}` : '0'),
          el('span', { class: 'mono clip' }, e.taskId ?? ''))
      }))
    }
    return row.div
  }

  // The journal: entries never change, so each row is built once.
  const journalRows = new Map<string, HTMLElement>()
  const renderRequest = (r: Json): HTMLElement => {
    const k = `${r.seq}|${r.at}|${r.method}|${r.path}`
    let tr = journalRows.get(k)
    if (tr) return tr
    const warnings: string[] = Array.isArray(r.conformance) ? r.conformance : []
    const notes = [r.dropped ? 'dropped' : '', r.replayed ? 'replayed' : '', r.idempotencyKey ? `key ${r.idempotencyKey}` : ''].filter(Boolean).join(' · ')
    const td = (text: string, cls = '') => el('td', { class: `nw ${cls}` }, text)
    const path = `${r.path}${r.query ? (String(r.query).startsWith('?') ? '' : '?') + r.query : ''}`
    tr = el('tr', { 'data-testid': 'journal-row', ...(warnings.length ? { class: 'warn' } : {}) },
      td(String(r.seq), 'mute'), td(time(r.at), 'mono'), td(r.method, 'mono'), td(path, 'mono'),
      td(r.dropped ? 'dropped' : String(r.status), `mono h${String(r.status).charAt(0)}`),
      td(r.accountId ?? '', 'mono'), td(r.scenario ?? ''), td(r.taskId ?? '', 'mono'), td(String(Math.round(r.durationMs)), 'mono'),
      el('td', { class: 'notes' }, notes ? el('span', { class: 'sub' }, notes) : '', ...warnings.map((w) => el('span', { class: 'w', title: w }, `\u26a0 ${w}`))))
    journalRows.set(k, tr)
    return tr
  }

  // Refreshing: every second, and at once after an action; a stale answer is dropped.
  let stopped = false
  let generation = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let clockMode = 'manual'
  // With --admin-token, open the page as /__mock/#token=T: the fragment never leaves the browser.
  const token = /(?:^#|&)token=([^&]+)/.exec(doc.defaultView?.location.hash ?? '')?.[1]
  const auth: Attrs = token ? { authorization: `Bearer ${decodeURIComponent(token)}` } : {}
  const call = async (path: string, method = 'GET', body?: unknown): Promise<Json> => {
    const headers: Attrs = body === undefined ? auth : { ...auth, 'content-type': 'application/json' }
    const res = await fetch(path, { method, cache: 'no-store', headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
    const data = await res.json().catch(() => ({}))
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${data.details?.issues?.[0]?.message ?? data.error ?? ''}`)
    return data
  }
  const refresh = async () => {
    const mine = ++generation
    try {
      const [clock, tasks, accounts, scenarios, requests] = await Promise.all([
        call('/__mock/clock'), call('/__mock/tasks?limit=50'), call('/__mock/accounts'), call('/__mock/scenarios'), call('/__mock/requests?limit=30'),
      ])
      const details: Json[] = await Promise.all(accounts.accounts.map((a: Json) => call(`/__mock/accounts/${encodeURIComponent(a.id)}`)))
      if (stopped || mine !== generation) return
      const nowMs = Date.parse(clock.now)
      set(now, clock.now)
      clockMode = clock.mode
      set(mode, clock.mode)
      set(toggle, clock.mode === 'manual' ? 'switch to real' : 'switch to manual')
      if (doc.activeElement !== speed) speed.value = String(clock.speed)
      const names: string[] = scenarios.scenarios.map((s: Json) => s.name)
      if ([...select.options].map((o) => o.value).join('\n') !== names.join('\n')) {
        select.replaceChildren(...scenarios.scenarios.map((s: Json) => el('option', { value: s.name, title: s.description ?? '' }, s.name)))
      }
      select.value = scenarios.default
      const about = scenarios.scenarios.find((s: Json) => s.name === scenarios.default)?.description ?? ''
      set(desc, about)
      attr(desc, 'title', about)
      const shown = new Set(tasks.tasks.map((t: Json) => t.taskId))
      for (const id of taskRows.keys()) if (!shown.has(id)) taskRows.delete(id)
      place(taskBody, tasks.tasks.map((t: Json) => renderTask(t, nowMs)))
      set(taskTotal, tasks.total > tasks.tasks.length ? `newest ${tasks.tasks.length} of ${tasks.total}` : String(tasks.total))
      taskEmpty.hidden = tasks.total > 0
      place(accountList, details.map(renderAccount))
      const journal = requests.requests.map(renderRequest)
      for (const [k, tr] of journalRows) if (!journal.includes(tr)) journalRows.delete(k)
      place(journalBody, journal)
      set(journalTotal, requests.total > journal.length ? `newest ${journal.length} of ${requests.total}` : String(requests.total))
      journalEmpty.hidden = requests.total > 0
      state.className = 'state'
      set(state, 'live')
    } catch (error) {
      if (stopped || mine !== generation) return
      state.className = 'state err'
      set(state, `offline: ${(error as Error).message}`)
    }
  }
  const loop = () => {
    void refresh().finally(() => {
      if (!stopped) timer = setTimeout(loop, 1000)
    })
  }
  const act = (run: () => Promise<unknown>) => () => {
    run().then(refresh, (error: Error) => {
      state.className = 'state err'
      set(state, error.message)
    })
  }
  adv10.onclick = act(() => call('/__mock/clock/advance', 'POST', { seconds: 10 }))
  adv1m.onclick = act(() => call('/__mock/clock/advance', 'POST', { seconds: 60 }))
  adv1h.onclick = act(() => call('/__mock/clock/advance', 'POST', { seconds: 3600 }))
  toggle.onclick = act(() => call('/__mock/clock', 'PUT', { mode: clockMode === 'manual' ? 'real' : 'manual' }))
  speedApply.onclick = act(() => call('/__mock/clock', 'PUT', { speed: Number(speed.value) }))
  speed.onkeydown = (event) => {
    if (event.key === 'Enter') speedApply.click()
  }
  select.onchange = act(() => call('/__mock/scenario', 'PUT', { name: select.value }))
  loop()

  return () => {
    stopped = true
    clearTimeout(timer)
    container.remove()
    style?.remove()
  }
}
