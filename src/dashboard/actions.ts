// What the dashboard's panels share: the control API, the action runner (busy state, errors) and clock buttons.
import type { Advanced } from './answers.js'
import type { ControlApi } from './api.js'
import { button, el, set } from './dom.js'
import type { Team } from './opener.js'

/**
 * What every panel gets: the control API, the action runner, a way to refresh at once, and the team
 * whose dashboard it is (undefined: the admin's), which shows no control its key may not use.
 */
export interface Ui extends ControlApi {
  act: Act
  refresh: (forced?: boolean) => void
  team: Team | undefined
}

/**
 * An action: a click handler that runs one control API call, shows `what…`, then its outcome
 * (`say` of the answer) or the error, and refreshes the dashboard after a success.
 */
export type Act = <T>(what: string, run: () => Promise<T>, say?: (answer: T) => string) => () => void

/**
 * The line where actions report (a polite live region) and the runner that writes to it.
 * @example
 * const { out, act } = actions(() => refresh(true))
 * button('reset', act('reset', () => call('POST', '/__mock/reset', {})))
 */
export function actions(refresh: () => void): { out: HTMLElement; act: Act } {
  const out = el('div', { class: 'out', role: 'status', 'aria-live': 'polite', 'data-testid': 'action-result' })
  const act: Act =
    (what, run, say = () => 'done') =>
    () => {
      out.className = 'out'
      set(out, `${what}…`)
      run().then(
        (answer) => {
          set(out, `${what}: ${say(answer)}`)
          refresh()
        },
        (error: Error) => {
          out.className = 'out err'
          set(out, `${what} failed: ${error.message}`)
        },
      )
    }
  return { out, act }
}

const advanced = (a: Advanced) =>
  `now ${a.now}, ${a.changes.length} change${a.changes.length === 1 ? '' : 's'}${a.idle ? ', nothing pending' : ''}`

const STEPS = [
  [{ seconds: 10 }, '+10 s', 'advance-10s'],
  [{ seconds: 60 }, '+1 min', 'advance-1m'],
  [{ seconds: 3600 }, '+1 h', 'advance-1h'],
  [{ until: 'next-event' }, 'next event', 'advance-next'],
  [{ until: 'idle' }, 'until idle', 'advance-idle'],
] as const

/**
 * The advance buttons of a clock (`path` is its advance route); an account's carry `acct-`
 * before their test ids.
 */
export const clockButtons = ({ call, act }: Ui, path: string, prefix = '') =>
  STEPS.map(([by, label, testid]) =>
    button(
      label,
      act(`advance ${label}`, () => call<Advanced>('POST', path, by), advanced),
      {
        'data-testid': prefix + testid,
        title: `Advance ${'seconds' in by ? `${by.seconds} seconds` : `until ${by.until}`}`,
      },
    ),
  )
