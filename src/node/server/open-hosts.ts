/**
 * The one rule on an open server: a list of allowed hosts that lets in names anyone can register
 * (`*`, or every name under a public suffix such as `.com`, `.co.uk`, `*.github.io`) needs an
 * admin token. The public suffixes are the Public Suffix List as the tldts package bundles it (no
 * network at run time), loaded only when an entry is a suffix that is not reserved: a run without
 * --allowed-hosts, or with exact names, never compiles its 130 kB (docs/performance.md, Cold start).
 * Apart from site-rules.ts so that the CLI's option checks load nothing else.
 */

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

/** Whether `suffix` is reserved: no one can register a name under it, and the list need not be read. */
const isReserved = (suffix: string) =>
  RESERVED.some((reserved) => suffix === reserved || suffix.endsWith(`.${reserved}`))

/** Whether every name under `suffix` (not reserved) can be registered by anyone: a public suffix of the list. */
async function isPublicSuffix(suffix: string): Promise<boolean> {
  const { parse } = await import('tldts')
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
 * await openHostEntry(['genmock', '.co.uk']) // '.co.uk'
 * await openHostEntry(['genmock', '.svc.test']) // undefined
 */
export async function openHostEntry(allowedHosts: readonly string[] | undefined): Promise<string | undefined> {
  for (const entry of allowedHosts ?? []) {
    if (entry === '*') return entry
    const suffix = suffixOf(entry)
    if (suffix === undefined || isReserved(suffix)) continue
    if (suffix === '' || (await isPublicSuffix(suffix))) return entry
  }
  return undefined
}

/** Why such an entry needs an admin token, as the CLI and startServer refuse it. */
export const openHostsNeedToken = (entry: string) =>
  `--allowed-hosts '${entry}' answers ` +
  `${entry === '*' ? 'every Host' : `every name under the public suffix .${suffixOf(entry)}`}, ` +
  'so any web page could reach the control API by DNS rebinding ' +
  '(reset the simulator, drain accounts): give --admin-token T or --admin-token-file F with it'
