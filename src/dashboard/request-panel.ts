// The dashboard's request panel: one journal entry in full, with a curl command to replay it.
import type { JournalEntry } from './answers.js'
import { button, el, type Kid, pre, section, set, sub } from './dom.js'

const headerTable = (headers: Record<string, string> = {}) =>
  el(
    'table',
    { class: 'kv' },
    ...Object.entries(headers).map(([k, v]) => el('tr', {}, el('th', {}, k), el('td', { class: 'mono' }, v))),
  )

const bodyOf = (body: JournalEntry['requestBody']) => {
  if (!body) return sub('(no body)')
  if (body.text === undefined) return sub(`${body.type}, ${body.size} bytes`)
  try {
    return pre(JSON.parse(body.text))
  } catch {
    return pre(`${body.text}${body.truncated ? '\n…(cut)' : ''}`)
  }
}

/** A single quote inside a single-quoted shell word: close the word, an escaped quote, open it again. */
const QUOTE_IN_WORD = "'\\''"
const quote = (s: string) => `'${s.replaceAll("'", QUOTE_IN_WORD)}'`
const NOT_COPIED =
  /^(host|content-length|connection|accept-encoding|user-agent|origin|referer|genmock-dashboard)$|^sec-/

/**
 * The request as a curl command against this origin; a redacted credential becomes a shell
 * variable, in double quotes so that the shell fills it in.
 * @example
 * curl(entry) // curl -X POST 'http://localhost:4600/api/ai/images' \
 * //   -H "authorization: Bearer $GENMOCK_API_KEY" …
 */
export function curl(r: JournalEntry): string {
  const lines = [`curl -X ${r.method} ${quote(`${location.origin}${r.path}${r.query ?? ''}`)}`]
  for (const [name, value] of Object.entries<string>(r.headers ?? {})) {
    if (NOT_COPIED.test(name)) continue
    if (name === 'authorization' && /redacted/.test(value)) lines.push(`-H "authorization: Bearer $GENMOCK_API_KEY"`)
    else if (name === 'cookie' && /redacted/.test(value)) lines.push(`-H "cookie: $GENMOCK_COOKIE"`)
    else lines.push(`-H ${quote(`${name}: ${value}`)}`)
  }
  if (r.requestBody?.text !== undefined) lines.push(`--data-raw ${quote(r.requestBody.text)}`)
  return lines.join(' \\\n  ')
}

/**
 * The request panel's content: when and by whom, a link to its task, the rules it broke, the
 * request as curl (with a copy button), and both sides' headers and bodies.
 * @example
 * body.replaceChildren(...requestPanel(entry, openTask))
 */
export function requestPanel(r: JournalEntry, openTask: (taskId: string) => void): Kid[] {
  const command = curl(r)
  const copied = sub('')
  const copy = () => {
    void (navigator.clipboard?.writeText(command) ?? Promise.reject(new Error('no clipboard'))).then(
      () => set(copied, 'copied'),
      () => set(copied, 'select the text above to copy it'),
    )
  }
  const { taskId } = r
  return [
    el(
      'p',
      { class: 'mono' },
      `#${r.seq} at ${r.at} · ${Math.round(r.durationMs)} ms${r.accountId ? ` · ${r.accountId}` : ''}`,
    ),
    ...(taskId ? [button(`task ${taskId}`, () => openTask(taskId), { class: 'link' })] : []),
    ...(r.conformance?.length ? [el('p', { class: 'w' }, `\u26a0 ${r.conformance.join(', ')}`)] : []),
    section('Copy as curl', pre(command), button('copy', copy, { 'data-testid': 'copy-curl' }), copied),
    section('Request headers', headerTable(r.headers)),
    section('Request body', bodyOf(r.requestBody)),
    section('Response headers', headerTable(r.responseHeaders)),
    section('Response body', bodyOf(r.responseBody)),
  ]
}
