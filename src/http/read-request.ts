// Reading a request value: cookies, the bearer token, the caller's credential, the JSON body.
import { LIMITS } from '../contract/limits.js'
import type { Credential } from '../engine/accounts/accounts.js'
import { Problem } from '../engine/problem.js'
import type { HttpRequest } from './request-reply.js'

export const SESSION_COOKIE = 'genmock_session'

/** Decodes a whole body at a time, so one decoder serves every request. */
const UTF8 = new TextDecoder('utf-8', { fatal: true })
const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i

/**
 * The cookies of a Cookie header, by name; a value that is not valid percent-encoding is kept as sent.
 * @example
 * parseCookies('genmock_session=sess_1; theme=dark') // { genmock_session: 'sess_1', theme: 'dark' }
 */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = Object.create(null)
  if (!header) return cookies
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=')
    if (at < 0) continue
    const name = pair.slice(0, at).trim()
    const value = pair
      .slice(at + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
    if (name === '' || name in cookies) continue
    try {
      cookies[name] = decodeURIComponent(value)
    } catch {
      cookies[name] = value
    }
  }
  return cookies
}

/**
 * The token of an `Authorization: Bearer <token>` header, the scheme in any case (RFC 9110
 * §11.1), as every bearer check reads it: the service's keys and the control API's admin token.
 * @example
 * bearerToken('bearer sk_test_alice') // 'sk_test_alice'
 * bearerToken('Basic YTpi') // undefined
 */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined
  // What clients send: `Bearer <token>`, found without a match object.
  if (authorization.startsWith('Bearer ')) {
    const token = authorization.slice(7)
    if (token !== '' && !/\s/.test(token)) return token
  }
  return BEARER.exec(authorization)?.[1]
}

/**
 * The credential a request presents: `Authorization: Bearer <key>` first, else the session cookie.
 * A malformed Authorization header presents nothing (so: Unauthorized).
 * @example
 * credentialOf({ authorization: 'Bearer sk_test_alice' }, {}) // { kind: 'key', key: 'sk_test_alice' }
 */
export function credentialOf(headers: HttpRequest['headers'], cookies: Record<string, string>): Credential | null {
  const authorization = headers.authorization
  if (authorization !== undefined) {
    const key = bearerToken(authorization)
    return key === undefined ? null : { kind: 'key', key }
  }
  const token = cookies[SESSION_COOKIE]
  return token ? { kind: 'session', token } : null
}

/**
 * A header's value as text: HTTP carries bytes, which Node and Fetch hand over one character per
 * byte; a value whose bytes are valid UTF-8 is decoded, so that its length counts characters.
 * @example
 * headerText('\u00c3\u00bc') // 'ü' (the UTF-8 bytes C3 BC)
 * headerText('caf\u00e9') // 'café' (byte E9 alone is not UTF-8: kept as it came)
 */
export function headerText(value: string): string {
  if (!/[\x80-\xff]/.test(value)) return value
  const bytes = new Uint8Array(value.length)
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code > 0xff) return value // not bytes: a string some client library decoded already
    bytes[i] = code
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return value
  }
}

/**
 * The JSON body: 413 past the body limit, 400 for a wrong content type, invalid UTF-8 or
 * malformed JSON. `optional` bodies (control calls) may be empty: then `{}`.
 * @example
 * const body = readJson(request)
 */
export function readJson(
  request: HttpRequest,
  { optional = false, limit = LIMITS.maxBodyBytes as number } = {},
): unknown {
  if (Number(request.headers['content-length'] ?? 0) > limit || request.body.byteLength > limit)
    throw Problem.of({ kind: 'payload-too-large', limit })
  if (request.body.byteLength === 0 && optional) return {}
  const type = request.headers['content-type']
  if (type === undefined || !JSON_TYPE.test(type)) {
    throw Problem.invalid([{ in: 'header', path: 'Content-Type', message: 'must be application/json' }])
  }
  let text: string
  try {
    text = UTF8.decode(request.body)
  } catch {
    throw Problem.invalid([{ in: 'body', path: '', message: 'is not valid UTF-8' }])
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw Problem.invalid([{ in: 'body', path: '', message: 'is not valid JSON' }])
  }
  if (depthOver(value, LIMITS.maxJsonDepth)) {
    throw Problem.invalid([{ in: 'body', path: '', message: `nests deeper than ${LIMITS.maxJsonDepth} levels` }])
  }
  return value
}

/**
 * Whether arrays and objects nest deeper than `max`: recursive, but never deeper than `max` calls
 * (64), so no input can overflow the stack; nothing is allocated for it.
 */
export function depthOver(value: unknown, max: number): boolean {
  if (value === null || typeof value !== 'object') return false
  if (max === 0) return true
  // Arrays by index: for…in would make a string of every index.
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (depthOver(value[i], max - 1)) return true
    return false
  }
  for (const key in value) if (depthOver((value as Record<string, unknown>)[key], max - 1)) return true
  return false
}
