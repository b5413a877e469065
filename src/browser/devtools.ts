// The worker door's devtools: a toggle and the dashboard panel mounted in the page, in a shadow root.
import { mountDashboard } from '../dashboard/code.js'
import { DASHBOARD_CSS } from '../dashboard/styles.js'

/**
 * The toggle and the panel, inside the shadow root: page styles cannot reach them, nor theirs the page.
 * A `\` at a line's end continues the line: the text has no line break there.
 */
const DEVTOOLS_CSS = `
:host{all:initial}
.toggle{position:fixed;right:12px;bottom:12px;z-index:2147483646;font:600 12px system-ui,sans-serif;padding:6px 10px;\
border-radius:16px;border:1px solid #8884;background:#1d2330;color:#fff;cursor:pointer;box-shadow:0 2px 8px #0004}
.toggle:focus-visible{outline:2px solid #6d9eff;outline-offset:2px}
.sheet{position:fixed;left:0;right:0;bottom:0;height:min(70vh,720px);z-index:2147483645;overflow:auto;\
border-top:1px solid #8886;box-shadow:0 -8px 24px #0003}
.sheet[hidden]{display:none}
.sheet .gm{min-height:100%}
`

/**
 * The dashboard rendered into `root`, or into a new element at the end of the body; the returned
 * function removes it (and the element, when it made one). For genmock/browser's mountDashboard.
 * @example
 * const stop = mountInPage(document.getElementById('genmock')!)
 */
export function mountInPage(root?: HTMLElement): () => void {
  const target = root ?? document.body.appendChild(document.createElement('div'))
  const stop = mountDashboard(target, DASHBOARD_CSS)
  return () => {
    stop()
    if (!root) target.remove()
  }
}

/**
 * The dashboard as a panel inside the page, for the worker door (`startWorker({ devtools: true })`):
 * a small toggle in the bottom-right corner opens it over the page. It lives in a shadow root, so
 * neither the page's styles nor its own leak across, and it reads the control API the worker
 * answers. While closed it is not mounted, so it makes no request at all.
 * @example
 * const remove = mountDevtools()
 * remove() // takes the toggle and the panel away
 */
export function mountDevtools(): () => void {
  const host = document.createElement('genmock-devtools')
  const shadow = host.attachShadow({ mode: 'open' })
  const style = document.createElement('style')
  style.textContent = DEVTOOLS_CSS
  const sheet = document.createElement('div')
  sheet.className = 'sheet'
  sheet.hidden = true
  sheet.setAttribute('role', 'region')
  sheet.setAttribute('aria-label', 'genmock dashboard')
  const toggle = document.createElement('button')
  toggle.type = 'button'
  toggle.className = 'toggle'
  toggle.textContent = 'genmock'
  toggle.setAttribute('aria-expanded', 'false')
  toggle.setAttribute('data-testid', 'devtools-toggle')
  let unmount: (() => void) | undefined
  toggle.onclick = () => {
    sheet.hidden = !sheet.hidden
    toggle.setAttribute('aria-expanded', String(!sheet.hidden))
    if (sheet.hidden) {
      unmount?.()
      unmount = undefined
    } else unmount = mountDashboard(sheet, DASHBOARD_CSS)
  }
  shadow.append(style, sheet, toggle)
  document.body.append(host)
  return () => {
    unmount?.()
    host.remove()
  }
}
