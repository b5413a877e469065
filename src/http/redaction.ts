/**
 * Secrets kept out of everything genmock writes down: the request journal (and so the HAR export
 * and the dashboard), the request log and the conformance reports (docs/accounts-and-keys.md).
 * By name: the values of `Authorization`, `Proxy-Authorization`, `Cookie` and of any header or
 * query parameter whose name says key, token, secret or password. By value, wherever they are
 * (any header, a Referer's query, a bare query string, a path, a body): a bearer credential
 * (`Bearer …`), anything shaped like a simulator key (`sk_test_…`, `sess_test_…`), and every
 * key, session token or admin token the simulator knows (docs/limits-and-security.md, Redaction).
 */

export const REDACTED = '[redacted]'

/** Header and query names whose values are credentials; the Idempotency-Key is not one. */
const SECRET_NAME = /^(?:(?:proxy-)?authorization|cookie)$|secret|token|passw|api[-_]?key|access[-_]?key|^key$/i
/**
 * A bearer credential (RFC 6750's token68, 8 characters or more, so that a prompt's "bearer of
 * bad news" stays as written), its space encoded or not, at most 64 times. The patterns here read
 * texts of any length (a snapshot's prompt may be megabytes) with a bounded stack: `{8}x*`, never
 * `{8,}` (V8 keeps a backtracking entry per character of `{8,}`), and a bounded run of separators.
 */
const BEARER_VALUE = /\b(Bearer)((?:\s|%20|\+){1,64})[\w.~+/-]{8}[\w.~+/-]*=*/gi
/** Keys and session tokens shaped as the simulator makes them (`sk_test_…`, `sess_live_…`). */
const KEY_SHAPED = /\b(?:sk|sess)_(?:test|live)_[\w-]+/g
/** Whether a text may hold a bearer credential: BEARER_VALUE's scan is skipped for one that cannot. */
const MAY_BEAR = /bearer/i
/** The characters a known key may be made of (`[\w.~+-]`), by code unit; longer runs than 7 are checked. */
const TOKEN_CHAR = new Uint8Array(128)
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.~+-') TOKEN_CHAR[c.charCodeAt(0)] = 1
const TOKEN_MIN = 8

/** Whether a string is one of the simulator's secrets (its keys, session tokens, admin token). */
export type KnownSecret = (token: string) => boolean

export interface Redactor {
  /** Any text with the secrets in it replaced. */
  text(text: string): string
  /** Request headers sorted by name (as every door then agrees), secrets redacted. */
  headers(headers: Readonly<Record<string, string | undefined>>): Record<string, string>
  /** A query string (without its `?`) as `?…`, or '' when empty, secrets redacted. */
  query(query: string): string
}

/**
 * The redactor for a simulator; `known` tells its secrets, which may have any shape.
 * @example
 * const redact = redactor((token) => token === 'my-own-key-1')
 * redact.text('X-Auth: Bearer abc, key my-own-key-1') // 'X-Auth: Bearer [redacted], key [redacted]'
 */
