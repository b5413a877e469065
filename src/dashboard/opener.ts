// Who opened the dashboard (GET /__mock/whoami): the admin, a team by its account's key, or nobody on a
// locked genmock; and the page a locked genmock shows instead of the dashboard (docs/dashboard.md).
import type { ErrorAnswer, WhoAmI } from './answers.js'
import type { ControlApi } from './api.js'
import { el, mono } from './dom.js'

/** The team whose dashboard a page opened with `#key=` is: its account. */
export interface Team {
  accountId: string
  name: string | undefined
}

/**
 * Who the page is: the admin (the token, or anyone without --admin-token), a team (an account's key),
 * or locked: no credential in the link, or one genmock does not accept (`refused`).
 */
export type Opener = { kind: 'admin' } | { kind: 'team'; team: Team } | { kind: 'locked'; refused: boolean }

/**
 * Asks genmock who the page's credential is.
 * @example
 * const who = await opener(controlApi('#key=sk_test_…')) // { kind: 'team', team: { accountId: 'acct_…', … } }
 */
export async function opener({ headers }: Pick<ControlApi, 'headers'>): Promise<Opener> {
  const res = await fetch('/__mock/whoami', { cache: 'no-store', headers })
  const body = (await res.json().catch(() => ({}))) as Partial<WhoAmI & ErrorAnswer>
  if (res.status === 401) return { kind: 'locked', refused: headers.authorization !== undefined }
  if (res.status !== 200) throw new Error(`GET /__mock/whoami: ${res.status} ${body.message ?? body.error ?? ''}`)
  return body.caller === 'account' && body.accountId
    ? { kind: 'team', team: { accountId: body.accountId, name: body.name } }
    : { kind: 'admin' }
}

/**
 * What a locked genmock's page shows instead of the dashboard: that it is locked (or that the link's
 * credential is not accepted), and the two links that open it.
 * @example
 * root.append(lockedView(false)) // "This genmock is locked", #key= and #token=
 */
export function lockedView(refused: boolean): HTMLElement {
  const here = `${location.pathname}#`
  return el(
    'div',
    { class: 'gm' },
    el(
      'section',
      { class: 'card locked', 'data-testid': 'locked', 'data-reason': refused ? 'refused' : 'no credential' },
      el('h2', {}, refused ? 'The key in this link is not accepted' : 'This genmock is locked'),
      el(
        'p',
        {},
        refused
          ? 'No account has this key, and it is not the admin token (a reset revokes the keys of accounts made since).'
          : 'It runs with --admin-token: its dashboard opens only with a credential in the link.',
      ),
      el(
        'ul',
        {},
        el(
          'li',
          {},
          mono(`${here}key=<your team's API key>`),
          ": your team's tasks, requests, ledger, clock, findings",
        ),
        el('li', {}, mono(`${here}token=<the admin token>`), ': the whole sandbox'),
      ),
      el('p', {}, 'The part after # is sent only as an Authorization header.'),
    ),
  )
}
