/**
 * The one rule on an open server: a list of allowed hosts that lets in names anyone can register
 * (`*`, or every name under a public suffix such as `.com`, `.co.uk`, `*.github.io`) needs an
 * admin token. The public suffixes are the Public Suffix List as the tldts package bundles it (no
 * network at run time); the node door alone loads it. Apart from access.ts so that the CLI's option
 * checks load nothing else.
 */
import { parse } from 'tldts'

/** Suffixes no one can register (RFC 6761, RFC 8375, the ICANN-reserved .internal, mDNS's .local). */
const RESERVED = ['test', 'localhost', 'internal', 'local', 'example', 'invalid', 'home.arpa']

/**
 * The suffix an entry of --allowed-hosts lets every name under in (`.example.test` and
 * `*.example.test` both: `example.test`), lower case; undefined for an exact name.
 * @example
 * suffixOf('*.Example.test') // 'example.test'
 */
export function suffixOf(entry: string): string | undefined {
  const suffix = entry.startsWith('*.') ? entry.slice(2) : entry.startsWith('.') ? entry.slice(1) : undefined
  return suffix?.toLowerCase().replace(/\.$/, '')
}

/** Whether every name under `suffix` can be registered by anyone: a public suffix of the list, not a reserved one. */
function isPublicSuffix(suffix: string): boolean {
  if (suffix === '') return true
  if (RESERVED.some((reserved) => suffix === reserved || suffix.endsWith(`.${reserved}`))) return false
  const { publicSuffix, isIcann, isPrivate } = parse(`genmock.${suffix}`, { allowPrivateDomains: true })
  return publicSuffix === suffix && (isIcann === true || isPrivate === true)
}

/**
 * The first entry of a list of allowed hosts that lets in names anyone can register: then a web
 * page on such a name reaches the server by DNS rebinding, and only an admin token keeps it from
 * the control API (docs/limits-and-security.md). Exact names (a compose service's single label,
 * `api.example.com`) and suffixes under a registrable or reserved name (`.example.com`, `.test`)
 * are not open.
 * @example
 * openHostEntry(['genmock', '.co.uk']) // '.co.uk'
 * openHostEntry(['genmock', '.svc.test']) // undefined
 */
export function openHostEntry(allowedHosts: readonly string[] | undefined): string | undefined {
  return allowedHosts?.find((entry) => {
    if (entry === '*') return true
    const suffix = suffixOf(entry)
    return suffix !== undefined && isPublicSuffix(suffix)
  })
}

/** Why such an entry needs an admin token, as the CLI and startServer refuse it. */
export const openHostsNeedToken = (entry: string) =>
  `--allowed-hosts '${entry}' answers ` +
  `${entry === '*' ? 'every Host' : `every name under the public suffix .${suffixOf(entry)}`}, ` +
  'so any web page could reach the control API by DNS rebinding ' +
  '(reset the simulator, drain accounts): give --admin-token T or --admin-token-file F with it'
