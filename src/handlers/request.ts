import { LIMITS } from '../contract/limits.js'
import type { Credential } from '../engine/accounts.js'
import { Problem } from '../engine/problem.js'

/** Set by the standalone server from the socket (any client-sent value is overwritten there). */
export const REMOTE_ADDRESS_HEADER = 'x-genmock-remote-address'

export const SESSION_COOKIE = 'genmock_session'

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i

/**
 * The credential a request presents: `Authorization: Bearer <key>` first, else the session cookie.
 * A malformed Authorization header presents nothing (so: Unauthorized).
 * @example
 * credentialOf(new Request('http://x', { headers: { authorization: 'Bearer sk_test_alice' } }), {}) // { kind: 'key', key: 'sk_test_alice' }
 */
export function credentialOf(request: Request, cookies: Record<string, string>): Credential | null {
  const authorization = request.headers.get('authorization')
  if (authorization !== null) {
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization)
    return match ? { kind: 'key', key: match[1]! } : null
  }
  const token = cookies[SESSION_COOKIE]
  return token ? { kind: 'session', token } : null
}

/**
 * The caller's address for IP allowlists, or undefined (loopback) where the door cannot vouch for it.
 * @example
 * remoteAddressOf(request, { trustRemoteAddressHeader: true }) // '127.0.0.1'
 */
export function remoteAddressOf(request: Request, { trustRemoteAddressHeader = false }: { trustRemoteAddressHeader?: boolean }): string | undefined {
  return trustRemoteAddressHeader ? (request.headers.get(REMOTE_ADDRESS_HEADER) ?? undefined) : undefined
}

/**
 * The JSON body, read at most up to the body limit: 413 past it, 400 for a wrong content type,
 * invalid UTF-8 or malformed JSON. `optional` bodies (control calls) may be empty: then `{}`.
 * @example
 * const body = await readJson(request)
 */
export async function readJson(request: Request, { optional = false } = {}): Promise<unknown> {
  const limit = LIMITS.maxBodyBytes
  if (Number(request.headers.get('content-length') ?? 0) > limit) throw Problem.of({ kind: 'payload-too-large', limit })
  const bytes = await readLimited(request, limit)
  if (bytes.length === 0 && optional) return {}
  const type = request.headers.get('content-type')
  if (type === null || !JSON_TYPE.test(type)) {
    throw Problem.invalid([{ in: 'header', path: 'Content-Type', message: 'must be application/json' }])
  }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
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

/** Whether arrays and objects nest deeper than `max`; iterative, so no input can overflow the stack. */
function depthOver(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!
    if (node === null || typeof node !== 'object') continue
    if (depth >= max) return true
    for (const child of Object.values(node)) stack.push([child, depth + 1])
  }
  return false
}

async function readLimited(request: Request, limit: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      // Not cancel(): msw tees request bodies, and a branch's cancel settles only with the other's.
      reader.releaseLock()
      throw Problem.of({ kind: 'payload-too-large', limit })
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}
