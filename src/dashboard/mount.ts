/**
 * The live dashboard (PRODUCT §6, `GET /__mock/`): tasks on their timelines with a detail panel,
 * the clocks, balances and ledgers, the scenario in force, the request journal with bodies and
 * copy-as-curl, the conformance findings; and buttons for what the control API does.
 *
 * SELF-CONTAINED on purpose: page.ts serialises it with toString() into the page the server
 * serves, and the browser door calls it directly, so both doors run this one implementation.
 * Its body must therefore use no import and no module-level name; types are fine (erased).
 * Text is only ever inserted with textContent, never as HTML. Rows are keyed and updated in
 * place, so an image or a playing video is not reloaded while it stays the same.
 *
 * QUIET: every request it makes carries `Genmock-Dashboard: 1`, so none enters the journal, the
 * conformance findings or the request log, and it polls with If-None-Match, so a second with no
 * change costs a 304 per read. Media come from the control API's media route as blob: URLs.
 * @example
 * const stop = mountDashboard(document.getElementById('genmock')!, DASHBOARD_CSS)
 * stop() // stops refreshing and removes the dashboard
 */
export function mountDashboard(root: HTMLElement, css?: string): () => void {
  // biome-ignore lint/suspicious/noExplicitAny: the dashboard split (issue 21) types these
  type Json = any
  type Attrs = Record<string, string>
  type Kid = Node | string
  const doc = root.ownerDocument
  const win = doc.defaultView!
  // Inside a shadow root (the worker door's devtools) the document's activeElement is the host.
  const focused = () => (root.getRootNode() as Document | ShadowRoot).activeElement
  const el = (tag: string, attrs: Attrs = {}, ...kids: Kid[]): HTMLElement => {
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
  /** Replaces an element's content only when its key changed. */
  const fill = (node: HTMLElement, key: string, kids: () => Kid[]) => {
    if (node.dataset.k === key) return
    node.dataset.k = key
    node.replaceChildren(...kids())
  }
  const button = (label: string, run: () => void, attrs: Attrs = {}) => {
    const b = el('button', { type: 'button', ...attrs }, label) as HTMLButtonElement
    b.onclick = run
    return b
  }
  const input = (attrs: Attrs) => el('input', attrs) as HTMLInputElement
  const mono = (text: string) => el('span', { class: 'mono' }, text)
  const sub = (text: string) => el('span', { class: 'sub' }, text)
  const pre = (value: unknown) => el('pre', {}, typeof value === 'string' ? value : JSON.stringify(value, null, 2))
  const dur = (ms: number) => {
    const s = Math.max(0, Math.round(ms / 1000))
    if (s < 60) return `${s} s`
    if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`
    if (s < 86400) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`
    return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`
  }
  const time = (at: number | string) => new Date(at).toISOString().slice(11, 19)
  const STATUS = ['pending', 'completed', 'failed']
  const chip = (status: number) => el('span', { class: `st s${status}` }, STATUS[status] ?? String(status))
  const enc = encodeURIComponent
  /** Puts `nodes` in `parent` in this order, moving a node only when it is out of place. */
  const place = (parent: Element, nodes: Element[]) => {
    nodes.forEach((node, i) => {
      const here = parent.children[i]
      if (here !== node) parent.insertBefore(node, here ?? null)
    })
    while (parent.children.length > nodes.length) parent.lastElementChild!.remove()
  }

  // ---- the control API, quietly and conditionally ----
  // With --admin-token, open the page as /__mock/#token=T: the fragment never leaves the browser.
  const token = /(?:^#|&)token=([^&]+)/.exec(win.location.hash)?.[1]
  const base: Attrs = {
    'genmock-dashboard': '1',
    ...(token ? { authorization: `Bearer ${decodeURIComponent(token)}` } : {}),
  }
  /** Last answers by path, with their ETag: an unchanged read is a 304 and the same object. */
  const known = new Map<string, { tag: string; data: Json }>()
  const read = async (path: string): Promise<Json> => {
    const had = known.get(path)
    const res = await fetch(path, { cache: 'no-store', headers: had ? { ...base, 'if-none-match': had.tag } : base })
    if (res.status === 304 && had) return had.data
    const data = await res.json().catch(() => ({}))
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${data.details?.issues?.[0]?.message ?? data.error ?? ''}`)
    const tag = res.headers.get('etag')
    if (tag) known.set(path, { tag, data })
    return data
  }
  const call = async (method: string, path: string, body?: unknown): Promise<Json> => {
    const headers = body === undefined ? base : { ...base, 'content-type': 'application/json' }
    const res = await fetch(path, {
      method,
      cache: 'no-store',
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const data = await res.json().catch(() => ({}))
    const issue = data.details?.issues?.[0]
    if (!res.ok)
      throw new Error(
        `${method} ${path} → ${res.status} ${data.error ?? ''}${issue ? `: ${issue.path} ${issue.message}` : ''}`,
      )
    return data
  }
  /** Blob URLs of task media, fetched once each through the control API. */
  /** Keyed by the task's creation too: a reset draws the same ids again. A failed fetch is tried again next time. */
  const blobs = new Map<string, Promise<string>>()
  const media = (t: Json, index: number): Promise<string> => {
    const key = `${t.taskId}/${t.createdAt}/${index}`
    let url = blobs.get(key)
    if (!url) {
      url = fetch(`/__mock/tasks/${enc(t.taskId)}/media/${index}`, { headers: base })
        .then(async (res) => (res.ok ? URL.createObjectURL(await res.blob()) : ''))
        .catch(() => '')
        .then((got) => {
          if (!got) blobs.delete(key)
          return got
        })
      blobs.set(key, url)
    }
    return url
  }
  const mediaBox = (t: Json, max: number) => {
    const box = el('div', { class: 'media' })
    if (t.status !== 1) return box
    const images: unknown[] = Array.isArray(t.outputImageUrls) ? t.outputImageUrls : []
    images.slice(0, max).forEach((url, i) => {
      const img = el('img', {
        alt: `output ${i + 1}`,
        'data-url': String(url),
        ...(i === 0 ? { 'data-testid': 'thumbnail' } : {}),
      }) as HTMLImageElement
      void media(t, i).then((src) => src && (img.src = src))
      box.append(img)
    })
    if (images.length > max) box.append(sub(`+${images.length - max}`))
    if (t.outputVideoUrl) {
      const video = el('video', {
        'data-testid': 'video',
        'data-url': String(t.outputVideoUrl),
        controls: '',
        preload: 'metadata',
        muted: '',
        playsinline: '',
      }) as HTMLVideoElement
      void media(t, 0).then((src) => src && (video.src = src))
      box.append(video)
    }
    return box
  }

  // ---- actions: each one a control API call, its outcome shown ----
  const out = el('div', { class: 'out', role: 'status', 'aria-live': 'polite', 'data-testid': 'action-result' })
  const act =
    (what: string, run: () => Promise<Json>, say: (data: Json) => string = () => 'done') =>
    () => {
      out.className = 'out'
      set(out, `${what}…`)
      run().then(
        (data) => {
          set(out, `${what}: ${say(data)}`)
          void refresh(true)
        },
        (error: Error) => {
          out.className = 'out err'
          set(out, `${what} failed: ${error.message}`)
        },
      )
    }
  const advanced = (a: Json) =>
    `now ${a.now}, ${a.changes.length} change${a.changes.length === 1 ? '' : 's'}${a.idle ? ', nothing pending' : ''}`
  const advance = (path: string, by: Json, label: string, testid: string) =>
    button(
      label,
      act(`advance ${label}`, () => call('POST', path, by), advanced),
      {
        'data-testid': testid,
        title: `Advance ${typeof by.seconds === 'number' ? `${by.seconds} seconds` : `until ${by.until}`}`,
      },
    )
  /** The advance buttons of a clock; an account's carry `acct-` before their test ids. */
  const clockButtons = (path: string, prefix = '') =>
    (
      [
        [{ seconds: 10 }, '+10 s', 'advance-10s'],
        [{ seconds: 60 }, '+1 min', 'advance-1m'],
        [{ seconds: 3600 }, '+1 h', 'advance-1h'],
        [{ until: 'next-event' }, 'next event', 'advance-next'],
        [{ until: 'idle' }, 'until idle', 'advance-idle'],
      ] as const
    ).map(([by, label, testid]) => advance(path, by, label, prefix + testid))

  // ---- header: the server clock, the scenario, pause, reset ----
  const now = el('span', { class: 'now', 'data-testid': 'clock-now' }, '…')
  const mode = el('span', { class: 'mode', 'data-testid': 'clock-mode' })
  let clockMode = 'manual'
  const toggle = button(
    'real',
    act(
      'switch clock',
      () => call('PUT', '/__mock/clock', { mode: clockMode === 'manual' ? 'real' : 'manual' }),
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
      () => call('PUT', '/__mock/clock', { speed: Number(speed.value) }),
      (c) => `speed ${c.speed}`,
    ),
    { 'data-testid': 'speed-apply' },
  )
  speed.onkeydown = (event) => event.key === 'Enter' && speedApply.click()
  const select = el('select', {
    'data-testid': 'scenario-select',
    'aria-label': 'default scenario',
  }) as HTMLSelectElement
  select.onchange = act(
    `choose scenario`,
    () => call('PUT', '/__mock/scenario', { name: select.value }),
    (s) => `default is ${s.default}`,
  )
  const desc = el('span', { class: 'desc' })
  const state = el('span', { class: 'state' }, 'connecting…')
  let paused = false
  const pause = button(
    'pause',
    () => {
      paused = !paused
      set(pause, paused ? 'resume' : 'pause')
      attr(pause, 'aria-pressed', String(paused))
      if (!paused) void refresh(true)
      else set(state, 'paused')
    },
    { 'data-testid': 'pause', 'aria-pressed': 'false', title: 'Pause or resume live updates' },
  )
  const reset = button(
    'reset',
    act(
      'reset',
      () => call('POST', '/__mock/reset', {}),
      (r) => `back to the start, seed ${r.seed}`,
    ),
    { 'data-testid': 'reset', title: 'Fixture accounts and credits back; tasks, keys and the journal cleared' },
  )
  const head = el(
    'header',
    { class: 'head' },
    el('h1', {}, 'genmock'),
    el(
      'div',
      { class: 'grp' },
      el('span', { class: 'lbl' }, 'now'),
      now,
      mode,
      ...clockButtons('/__mock/clock/advance'),
      toggle,
      el('span', { class: 'lbl' }, 'speed'),
      speed,
      speedApply,
    ),
    el('div', { class: 'grp end' }, state, pause, reset),
    el('div', { class: 'grp scn' }, el('span', { class: 'lbl' }, 'scenario'), select, desc),
  )

  // ---- tasks, keyed by id ----
  const header = (...names: string[]) => el('thead', {}, el('tr', {}, ...names.map((n) => el('th', {}, n))))
  const taskBody = el('tbody')
  const taskTotal = el('small')
  const taskEmpty = el('div', { class: 'empty' }, 'No tasks yet.')
  const taskFilter = el(
    'select',
    { 'aria-label': 'task status', 'data-testid': 'task-filter' },
    el('option', { value: '' }, 'all'),
    ...STATUS.map((s, i) => el('option', { value: String(i) }, s)),
  ) as HTMLSelectElement
  taskFilter.onchange = () => void refresh(true)
  type TaskRow = { tr: HTMLElement; cells: HTMLElement[] }
  const taskRows = new Map<string, TaskRow>()
  const renderTask = (t: Json, nowMs: number): HTMLElement => {
    let row = taskRows.get(t.taskId)
    if (!row) {
      const cells = Array.from({ length: 7 }, () => el('td'))
      row = { tr: el('tr', { 'data-testid': 'task-row', 'data-task-id': t.taskId }, ...cells), cells }
      taskRows.set(t.taskId, row)
    }
    const [id, account, model, scenario, status, timeline, output] = row.cells as HTMLElement[]
    attr(row.tr, 'data-status', String(t.status))
    let next: string
    if (t.status === 0) {
      const parts = [
        t.nextChangeAt ? `in ${dur(Date.parse(t.nextChangeAt) - nowMs)}` : '',
        t.nextChangeAtPoll ? `at poll ${t.nextChangeAtPoll}` : '',
      ].filter(Boolean)
      next = parts.length ? `next ${parts.join(' or ')}` : 'no change scheduled'
    } else next = `ended after ${dur(Date.parse(t.updatedAt) - Date.parse(t.createdAt))}`
    fill(id!, t.taskId, () => [
      button(t.taskId, () => openTask(t.taskId), { class: 'link mono', 'data-testid': 'open-task', title: 'Details' }),
      sub(`${t.type} · ${t.prompt}`),
    ])
    fill(account!, t.accountId, () => [mono(t.accountId)])
    fill(model!, `${t.model}|${t.provider}`, () => [
      el('span', {}, t.model),
      sub(`${t.provider} · ${t.creditsUsed} cr`),
    ])
    fill(scenario!, t.scenario, () => [t.scenario])
    fill(timeline!, `${t.createdAt}|${next}|${t.polls}`, () => [
      el('span', {}, `created ${time(t.createdAt)}`),
      sub(`${next} · ${t.polls} poll${t.polls === 1 ? '' : 's'}`),
    ])
    fill(status!, [t.status, t.relayStatus, t.errorCode, t.creditRefunded, t.submissionUncertain].join('|'), () => [
      chip(t.status),
      ...(t.creditRefunded ? [el('span', { class: 'tag' }, 'refunded')] : []),
      ...(t.submissionUncertain ? [el('span', { class: 'tag' }, 'uncertain')] : []),
      ...(t.relayStatus ? [sub(`relay: ${t.relayStatus}`)] : []),
      ...(t.status === 2 && t.errorCode ? [el('span', { class: 'sub mono code' }, t.errorCode)] : []),
    ])
    fill(output!, JSON.stringify([t.status, t.outputImageUrls, t.outputVideoUrl]), () => [mediaBox(t, 4)])
    return row.tr
  }

  // ---- accounts, keyed by id, with their clocks, credits and ledgers ----
  const accountList = el('div')
  /** The accounts' details last read, and the list they were read for. */
  const accountDetails = new Map<string, Json>()
  let lastAccounts: Json
  const ledgerItem = (e: Json) => {
    const amount = Number(e.amount)
    return el(
      'li',
      { 'data-testid': 'ledger-entry', 'data-kind': String(e.kind) },
      el('span', {}, time(e.at)),
      el('span', {}, String(e.kind)),
      el(
        'span',
        { class: `amt ${amount > 0 ? 'pos' : amount < 0 ? 'neg' : ''}` },
        amount > 0 ? `+${amount}` : amount < 0 ? `\u2212${-amount}` : '0',
      ),
      el('span', { class: 'mono', title: `balance after: ${e.balanceAfter}` }, e.taskId ?? `= ${e.balanceAfter}`),
    )
  }
  type AccountRow = {
    div: HTMLElement
    name: HTMLElement
    credits: HTMLElement
    clock: HTMLElement
    ledger: HTMLElement
  }
  const accountRows = new Map<string, AccountRow>()
  const renderAccount = (a: Json): HTMLElement => {
    let row = accountRows.get(a.id)
    const path = `/__mock/accounts/${enc(a.id)}`
    if (!row) {
      const amount = input({
        type: 'number',
        min: '1',
        step: '1',
        value: '100',
        'aria-label': `credits to add to ${a.id}`,
        'data-testid': 'topup-amount',
      })
      // The balance is read afresh: the one on screen may be a paused or a stale one.
      const credit = (label: string, to: (now: number) => number) =>
        act(
          `${label} ${a.id}`,
          async () => call('PATCH', path, { credits: to((await read(path)).credits) }),
          (v) => `${v.credits} credits`,
        )
      const parts = {
        name: el('strong'),
        credits: el('span', { class: 'cr', 'data-testid': 'credits', title: 'credits' }),
        clock: el('div', { class: 'grp clk' }),
        ledger: el('ul'),
      }
      const div = el(
        'div',
        { class: 'acct', 'data-testid': 'account-row', 'data-account-id': a.id },
        el('div', { class: 'top' }, parts.name, mono(a.id), parts.credits),
        el(
          'div',
          { class: 'grp' },
          amount,
          button(
            'top up',
            credit('top up', (now) => now + Number(amount.value)),
            { 'data-testid': 'topup' },
          ),
          button(
            'drain',
            credit('drain', () => 0),
            { 'data-testid': 'drain', title: 'Set the balance to 0' },
          ),
          parts.clock,
        ),
        parts.ledger,
      )
      row = { div, ...parts }
      accountRows.set(a.id, row)
    }
    set(row.name, a.name ?? a.id)
    set(row.credits, String(a.credits))
    const own = a.clock?.own === true
    fill(row.clock, `${own}|${own ? a.clock.now : ''}`, () => [
      el('span', { class: 'lbl' }, own ? 'own clock' : 'server clock'),
      ...(own ? [mono(a.clock.now), ...clockButtons(`${path}/clock/advance`, 'acct-').slice(1)] : []),
      button(
        own ? 'use server clock' : 'own clock',
        act(
          `clock of ${a.id}`,
          () => call('PATCH', path, { clock: own ? 'server' : 'own' }),
          (v) => (v.clock.own ? `own clock at ${v.clock.now}` : 'server clock'),
        ),
        { 'data-testid': 'account-clock' },
      ),
    ])
    const entries: Json[] = Array.isArray(a.ledger) ? a.ledger.slice(-50).reverse() : []
    fill(row.ledger, `${a.ledger?.length}|${entries[0]?.at}|${entries[0]?.balanceAfter}`, () => entries.map(ledgerItem))
    return row.div
  }
  const newName = input({ placeholder: 'name', 'aria-label': 'new account name', 'data-testid': 'new-account-name' })
  const newCredits = input({
    type: 'number',
    min: '0',
    step: '1',
    value: '1000',
    'aria-label': 'new account credits',
    'data-testid': 'new-account-credits',
  })
  const newOwn = input({ type: 'checkbox', 'aria-label': 'own clock', 'data-testid': 'new-account-own' })
  const create = button(
    'create',
    act(
      'create account',
      () =>
        call('POST', '/__mock/accounts', {
          ...(newName.value ? { name: newName.value } : {}),
          credits: Number(newCredits.value),
          ...(newOwn.checked ? { clock: 'own' } : {}),
        }),
      (a) => `${a.id}, key ${a.apiKey}`,
    ),
    { 'data-testid': 'create-account' },
  )
  const newAccount = el('div', { class: 'grp new' }, newName, newCredits, el('label', {}, newOwn, 'own clock'), create)

  // ---- the journal: entries never change, so each row is built once ----
  const journalBody = el('tbody')
  const journalTotal = el('small')
  const journalEmpty = el('div', { class: 'empty' }, 'No requests yet.')
  const byAccount = el(
    'select',
    { 'aria-label': 'account filter', 'data-testid': 'journal-account' },
    el('option', { value: '' }, 'any account'),
  ) as HTMLSelectElement
  const byStatus = input({
    type: 'number',
    min: '100',
    max: '599',
    placeholder: 'status',
    'aria-label': 'status filter',
    'data-testid': 'journal-status',
  })
  const byPath = input({ placeholder: 'path, * for any', 'aria-label': 'path filter', 'data-testid': 'journal-path' })
  for (const f of [byAccount, byStatus, byPath]) f.onchange = () => void refresh(true)
  const journalRows = new Map<string, HTMLElement>()
  const renderRequest = (r: Json): HTMLElement => {
    const k = `${r.seq}|${r.at}|${r.method}|${r.path}`
    let tr = journalRows.get(k)
    if (tr) return tr
    const warnings: string[] = Array.isArray(r.conformance) ? r.conformance : []
    const notes = [
      r.dropped ? 'dropped' : '',
      r.replayed ? 'replayed' : '',
      r.idempotencyKey ? `key ${r.idempotencyKey}` : '',
    ]
      .filter(Boolean)
      .join(' · ')
    const td = (text: string, cls = '') => el('td', { class: cls }, text)
    tr = el(
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
      td(r.accountId ?? '', 'mono'),
      td(r.taskId ?? '', 'mono'),
      td(String(Math.round(r.durationMs)), 'mono'),
      el('td', {}, notes ? sub(notes) : '', ...warnings.map((w) => el('span', { class: 'w' }, `\u26a0 ${w}`))),
    )
    journalRows.set(k, tr)
    return tr
  }

  // ---- conformance findings ----
  const findingList = el('ul', { class: 'findings' })
  const findingTotal = el('small')

  // ---- the detail panel: a task or a request ----
  const panelTitle = el('h2')
  const panelBody = el('div', { class: 'body' })
  const close = button('close', () => closePanel(), { 'data-testid': 'close-panel', 'aria-label': 'Close the details' })
  const panel = el(
    'aside',
    { class: 'panel', 'data-testid': 'panel', role: 'dialog', 'aria-label': 'details', tabindex: '-1', hidden: '' },
    el('div', { class: 'top' }, panelTitle, close),
    panelBody,
  )
  let shown: { task?: string; request?: Json } = {}
  let opener: Element | null = null
  const openPanel = (what: typeof shown) => {
    opener = focused()
    shown = what
    panelBody.dataset.k = ''
    panel.hidden = false
    panel.focus()
  }
  const closePanel = () => {
    shown = {}
    panel.hidden = true
    ;(opener as HTMLElement | null)?.focus?.()
  }
  panel.onkeydown = (event) => event.key === 'Escape' && closePanel()
  const openTask = (taskId: string) => {
    openPanel({ task: taskId })
    void refresh(true)
  }
  const openRequest = (r: Json) => {
    openPanel({ request: r })
    renderRequestDetail(r)
  }
  const section = (title: string, ...kids: Kid[]) => el('section', {}, el('h3', {}, title), ...kids)
  const headerTable = (headers: Record<string, string> = {}) =>
    el(
      'table',
      { class: 'kv' },
      ...Object.entries(headers).map(([k, v]) => el('tr', {}, el('th', {}, k), el('td', { class: 'mono' }, v))),
    )
  const bodyOf = (body: Json) => {
    if (!body) return sub('(no body)')
    if (body.text === undefined) return sub(`${body.type}, ${body.size} bytes`)
    try {
      return pre(JSON.parse(body.text))
    } catch {
      return pre(`${body.text}${body.truncated ? '\n…(cut)' : ''}`)
    }
  }
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`
  /** The request as a curl command; a redacted credential becomes a shell variable to fill in. */
  const curl = (r: Json) => {
    const skip = /^(host|content-length|connection|accept-encoding|user-agent|origin|referer|genmock-dashboard)$|^sec-/
    const lines = [`curl -X ${r.method} ${quote(`${win.location.origin}${r.path}${r.query ?? ''}`)}`]
    for (const [name, value] of Object.entries<string>(r.headers ?? {})) {
      if (skip.test(name)) continue
      // A redacted credential becomes a shell variable, in double quotes so that the shell fills it in.
      if (name === 'authorization' && /redacted/.test(value)) lines.push(`-H "authorization: Bearer $GENMOCK_API_KEY"`)
      else if (name === 'cookie' && /redacted/.test(value)) lines.push(`-H "cookie: $GENMOCK_COOKIE"`)
      else lines.push(`-H ${quote(`${name}: ${value}`)}`)
    }
    if (r.requestBody?.text !== undefined) lines.push(`--data-raw ${quote(r.requestBody.text)}`)
    return lines.join(' \\\n  ')
  }
  const renderRequestDetail = (r: Json) => {
    set(panelTitle, `${r.method} ${r.path} → ${r.dropped ? 'dropped' : r.status}`)
    const command = curl(r)
    const copied = sub('')
    panelBody.replaceChildren(
      el(
        'p',
        { class: 'mono' },
        `#${r.seq} at ${r.at} · ${Math.round(r.durationMs)} ms${r.accountId ? ` · ${r.accountId}` : ''}`,
      ),
      ...(r.taskId ? [button(`task ${r.taskId}`, () => openTask(r.taskId), { class: 'link' })] : []),
      ...(Array.isArray(r.conformance) && r.conformance.length
        ? [el('p', { class: 'w' }, `\u26a0 ${r.conformance.join(', ')}`)]
        : []),
      section(
        'Copy as curl',
        pre(command),
        button(
          'copy',
          () => {
            void (win.navigator.clipboard?.writeText(command) ?? Promise.reject(new Error('no clipboard'))).then(
              () => set(copied, 'copied'),
              () => set(copied, 'select the text above to copy it'),
            )
          },
          { 'data-testid': 'copy-curl' },
        ),
        copied,
      ),
      section('Request headers', headerTable(r.headers)),
      section('Request body', bodyOf(r.requestBody)),
      section('Response headers', headerTable(r.responseHeaders)),
      section('Response body', bodyOf(r.responseBody)),
    )
  }
  const step = (s: Json, past: boolean) => {
    const what = [
      s.status !== undefined ? STATUS[s.status] : '',
      s.relayStatus ? `relay ${s.relayStatus}` : '',
      s.errorCode ?? '',
      s.refund || s.refunded ? 'refund' : '',
    ]
      .filter(Boolean)
      .join(' · ')
    const when = s.at ? time(s.at) : `poll ${s.poll}`
    return el(
      'li',
      { class: past ? '' : 'later', 'data-testid': past ? 'history-step' : 'scheduled-step' },
      el('span', {}, when),
      el('span', {}, what || 'change'),
      sub(past ? (s.by ?? '') : 'scheduled'),
    )
  }
  // Kept across rebuilds of the panel, so that a change of the task does not wipe what was typed.
  const code = input({ value: 'UPSTREAM_FAILED', 'aria-label': 'error code', 'data-testid': 'fail-code' })
  const refund = input({ type: 'checkbox', checked: '', 'aria-label': 'refund', 'data-testid': 'fail-refund' })
  const renderTaskDetail = (d: Json) => {
    const t = d.task
    set(panelTitle, `Task ${t.taskId}`)
    fill(panelBody, JSON.stringify(d), () => {
      const move = (label: string, change: () => Json, testid: string) =>
        button(
          label,
          act(
            `${label} ${t.taskId}`,
            () => call('POST', `/__mock/tasks/${enc(t.taskId)}/transition`, change()),
            (v) => STATUS[v.status] ?? '',
          ),
          { 'data-testid': testid },
        )
      const actions =
        t.status !== 0
          ? []
          : [
              el(
                'div',
                { class: 'grp' },
                move(
                  'complete',
                  () => ({ status: 1, ...(t.provider === 'relay' ? { relayStatus: 'succeeded' } : {}) }),
                  'complete-task',
                ),
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
                ...(t.provider === 'relay'
                  ? [
                      move(
                        'expire',
                        () => ({
                          status: 2,
                          relayStatus: 'expired',
                          errorCode: 'RELAY_TASK_EXPIRED',
                          errorMessage: 'The relay task expired before it finished.',
                          refund: false,
                        }),
                        'expire-task',
                      ),
                    ]
                  : []),
              ),
            ]
      const requests: Json[] = d.requests ?? []
      return [
        el('p', {}, chip(t.status), ` ${t.type} · ${t.model} · ${t.accountId} · ${t.scenario}`),
        ...actions,
        section(
          'Timeline',
          el(
            'ul',
            { class: 'steps' },
            ...(d.history ?? []).map((s: Json) => step(s, true)),
            ...(d.scheduled ?? []).map((s: Json) => step(s, false)),
          ),
        ),
        mediaBox(t, 8),
        section(
          'Snapshot',
          pre(
            Object.fromEntries(
              Object.entries(t).filter(
                ([k]) =>
                  !['accountId', 'provider', 'scenario', 'polls', 'nextChangeAt', 'nextChangeAtPoll'].includes(k),
              ),
            ),
          ),
        ),
        section('Ledger', el('ul', {}, ...(d.ledger ?? []).map(ledgerItem))),
        section(
          'Requests',
          requests.length
            ? el(
                'ul',
                { class: 'reqs' },
                ...requests.map((r) =>
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
    })
  }

  const container = el(
    'div',
    { class: 'gm' },
    head,
    out,
    el(
      'div',
      { class: 'grid' },
      el(
        'section',
        { class: 'card wide' },
        el('h2', {}, 'Tasks', taskTotal, taskFilter),
        el(
          'div',
          { class: 'scroll' },
          el('table', {}, header('Task', 'Account', 'Model', 'Scenario', 'Status', 'Timeline', 'Output'), taskBody),
        ),
        taskEmpty,
      ),
      el('section', { class: 'card' }, el('h2', {}, 'Accounts'), accountList, newAccount),
      el('section', { class: 'card' }, el('h2', {}, 'Conformance', findingTotal), findingList),
      el(
        'section',
        { class: 'card wide' },
        el('h2', {}, 'Requests', journalTotal, byAccount, byStatus, byPath),
        el(
          'div',
          { class: 'scroll' },
          el(
            'table',
            { class: 'jr' },
            header('#', 'At', 'Method', 'Path', 'Status', 'Account', 'Task', 'ms', 'Notes'),
            journalBody,
          ),
        ),
        journalEmpty,
      ),
    ),
    panel,
  )
  const style = css ? el('style', {}, css) : undefined
  const rootNode = root.getRootNode()
  if (style) (rootNode instanceof win.ShadowRoot ? rootNode : doc.head).append(style)
  root.append(container)

  // ---- refreshing: every second unless paused, and at once after an action ----
  let stopped = false
  let generation = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  async function refresh(forced = false): Promise<void> {
    if (stopped || (paused && !forced)) return
    const mine = ++generation
    try {
      const journalQuery = new URLSearchParams({ limit: '50' })
      if (byAccount.value) journalQuery.set('account', byAccount.value)
      if (byStatus.value) journalQuery.set('status', byStatus.value)
      if (byPath.value) journalQuery.set('path', byPath.value)
      // A task that is gone (a reset, an eviction) says so in its panel; the rest goes on.
      const open = shown.task
      const [clock, tasks, accounts, scenarios, requests, findings, detail] = await Promise.all([
        read('/__mock/clock'),
        read(`/__mock/tasks?limit=50${taskFilter.value ? `&status=${taskFilter.value}` : ''}`),
        read('/__mock/accounts'),
        read('/__mock/scenarios'),
        read(`/__mock/requests?${journalQuery}`),
        read('/__mock/conformance'),
        open
          ? read(`/__mock/tasks/${enc(open)}`).catch((error: Error) =>
              /: 404 /.test(error.message) ? null : Promise.reject(error),
            )
          : undefined,
      ])
      // An account's detail carries the server clock's now, new every second under a real clock:
      // it is read again when the list (balances) changed, after an action, or when it has its own clock.
      const changed = forced || accounts !== lastAccounts
      const details: Json[] = await Promise.all(
        accounts.accounts.map((a: Json) => {
          const last = accountDetails.get(a.id)
          return !changed && last && !last.clock?.own ? last : read(`/__mock/accounts/${enc(a.id)}`)
        }),
      )
      if (stopped || mine !== generation) return
      lastAccounts = accounts
      accountDetails.clear()
      for (const a of details) accountDetails.set(a.id, a)
      const nowMs = Date.parse(clock.now)
      set(now, clock.now)
      clockMode = clock.mode
      set(mode, clock.mode)
      set(toggle, clock.mode === 'manual' ? 'switch to real' : 'switch to manual')
      if (focused() !== speed) speed.value = String(clock.speed)
      fill(select, scenarios.scenarios.map((s: Json) => s.name).join('\n'), () =>
        scenarios.scenarios.map((s: Json) => el('option', { value: s.name, title: s.description ?? '' }, s.name)),
      )
      select.value = scenarios.default
      set(desc, scenarios.scenarios.find((s: Json) => s.name === scenarios.default)?.description ?? '')
      const listed = new Set(tasks.tasks.map((t: Json) => t.taskId))
      for (const id of taskRows.keys()) if (!listed.has(id)) taskRows.delete(id)
      for (const [key, url] of blobs) {
        const id = key.slice(0, key.indexOf('/'))
        if (listed.has(id) || shown.task === id) continue
        blobs.delete(key)
        void url.then((u) => u && URL.revokeObjectURL(u))
      }
      // A task on an account's own clock counts down on that clock.
      const nowOf = (accountId: string) =>
        accountDetails.get(accountId)?.clock?.own ? Date.parse(accountDetails.get(accountId).clock.now) : nowMs
      place(
        taskBody,
        tasks.tasks.map((t: Json) => renderTask(t, nowOf(t.accountId))),
      )
      set(
        taskTotal,
        tasks.total > tasks.tasks.length ? `newest ${tasks.tasks.length} of ${tasks.total}` : String(tasks.total),
      )
      taskEmpty.hidden = tasks.total > 0
      place(accountList, details.map(renderAccount))
      const ids = accounts.accounts.map((a: Json) => a.id)
      const chosen = byAccount.value
      fill(byAccount, ids.join('\n'), () => [
        el('option', { value: '' }, 'any account'),
        ...ids.map((id: string) => el('option', { value: id }, id)),
      ])
      byAccount.value = chosen
      const journal = requests.requests.map(renderRequest)
      for (const [k, tr] of journalRows) if (!journal.includes(tr)) journalRows.delete(k)
      place(journalBody, journal)
      set(
        journalTotal,
        requests.total > journal.length ? `newest ${journal.length} of ${requests.total}` : String(requests.total),
      )
      journalEmpty.hidden = requests.total > 0
      set(findingTotal, String(findings.total))
      fill(findingList, `${findings.total}|${findings.findings[0]?.at}`, () => [
        ...(findings.total === 0
          ? [el('li', { class: 'empty' }, 'No findings: the client keeps every rule so far.')]
          : []),
        ...findings.findings
          .slice(0, 30)
          .map((f: Json) =>
            el(
              'li',
              { 'data-testid': 'finding' },
              el('span', { class: 'w' }, `\u26a0 ${f.rule}`),
              mono(`${time(f.at)} ${f.accountId ?? ''}`),
              sub(f.message ?? ''),
            ),
          ),
      ])
      if (detail) renderTaskDetail(detail)
      else if (detail === null && shown.task === open) {
        set(panelTitle, `Task ${open}`)
        fill(panelBody, 'gone', () => [
          el(
            'p',
            { 'data-testid': 'task-gone' },
            'This task is no longer kept: the simulator was reset, or it was evicted past the task limit.',
          ),
        ])
      }
      state.className = 'state'
      set(state, paused ? 'paused' : 'live')
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
  loop()

  return () => {
    stopped = true
    clearTimeout(timer)
    for (const url of blobs.values()) void url.then((u) => u && URL.revokeObjectURL(u))
    container.remove()
    style?.remove()
  }
}
