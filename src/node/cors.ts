import type { IncomingMessage, ServerResponse } from 'node:http'

const ALLOW_HEADERS = 'Authorization, Content-Type, Idempotency-Key, X-Mock-Scenario, Prefer, Range'
const EXPOSE_HEADERS = 'Idempotent-Replayed, Retry-After, Date, Content-Range, Accept-Ranges, Content-Length'

/**
 * CORS for a dev server on another origin: any origin, with credentials (the session cookie),
 * and the headers genmock reads. Returns true when it answered a preflight (204) itself.
 * @example
 * if (cors(req, res)) return
 */
export function cors(req: IncomingMessage, res: ServerResponse): boolean {
  const origin = req.headers.origin
  res.setHeader('access-control-allow-origin', origin ?? '*')
  if (origin) {
    res.setHeader('access-control-allow-credentials', 'true')
    res.setHeader('vary', 'Origin')
  }
  res.setHeader('access-control-expose-headers', EXPOSE_HEADERS)
  if (req.method !== 'OPTIONS') return false
  res.setHeader('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS')
  res.setHeader('access-control-allow-headers', ALLOW_HEADERS)
  res.setHeader('access-control-max-age', '600')
  res.writeHead(204).end()
  return true
}
