import { SPARSE_SETTINGS, type SparseSetting } from '../contract/sparse.js'
import { Problem } from '../engine/problem.js'
import type { HttpRequest } from './exchange.js'

/** `sparse`, `sparse=VALUE` or `sparse="VALUE"`, as a preference of its own or a parameter, among others. */
const SPARSE = /(?:^|[,;])\s*sparse\s*(?:=\s*(?:"([^"]*)"|([^\s,;]*)))?\s*(?=[,;]|$)/i

/**
 * What a request's Prefer header asks of sparse answers (RFC 7240 preferences, comma-separated, so
 * it goes with `scenario=NAME` in one header): `sparse` alone is `random`; `sparse=random`,
 * `sparse=all` or `sparse=off`; null when it does not say. Any other value is an issue of the
 * request in the header Prefer (400).
 * @example
 * sparseAsked({ prefer: 'scenario=flaky, sparse=all' }) // 'all'
 */
export function sparseAsked(headers: HttpRequest['headers']): SparseSetting | null {
  const prefer = headers.prefer
  if (prefer === undefined) return null
  const match = SPARSE.exec(prefer)
  if (!match) return null
  const value = (match[1] ?? match[2])?.toLowerCase()
  if (value === undefined) return 'random'
  if ((SPARSE_SETTINGS as readonly string[]).includes(value)) return value as SparseSetting
  throw Problem.invalid([{ in: 'header', path: 'Prefer', message: `sparse must be sparse alone (random), ${SPARSE_SETTINGS.map((s) => `sparse=${s}`).join(', ')}; got sparse=${match[1] ?? match[2]}` }])
}
