// The dashboard's accounts card: each account's balance, clock and ledger, and the forms that change them.
import { clockButtons, type Ui } from './actions.js'
import type { AccountList, AccountView, CreatedAccount, LedgerEntry } from './answers.js'
import { enc } from './api.js'
import { button, el, fill, input, mono, place, set, time } from './dom.js'
import { REFUSED } from './refused.js'

/** One ledger entry: when, what, the amount (signed) and the task it names or the balance after. */
export function ledgerItem(e: LedgerEntry): HTMLElement {
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

interface AccountRow {
  div: HTMLElement
  name: HTMLElement
  credits: HTMLElement
  clock: HTMLElement
  ledger: HTMLElement
}

/**
 * The accounts card: each account keyed by id with its balance (top up, drain), its clock (its
 * own or the server's) and its latest ledger entries; and a form for a new account. A team's (ui.team)
 * shows its own account alone, the balance and the advance buttons of its own clock: changing accounts
 * is the admin's.
 * @example
 * const accounts = accountsCard(ui)
 * accounts.update(await accounts.load(list, forced))
 */
export function accountsCard(ui: Ui) {
  const { read } = ui
  const list = el('div')
  const rows = new Map<string, AccountRow>()
  /** The accounts' details last read, and the list they were read for. */
  const details = new Map<string, AccountView>()
  let lastList: AccountList | undefined

  const render = (a: AccountView): HTMLElement => {
    const path = `/__mock/accounts/${enc(a.id)}`
    let r = rows.get(a.id)
    if (!r) rows.set(a.id, (r = accountRow(ui, a, path)))
    set(r.name, a.name ?? a.id)
    set(r.credits, String(a.credits))
    fillClock(ui, r.clock, a, path)
    const entries = a.ledger.slice(-50).reverse()
    fill(r.ledger, `${a.ledger.length}|${entries[0]?.at}|${entries[0]?.balanceAfter}`, () => entries.map(ledgerItem))
    return r.div
  }

  return {
    card: el('section', { class: 'card' }, el('h2', {}, 'Accounts'), list, ...(ui.team ? [] : [newAccountForm(ui)])),
    /**
     * Each account's details. They carry the server clock's now, new every second under a real
     * clock: read again when the list (balances) changed, after an action, or for an own clock.
     */
    load(accounts: AccountList, forced: boolean): Promise<AccountView[]> {
      const changed = forced || accounts !== lastList
      return Promise.all(
        accounts.accounts.map((a) => {
          const last = details.get(a.id)
          return !changed && last && !last.clock.own ? last : read<AccountView>(`/__mock/accounts/${enc(a.id)}`)
        }),
      )
    },
    update(accounts: AccountList, read: AccountView[]) {
      lastList = accounts
      details.clear()
      for (const a of read) details.set(a.id, a)
      place(list, read.map(render))
    },
    /** When the accounts opened (the start, or the last reset), in simulated epoch ms, if a ledger still says. */
    opened(): number | undefined {
      const at = [...details.values()].flatMap((a) => (a.ledger[0]?.kind === 'opening' ? [a.ledger[0].at] : []))
      return at.length > 0 ? Math.min(...at) : undefined
    },
    /** The now of an account's own clock, in epoch ms (undefined on the server clock). */
    ownNow: (accountId: string) => {
      const clock = details.get(accountId)?.clock
      return clock?.own ? Date.parse(clock.now) : undefined
    },
  }
}

/** An account's row: its name, id and balance with the top-up and drain buttons, its clock's group, its ledger. */
function accountRow({ call, read, act, team }: Ui, a: AccountView, path: string): AccountRow {
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
      async () => call<AccountView>('PATCH', path, { credits: to((await read<AccountView>(path)).credits) }),
      (v) => `${v.credits} credits`,
    )
  const parts = {
    name: el('strong'),
    credits: el('span', { class: 'cr', 'data-testid': 'credits', title: 'credits' }),
    clock: el('div', { class: 'grp clk' }),
    ledger: el('ul'),
  }
  const refused = REFUSED.get(a.id)
  const div = el(
    'div',
    { class: refused ? 'acct refused' : 'acct', 'data-testid': 'account-row', 'data-account-id': a.id },
    el(
      'div',
      { class: 'top' },
      parts.name,
      mono(a.id),
      ...(refused
        ? [
            el(
              'span',
              { class: 'tag', 'data-testid': 'keys-refused', title: 'its credits are never spent' },
              `keys refused: ${refused}`,
            ),
          ]
        : []),
      parts.credits,
    ),
    el(
      'div',
      { class: 'grp' },
      ...(team
        ? []
        : [
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
          ]),
      parts.clock,
    ),
    parts.ledger,
  )
  return { div, ...parts }
}

/**
 * An account's clock group: its own clock's time and buttons, or the server's, and the button that swaps
 * them (the admin's).
 */
function fillClock(ui: Ui, group: HTMLElement, a: AccountView, path: string): void {
  const own = a.clock.own
  fill(group, `${own}|${own ? a.clock.now : ''}`, () => [
    el('span', { class: 'lbl' }, own ? 'own clock' : 'server clock'),
    ...(own ? [mono(a.clock.now), ...clockButtons(ui, `${path}/clock/advance`, 'acct-').slice(1)] : []),
    ...swapClock(ui, a, own, path),
  ])
}

/** The button that gives an account a clock of its own or the server's back: none on a team's page. */
function swapClock({ call, act, team }: Ui, a: AccountView, own: boolean, path: string): HTMLElement[] {
  if (team) return []
  return [
    button(
      own ? 'use server clock' : 'own clock',
      act(
        `clock of ${a.id}`,
        () => call<AccountView>('PATCH', path, { clock: own ? 'server' : 'own' }),
        (v) => (v.clock.own ? `own clock at ${v.clock.now}` : 'server clock'),
      ),
      { 'data-testid': 'account-clock' },
    ),
  ]
}

/** The form that makes a new account: a name, its credits, its own clock or the server's. */
function newAccountForm({ call, act }: Ui): HTMLElement {
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
        call<CreatedAccount>('POST', '/__mock/accounts', {
          ...(newName.value ? { name: newName.value } : {}),
          credits: Number(newCredits.value),
          ...(newOwn.checked ? { clock: 'own' } : {}),
        }),
      (a) => `${a.id}, key ${a.apiKey}`,
    ),
    { 'data-testid': 'create-account' },
  )
  return el('div', { class: 'grp new' }, newName, newCredits, el('label', {}, newOwn, 'own clock'), create)
}
