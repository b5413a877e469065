/**
 * The dashboard's DOM helpers. Text is only ever inserted with textContent, never as HTML; rows
 * are keyed and updated in place, so an image or a playing video is not reloaded while it stays
 * the same.
 */

export type Attrs = Record<string, string>
export type Kid = Node | string

export function el(tag: string, attrs: Attrs = {}, ...kids: Kid[]): HTMLElement {
  const node = document.createElement(tag)
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v)
  node.append(...kids)
  return node
}

/** Sets an element's text only when it changed. */
export const set = (node: Element, text: string) => {
  if (node.textContent !== text) node.textContent = text
}

export const attr = (node: Element, name: string, value: string) => {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value)
}

/** Replaces an element's content only when its key changed. */
export const fill = (node: HTMLElement, key: string, kids: () => Kid[]) => {
  if (node.dataset.k === key) return
  node.dataset.k = key
  node.replaceChildren(...kids())
}

/** Puts `nodes` in `parent` in this order, moving a node only when it is out of place. */
export const place = (parent: Element, nodes: Element[]) => {
  nodes.forEach((node, i) => {
    const here = parent.children[i]
    if (here !== node) parent.insertBefore(node, here ?? null)
  })
  while (parent.children.length > nodes.length) parent.lastElementChild?.remove()
}

export const button = (label: string, run: () => void, attrs: Attrs = {}) => {
  const b = el('button', { type: 'button', ...attrs }, label) as HTMLButtonElement
  b.onclick = run
  return b
}
export const input = (attrs: Attrs) => el('input', attrs) as HTMLInputElement
export const select = (attrs: Attrs, ...options: Kid[]) => el('select', attrs, ...options) as HTMLSelectElement
export const mono = (text: string) => el('span', { class: 'mono' }, text)
export const sub = (text: string) => el('span', { class: 'sub' }, text)
export const pre = (value: unknown) => el('pre', {}, typeof value === 'string' ? value : JSON.stringify(value, null, 2))
export const section = (title: string, ...kids: Kid[]) => el('section', {}, el('h3', {}, title), ...kids)
export const thead = (...names: string[]) => el('thead', {}, el('tr', {}, ...names.map((n) => el('th', {}, n))))

/** A duration for people: `42 s`, `3 min 5 s`, `2 h 10 min`, `1 d 4 h`. */
export const dur = (ms: number) => {
  const s = Math.max(0, Math.round(ms / 1000))
  if (s < 60) return `${s} s`
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`
  if (s < 86400) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`
  return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`
}

/** The time of day (UTC) of an instant. */
export const time = (at: number | string) => new Date(at).toISOString().slice(11, 19)

/** The task statuses by number, as the service has them. */
export const STATUS = ['pending', 'completed', 'failed']
export const chip = (status: number) => el('span', { class: `st s${status}` }, STATUS[status] ?? String(status))
