// Who may talk to the Node server (docs/limits-and-security.md, Safe to leave running): Host, Origin and the admin
// token.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { isControlPath } from '../../handlers/route-table.js'
import { suffixOf } from './open-hosts.js'

/**
 * Who may talk to the server (docs/limits-and-security.md, Safe to leave running). A page on another site can
 * reach a loopback port by DNS rebinding, so a request whose Host is not ours is refused (403),
 * as Vite's dev server does; CORS lets loopback origins in, others only when listed, and the
 * control API refuses a cross-site origin outright, since a form or no-cors fetch needs no preflight.
 */
export interface SiteOptions {
  /** The address the server binds (`--host`): requests naming it are ours. */
  host: string
  /** Further host names (`--allowed-hosts`); `.example.test` allows the name and its subdomains; `*` any. */
  allowedHosts?: readonly string[] | undefined
  /** Further browser origins (`--cors-origin`); `*` allows any, never with credentials. */
  corsOrigins?: readonly string[] | undefined
}

const ALLOW_HEADERS =
  'Authorization, Content-Type, Idempotency-Key, X-Mock-Scenario, Prefer, Range, If-None-Match, Genmock-Dashboard'
const EXPOSE_HEADERS =
  'Idempotent-Replayed, Retry-After, Date, Content-Range, Accept-Ranges, Content-Length, Genmock-Conformance, ETag'
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/
const LOOPBACK_NAME = /^(?:localhost|.+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])$/

/** The host name of a Host header or an origin's authority, lower case, without the port. */
function hostName(authority: string): string {
  const name = authority.startsWith('[') ? authority.slice(0, authority.indexOf(']') + 1) : authority.split(':', 1)[0]!
  return name.toLowerCase().replace(/\.$/, '')
}

/** An IP literal is never a rebinding target: the attacker's page would have to be served from it. */
const isIpLiteral = (name: string) => IPV4.test(name) || name.startsWith('[')

/** Whether a list of allowed hosts names `name`: `*`, the name, or a suffix of it (`.x` or `*.x`: x and under it). */
const listed = (name: string, list: readonly string[]) =>
  list.some((entry) => {
    if (entry === '*' || entry.toLowerCase() === name) return true
    const suffix = suffixOf(entry)
    return suffix !== undefined && (name === suffix || name.endsWith(`.${suffix}`))
  })

/**
 * The site rules of one server (which Host names and page origins it answers), compiled.
 * @example
 * const sites = siteRules({ host: '127.0.0.1' })
 * if (sites.answer(req, res)) return // refused, or a CORS preflight answered
 */
export function siteRules({ host, allowedHosts = [], corsOrigins = [] }: SiteOptions) {
  const bound = hostName(host.includes(':') && !host.startsWith('[') ? `[${host}]` : host)
  // The answers for the Host headers seen, a few of them: clients send the same one every time.
  const judged = new Map<string, boolean>()
  const hostAllowed = (header: string | undefined) => {
    if (header === undefined) return true // HTTP/1.0 clients send none; a browser always does
    let allowed = judged.get(header)
    if (allowed !== undefined) return allowed
    const name = hostName(header)
    allowed = LOOPBACK_NAME.test(name) || isIpLiteral(name) || name === bound || listed(name, allowedHosts)
    if (judged.size < 100) judged.set(header, allowed)
    return allowed
  }
  /** Same origin (a page genmock serves), a loopback origin, or one listed exactly. */
  const originAllowed = (origin: string, host: string | undefined) => {
    if (corsOrigins.includes(origin)) return true
    const match = /^https?:\/\/([^/]+)$/i.exec(origin)
    return (
      match !== null && (match[1]!.toLowerCase() === host?.toLowerCase() || LOOPBACK_NAME.test(hostName(match[1]!)))
    )
  }
  const anyOrigin = corsOrigins.includes('*')
  const refuse = (res: ServerResponse, error: string) => {
    const body = JSON.stringify({ error })
    res.writeHead(403, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body)
    return true
  }
  return {
    /**
     * Answers the request itself when it is refused or is a CORS preflight; else adds the CORS
     * headers and returns false. `path` is the request's, normalised as routing reads it.
     */
    answer(req: IncomingMessage, res: ServerResponse, path: string): boolean {
      const host = req.headers.host
      if (!hostAllowed(host))
        return refuse(
          res,
          `Host not allowed: ${hostName(host!)}. genmock answers loopback names and IP addresses; ` +
            'allow another name with --allowed-hosts',
        )
      const origin = req.headers.origin
      if (origin === undefined) return false
      const allowed = originAllowed(origin, host)
      // `*` opens the service to any page, without credentials; the control API still needs a listed origin.
      if (!allowed && (!anyOrigin || isControlPath(path))) {
        return refuse(
          res,
          `Origin not allowed: ${origin}. genmock answers pages on loopback origins; allow another with --cors-origin`,
        )
      }
      res.setHeader('access-control-allow-origin', allowed ? origin : '*')
      if (allowed) res.setHeader('access-control-allow-credentials', 'true')
      res.setHeader('vary', 'Origin')
      res.setHeader('access-control-expose-headers', EXPOSE_HEADERS)
      if (req.method !== 'OPTIONS') return false
      res.setHeader('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS')
      res.setHeader('access-control-allow-headers', ALLOW_HEADERS)
      res.setHeader('access-control-max-age', '600')
      res.writeHead(204).end()
      return true
    },
  }
}
