import type { RequestHandler } from 'express'

const ALLOW_HEADERS = 'Authorization, Content-Type, Idempotency-Key, X-Mock-Scenario, Prefer, Range'
const EXPOSE_HEADERS = 'Idempotent-Replayed, Retry-After, Date, Content-Range, Accept-Ranges, Content-Length'

/**
 * CORS for a dev server on another origin: any origin, with credentials (the session cookie),
 * and the headers genmock reads. Preflights end here with 204.
 * @example
 * app.use(cors())
 */
export function cors(): RequestHandler {
  return (req, res, next) => {
    const origin = req.headers.origin
    res.setHeader('access-control-allow-origin', origin ?? '*')
    if (origin) {
      res.setHeader('access-control-allow-credentials', 'true')
      res.setHeader('vary', 'Origin')
    }
    res.setHeader('access-control-expose-headers', EXPOSE_HEADERS)
    if (req.method !== 'OPTIONS') return next()
    res.setHeader('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS')
    res.setHeader('access-control-allow-headers', ALLOW_HEADERS)
    res.setHeader('access-control-max-age', '600')
    res.status(204).end()
  }
}