export function redactor(known: KnownSecret = () => false): Redactor {
  // Each pass only where it may find something: a text is redacted for every request a --state
  // folder keeps (docs/performance.md), and most hold no secret at all.
  const text = (value: string) => {
    let kept = MAY_BEAR.test(value) ? value.replace(BEARER_VALUE, `$1$2${REDACTED}`) : value
    if (kept.includes('_test_') || kept.includes('_live_')) kept = kept.replace(KEY_SHAPED, REDACTED)
    return knownRuns(kept, known)
  }

  const query = (raw: string): string => {
    if (raw === '') return ''
    const params = new URLSearchParams(raw)
    const kept = new URLSearchParams()
    for (const [name, value] of params) {
      const safeName = text(name)
      kept.append(safeName, SECRET_NAME.test(name) || safeName !== name ? REDACTED : text(value))
    }
    return `?${kept.toString()}`
  }

  /** A header value: by value, and a URL's query in it (Referer, Location) by name too. */
  const headerValue = (value: string) => {
    const at = value.indexOf('?')
    if (at < 0 || !/^[a-z][\w+.-]*:\/\//i.test(value)) return text(value)
    const hash = value.indexOf('#', at)
    const end = hash < 0 ? value.length : hash
    return text(value.slice(0, at)) + query(value.slice(at + 1, end)) + text(value.slice(end))
  }

  const byName = (name: string, value: string) => {
    if (name === 'cookie')
      return value
        .split(';')
        .map((pair) => (pair.includes('=') ? `${pair.split('=', 1)[0]!.trim()}=${REDACTED}` : REDACTED))
        .join('; ')
    const scheme = /^(?:Bearer|Basic|Digest|Token)\s/i.test(value) ? `${value.split(/\s/, 1)[0]} ` : ''
    return `${scheme}${REDACTED}`
  }

  return {
    text,
    query,
    headers(headers) {
      // No prototype: a header may be named __proto__ or constructor.
      const kept: Record<string, string> = Object.create(null)
      for (const name of sortedNames(headers)) {
        const value = headers[name]
        if (value === undefined) continue
        kept[name] = SECRET_NAME.test(name) && name !== 'idempotency-key' ? byName(name, value) : headerValue(value)
      }
      return kept
    },
  }
}

/**
 * Every run of key characters at least TOKEN_MIN long that `known` names replaced: the whole run, so a
 * secret inside a longer run stays (it is not that secret). A scan by hand, not a regular expression
 * with a function per run; the text itself when nothing is replaced.
 */
function knownRuns(value: string, known: KnownSecret): string {
  let kept = ''
  let copied = 0
  let start = -1
  for (let i = 0; i <= value.length; i++) {
    const code = i < value.length ? value.charCodeAt(i) : 128
    if (code < 128 && TOKEN_CHAR[code] === 1) {
      if (start < 0) start = i
      continue
    }
    if (start >= 0 && i - start >= TOKEN_MIN && known(value.slice(start, i))) {
      kept += value.slice(copied, start) + REDACTED
      copied = i
    }
    start = -1
  }
  return copied === 0 ? value : kept + value.slice(copied)
}

/**
 * An object's keys in code-unit order, as `sort()` gives them: a request's dozen headers sorted in
 * place by insertion, since V8's sort allocates a work area per call (a journal entry sorts two lists).
 */
function sortedNames(object: object): string[] {
  const names = Object.keys(object)
  if (names.length > 32) return names.sort()
  for (let i = 1; i < names.length; i++) {
    const name = names[i]!
    let j = i - 1
    for (; j >= 0 && names[j]! > name; j--) names[j + 1] = names[j]!
    names[j + 1] = name
  }
  return names
}

/**
 * A task view as the control API shows it: its prompt redacted as the journal's bodies are (a key
 * pasted into a prompt stays the owner's own answer, but is never shown to the dashboard).
 * @example
 * redactedView(view, redact).prompt // 'use [redacted] for this'
 */
export const redactedView = <T extends { prompt?: string | undefined }>(view: T, redact: Redactor): T =>
  view.prompt === undefined ? view : { ...view, prompt: redact.text(view.prompt) }

/** Credentials shorter than this are not looked for by value: they would match ordinary text. */
const MIN_SECRET = 6

/**
 * The credentials a request carries, whatever their shape: the token (and the whole value) of
 * `Authorization` and `Proxy-Authorization`, each cookie's value, and the value of any header named
 * like a secret (`X-Api-Key`). In proxy mode they are the service's, which genmock cannot recognise
 * by shape; they are redacted by value from everything written (docs/limits-and-security.md).
 * @example
 * requestSecrets({ authorization: 'Bearer Real/Key=1' }) // ['Bearer Real/Key=1', 'Real/Key=1']
 */
export function requestSecrets(headers: Readonly<Record<string, string | undefined>>): string[] {
  const found = new Set<string>()
  for (const name of Object.keys(headers)) {
    const value = headers[name]
    if (value === undefined || name === 'idempotency-key' || !SECRET_NAME.test(name)) continue
    if (name === 'cookie') {
      for (const pair of value.split(';')) {
        const at = pair.indexOf('=')
        if (at >= 0) found.add(pair.slice(at + 1).trim())
      }
      continue
    }
    found.add(value.trim())
    const space = value.trim().search(/\s/)
    if (space > 0) found.add(value.trim().slice(space).trim())
  }
  return [...found].filter((secret) => secret.length >= MIN_SECRET).sort((a, b) => b.length - a.length)
}

/**
 * A redactor that also replaces these secrets wherever they appear: as sent, JSON-escaped, or
 * percent-encoded (a service may echo a key in a header, a body field, a URL).
 * @example
 * withSecrets(redactor(), ['Real/Key=1']).text('{"echo":"Real\\/Key=1"}') // '{"echo":"[redacted]"}'
 */
export function withSecrets(base: Redactor, secrets: readonly string[]): Redactor {
  if (secrets.length === 0) return base
  const forms = [
    ...new Set(secrets.flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)])),
  ]
    .concat(secrets.map((secret) => JSON.stringify(secret).slice(1, -1).replaceAll('/', '\\/')))
    .sort((a, b) => b.length - a.length)
  const literal = (value: string) => {
    let text = value
    for (const form of forms) if (text.includes(form)) text = text.split(form).join(REDACTED)
    return text
  }
  return {
    text: (value) => base.text(literal(value)),
    query: (raw) => base.query(literal(raw)),
    headers(headers) {
      const kept: Record<string, string | undefined> = Object.create(null)
      for (const name of Object.keys(headers)) {
        const value = headers[name]
        kept[name] = value === undefined ? undefined : literal(value)
      }
      return base.headers(kept)
    },
  }
}
