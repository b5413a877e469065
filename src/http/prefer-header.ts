// The Prefer header (RFC 7240): the scenario and sparse preferences a request asks for.
import type { ScenarioRequest } from '../engine/engine.js'
import { SPARSE_SETTINGS, type SparseSetting } from '../contract/sparse.js'
import { Problem } from '../engine/problem.js'
import type { HttpRequest } from './request-reply.js'

/**
 * One preference of a Prefer header (RFC 7240: preferences comma-separated, parameters after `;`):
 * `name`, `name=VALUE` or `name="VALUE"`. Null when the header does not name it; `value` is
 * undefined when it has none.
 * @example
 * preference('scenario=flaky, sparse', 'sparse') // { value: undefined }
 */
export function preference(
  prefer: string | undefined,
  name: 'scenario' | 'sparse',
): { value: string | undefined } | null {
  if (prefer === undefined) return null
  const match = PREFERENCES[name].exec(prefer)
  return match ? { value: match[1] ?? match[2] } : null
}

const pattern = (name: string) =>
  new RegExp(`(?:^|[,;])\\s*${name}\\s*(?:=\\s*(?:"([^"]*)"|([^\\s,;]*)))?\\s*(?=[,;]|$)`, 'i')
const PREFERENCES = { scenario: pattern('scenario'), sparse: pattern('sparse') }

/**
 * The scenario a request asks for: `X-Mock-Scenario: NAME`, else `Prefer: scenario=NAME` (as Prism reads Prefer).
 * @example
 * scenarioAsked({ prefer: 'scenario=flaky' }) // { name: 'flaky', header: 'Prefer' }
 */
export function scenarioAsked(headers: HttpRequest['headers']): ScenarioRequest | null {
  const header = headers['x-mock-scenario']
  if (header !== undefined) return { name: header.trim(), header: 'X-Mock-Scenario' }
  const name = preference(headers.prefer, 'scenario')?.value
  return name !== undefined ? { name, header: 'Prefer' } : null
}

/**
 * What a request's Prefer header asks of sparse answers: `sparse` alone is `random`;
 * `sparse=random`, `sparse=all` or `sparse=off`; null when it does not say. Any other value is an
 * issue of the request in the header Prefer (400).
 * @example
 * sparseAsked({ prefer: 'scenario=flaky, sparse=all' }) // 'all'
 */
export function sparseAsked(headers: HttpRequest['headers']): SparseSetting | null {
  const asked = preference(headers.prefer, 'sparse')
  if (!asked) return null
  const value = asked.value?.toLowerCase()
  if (value === undefined) return 'random'
  if ((SPARSE_SETTINGS as readonly string[]).includes(value)) return value as SparseSetting
  throw Problem.invalid([
    {
      in: 'header',
      path: 'Prefer',
      message:
        `sparse must be sparse alone (random), ${SPARSE_SETTINGS.map((s) => `sparse=${s}`).join(', ')}; ` +
        `got sparse=${asked.value}`,
    },
  ])
}
